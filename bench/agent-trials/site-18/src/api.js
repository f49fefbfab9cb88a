export async function api(path, opts = {}) {
  const init = { method: opts.method || 'GET', headers: {} };
  if (opts.body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(opts.body);
  }
  const res = await fetch(path, init);
  let data = null;
  try { data = await res.json(); } catch { /* empty */ }
  if (!res.ok) throw new Error((data && data.error) || `Request failed (${res.status})`);
  return data;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
export function fmtDate(iso, withDay = false) {
  if (!iso) return '';
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  const dow = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return `${withDay ? DAYS[dow] + ' ' : ''}${d} ${MONTHS[m - 1]} ${y}`;
}
export const TODAY = '2027-04-13';
export const CENTRES = [
  { id: 'AFM', name: 'Ashford Mill' },
  { id: 'AWY', name: 'Ashworth Yard' },
  { id: 'KST', name: 'Kelso Street' },
  { id: 'KLQ', name: 'Kelsall Quay' },
];
export const centreName = (id) => (CENTRES.find((c) => c.id === id) || {}).name || id;
