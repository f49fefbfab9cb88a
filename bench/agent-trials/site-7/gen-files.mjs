// Writes files/labs-ASB-2026-11.csv (the job's file) and files/labs-ASR-2026-11.csv (a look-alike). Deterministic.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rng, LAB_CLINICS } from './data.mjs';
const ROOT = path.dirname(fileURLToPath(import.meta.url));
const TESTS = [['ALT', 'U/L', 10, 100], ['CREA', 'umol/L', 44, 159], ['GLU', 'mmol/L', 3.9, 7.9], ['UREA', 'mmol/L', 2.5, 9.6], ['TP', 'g/L', 52, 82]];
export function labFile(code) {
  const c = LAB_CLINICS[code]; const r = rng(c.seed);
  const lines = ['clinic,sample_id,patient_id,test,value,unit,flag'];
  for (let s = 0; s < c.samples; s++) {
    const sid = `S${code}${String(11000 + s * 3)}`; const pid = 'FV-' + (20500 + Math.floor(r() * 268));
    for (const [t, u, lo, hi] of TESTS) {
      const x = r(); let v = lo + (hi - lo) * r(); let flag = '';
      if (x < 0.05) { v = hi * (1.1 + r()); flag = 'H'; } else if (x < 0.07) { v = lo * (0.5 + r() * 0.4); flag = 'L'; }
      const row = `${code},${sid},${pid},${t},${v.toFixed(1)},${u},${flag}`;
      lines.push(row);
      if (r() < 0.01) lines.push(row); // sent twice by the analyser
    }
    if (r() < 0.02) lines.push(`${code === 'ASB' ? 'ASR' : 'ASB'},S${code === 'ASB' ? 'ASR' : 'ASB'}${String(19000 + s)},FV-20${600 + s % 99},GLU,${(5 + r() * 9).toFixed(1)},mmol/L,${r() < 0.5 ? 'H' : ''}`);
  }
  return lines.join('\n') + '\n';
}
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const code of Object.keys(LAB_CLINICS)) { const f = path.join(ROOT, 'files', `labs-${code}-2026-11.csv`); fs.writeFileSync(f, labFile(code)); console.log('wrote', f); }
}
