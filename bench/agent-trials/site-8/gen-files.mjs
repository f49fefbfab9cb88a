// Writes files/schools-carol-2026-12.csv (the job's file) and files/schools-carol-2025-12.csv (last year's look-alike). Deterministic.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rng, GROUP_FILES } from './data.mjs';
const ROOT = path.dirname(fileURLToPath(import.meta.url));
const SCHOOLS = ['St Piran\'s Primary', 'Portlow Academy', 'Kestrelby High School', 'Saltcombe CE Primary', 'Wenmouth Community College', 'Harbour View Primary',
  'Castle Hill Junior School', 'Our Lady of the Sea RC Primary', 'Porthlow Infants', 'Trelawney Free School', 'Gullrock Primary', 'North Parade Prep'];
export function groupFile(name) {
  const f = GROUP_FILES[name]; const r = rng(f.seed); const y = f.season;
  const days = [7, 8, 9, 10, 11, 14, 15, 16, 17, 18].map((d) => `${y}-12-${String(d).padStart(2, '0')}`);
  const lines = ['order_ref,school,production,performance,adults,children,wheelchair_spaces'];
  for (let i = 0; i < f.rows; i++) {
    const perf = `${days[Math.floor(r() * days.length)]} ${r() < 0.7 ? '11:00' : '14:30'}`;
    const kids = 15 + Math.floor(r() * 46); const adults = Math.max(2, Math.ceil(kids / 10) + Math.floor(r() * 2));
    const row = `GB-${y % 100}${String(301 + i * 2)},"${SCHOOLS[Math.floor(r() * SCHOOLS.length)]}",A Christmas Carol,${perf},${adults},${kids},${r() < 0.15 ? 1 : 0}`;
    lines.push(row);
    if (r() < 0.05) lines.push(row); // sent twice by the schools' booking form
    if (i % 19 === 7) lines.push(`GB-${y % 100}${String(302 + i * 2)},"${SCHOOLS[Math.floor(r() * SCHOOLS.length)]}",The Snow Queen,${y}-12-${22 + (i % 3)} 11:00,3,${20 + Math.floor(r() * 20)},0`);
  }
  return lines.join('\n') + '\n';
}
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const name of Object.keys(GROUP_FILES)) { const p = path.join(ROOT, 'files', name); fs.writeFileSync(p, groupFile(name)); console.log('wrote', p); }
}
