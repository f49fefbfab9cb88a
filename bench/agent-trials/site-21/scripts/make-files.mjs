// Regenerates the two SCADA export files in files/ (deterministic).
import { writeFileSync } from 'node:fs';
function rng(seed) { let a = seed >>> 0; return () => { a = (a + 0x6d2b79f5) >>> 0; let t = a; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; }; }
function make(turbine, seed, faults) {
  const r = rng(seed);
  const lines = ['timestamp,turbine,wind_speed_ms,power_kw,energy_kwh,status_code'];
  let i = 0;
  for (let day = 1; day <= 31; day++) for (const h of [0, 6, 12, 18]) {
    const ws = +(3 + r() * 11).toFixed(1);
    const fault = faults.includes(i);
    const kw = fault ? 0 : Math.min(2300, Math.round(Math.max(0, ws - 3) ** 3 * 2.4));
    const kwh = +(kw * 6 * (0.9 + r() * 0.1)).toFixed(1);
    lines.push(`2026-03-${String(day).padStart(2, '0')}T${String(h).padStart(2, '0')}:00:00Z,${turbine},${ws},${kw},${fault ? '0.0' : kwh},${fault ? 'E' + (300 + (i % 7)) : '0'}`);
    i++;
  }
  return lines.join('\n') + '\n';
}
writeFileSync(new URL('../files/scada-export-CM-14-2026-03.csv', import.meta.url), make('CM-14', 1403, [17, 58, 59, 101]));
writeFileSync(new URL('../files/scada-export-CM-41-2026-03.csv', import.meta.url), make('CM-41', 4103, [12, 77]));
