// How close two names or texts are, as a person would judge a near miss: the same words, one
// inside the other, or a few letters apart (a typo, a digit changed). Pure.

/**
 * 1 for the same words, 0.8 when one name holds the other, else the better of the share of
 * words in common and how close the spelling is (a typo: 'Create tiket', 'Titel').
 */
export function similarity(a: string, b: string): number {
  const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
  const x = norm(a);
  const y = norm(b);
  if (!x || !y) return 0;
  if (x === y) return 1;
  if (x.includes(y) || y.includes(x)) return 0.8;
  const words = (s: string) => new Set(s.match(/[\p{L}\p{N}]+/gu) ?? []);
  const wx = words(x);
  const wy = words(y);
  const shared = [...wx].filter(w => wy.has(w)).length;
  const bare = (s: string) => (s.match(/[\p{L}\p{N}]+/gu) ?? []).join(' ');
  const [bx, by] = [bare(x), bare(y)];
  const spelled = bx && by ? 1 - editDistance(bx, by) / Math.max(bx.length, by.length) : 0;
  return Math.max(shared / (wx.size + wy.size - shared || 1), spelled);
}

/** Levenshtein's distance: how many letters to change, add or remove. */
function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length];
}
