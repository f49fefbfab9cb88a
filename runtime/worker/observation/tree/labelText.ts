// Text that only labels a neighbouring control, left out of the view: the control's name already
// says it (bytes count several times over in a receipt). Pure.
import { same, type Item } from '../viewNodes.js';

/**
 * Text that only labels a neighbouring control is left out: its name already says it. That is
 * text equal to the control's name or to the container's, text whose words are all in the
 * next or previous control's name (`Title` and a lone `*` above `textbox Title *`, each on its
 * own line), and a lone symbol between such a label and its control.
 */
export function withoutLabels(items: Item[], containerName: string | undefined): Item[] {
  const label = (i: Item | undefined) => (i?.kind === 'control' ? i.name : undefined);
  /** The control a run of text items right before (or after) leads to. */
  const controlNear = (i: number, step: 1 | -1) => {
    for (let j = i + step; j >= 0 && j < items.length; j += step) {
      if (items[j].kind === 'control') return label(items[j]);
      if (items[j].kind !== 'text' || Math.abs(j - i) > 2) return undefined;
    }
    return undefined;
  };
  return items.filter((item, i) => {
    if (item.kind !== 'text') return true;
    const text = item.text.replace(/^- /, '');
    if (containerName && same(text, containerName)) return false;
    const before = label(items[i - 1]);
    const after = label(items[i + 1]);
    if ((before && same(text, before)) || (after && same(text, after))) return false;
    const next = controlNear(i, 1);
    const previous = controlNear(i, -1);
    if (!wordsOf(text).length) return !(next !== undefined || previous !== undefined);
    return !((next && labels(text, next)) || (before && labels(text, before)));
  });
}

/** Words of a text, lower case, symbols left out. */
function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Whether every word of `text` is in the control's `name` (`Title`, `Title *` for `Title *`). */
function labels(text: string, name: string): boolean {
  const words = wordsOf(text);
  const named = new Set(wordsOf(name));
  return words.length > 0 && words.length <= named.size && words.every(w => named.has(w));
}
