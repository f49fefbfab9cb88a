// One table format for the terminal and for bench/results/latest.md: GitHub markdown,
// columns padded so it also reads well as plain text.

export type Cell = string | number;

export function markdownTable(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const text = [header.map(String), ...rows.map(row => row.map(String))];
  const widths = header.map((_, column) => Math.max(3, ...text.map(row => (row[column] ?? '').length)));
  const line = (row: readonly string[]) => `| ${widths.map((w, i) => (row[i] ?? '').padEnd(w)).join(' | ')} |`;
  return [line(text[0]), `| ${widths.map(w => '-'.repeat(w)).join(' | ')} |`, ...text.slice(1).map(line)].join('\n');
}
