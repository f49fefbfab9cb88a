// A locator as Playwright prints it (`getByRole('form', { name: 'New ticket' }).getByRole('option',
// { name: 'High' })`), cut into its calls, and the few pieces a diagnosis rebuilds from them:
// the same query without the scopes before it, and a name written the way Playwright writes
// it. Pure: the text is Playwright's public toString(), parsed like JavaScript (strings, regular
// expressions, nesting), never evaluated here.
import { escapeIconGlyphs } from '../../../contract/iconGlyphs.js';

export interface ChainCall {
  /** The call as written: `getByRole('option', { name: 'High' })`. */
  text: string;
  method: string;
}

/** Calls that find elements: a shorter chain may start with one. */
const QUERIES = new Set(['locator', 'getByRole', 'getByText', 'getByLabel', 'getByPlaceholder', 'getByAltText', 'getByTitle', 'getByTestId']);
/** Calls that enter a frame: a chain may not be shortened across one. */
const FRAMES = new Set(['frameLocator', 'contentFrame']);

/** The calls of a printed locator; undefined when it does not read as a chain of calls. */
export function locatorChain(printed: string): ChainCall[] | undefined {
  const calls: ChainCall[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < printed.length; i++) {
    const c = printed[i];
    if (c === '\'' || c === '"' || c === '`') {
      i = skipString(printed, i);
      if (i < 0) return undefined;
    } else if (c === '/' && depth > 0 && /[(,:[{]\s*$/.test(printed.slice(0, i))) {
      i = skipRegExp(printed, i);
      if (i < 0) return undefined;
    } else if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') depth--;
    else if (c === '.' && depth === 0) {
      calls.push(call(printed.slice(start, i)));
      start = i + 1;
    }
    if (depth < 0) return undefined;
  }
  calls.push(call(printed.slice(start)));
  return depth === 0 && calls.every(c => c.method !== '') ? calls : undefined;
}

function call(text: string): ChainCall {
  return { text, method: /^([A-Za-z]+)\(/.exec(text)?.[1] ?? '' };
}

/** Index of the closing quote of the string starting at `at`, or -1. */
function skipString(text: string, at: number): number {
  const quote = text[at];
  for (let i = at + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === quote) return i;
  }
  return -1;
}

/** Index of the last flag of the regular expression starting at `at`, or -1. */
function skipRegExp(text: string, at: number): number {
  let inClass = false;
  for (let i = at + 1; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    else if (c === '/' && !inClass) {
      while (/[a-z]/.test(text[i + 1] ?? '')) i++;
      return i;
    }
  }
  return -1;
}

export interface Shorter {
  /** The chain up to and including its last frame, empty for the page: where `query` is searched. */
  root: string;
  /** The query without some of the scopes before it: `getByRole('option', { name: 'High' })`. */
  query: string;
  /** Scopes were dropped (not only the picks and filters after its last query). */
  unscoped: boolean;
}

/**
 * The same query with fewer scopes in front, shortest scope dropped first: each suffix of the
 * chain (within its frame) that starts with a query, and the whole chain without a trailing
 * position or filter (`.nth(5)` of three). A scope that excluded the element shows in the
 * first of them that matches.
 */
export function shorterChains(calls: ChainCall[]): Shorter[] {
  const root = frameRootOf(calls);
  const scoped = calls.slice(framePrefixLength(calls));
  const out: Shorter[] = [];
  for (let i = 1; i < scoped.length; i++) {
    if (QUERIES.has(scoped[i].method)) out.push({ root, query: scoped.slice(i).map(c => c.text).join('.'), unscoped: true });
  }
  let end = scoped.length;
  while (end > 1 && !QUERIES.has(scoped[end - 1].method)) end--;
  if (end < scoped.length) out.push({ root, query: scoped.slice(0, end).map(c => c.text).join('.'), unscoped: false });
  return out;
}

/** The chain up to and including its last frame (`locator('iframe').contentFrame()`), empty for the page. */
export function frameRootOf(calls: ChainCall[]): string {
  return calls.slice(0, framePrefixLength(calls)).map(c => c.text).join('.');
}

/** How many of the chain's first calls make up its frame root (0 for the page). */
export function framePrefixLength(calls: ChainCall[]): number {
  return calls.reduce((at, c, i) => (FRAMES.has(c.method) ? i + 1 : at), 0);
}

/**
 * The last query of a chain, read: `getByRole('option', { name: 'High' })` → {method, role, name};
 * a name written as a regular expression (`name: /late-pickups/i`) is `name` (its source) and `pattern` (as written).
 */
export function lastQuery(calls: ChainCall[]): { method: string; text: string; role?: string; name?: string; pattern?: string } | undefined {
  const last = [...calls].reverse().find(c => QUERIES.has(c.method));
  if (!last) return undefined;
  const { method, text } = last;
  const byRole = /^getByRole\((['"])([a-z]+)\1(?:, \{.*?name: (['"])((?:\\.|(?!\3).)*)\3.*\})?\)$/.exec(text);
  if (byRole) return { method, text, role: byRole[2], ...(byRole[4] !== undefined ? { name: unescape(byRole[4]) } : {}) };
  const byPattern = /^getByRole\((['"])([a-z]+)\1, \{.*?name: (\/(?:\\.|[^/\\])+\/[a-z]*).*\}\)$/.exec(text);
  if (byPattern) return { method, text, role: byPattern[2], name: byPattern[3].slice(1, byPattern[3].lastIndexOf('/')), pattern: byPattern[3] };
  const byText = /^getBy(?:Text|Label|Placeholder|Title|AltText)\((['"])((?:\\.|(?!\1).)*)\1/.exec(text);
  return { method, text, ...(byText ? { name: unescape(byText[2]) } : {}) };
}

/** A quoted string's text as Playwright printed it, its backslash escapes undone. */
export function unescape(text: string): string {
  return text.replace(/\\(.)/g, '$1');
}

/** A string as Playwright prints it in a locator: single quotes, escaped; an icon font's glyph (private use area) as \\uXXXX, visible. */
export function quoted(text: string): string {
  return `'${escapeIconGlyphs(JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, '\\\''))}'`;
}

/** `getByRole('option', { name: 'High' })`, as a program writes it. */
export function byRole(role: string, name: string): string {
  return `getByRole(${quoted(role)}, { name: ${quoted(name)} })`;
}
