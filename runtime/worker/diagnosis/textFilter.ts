// A locator emptied by its own `.filter({ hasText })` (or `{ has: getByText() }`): the elements before the filter are there,
// none holds the text. Two causes an agent cannot see from the page's view, and each has a fix:
// - hasText reads an element's text as Playwright does (its text nodes run together), so the
//   cells of a row read `RV-40872Harbour Coffee Co.Guatemala…` with no space where one cell
//   ends: a pattern written from what the page shows (`Harbour Coffee Co\.\s+Guatemala`) never
//   matches. A person's reading (innerText) has the space. The fix: the row's name, which joins
//   its cells with spaces, or one filter per cell.
// - the text is not there any more (the program changed it: typed 1,850 over 1,750, then looked
//   the element up by its old text): the closest text among the same elements says so.
// - a pattern's `.` does not cross a line break, and an element's text keeps its markup's (a
//   calendar with each day on a line of its own: Fluent's): `/\b14\b.*\b20\b/` matches no week.
//   The fix: the same pattern with the s flag.
// - the row is drawn in panes (pinned columns: AG Grid, RevoGrid), one row element per pane
//   sharing an aria-rowindex, and the texts asked are in different panes: each filter alone
//   finds a row element of the same index. The fix: that index.
// Reads only: Playwright's own allInnerTexts/allTextContents (its utility world, no program code).
import type { Locator } from 'playwright-core';
import { quoted, unescape, type ChainCall } from './locatorChain.js';
import { similarity } from './textSimilarity.js';

export interface TextFilterMiss {
  /** The filter that emptied the chain, as the program wrote it: `filter({ hasText: /…/ })`. */
  filter: string;
  /** How many elements the chain found before that filter. */
  before: number;
  /** joined: cells or blocks run together in the text hasText reads; near: the text is not there, a close one is; panes: another pane's row element of the same row holds it; lines: the pattern's `.` meets a line break in it. */
  kind: 'joined' | 'near' | 'panes' | 'lines';
  /** panes: the row's aria-rowindex. */
  rowIndex?: string;
  /** joined: how many of them match with a space between cells. */
  matching?: number;
  /** joined: the first of those, as hasText reads it; near: the closest text. */
  sample: string;
  /** Locators relative to the page (or frame) searched that match: the fix first. May be empty. */
  candidates: string[];
}

/** Elements read at most: a filter over more is a search, not a row to find. */
const MAX_READ = 1000;
/** How close a line must be to the text asked for to be named: a digit or a word apart, not a theme. */
const NEAR = 0.75;
/** Roles whose accessible name is their content, spaced per cell or block: a pattern over the name sees the spaces. */
const NAMED_BY_CONTENT = new Set(['row', 'cell', 'gridcell', 'columnheader', 'rowheader', 'button', 'link', 'option', 'menuitem', 'tab', 'treeitem', 'heading']);

type Evaluate = (chain: string) => Locator | undefined;

/**
 * The first text filter of `calls` (those after the frame root; `evaluateChain` searches from it)
 * that leaves nothing of what came before it, and what the page has instead. Undefined when no
 * text filter is why the chain is empty.
 */
export async function textFilterMiss(calls: ChainCall[], evaluateChain: Evaluate): Promise<TextFilterMiss | undefined> {
  // Playwright prints a filter's inner locator without its page (`has: getByText('x')`): searched from the page.
  const evaluate: Evaluate = chain => evaluateChain(chain.replace(/\b(has|hasNot): (getBy[A-Za-z]+|locator)\(/g, '$1: page.$2('));
  for (let i = 1; i < calls.length; i++) {
    const asked = hasTextOf(calls[i].text);
    if (!asked) continue;
    const prefix = calls.slice(0, i).map(c => c.text).join('.');
    const rest = calls.slice(i + 1).map(c => `.${c.text}`).join('');
    const before = evaluate(prefix);
    const filtered = evaluate(`${prefix}.${calls[i].text}`);
    if (!before || !filtered) return undefined;
    const count = await before.count().catch(() => 0);
    if (count === 0) return undefined;
    if ((await filtered.count().catch(() => 1)) > 0) continue;
    if (count > MAX_READ) return undefined;
    const [shown, read] = await Promise.all([before.allInnerTexts().catch(() => []), before.allTextContents().catch(() => [])]);
    // The fix as a candidate: with the rest of the program's chain when that still matches, else without it.
    const fixed = async (chain: string): Promise<string[]> => {
      for (const whole of [`${chain}${rest}`, chain]) if ((await evaluate(whole)?.count().catch(() => 0) ?? 0) > 0) return [whole];
      return [];
    };
    const split = await paneSplit(calls, i, count, evaluate);
    if (split) return { filter: calls[i].text, before: count, kind: 'panes', sample: '', rowIndex: split.index, candidates: [split.rows] };
    const apart = asked.byElement ? [] : shown.map((text, n) => ({ text: spaced(text), read: spaced(read[n] ?? '') })).filter(t => asked.test(t.text) && !asked.test(t.read));
    if (apart.length) {
      const named = byRoleWith(calls[i - 1].text, asked.written);
      const candidates = named ? await fixed([...calls.slice(0, i - 1).map(c => c.text), named].join('.')) : [];
      return { filter: calls[i].text, before: count, kind: 'joined', matching: apart.length, sample: apart[0].read, candidates };
    }
    const { dotAll } = asked;
    const lined = dotAll ? read.filter(text => dotAll.test(text)) : [];
    if (dotAll && lined.length) {
      return { filter: calls[i].text, before: count, kind: 'lines', matching: lined.length, sample: spaced(lined[0]!), candidates: await fixed(`${prefix}.${dotAll.filter}`) };
    }
    if (asked.literal === undefined) return undefined;
    const closest = closestLine(asked.literal, shown);
    if (!closest) return undefined;
    const candidates = await fixed(`${prefix}.${asked.with(closest)}`);
    return { filter: calls[i].text, before: count, kind: 'near', sample: closest, candidates };
  }
  return undefined;
}

/** Row elements compared at most on each side: a row's panes are a few elements, not a search. */
const MAX_PANE_ROWS = 20;

/**
 * Filter `i` emptied a chain of row elements, and the same filter on those rows without the
 * filters before it finds one that shares an aria-rowindex with one the chain had: the row is
 * drawn in panes and the texts asked are in two of them. The rows of that index, in the same
 * scope, are the fix.
 */
async function paneSplit(calls: ChainCall[], i: number, before: number, evaluate: Evaluate): Promise<{ index: string; rows: string } | undefined> {
  let query = i - 1;
  while (query > 0 && calls[query].method === 'filter') query--;
  if (query === i - 1 || !/^getByRole\('row'/.test(calls[query].text) || before > MAX_PANE_ROWS) return undefined;
  const scope = calls.slice(0, query).map(c => c.text);
  const rows = calls.slice(0, query + 1).map(c => c.text).join('.');
  const chained = evaluate(calls.slice(0, i).map(c => c.text).join('.'));
  const alone = evaluate(`${rows}.${calls[i].text}`);
  if (!chained || !alone) return undefined;
  const found = await alone.count().catch(() => 0);
  if (found === 0 || found > MAX_PANE_ROWS) return undefined;
  const indexes = async (rows: Locator, n: number) =>
    Promise.all(Array.from({ length: n }, (_, k) => rows.nth(k).getAttribute('aria-rowindex', { timeout: 1000 }).catch(() => null)));
  const had = new Set((await indexes(chained, before)).filter((x): x is string => !!x && /^\d+$/.test(x)));
  const index = (await indexes(alone, found)).find(x => x !== null && had.has(x));
  return index ? { index, rows: [...scope, `locator('[role="row"][aria-rowindex="${index}"]')`].join('.') } : undefined;
}

/** Whitespace as Playwright's text matching sees it: runs of it are one space. */
function spaced(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

interface Asked {
  /** As the program wrote it: `'text'` or `/pattern/flags`. */
  written: string;
  /** A string's text; undefined for a pattern. */
  literal?: string;
  /** `filter({ has: getByText('x') })`: an element holding text, not the filter's own reading of all of it. */
  byElement?: true;
  test(text: string): boolean;
  /** The same filter with another text: `filter({ hasText: 'y' })`. */
  with(text: string): string;
  /** A pattern with a `.` and no s flag: the same with it, which crosses line breaks. */
  dotAll?: { filter: string; test(text: string): boolean };
}

/**
 * `filter({ hasText: 'x' })`, `filter({ hasText: /x/i })` or `filter({ has: getByText('x') })` as
 * Playwright prints it; undefined for any other filter.
 */
export function hasTextOf(call: string): Asked | undefined {
  const own = /^filter\(\{ hasText: '((?:\\.|[^'\\])*)' \}\)$/.exec(call);
  const held = /^filter\(\{ has: getByText\('((?:\\.|[^'\\])*)'\) \}\)$/.exec(call);
  const literal = own ?? held;
  if (literal) {
    const text = unescape(literal[1]);
    const wanted = spaced(text).toLowerCase();
    const byElement = held !== null;
    // A string matches as a substring, case and runs of whitespace aside.
    return {
      written: `'${literal[1]}'`, literal: text, ...(byElement ? { byElement: true as const } : {}), test: t => t.toLowerCase().includes(wanted),
      with: other => (byElement ? `filter({ has: getByText(${quoted(other)}) })` : `filter({ hasText: ${quoted(other)} })`),
    };
  }
  const pattern = /^filter\(\{ hasText: \/((?:\\.|[^/\\])+)\/([a-z]*) \}\)$/.exec(call);
  if (!pattern) return undefined;
  let expression: RegExp;
  try {
    expression = new RegExp(pattern[1], pattern[2].replace(/[gy]/g, ''));
  } catch {
    return undefined;
  }
  const flags = pattern[2].replace(/[gy]/g, '');
  // A `.` outside a class or escape, where no s flag lets it cross a line break.
  const dot = !flags.includes('s') && /(^|[^\\])(\\\\)*\./.test(pattern[1].replace(/\[(?:\\.|[^\]\\])*\]/g, ''));
  const dotAll = dot ? new RegExp(pattern[1], `${flags}s`) : undefined;
  return {
    written: `/${pattern[1]}/${pattern[2]}`, test: t => expression.test(t), with: other => `filter({ hasText: ${quoted(other)} })`,
    ...(dotAll ? { dotAll: { filter: `filter({ hasText: /${pattern[1]}/${pattern[2]}s })`, test: (t: string) => dotAll.test(t) } } : {}),
  };
}

/** Words compared at most, over all the elements' lines: a near miss is looked for, not a search. */
const MAX_WORDS = 20000;

/**
 * The stretch of the elements' texts closest to `wanted`, when it is a few letters apart: a line
 * (a cell, a block) or, as a text filter matches part of an element's text, a run of as many
 * words in one (`From 10 m to 12 m: £410` in a paragraph of prices).
 */
function closestLine(wanted: string, texts: string[]): string | undefined {
  const size = spaced(wanted).split(' ').length;
  let best: { line: string; score: number } | undefined;
  let words = 0;
  // A run of words cut from a sentence keeps no end stop the text asked for lacks.
  const bare = /[.,;:]$/.test(wanted.trim()) ? (t: string) => t : (t: string) => t.replace(/[.,;:]+$/, '');
  const consider = (text: string) => {
    const line = bare(text);
    const score = similarity(wanted, line);
    if (score >= NEAR && score < 1 && (!best || score > best.score)) best = { line, score };
  };
  for (const text of texts) {
    for (const raw of text.split(/[\n\t]+/)) {
      const line = spaced(raw);
      if (!line) continue;
      const parts = line.split(' ');
      words += parts.length;
      if (words > MAX_WORDS) return best?.line;
      if (parts.length <= size + 1) consider(line);
      else for (let i = 0; i + size <= parts.length; i++) consider(parts.slice(i, i + size).join(' '));
    }
  }
  return best?.line;
}

/** `getByRole('row')` with the text asked for as its name, for a role named by its content; else undefined. */
function byRoleWith(call: string, name: string): string | undefined {
  const role = /^getByRole\('([a-z]+)'\)$/.exec(call)?.[1];
  return role && NAMED_BY_CONTENT.has(role) ? `getByRole('${role}', { name: ${name} })` : undefined;
}
