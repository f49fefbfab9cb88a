// Writes the upload files in files/ (run once; the files are kept in the folder).
import fs from 'node:fs';
import { REF_RANGES } from './data.mjs';
function rng(seed) { let s = seed; return () => ((s = (s * 16807) % 2147483647) / 2147483647); }
function make(name, seed, n, month, wantOut) {
  const r = rng(seed);
  const tests = Object.keys(REF_RANGES);
  const names = ['Dorothy Evans', 'Callum Nolan', 'Grace Walsh', 'Seren Parry', 'Hugo Tierney', 'Nadia Iqbal', 'Rory Kelly', 'Olive Duffy',
    'Patrick Lynch', 'Tessa Vaughan', 'Martha Quill', 'Imran Shah', 'Tobias Wren', 'Eileen Doyle', 'Bernard Carr', 'Joan Hughes', 'Kofi Owusu', 'Vera Novak'];
  const lines = ['sample_id,patient_id,patient_name,test,result,unit,collected'];
  let out = 0;
  for (let i = 0; i < n; i++) {
    const p = i % names.length;
    const t = tests[Math.floor(r() * tests.length)];
    const [unit, lo, hi] = REF_RANGES[t];
    let v;
    const span = hi - lo;
    if (out < wantOut && r() < 0.3) { v = r() < 0.5 && lo > 0 ? lo - span * (0.05 + r() * 0.2) : hi + span * (0.05 + r() * 0.3); out++; }
    else v = lo + span * (0.1 + r() * 0.8);
    if (t === 'eGFR' && v > 120) v = 90 + r() * 25; // realistic eGFR
    if (i === 7) v = hi; // on the boundary: inside the range
    if (i === 19) v = lo; // on the boundary: inside the range
    let val = (hi < 10 ? v.toFixed(2) : hi < 100 ? v.toFixed(1) : Math.round(v).toString());
    if (i === 26) val = 'haemolysed';
    lines.push([`LS${month}${String(4100 + i * 7)}`, 'QC-' + (100214 + p * 13), names[p], t, val, unit, `2026-${month}-${String(1 + (i % 27)).padStart(2, '0')}`].join(','));
  }
  fs.writeFileSync('files/' + name, lines.join('\n') + '\n');
}
make('lab-results-november.csv', 1105, 47, '11', 9);
make('lab-results-october.csv', 1004, 39, '10', 5);
