// Which URLs a task may put in a top-level page. An allow-list: browser-internal pages
// (chrome:, devtools:, ...) can crash CDP-created contexts and expose the whole browser.
// Then the runtime's origin policy (originPolicy.ts), when one was set at runtime start.
import { checkOrigin, type OriginPolicy } from './originPolicy.js';

export interface UrlPolicyOptions {
  allowFile: boolean;
  /** Hosts blocked or allowed at runtime start; none: every host. */
  origins?: OriginPolicy;
}

const ALWAYS_ALLOWED_SCHEMES = new Set(['http:', 'https:', 'data:', 'blob:']);

/** `invalid`: not a URL at all; Chrome itself refuses to navigate there, and is answered in its words. */
export type UrlVerdict = { allowed: true } | { allowed: false; reason: string; invalid?: true };

export function checkUrl(url: string, options: UrlPolicyOptions = { allowFile: false }): UrlVerdict {
  // Chrome reports a fresh target as '' and Playwright sends about:blank.
  if (url === '' || /^about:(blank|srcdoc)([?#].*)?$/.test(url)) return { allowed: true };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // Refused what cannot be classified; Chrome would not navigate there either.
    return { allowed: false, reason: `"${url}" is not an absolute URL`, invalid: true };
  }
  const scheme = parsed.protocol;
  if (ALWAYS_ALLOWED_SCHEMES.has(scheme)) return options.origins ? checkOrigin(parsed, options.origins) : { allowed: true };
  if (scheme === 'file:' && options.allowFile) return { allowed: true };
  if (scheme === 'file:')
    return { allowed: false, reason: 'file: URLs are refused (start the runtime with `tabwright runtime start --allow-file-urls` to allow them)' };
  return { allowed: false, reason: `${scheme} URLs are browser-internal and refused to tasks` };
}

/**
 * The check on a committed document: the navigation policy, except Chrome's own error page
 * (a failed or blocked navigation commits chrome-error://chromewebdata/ in the same tab).
 */
export function checkCommittedUrl(url: string, options: UrlPolicyOptions = { allowFile: false }): UrlVerdict {
  if (url.startsWith('chrome-error://chromewebdata/')) return { allowed: true };
  return checkUrl(url, options);
}
