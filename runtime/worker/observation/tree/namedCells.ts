// A calendar's cells named apart from their text: the view names one, so a program finds a day
// as getByRole does. Pure.
import { clean, textOf, type AriaElement } from '../viewNodes.js';

/**
 * The first cell named apart from its text, its name holding the text (a calendar's `29` is
 * `Monday 29 March 2027`): the view names one, as getByRole finds a cell. Each cell read once.
 */
export function namedApart(cells: AriaElement[]): { role: string; name: string } | undefined {
  for (const cell of cells) {
    const name = clean(cell.name);
    if (!name) continue;
    const text = textOf(cell);
    if (text && name !== text && name.includes(text)) return { role: cell.role, name };
  }
  return undefined;
}
