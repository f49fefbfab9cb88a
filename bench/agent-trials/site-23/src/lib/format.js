const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const LONG_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LONG_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function parts(iso) {
  const [y, m, d] = iso.split('-').map(Number);
  const dow = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return { y, m, d, dow };
}
export function shortDate(iso) {
  if (!iso) return '';
  const { y, m, d, dow } = parts(iso);
  return `${DAYS[dow]} ${d} ${MONTHS[m - 1]} ${y}`;
}
export function longDate(iso) {
  if (!iso) return '';
  const { y, m, d, dow } = parts(iso);
  return `${LONG_DAYS[dow]} ${d} ${LONG_MONTHS[m - 1]} ${y}`;
}
export function monthLabel(ym) {
  const [y, m] = ym.split('-').map(Number);
  return `${MONTHS[m - 1]} ${y}`;
}
export function longMonthLabel(ym) {
  const [y, m] = ym.split('-').map(Number);
  return `${LONG_MONTHS[m - 1]} ${y}`;
}
export function money(n) {
  return '£' + Number(n || 0).toLocaleString('en-GB');
}
export function bytes(n) {
  return n < 1024 ? `${n} bytes` : `${(n / 1024).toFixed(1)} KB`;
}
