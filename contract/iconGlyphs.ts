// How tabwright writes an icon font's glyph (a character of Unicode's private use area:
// Bootstrap Icons, Font Awesome) wherever it prints a name an agent copies into a program: the
// observe() view and an error's candidates. Printed as it is, it looks like a space or nothing,
// yet it is part of the accessible name; as a JavaScript escape (`\uF603 Upload`), a name copied
// into a string literal is the name (site 15's trial).
const ICON_GLYPHS = /[\uE000-\uF8FF]/g;

export function escapeIconGlyphs(text: string): string {
  return text.replace(ICON_GLYPHS, c => `\\u${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
