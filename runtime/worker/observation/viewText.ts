// The compact view as text: its lines joined, within a size cap that says what it cut.
import type { ViewLine } from './viewNodes.js';
import { escapeIconGlyphs } from '../../../contract/iconGlyphs.js';

export const DEFAULT_MAX_CHARS = 6000;

export function lineText(line: ViewLine): string {
  return `${' '.repeat(line.depth)}${escapeIconGlyphs(line.text)}`;
}

/**
 * Joins the lines, keeping the header and pinned lines always and the rest in page order up to
 * `maxChars`; what did not fit is counted in a last line that names its headings and blocks.
 */
export function renderCapped(lines: ViewLine[], maxChars = DEFAULT_MAX_CHARS): string {
  const out: string[] = [];
  let used = 0;
  let cutLines = 0;
  let cutChars = 0;
  const landmarks: string[] = [];
  for (const [i, line] of lines.entries()) {
    const text = lineText(line);
    if (i === 0 || line.pinned || (cutLines === 0 && used + text.length + 1 <= maxChars)) {
      out.push(text);
      used += text.length + 1;
      continue;
    }
    cutLines++;
    cutChars += text.length + 1;
    if (line.depth <= 1 && (/^#/.test(line.text) || line.text.endsWith(':')) && landmarks.length < 4) landmarks.push(line.text.replace(/:$/, ''));
  }
  if (cutLines) {
    out.push(`[cut: ${cutLines} more lines (${cutChars} chars) past maxChars ${maxChars}${landmarks.length ? `, from ${landmarks.join('; ')}` : ''}. observe(locator) shows one part]`);
  }
  return out.join('\n');
}
