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
  const now = new Set(after.map(l => l.key));
  const changes: Change[] = [];
  let unchanged = 0;
  for (const line of after) {
    const was = old.get(line.key);
    if (!was) changes.push({ kind: 'added', line });
    else if (was.text !== line.text || was.depth !== line.depth) changes.push({ kind: 'changed', before: was, line });
    else unchanged++;
  }
  for (const line of before) if (!now.has(line.key)) changes.push({ kind: 'removed', line });
  return { changes, unchanged };
}

/** Removed lines listed before the rest are counted. */
export const MAX_REMOVED_SHOWN = 3;

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
    const text = c.kind === 'changed' ? `${c.before.text} -> ${c.line.text}` : c.line.text;
    out.push({ ...c.line, depth: 0, text: `${SIGN[c.kind]} ${' '.repeat(c.line.depth)}${text}` });
  }
  return out;
}
