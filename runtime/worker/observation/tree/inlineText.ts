// A sentence with a word set apart (`Press <kbd>Enter</kbd> to <em>save</em>`, `<strong>Total:</strong>
// 42`) comes from the aria snapshot as several nodes: the text around and a node for each inline
// element. The view printed each on a line of its own, and an autocomplete's option whose typed
// part is highlighted (`<mark>Au</mark>dio description`) read as "Au" and "dio description":
// an agent could not name the option it saw (site 8's trial). Runs of text and inline text
// elements are one text again. The snapshot trims the text around them, so the join guesses the
// space: none inside a word split by a highlight (a mark between letters), one elsewhere.
import type { AriaElement, AriaNode } from '../viewNodes.js';

/** Roles of inline elements that only set text apart: they join the text around them. */
const INLINE_TEXT = new Set(['mark', 'strong', 'emphasis', 'code', 'deletion', 'insertion', 'subscript', 'superscript', 'time']);

/** The node's text when it is an inline text element holding text only (no ref, no element inside). */
function inlineText(node: AriaElement): string | undefined {
  if (!INLINE_TEXT.has(node.role) || node.ref || node.name) return undefined;
  const children = node.children ?? [];
  if (!children.every((c): c is string => typeof c === 'string')) return undefined;
  return [node.text ?? '', ...children].map(t => t.trim()).filter(Boolean).join(' ');
}

/** `nodes` with each run of text and inline text elements joined into one text. */
export function joinInlineText(nodes: AriaNode[]): AriaNode[] {
  const out: AriaNode[] = [];
  let run: { text: string; mark: boolean } | undefined;
  const flush = () => {
    if (run) out.push(run.text);
    run = undefined;
  };
  for (const node of nodes) {
    const text = typeof node === 'string' ? node.trim() : inlineText(node);
    if (text === undefined) {
      flush();
      out.push(node);
      continue;
    }
    if (!text) continue;
    const mark = typeof node !== 'string' && node.role === 'mark';
    if (!run) {
      run = { text, mark };
      continue;
    }
    const midWord = (mark || run.mark) && /[\p{L}\p{N}]$/u.test(run.text) && /^[\p{L}\p{N}]/u.test(text);
    run = { text: `${run.text}${midWord ? '' : ' '}${text}`, mark };
  }
  flush();
  return out;
}
