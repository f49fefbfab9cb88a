// Writes files/stocktake-MEL-2026-11.csv (the job's file) and files/stocktake-MLE-2026-11.csv (a look-alike).
// Deterministic: same bytes every run.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rng, STOCK_BRANCHES } from './data.mjs';
const ROOT = path.dirname(fileURLToPath(import.meta.url));
export function stockFile(code) {
  const b = STOCK_BRANCHES[code]; const r = rng(b.seed);
  const items = Array.from({ length: b.catalogue }, (_, i) => ({ barcode: String(31860100000 + b.seed * 10000 + i * 3), shelf: `${code}-${String.fromCharCode(65 + (i % 12))}${1 + (i % 7)}` }));
  const missing = new Set();
  while (missing.size < b.missing) missing.add(Math.floor(r() * b.catalogue));
  const rows = [];
  let t = 9 * 3600;
  items.forEach((it, i) => {
    if (missing.has(i)) return;
    const st = r() < 0.004 ? 'DAMAGED' : 'OK';
    rows.push([it.barcode, it.shelf, st]);
    if (r() < 0.012) rows.push([it.barcode, it.shelf, st]); // scanned twice
    if (r() < 0.006) rows.push([String(31860900000 + Math.floor(r() * 99999)), it.shelf, 'OTHER_BRANCH']);
  });
  const lines = ['branch,barcode,shelf,scanned_at,status'];
  for (const [bc, sh, st] of rows) { t += 3 + Math.floor(r() * 9); const hh = String(Math.floor(t / 3600) % 24).padStart(2, '0'), mm = String(Math.floor(t / 60) % 60).padStart(2, '0'), ss = String(t % 60).padStart(2, '0');
    lines.push(`${code},${bc},${sh},2026-11-${t > 17 * 3600 ? '15' : '14'}T${hh}:${mm}:${ss},${st}`); }
  return lines.join('\n') + '\n';
}
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const code of Object.keys(STOCK_BRANCHES)) { const f = path.join(ROOT, 'files', `stocktake-${code}-2026-11.csv`); fs.writeFileSync(f, stockFile(code)); console.log('wrote', f); }
}
