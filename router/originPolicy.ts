// The runtime's origin policy: hosts set by the person who started the runtime
// (`--block-origin` / `--allow-origin`), checked for every URL a task's page would show, on
// top of the scheme allow-list of urlPolicy.ts. Pure table: the patterns are in contract/.
import { originMatches, parseOriginPattern, type OriginPattern } from '../contract/originPatterns.js';

export interface OriginPolicy {
  readonly block: readonly OriginPattern[];
  /** Empty: every origin not blocked is allowed. */
  readonly allow: readonly OriginPattern[];
}

export class OriginPatternError extends Error {
  override name = 'OriginPatternError';
}

/** Builds the policy from the patterns as written; a bad one is an error naming it. */
export function originPolicyOf(block: readonly string[], allow: readonly string[]): OriginPolicy {
  const parse = (text: string): OriginPattern => {
    const parsed = parseOriginPattern(text);
    if (!parsed.ok) throw new OriginPatternError(parsed.reason);
    return parsed.pattern;
  };
  return { block: block.map(parse), allow: allow.map(parse) };
}

export type OriginVerdict = { allowed: true } | { allowed: false; reason: string };

/**
 * Only http(s) documents have a host to match (a blob: URL is its creator's origin).
 * about:blank, data: and file: (its own switch) carry no host and are left to urlPolicy.ts.
 * Block wins over allow.
 */
export function checkOrigin(url: URL, policy: OriginPolicy): OriginVerdict {
  if (policy.block.length === 0 && policy.allow.length === 0) return { allowed: true };
  let target = url;
  if (url.protocol === 'blob:') {
    try { target = new URL(url.pathname); } catch { return { allowed: true }; }
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return { allowed: true };
  const blocked = policy.block.find(p => originMatches(p, target));
  if (blocked) return { allowed: false, reason: `${target.origin} is blocked by the runtime's origin policy (--block-origin ${blocked.text})` };
  if (policy.allow.length && !policy.allow.some(p => originMatches(p, target)))
    return { allowed: false, reason: `${target.origin} is not among the runtime's allowed origins (--allow-origin ${policy.allow.map(p => p.text).join(', ')})` };
  return { allowed: true };
}
