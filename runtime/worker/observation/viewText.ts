// The compact view as text: its lines joined, within a size cap that says what it cut.
import type { ViewLine } from './viewNodes.js';

export const DEFAULT_MAX_CHARS = 6000;

export function lineText(line: ViewLine): string {
  return `${' '.repeat(line.depth)}${withGlyphsEscaped(line.text)}`;
}

/** Characters of Unicode's private use area: an icon font's glyphs (Bootstrap Icons, Font Awesome), drawn as icons. */
const ICON_GLYPHS = /[\uE000-\uF8FF]/g;

/**
 * Icon glyphs as JavaScript escapes (`\uF603 Upload`): printed as they are they look like a
 * space or nothing, yet are part of an accessible name, and site 15's agent asked
 * getByRole('link', { name: 'Upload', exact: true }) of a link named "\uF603 Upload". Escaped,
 * a name copied into a program's string literal is the name.
 */
function withGlyphsEscaped(text: string): string {
  return text.replace(ICON_GLYPHS, c => `\\u${c.charCodeAt(0).toString(16).toUpperCase()}`);
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
