export async function getJson(u) { const r = await fetch(u); const j = await r.json(); if (!r.ok) throw new Error(j.error || r.status); return j; }
export async function postJson(u, b) {
  const r = await fetch(u, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b || {}) });
  const j = await r.json(); if (!r.ok) throw new Error(j.error || r.status); return j;
}
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const parts = (iso) => { const d = new Date(iso.slice(0, 10) + 'T12:00:00Z'); return [DAYS[d.getUTCDay()], d.getUTCDate(), MONTHS[d.getUTCMonth()], d.getUTCFullYear()]; };
export const longDate = (iso) => { const [w, d, m, y] = parts(iso); return `${w} ${d} ${m} ${y}`; };       // Friday 11 December 2026
export const shortDate = (iso) => { const [w, d, m, y] = parts(iso); return `${w.slice(0, 3)} ${d} ${m.slice(0, 3)} ${y}`; }; // Fri 11 Dec 2026
export const plainDate = (iso) => { const [, d, m, y] = parts(iso); return `${d} ${m} ${y}`; };          // 11 December 2026
export const time12 = (t) => { const [h, m] = t.split(':').map(Number); return `${h % 12 || 12}.${String(m).padStart(2, '0')}${h < 12 ? 'am' : 'pm'}`; };
export const money = (v) => '£' + Number(v).toFixed(2);
