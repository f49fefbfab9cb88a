// `observe({ since: 'last' })`: what changed between two views of the same page. Lines are
// matched by key (the element's ref, or its place in the structure), so an element whose text
// changed is one `~` line rather than a removal and an addition. Pure.
import type { ViewLine } from './compactView.js';

export type Change =
  | { kind: 'added'; line: ViewLine }
  | { kind: 'removed'; line: ViewLine }
  | { kind: 'changed'; before: ViewLine; line: ViewLine };

export interface ViewDiff {
  /** In page order: changed and added lines as they stand now, then the removed ones as they stood. */
  changes: Change[];
  unchanged: number;
}

export function diffViews(before: ViewLine[], after: ViewLine[]): ViewDiff {
  const old = new Map(before.map(l => [l.key, l]));
  const now = new Map(after.map(l => [l.key, l]));
  const same = (a: ViewLine | undefined, b: ViewLine) => !!a && a.text === b.text && a.depth === b.depth;
  // An element behind a modal dialog is inert: the snapshot gives it no ref, and it gets its ref
  // back when the dialog closes. A line that differs only so is the same line, unchanged: paired
  // first, before keys given by place (which the dialog shifts) pair it with another line. A line
  // whose ref changed (a reload gives every element a new one) is changed: its old ref is gone.
  const paired = new Set<ViewLine>();
  const next = (lines: ViewLine[] | undefined) => {
    while (lines?.length && paired.has(lines[0])) lines.shift();
    return lines?.shift();
  };
  const kept = new Set(after.filter(line => same(old.get(line.key), line)).map(line => old.get(line.key)));
  const sameBut = new Map<string, ViewLine[]>();
  for (const line of before) if (!kept.has(line)) sameBut.set(withoutRef(line), [...(sameBut.get(withoutRef(line)) ?? []), line]);
  const refOnly = new Set<ViewLine>();
  for (const line of after) {
    if (same(old.get(line.key), line)) continue;
    const was = sameBut.get(withoutRef(line))?.find(b => !paired.has(b) && !(hasRef(b) && hasRef(line)));
    if (was) { paired.add(was); refOnly.add(line); }
  }
  // Playwright gives an element a new ref when its name changes (a heading's text, a grid's
  // label), so lines left unmatched by key are paired by place: the same kind of line at the
  // same depth after the same surviving line counts as that line, changed.
  const removedHere = new Map<string, ViewLine[]>();
  for (const [line, place] of places(before, now)) {
    if (now.has(line.key) || paired.has(line)) continue;
    removedHere.set(place, [...(removedHere.get(place) ?? []), line]);
  }
  const changes: Change[] = [];
  let unchanged = 0;
  for (const [line, place] of places(after, old)) {
    if (refOnly.has(line)) { unchanged++; continue; }
    const byKey = old.get(line.key);
    const was = (byKey && !paired.has(byKey) ? byKey : undefined) ?? next(removedHere.get(place));
    if (!was) changes.push({ kind: 'added', line });
    else if (!same(was, line)) changes.push({ kind: 'changed', before: was, line });
    else unchanged++;
    if (was) paired.add(was);
  }
  for (const line of before) if (!paired.has(line)) changes.push({ kind: 'removed', line });
  return { changes, unchanged };
}

/** A line's ref (`e12`, `f2e12`, a run's `e3..e9`), after a list item's bullet. */
const REF = /^(- )?(?:f\d+)?e\d+(?:\.\.\S+)? /;

/** A line as it reads without its ref, at its depth. */
function withoutRef(line: ViewLine): string {
  return `${line.depth}|${line.text.replace(REF, '$1')}`;
}

function hasRef(line: ViewLine): boolean {
  return REF.test(line.text);
}

/** Each line with its place: the last line before it that both views share, its depth and its kind. */
function places(lines: ViewLine[], other: Map<string, ViewLine>): [ViewLine, string][] {
  let anchor = 'start';
  return lines.map(line => {
    const place = `${anchor}|${line.depth}|${kindOf(line.text)}`;
    if (other.has(line.key)) anchor = line.key;
    return [line, place];
  });
}

/** `## June 2027` → `##`; `e96 grid June 2027:` → `grid`; `columns: ...` → `columns:`; other text → `text`. */
function kindOf(text: string): string {
  const heading = /^(#+) /.exec(text);
  if (heading) return heading[1];
  const control = /^(?:f\d+)?e\d+(?:\.\.\S+)? (\S+)/.exec(text);
  if (control) return control[1];
  const label = /^(\w+):/.exec(text);
  return label ? `${label[1]}:` : 'text';
}

/** Removed lines listed before the rest are counted. */
export const MAX_REMOVED_SHOWN = 3;
/** A changed line shows its old text when that is at most this long. */
const MAX_OLD_SHOWN = 60;

/**
 * The old text of a changed line helps when it is a value that moved ("Page 1 of 6 -> Page 2
 * of 6", a state that went away); for a replaced row or a long line it only doubles the bytes.
 */
function showOld(before: string, after: string): boolean {
  let common = 0;
  while (common < before.length && before[common] === after[common]) common++;
  return before.length <= MAX_OLD_SHOWN && common >= 4 && common >= 0.25 * Math.min(before.length, after.length);
}

const SIGN = { added: '+', removed: '-', changed: '~' } as const;

/**
 * The header (always: it says where the page is now), a summary line, then one line per
 * change: `~ before -> after`, `+ added`, `- removed`, indented as in the page.
 */
export function diffLines(diff: ViewDiff, header: ViewLine): ViewLine[] {
  const changes = diff.changes.filter(c => c.line.key !== header.key);
  const moved = diff.changes.find(c => c.kind === 'changed' && c.line.key === header.key);
  const was = moved?.kind === 'changed' ? ` (it was ${moved.before.text})` : '';
  const summary = changes.length === 0
    ? `no changes since the last observation${was}`
    : `changes since the last observation${was}, ${diff.unchanged} lines unchanged:`;
  const out: ViewLine[] = [header, { depth: 0, key: 'since', text: summary }];
  const removed: Change[] = changes.filter(c => c.kind === 'removed');
  for (const c of changes) {
    // What left the page matters less than what is there now: a few removed lines say which.
    const at = removed.indexOf(c);
    if (at === MAX_REMOVED_SHOWN && removed.length > MAX_REMOVED_SHOWN + 1) {
      out.push({ depth: 0, key: 'removed-more', text: `- … ${removed.length - MAX_REMOVED_SHOWN} more removed lines` });
    }
    if (at >= MAX_REMOVED_SHOWN && removed.length > MAX_REMOVED_SHOWN + 1) continue;
    const text = c.kind === 'changed' && showOld(c.before.text, c.line.text) ? `${c.before.text} -> ${c.line.text}` : c.line.text;
    out.push({ ...c.line, depth: 0, text: `${SIGN[c.kind]} ${' '.repeat(c.line.depth)}${text}` });
  }
  // A search box filled and nothing else moved: the list did not hear it. Site 14's agent filled
  // two searches that filter on key events and looked twice more before typing key by key.
  if (changes.length === 1 && changes[0].kind === 'changed' && valueOnly(changes[0].before.text, changes[0].line.text)) {
    out.push({ depth: 0, key: 'value-only', text: `(only a field's value changed: nothing else on the page answered it. A list that filters as you type listens for keys: pressSequentially(text), not fill; one that filters on Enter: press('Enter'))` });
  }
  return out;
}

/** A field's value, as a view line prints it (`textbox Search = ada`, `[e56 textbox = ada]`): what follows ` = `, to the cell's end. */
const FIELD_VALUE = /\b((?:textbox|searchbox|combobox)\b[^=\]|\n]*?) = [^\]|\n]*/g;

/** The two texts differ only in a field's value. */
function valueOnly(before: string, after: string): boolean {
  return before !== after && before.replace(FIELD_VALUE, '$1').trimEnd() === after.replace(FIELD_VALUE, '$1').trimEnd();
}
