// Generates the two look-alike lesson logs in files/ (run once; output is committed).
import { writeFileSync } from 'node:fs';
function rng(a) { return () => { a = (a + 0x6D2B79F5) >>> 0; let t = a; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; }; }
const pupils = ['Ada Okafor', 'Ben Castillo', 'Chloe Duval', 'Elif Haddad', 'Finn Jansen', 'Grace Lindgren', 'Hugo Petrov', 'Isla Silva', 'Maya Tanaka', 'Orla Varga', 'Rosa Yilmaz', 'Samir Zeller'];
const teachers = [['M. Brennan', 'Violin'], ['K. Iqbal', 'Piano'], ['S. Moreau', 'Cello'], ['J. Eriksen', 'Flute'], ['P. Gallo', 'Guitar'], ['R. Nakamura', 'Voice']];
const fee = { 30: 22, 45: 31.5, 60: 40 };
function make(start, seed) {
  const r = rng(seed);
  const lines = ['date,pupil,teacher,instrument,minutes,fee_eur'];
  for (let d = 0; d < 6; d++) {
    const date = new Date(start + 'T00:00:00Z'); date.setUTCDate(date.getUTCDate() + d);
    const iso = date.toISOString().slice(0, 10);
    const n = 5 + Math.floor(r() * 3);
    for (let i = 0; i < n; i++) {
      const [t, ins] = teachers[Math.floor(r() * teachers.length)];
      const m = [30, 45, 60][Math.floor(r() * 3)];
      lines.push([iso, pupils[Math.floor(r() * pupils.length)], t, ins, m, fee[m].toFixed(2)].join(','));
    }
  }
  return lines.join('\n') + '\n';
}
writeFileSync(new URL('../files/lesson-log-wk07.csv', import.meta.url), make('2027-02-15', 77));
writeFileSync(new URL('../files/lesson-log-wk08.csv', import.meta.url), make('2027-02-22', 88));
