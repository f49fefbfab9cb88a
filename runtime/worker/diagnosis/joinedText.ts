// An expect on text that failed only for spaces: Playwright's toContainText and toHaveText read an
// element's textContent, which runs a row's cells (or a card's blocks) together with nothing
// between, while a person (and observe()) reads them apart. Site 24's agent expected a row to
// contain 'Brackenford Dunmere 2026-05-14 Osprey' and it read 'ChidiBrackenfordDunmere2026-05-14Osprey…'.
// Pure: the matcher's own expected and received values.

/** Received text quoted around the words at most. */
const AROUND = 30;

/** The hint for an expected text whose words the received holds with no space between, or undefined. */
export function joinedTextHint(call: string | undefined, expected: unknown, received: unknown): string | undefined {
  if (!call || !/^expect\(locator\)\.(toContainText|toHaveText)$/.test(call) || typeof expected !== 'string' || typeof received !== 'string') return undefined;
  const words = expected.trim().split(/\s+/);
  if (words.length < 2 || received.includes(expected)) return undefined;
  const squeezed = received.replace(/\s+/g, '');
  const at = squeezed.indexOf(words.join(''));
  if (at < 0) return undefined;
  const start = Math.max(0, at - AROUND);
  const end = Math.min(squeezed.length, at + words.join('').length + AROUND);
  const sample = `${start > 0 ? '…' : ''}${squeezed.slice(start, end)}${end < squeezed.length ? '…' : ''}`;
  const pattern = `/${words.map(w => w.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('\\s*')}/`;
  return `The text it read holds those words with nothing between them (${JSON.stringify(sample)}): textContent runs an element's parts (a row's cells, a card's lines) together where a person sees space. `
    + `Expect the part that holds each word (row.getByRole('cell', { name: ${JSON.stringify(words[0])} })), or a pattern that allows no space: ${pattern}.`;
}
