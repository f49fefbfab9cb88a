const MON = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DOW = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
export function fmtDate(iso) {
  if (!iso) return '';
  const [y, m, d] = iso.split('-').map(Number);
  return `${d} ${MON[m - 1]} ${y}`;
}
export function fmtLong(iso) {
  if (!iso) return '';
  const dt = new Date(iso + 'T00:00:00Z');
  return `${DOW[dt.getUTCDay()]} ${fmtDate(iso)}`;
}
export function shortWeek(iso) {
  const [, m, d] = iso.split('-').map(Number);
  return `${d} ${MON[m - 1]}`;
}
export async function api(path, opts = {}) {
  const res = await fetch(path, { headers: { 'Content-Type': 'application/json' }, ...opts });
  const body = res.headers.get('content-type')?.includes('json') ? await res.json() : null;
  if (!res.ok) throw new Error((body && body.error) || `Request failed (${res.status})`);
  return body;
}
