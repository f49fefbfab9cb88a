// Writes the upload files in files/ (deterministic; run once: `node gen-files.mjs`).
// Half-hourly feeder load readings for November 2026: feeder,date,interval_end,kw,kvar,quality
// quality: A = actual, E = estimated, X = rejected by the meter-data check (the site ignores X rows), blank kw = missing.
import fs from 'node:fs';
import { rng } from './data.mjs';

function make(name, feeder, seed, scale, spike) {
  const r = rng(seed);
  const lines = ['feeder,date,interval_end,kw,kvar,quality'];
  for (let d = 1; d <= 30; d++) {
    const date = `2026-11-${String(d).padStart(2, '0')}`;
    const dow = new Date(date + 'T12:00:00Z').getUTCDay();
    const weekend = dow === 0 || dow === 6 ? 0.88 : 1;
    const cold = 1 + 0.07 * Math.max(0, 5 - Math.abs(d - 24)) / 5;
    for (let h = 1; h <= 48; h++) {
      const t = h / 2; // hour of the interval end
      const end = `${String(Math.floor(t) % 24).padStart(2, '0')}:${h % 2 ? '30' : '00'}`;
      const shape = 0.45 + 0.25 * Math.exp(-((t - 8) ** 2) / 6) + 0.55 * Math.exp(-((t - 17.5) ** 2) / 4) + 0.1 * Math.exp(-((t - 12.5) ** 2) / 8);
      let kw = scale * shape * weekend * cold * (0.97 + r() * 0.06);
      let q = r() < 0.015 ? 'E' : 'A';
      let kwTxt = kw.toFixed(1);
      if (d === spike.day && end === spike.end) { kwTxt = (kw * 1.9).toFixed(1); q = 'X'; } // meter glitch, rejected
      if ((d === 9 && h === 20) || (d === 9 && h === 21) || (d === 15 && h === 3)) { kwTxt = ''; q = ''; } // missing
      lines.push([feeder, date, end === '00:00' ? '24:00' : end, kwTxt, kwTxt ? (kw * 0.31).toFixed(1) : '', q].join(','));
    }
  }
  fs.mkdirSync('files', { recursive: true });
  fs.writeFileSync('files/' + name, lines.join('\n') + '\n');
}
make('feeder-F214-halfhourly-2026-11.csv', 'F-214', 214001, 4020, { day: 12, end: '18:00' });
make('feeder-F241-halfhourly-2026-11.csv', 'F-241', 241001, 3870, { day: 26, end: '17:30' });
console.log('wrote files/feeder-F214-halfhourly-2026-11.csv and files/feeder-F241-halfhourly-2026-11.csv');
