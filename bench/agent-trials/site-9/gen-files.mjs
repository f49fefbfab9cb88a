// Writes the two packing-list CSVs in files/ (deterministic). The job's file is packing-list-MSCU-7710234.csv;
// packing-list-MSCU-7710243.csv (digits swapped, another container) is a look-alike.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'files');
function rng(seed) { let s = seed >>> 0; return () => { s = (s + 0x6d2b79f5) >>> 0; let t = s; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; }; }
const MARKS = ['Huila Pink Bourbon', 'Nariño Caturra', 'Huila Castillo', 'Cauca Colombia', 'Tolima Caturra', 'Huila Excelso EP', 'Nariño Castillo'];
function make(container, seed, n) {
  const r = rng(seed); const lines = ['container,lot,marks,bags,bag_kg,gross_kg,net_kg,condition'];
  for (let i = 0; i < n; i++) {
    const lot = `CO-${container.slice(-4)}-${String(i + 1).padStart(2, '0')}`; const bags = 10 + Math.floor(r() * 7) * 5;
    const damaged = r() < 0.25 ? 1 + Math.floor(r() * 3) : 0; const sound = bags - damaged;
    lines.push([container, lot, `"${MARKS[i % MARKS.length]}"`, sound, 70, (sound * 70.6).toFixed(1), (sound * 70).toFixed(1), 'Sound'].join(','));
    if (damaged) lines.push([container, lot, `"${MARKS[i % MARKS.length]}"`, damaged, 70, (damaged * 70.6).toFixed(1), (damaged * 70).toFixed(1), 'Damaged'].join(','));
  }
  return lines.join('\n') + '\n';
}
fs.mkdirSync(DIR, { recursive: true });
fs.writeFileSync(path.join(DIR, 'packing-list-MSCU-7710234.csv'), make('MSCU7710234', 71, 11));
fs.writeFileSync(path.join(DIR, 'packing-list-MSCU-7710243.csv'), make('MSCU7710243', 72, 10));
console.log('wrote', fs.readdirSync(DIR).join(', '));
