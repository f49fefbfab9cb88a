// The shared words of a run of look-alike control names, with the varying part in braces:
// what lets 31 day buttons be one line of the compact view (compactView.ts). Pure.

/**
 * `e23..e87 button ×31: {1..31} December 2026`: the names' shared words, the varying part in
 * braces (a number range, or the values), the first and last ref (refs in between need not be
 * consecutive: act on a member by its name). Undefined when the names share no pattern.
 */
export interface NamePattern { pattern: string; middles: string[] }

/** The names' shared words with the varying part in braces, or undefined when they share none. */
export function patternOf(names: string[]): NamePattern | undefined {
  const words = names.map(n => n.split(' '));
  let prefix = 0;
  while (words.every(w => prefix < w.length && w[prefix] === words[0][prefix])) prefix++;
  let suffix = 0;
  while (words.every(w => suffix < w.length - prefix && w[w.length - 1 - suffix] === words[0][words[0].length - 1 - suffix])) suffix++;
  const middles = words.map(w => w.slice(prefix, w.length - suffix).join(' '));
  const shared = [...words[0].slice(0, prefix), ...words[0].slice(words[0].length - suffix)].join(' ');
  const numbers = middles.every(m => /^\d+$/.test(m)) ? middles.map(Number) : undefined;
  const identical = middles.every(m => m === middles[0]);
  if (!identical && !numbers && shared.length < 4) return undefined;
  let varying: string;
  if (identical) varying = '';
  else if (numbers && numbers.every((n, i) => i === 0 || n === numbers[i - 1] + 1)) varying = `{${numbers[0]}..${numbers[numbers.length - 1]}}`;
  else {
    const listed = middles.join('|');
    varying = `{${listed.length > 200 ? `${middles.slice(0, 8).join('|')}|… ${middles.length - 8} more` : listed}}`;
  }
  const pattern = [words[0].slice(0, prefix).join(' '), varying, words[0].slice(words[0].length - suffix).join(' ')].filter(Boolean).join(' ');
  return { pattern, middles };
}

