// Fixed, seeded data for trial-site-8 ("Kestrel Playhouse", box office back office).
export function rng(seed) { let s = seed >>> 0; return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 4294967296; }; }
export const TODAY = '2026-12-08';
export const USER = { name: 'Ruth Adebayo', role: 'Box office manager' };
export const VENUES = ['Kestrel Stage', 'Loft Studio'];
const p2 = (n) => String(n).padStart(2, '0');

// ---------------------------------------------------------------- patrons (grid)
const FIRST = ['Alan', 'Beth', 'Colin', 'Diane', 'Edward', 'Fiona', 'Gavin', 'Hazel', 'Ian', 'Jenny', 'Keith', 'Laura', 'Martin', 'Nora', 'Oliver', 'Pauline', 'Rachel', 'Simon', 'Tessa', 'Victor'];
const MALE = new Set(['Alan', 'Colin', 'Edward', 'Gavin', 'Ian', 'Keith', 'Martin', 'Oliver', 'Simon', 'Victor']);
const titleFor = (first, r) => (MALE.has(first) ? ['Mr', 'Mr', 'Dr'] : ['Mrs', 'Ms', 'Miss', 'Dr'])[Math.floor(r() * (MALE.has(first) ? 3 : 4))];
const SUR = ['Abbott', 'Barnes', 'Carver', 'Doyle', 'Ellis', 'Fraser', 'Gill', 'Hughes', 'Irwin', 'Jacobs', 'Kemp', 'Lowe', 'Mercer', 'Noble', 'Osei', 'Parry', 'Reid', 'Sutton', 'Thorne', 'Vance'];
const STREETS = ['Quay Street', 'Harbour Road', 'Chapel Lane', 'Fore Street', 'Market Place', 'Castle Hill', 'Wharf Row', 'Station Road', 'Gull Close', 'North Parade'];
const TOWNS = [['Portlow', 'PL9'], ['Porthlow', 'PW3'], ['Kestrelby', 'KB2'], ['Saltcombe', 'SC4'], ['Wenmouth', 'WN7']];
export const MEMBERSHIPS = ['None', 'Friend', 'Friend Plus', 'Patron', 'Corporate'];
export const PATRON_TARGET = { id: 'KP-10631', from: 'Friend', to: 'Friend Plus' };
export function makePatrons() {
  const r = rng(8001); const pick = (a) => a[Math.floor(r() * a.length)]; const out = [];
  for (let i = 0; i < 264; i++) {
    const town = pick(TOWNS); const first = pick(FIRST);
    out.push({
      id: 'KP-' + (10400 + i), title: titleFor(first, r), first, surname: pick(SUR), address: `${1 + Math.floor(r() * 48)} ${pick(STREETS)}`,
      town: town[0], postcode: `${town[1]} ${1 + Math.floor(r() * 9)}${pick(['AB', 'EF', 'HJ', 'NP', 'RT', 'WX'])}`,
      email: `${first.toLowerCase()}${Math.floor(r() * 900 + 100)}@example.org`, phone: '07' + String(Math.floor(r() * 1e9)).padStart(9, '0'),
      joined: `${2012 + Math.floor(r() * 14)}-${p2(1 + Math.floor(r() * 12))}-${p2(1 + Math.floor(r() * 28))}`,
      lastBooking: `2026-${p2(1 + Math.floor(r() * 11))}-${p2(1 + Math.floor(r() * 28))}`, bookings: 1 + Math.floor(r() * 40),
      spend: (20 + r() * 1800).toFixed(2), seating: pick(['Stalls', 'Circle', 'Aisle', 'Front row', 'No preference']),
      access: r() < 0.8 ? 'None' : pick(['Wheelchair user', 'Step-free seat', 'Hearing loop', 'Companion seat']),
      concession: pick(['None', 'None', 'Over 60', 'Student', 'Under 26']), giftAid: r() < 0.5 ? 'Yes' : 'No', emailOptIn: r() < 0.6 ? 'Yes' : 'No',
      postOptIn: r() < 0.3 ? 'Yes' : 'No', venue: pick(VENUES), source: pick(['Website', 'Phone', 'In person', 'Agent']),
      membership: pick(['None', 'None', 'None', 'Friend', 'Friend', 'Friend Plus', 'Patron']),
    });
  }
  const set = (id, o) => Object.assign(out.find((p) => p.id === id), { title: 'Mr', first: 'Daniel', surname: 'Asante', address: '7 Quay Street', town: 'Portlow', postcode: 'PL9 4RT', membership: 'Friend', ...o });
  set('KP-10447', { address: '17 Quay Street', postcode: 'PL9 4RW' });
  set('KP-10512', { first: 'David' });
  set('KP-10586', { town: 'Porthlow', postcode: 'PW3 2EF' });
  set(PATRON_TARGET.id, { joined: '2019-05-14', email: 'd.asante@example.org', venue: 'Kestrel Stage' });
  set('KP-10655', { surname: 'Assante' });
  set('KP-10602', { title: 'Dr', membership: 'Friend Plus', address: '7 Quay Street', town: 'Kestrelby', postcode: 'KB2 6HJ' });
  return out;
}

// ---------------------------------------------------------------- show pages (editor)
export const SHOW_PAGES = [
  { id: 'SP-30', title: "The Winter's Tale", venue: 'Kestrel Stage', updated: '2026-10-01', html: [
    "<p><strong>The Winter's Tale</strong> by William Shakespeare</p>", '<p>Kestrel Stage · 12 November – 28 November 2026</p>',
    '<p>A king consumed by jealousy, a lost daughter and a statue that breathes.</p>',
    '<p>Running time: approximately 2 hours 50 minutes, including one interval.</p>', '<p>Age guidance: 12+.</p>', '<p>Tickets £16–£42.</p>'].join('') },
  { id: 'SP-31', title: 'Hedda Gabler', venue: 'Loft Studio', updated: '2026-10-22', html: [
    '<p><strong>Hedda Gabler</strong> by Henrik Ibsen, in a new version by Mara Quist</p>', '<p>Loft Studio · 19 November – 19 December 2026</p>',
    '<p>Newly married and already bored, Hedda Tesman longs for a life she cannot have, and the return of an old flame sets a fatal course.</p>',
    '<p>Running time: approximately 2 hours 20 minutes, including one interval.</p>', '<p>Age guidance: 14+. Contains a scene of gun violence.</p>',
    '<p>Post-show talk: Thursday 26 November, after the evening performance (about 20 minutes).</p>', '<p>Tickets £18–£26. Concessions £2 off.</p>'].join('') },
  { id: 'SP-32', title: "Hedda Gabler – schools' matinees", venue: 'Loft Studio', updated: '2026-10-22', html: [
    "<p><strong>Hedda Gabler – schools' matinees</strong></p>", '<p>Loft Studio · 25 November and 2 December 2026 at 11.00am</p>',
    '<p>Running time: approximately 2 hours 20 minutes, including one interval.</p>', '<p>Teachers go free with every ten students.</p>'].join('') },
  { id: 'SP-33', title: 'A Christmas Carol', venue: 'Kestrel Stage', updated: '2026-11-03', html: [
    '<p><strong>A Christmas Carol</strong> by Charles Dickens, adapted by Tom Ferris</p>', '<p>Kestrel Stage · 4 December 2026 – 9 January 2027</p>',
    '<p>Running time: approximately 2 hours 10 minutes, including one interval.</p>', '<p>Age guidance: 6+.</p>'].join('') },
  { id: 'SP-34', title: 'The Snow Queen', venue: 'Loft Studio', updated: '2026-11-03', html: [
    '<p><strong>The Snow Queen</strong> – a show for families</p>', '<p>Loft Studio · 22 December 2026 – 10 January 2027</p>',
    '<p>Running time: approximately 1 hour 20 minutes, with no interval.</p>'].join('') },
];
export const SHOW_TARGET = 'SP-31';
export const SHOW_FROM = 'Running time: approximately 2 hours 20 minutes, including one interval.';
export const SHOW_TO = 'Running time: approximately 2 hours 35 minutes, including one interval.';

// ---------------------------------------------------------------- gift vouchers (toast)
export const VOUCHER_ORDERS = [
  ['WO-7688', '2026-11-27', 'Graham Lowe', 'Susan Lowe', 40, 'Post', true], ['WO-7694', '2026-11-29', 'Aisha Osei', 'Kwame Osei', 100, 'Email', false],
  ['WO-7698', '2026-11-30', 'Priya Shah', 'Anjali Shah', 50, 'Email', true], ['WO-7703', '2026-12-01', 'Helen Parry', 'Tom Parry', 30, 'Post', false],
  ['WO-7709', '2026-12-02', 'Marcus Reid', 'Jo Reid', 25, 'Email', false], ['WO-7715', '2026-12-02', 'Owen Thorne', 'Megan Thorne', 60, 'Email', true],
  ['WO-7719', '2026-12-03', 'Priya Shahi', 'Anjali Shahi', 50, 'Email', false], ['WO-7721', '2026-12-03', 'Priya Shah', 'Anjali Shah', 50, 'Email', false],
  ['WO-7722', '2026-12-03', 'Priya Shah', 'Rohan Shah', 25, 'Email', false], ['WO-7727', '2026-12-04', 'Beth Carver', 'Alan Carver', 75, 'Post', false],
  ['WO-7730', '2026-12-04', 'Priyanka Shah', 'Anjali Shah', 50, 'Post', false], ['WO-7736', '2026-12-05', 'Nora Fraser', 'Ian Fraser', 20, 'Email', false],
  ['WO-7741', '2026-12-06', 'Keith Barnes', 'Laura Barnes', 50, 'Email', false], ['WO-7748', '2026-12-07', 'Diane Ellis', 'Victor Ellis', 40, 'Post', false],
].map(([id, date, purchaser, recipient, value, delivery, issued]) => ({ id, date, purchaser, recipient, value, delivery, issued }));
export const VOUCHER_TARGET = 'WO-7721';

// ---------------------------------------------------------------- group bookings import (upload)
export const GROUP_FILES = { 'schools-carol-2026-12.csv': { seed: 2612, season: 2026, rows: 60 }, 'schools-carol-2025-12.csv': { seed: 2512, season: 2025, rows: 52 } };
export const UPLOAD_NAME = 'schools-carol-2026-12.csv';
export const GROUP_PRODUCTION = 'A Christmas Carol';

// ---------------------------------------------------------------- ticket sales (chart)
export function makeSales() {
  const r = rng(1126); const out = [];
  const add = (prod, venue, cap, base, from, to, slots) => {
    const series = { name: `${prod} (${venue})`, capacity: cap, points: [] };
    for (let d = from; d <= to; d++) {
      const dow = new Date(Date.UTC(2026, 10, d)).getUTCDay();
      for (const [days, time] of slots) if (days.includes(dow)) {
        const sold = Math.min(cap, Math.round(cap * (base + (dow === 5 || dow === 6 ? 0.12 : 0) + (d - from) * 0.006 + r() * 0.12 - (time < '17' ? 0.08 : 0))));
        series.points.push({ at: `2026-11-${p2(d)}T${time}`, sold });
      }
    }
    series.points.sort((a, b) => a.at.localeCompare(b.at)); out.push(series);
  };
  add("The Winter's Tale", 'Kestrel Stage', 640, 0.62, 12, 28, [[[2, 3, 4, 5, 6], '19:30'], [[4, 6], '14:30']]);
  add('Hedda Gabler', 'Loft Studio', 180, 0.6, 19, 30, [[[1, 3, 4, 5, 6], '19:45'], [[6], '15:00']]);
  return out;
}
export const SALES_Q = { series: "The Winter's Tale (Kestrel Stage)", at: '2026-11-21T14:30' };

// ---------------------------------------------------------------- access performances (date picker + multi-select)
export const ACCESS_PRODUCTIONS = ['A Christmas Carol', "A Christmas Carol – schools' performances", 'The Snow Queen', 'Hedda Gabler', 'Hamlet'];
export const ACCESS_TIMES = [['11:00', '11.00am'], ['14:30', '2.30pm'], ['15:00', '3.00pm'], ['19:30', '7.30pm'], ['19:45', '7.45pm']];
export const ACCESS_SERVICES = ['Audio description', 'Audio introduction only', 'BSL interpretation', 'BSL-interpreted post-show talk', 'Captioning', 'Captioning (smart glasses)',
  'Relaxed performance', 'Touch tour', 'Touch tour (schools)', 'Chill-out space'];
export const ACCESS_DEFAULT = ['Captioning'];
export const ACCESS_TARGET = { production: 'A Christmas Carol', date: '2027-01-09', time: '14:30', services: ['Audio description', 'BSL interpretation', 'Touch tour'] };
export const SEEDED_ACCESS = [
  { id: 'AP-301', production: 'A Christmas Carol', date: '2027-01-02', time: '14:30', services: ['Relaxed performance', 'Chill-out space'], seeded: true },
  { id: 'AP-302', production: 'A Christmas Carol', date: '2027-01-09', time: '19:30', services: ['Captioning'], seeded: true },
  { id: 'AP-303', production: 'The Snow Queen', date: '2027-01-09', time: '15:00', services: ['Audio description', 'Touch tour'], seeded: true },
];

// ---------------------------------------------------------------- bookings (confirm)
export const BOOKING_TARGET = 'BK-58214';
export function makeBookings() {
  const r = rng(5821); const pick = (a) => a[Math.floor(r() * a.length)]; const out = [];
  const used = new Set([BOOKING_TARGET, 'BK-58093', 'BK-58311', 'BK-58140', 'BK-58262', 'BK-58177']);
  const perfs = [['The Snow Queen', '2026-12-27', '11:00', 14], ['Hedda Gabler', '2026-12-09', '19:45', 24], ['Hedda Gabler', '2026-12-11', '19:45', 24], ['Hedda Gabler', '2026-12-12', '15:00', 22],
    ['Hedda Gabler', '2026-12-12', '19:45', 26], ['A Christmas Carol', '2026-12-11', '19:30', 30], ['A Christmas Carol', '2026-12-12', '14:30', 28], ['A Christmas Carol', '2026-12-19', '19:30', 30],
    ['The Snow Queen', '2026-12-23', '15:00', 14]];
  for (let i = 0; i < 150; i++) {
    const [production, date, time, price] = pick(perfs); const seats = 1 + Math.floor(r() * 4);
    let n = 58100 + i * 3 + Math.floor(r() * 3); while (used.has('BK-' + n)) n++; used.add('BK-' + n);
    out.push({ ref: 'BK-' + n, customer: ((f) => `${titleFor(f, r)} ${f} ${pick(SUR)}`)(pick(FIRST)), production, date, time, seats,
      total: (seats * price).toFixed(2), card: `${pick(['Visa', 'Mastercard', 'Amex'])} ending ${String(1000 + Math.floor(r() * 9000))}`,
      booked: `2026-${pick(['10', '11'])}-${p2(1 + Math.floor(r() * 28))}`, status: 'Confirmed' });
  }
  const add = (ref, o) => out.push({ ref, customer: 'Mrs Eleanor Marsh', production: 'Hedda Gabler', date: '2026-12-11', time: '19:45', seats: 2, total: '48.00', card: 'Visa ending 4417', booked: '2026-11-02', status: 'Confirmed', ...o });
  add(BOOKING_TARGET, {});
  add('BK-58093', { card: 'Visa ending 4471', booked: '2026-10-19' });
  add('BK-58311', { date: '2026-12-12', booked: '2026-11-09' });
  add('BK-58140', { production: 'A Christmas Carol', time: '19:30', total: '60.00', booked: '2026-10-30' });
  add('BK-58262', { customer: 'Mrs Eleanor Marshall', booked: '2026-11-05' });
  add('BK-58177', { date: '2026-12-11', time: '19:45', seats: 3, total: '72.00', status: 'Cancelled', booked: '2026-10-25' });
  return out.sort((a, b) => (a.date + a.time).localeCompare(b.date + b.time) || a.ref.localeCompare(b.ref));
}
