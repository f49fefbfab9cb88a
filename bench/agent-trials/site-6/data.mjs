// Fixed, seeded data for trial-site-6 ("Brightwater Library Services"). Deterministic.
export function rng(seed) { let a = seed >>> 0; return () => { a = (a + 0x6d2b79f5) >>> 0; let t = a; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; }; }
const pick = (r, a) => a[Math.floor(r() * a.length)];
export const TODAY = '2026-12-06';
export const USER = { name: 'Jo Whitcombe', role: 'Library Services Officer', initials: 'JW' };

export const BRANCHES = [
  { id: 'BR-01', code: 'BWC', name: 'Brightwater Central Library', lon: -2.52, lat: 51.30 },
  { id: 'BR-02', code: 'CLH', name: 'Coldharbour Library', lon: -2.78, lat: 51.41 },
  { id: 'BR-03', code: 'HBS', name: 'Harbourside Library', lon: -2.40, lat: 51.47 },
  { id: 'BR-04', code: 'HBR', name: 'Harbour Road Library', lon: -2.33, lat: 51.44 },
  { id: 'BR-05', code: 'MEL', name: 'Marsh End Library', lon: -2.05, lat: 51.27 },
  { id: 'BR-06', code: 'MCL', name: 'Marshend Community Library', lon: -2.09, lat: 51.25 },
  { id: 'BR-07', code: 'MGL', name: 'Marsh Green Library', lon: -2.62, lat: 51.12 },
  { id: 'BR-08', code: 'UML', name: 'Upper Marsh Library', lon: -2.15, lat: 51.36 },
  { id: 'BR-09', code: 'WFL', name: 'Weirfield Library', lon: -2.88, lat: 51.22 },
  { id: 'BR-10', code: 'KST', name: 'Kestle Library', lon: -2.70, lat: 51.05 },
  { id: 'BR-11', code: 'PNL', name: 'Pennant Library', lon: -2.44, lat: 51.16 },
  { id: 'BR-12', code: 'SLT', name: 'Saltings Library', lon: -2.27, lat: 51.20 },
  { id: 'BR-13', code: 'FNB', name: 'Fennbury Library', lon: -2.95, lat: 51.37 },
  { id: 'BR-14', code: 'MLE', name: 'Marsh Lane East Library', lon: -2.20, lat: 51.09 },
];
export const CLOSURE_REASONS = ['Staff shortage', 'Building problem', 'Power cut', 'Severe weather', 'IT systems down'];
export const CLOSURE_TARGET = { branch: 'BR-05', reason: 'Building problem' };
// a fictional county outline and three districts (lon/lat), drawn by Highcharts Maps; no tiles
export const COUNTY = {
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', properties: { name: 'West Brightwater' }, geometry: { type: 'Polygon', coordinates: [[[-3.05, 51.0], [-2.55, 51.0], [-2.55, 51.55], [-2.8, 51.5], [-3.05, 51.42], [-3.05, 51.0]]] } },
    { type: 'Feature', properties: { name: 'Brightwater Harbour' }, geometry: { type: 'Polygon', coordinates: [[[-2.55, 51.25], [-2.2, 51.25], [-2.22, 51.53], [-2.4, 51.55], [-2.55, 51.55], [-2.55, 51.25]]] } },
    { type: 'Feature', properties: { name: 'The Marshes' }, geometry: { type: 'Polygon', coordinates: [[[-2.55, 51.0], [-1.95, 51.02], [-1.93, 51.3], [-2.05, 51.42], [-2.22, 51.53], [-2.2, 51.25], [-2.55, 51.25], [-2.55, 51.0]]] } },
  ],
};

// ---------------------------------------------------------------- patrons (grid)
const FIRST = ['Alan', 'Bethan', 'Carys', 'David', 'Eleri', 'Fiona', 'Gareth', 'Helen', 'Ian', 'Janet', 'Keith', 'Lowri', 'Martin', 'Nia', 'Owen', 'Paula', 'Rhys', 'Sian', 'Tom', 'Wendy', 'Yusuf', 'Amira', 'Brian', 'Dilys', 'Grace', 'Harold', 'Irene', 'Joan', 'Kevin', 'Linda'];
const SUR = ['Ashby', 'Bevan', 'Cole', 'Dawe', 'Evans', 'Foley', 'Gough', 'Hale', 'Isaac', 'Jenkins', 'Kemp', 'Lloyd', 'Morgan', 'Nash', 'Owens', 'Price', 'Quinn', 'Rowe', 'Stokes', 'Tucker', 'Vaughan', 'Watts', 'Yeo', 'Penrose', 'Penn', 'Pollard'];
const STREETS = ['Weir Street', 'Mill Lane', 'Harbour View', 'Church Road', 'Station Road', 'Marsh Road', 'Kestle Close', 'Quay Street', 'Orchard Way', 'Salt Lane', 'Fenn Avenue', 'Bridge Street'];
const TOWNS = ['Coldharbour', 'Brightwater', 'Harbourside', 'Marsh End', 'Weirfield', 'Kestle', 'Pennant', 'Saltings', 'Fennbury', 'Upper Marsh'];
const CATS = ['Adult', 'Adult', 'Adult', 'Senior', 'Senior', 'Junior', 'Teen', 'Concession'];
const CONTACT = ['Email', 'Email', 'Phone', 'Post', 'Text message'];
export const PATRON_TARGET = 'BW-118514';
export function makePatrons() {
  const r = rng(6061);
  const out = [];
  for (let i = 0; i < 286; i++) {
    const fn = pick(r, FIRST), sn = pick(r, SUR), town = pick(r, TOWNS);
    const y = 1935 + Math.floor(r() * 75), m = 1 + Math.floor(r() * 12), d = 1 + Math.floor(r() * 28);
    const p2 = (n) => String(n).padStart(2, '0');
    out.push({
      card: 'BW-' + (118200 + i * 1 + Math.floor(i / 3)), title: pick(r, fn.match(/^(Alan|David|Gareth|Ian|Keith|Martin|Owen|Rhys|Tom|Yusuf|Brian|Harold|Kevin)$/) ? ['Mr', 'Mr', 'Dr'] : ['Mrs', 'Ms', 'Miss']),
      firstName: fn, surname: sn, address: `${1 + Math.floor(r() * 90)} ${pick(r, STREETS)}`, town,
      postcode: `BW${1 + Math.floor(r() * 14)} ${1 + Math.floor(r() * 9)}${'ABDEFGHJLNPQRSTUWXYZ'[Math.floor(r() * 20)]}${'ABDEFGHJLNPQRSTUWXYZ'[Math.floor(r() * 20)]}`,
      phone: `01632 ${String(100000 + Math.floor(r() * 899999))}`, email: `${fn}.${sn}${Math.floor(r() * 90)}@example.org`.toLowerCase(),
      dob: `${y}-${p2(m)}-${p2(d)}`, homeBranch: pick(r, BRANCHES).name, joined: `${2005 + Math.floor(r() * 21)}-${p2(1 + Math.floor(r() * 12))}-${p2(1 + Math.floor(r() * 28))}`,
      category: pick(r, CATS), loans: Math.floor(r() * 12), holds: Math.floor(r() * 4), overdue: r() < 0.15 ? 1 + Math.floor(r() * 3) : 0,
      fines: r() < 0.2 ? +(r() * 8).toFixed(2) : 0, lastVisit: `2026-${p2(1 + Math.floor(r() * 11))}-${p2(1 + Math.floor(r() * 28))}`,
      contact: pick(r, CONTACT), largePrint: r() < 0.12, audio: r() < 0.08, homeDelivery: r() < 0.06,
    });
  }
  const put = (idx, o) => { const x = Object.assign(out[idx], o); x.email = `${x.firstName}.${x.surname}${idx % 90}@example.org`.toLowerCase(); };
  const base = { town: 'Coldharbour', category: 'Senior', homeBranch: 'Coldharbour Library' };
  put(41, { ...base, title: 'Mr', firstName: 'Idris', surname: 'Pennock', address: '17 Weir Street', homeDelivery: false });
  put(97, { ...base, title: 'Mr', firstName: 'Idris', surname: 'Pennick', address: '7 Weir Street', homeDelivery: false });
  put(158, { ...base, title: 'Mrs', firstName: 'Iris', surname: 'Pennock', address: '7 Weir Street', homeDelivery: true });
  put(202, { ...base, title: 'Mr', firstName: 'Idris', surname: 'Pennock', address: '7 Weir Street', town: 'Weirfield', homeBranch: 'Weirfield Library', homeDelivery: false });
  put(236, { ...base, title: 'Mr', firstName: 'Idris', surname: 'Pennock', address: '7 Weir Street', homeDelivery: false });
  put(251, { ...base, title: 'Mr', firstName: 'Ifor', surname: 'Pennock', address: '7 Weir Street', homeDelivery: false });
  return out;
}

// ---------------------------------------------------------------- notices (rich text)
const hours = (name, eve, nye) => `<div>${name}: Thursday 24 December 09:00 – ${eve}; closed 25 – 28 December; Thursday 31 December 09:00 – ${nye}; closed 1 January.</div>`;
export const NOTICES = [
  { id: 'N-401', title: 'Christmas and New Year opening hours 2026', audience: 'Public website', updated: '2026-11-20',
    html: '<div><strong>Christmas and New Year opening hours 2026</strong></div><div><br></div>'
      + hours('Brightwater Central Library', '17:00', '17:00') + hours('Coldharbour Library', '16:00', '16:00') + hours('Harbour Road Library', '16:00', '16:00')
      + hours('Harbourside Library', '16:00', '16:00') + hours('Harbourside Mobile Library', '16:00', '16:00') + hours('Marsh End Library', '16:00', '13:00')
      + '<div><br></div><div>Books can be returned to any branch. Loans due over the holiday have been extended to 5 January 2027.</div>' },
  { id: 'N-402', title: 'Christmas opening hours 2025 (archived)', audience: 'Public website', updated: '2025-12-01',
    html: '<div><strong>Christmas opening hours 2025</strong></div><div><br></div>' + hours('Harbourside Library', '16:00', '16:00') + hours('Harbour Road Library', '16:00', '16:00') },
  { id: 'N-403', title: 'Staff rota: Christmas and New Year 2026', audience: 'Staff intranet', updated: '2026-11-28',
    html: '<div><strong>Staff rota</strong></div><div>Harbourside Library: Thursday 24 December, two staff 09:00 – 16:00.</div><div>Coldharbour Library: one staff plus volunteer.</div>' },
  { id: 'N-404', title: 'Home Delivery service: winter update', audience: 'Public website', updated: '2026-10-02',
    html: '<div><strong>Home Delivery service</strong></div><div>Deliveries continue every fortnight through the winter. No deliveries between 24 December and 4 January.</div>' },
];
export const NOTICE_TARGET = 'N-401';
export const NOTICE_FROM = 'Harbourside Library: Thursday 24 December 09:00 – 16:00;';
export const NOTICE_TO = 'Harbourside Library: Thursday 24 December 09:00 – 13:00;';

// ---------------------------------------------------------------- stock-take (upload)
export const STOCK_BRANCHES = { MEL: { name: 'Marsh End Library', catalogue: 2140, seed: 501, missing: 37 }, MLE: { name: 'Marsh Lane East Library', catalogue: 2140, seed: 502, missing: 44 } };
export const UPLOAD_NAME = 'stocktake-MEL-2026-11.csv';
export const UPLOAD_LOOKALIKE = 'stocktake-MLE-2026-11.csv';

// ---------------------------------------------------------------- visits (chart)
export const VISIT_BRANCHES = ['Coldharbour Library', 'Harbourside Library', 'Harbour Road Library', 'Marsh End Library'];
export const VISIT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov'];
export function makeVisits() {
  const r = rng(777);
  const base = [6200, 9100, 8800, 4300];
  const series = VISIT_BRANCHES.map((name, b) => ({ name, values: VISIT_MONTHS.map((_, m) => Math.round(base[b] * (0.85 + 0.3 * r()) + (m === 7 ? 900 : 0))) }));
  return { year: 2026, months: VISIT_MONTHS, series };
}
export const VISIT_Q = { branch: 'Harbour Road Library', month: 'Sep' };

// ---------------------------------------------------------------- events (date picker + multi-select)
export const EVENT_TYPES = ['Rhyme Time', 'Rhyme Time (Welsh language)', 'Story Time', 'Lego Club', 'Reading Group', 'Digital Help Drop-in'];
export const EVENT_STAFF = ['Jo Whitcombe', 'Priya Anand', 'Priya Anand-Shah', 'Pria Anand', 'Owen Tresize', 'Owain Tresize', 'Owen Tresise', 'Mared Hughes', 'Mared Hughes-Jones', 'Mared Hughson', 'Tom Ashby', 'Carys Bevan', 'Dilys Rowe', 'Gareth Nash', 'Helen Quinn'];
export const SEEDED_EVENTS = [
  { id: 'EV-7001', branch: 'Harbourside Library', type: 'Rhyme Time', date: '2027-01-23', start: '10:30', end: '11:15', staff: ['Priya Anand', 'Owen Tresize'], seeded: true },
  { id: 'EV-7002', branch: 'Harbour Road Library', type: 'Rhyme Time', date: '2027-01-16', start: '10:30', end: '11:15', staff: ['Mared Hughes-Jones'], seeded: true },
  { id: 'EV-7003', branch: 'Harbourside Library', type: 'Story Time', date: '2027-01-16', start: '14:00', end: '15:00', staff: ['Carys Bevan'], seeded: true },
];
export const EVENT_TARGET = { branch: 'Harbourside Library', type: 'Rhyme Time', date: '2027-01-16', start: '10:30', end: '11:15', staff: ['Priya Anand', 'Owen Tresize', 'Mared Hughes'] };

// ---------------------------------------------------------------- items (new tab + confirm)
const TITLES = [['The Salt Path', 'Raynor Winn'], ['The Wild Silence', 'Raynor Winn'], ['Salt Paths of the Levels', 'Hugh Marten'], ['Landmarks', 'Robert Macfarlane'], ['The Old Ways', 'Robert Macfarlane'],
  ['Wolf Hall', 'Hilary Mantel'], ['Small Things Like These', 'Claire Keegan'], ['Shuggie Bain', 'Douglas Stuart'], ['The Secret History', 'Donna Tartt'], ['Rivers of London', 'Ben Aaronovitch'],
  ['Hamnet', "Maggie O'Farrell"], ['Atonement', 'Ian McEwan'], ['Hard Times', 'Charles Dickens'], ['The Marsh King', 'C. Walter Hodges']];
const STATUS = ['On shelf', 'On loan', 'On loan', 'In transit', 'On hold shelf'];
export const ITEM_TARGET = '31860004417';
export function makeItems() {
  const r = rng(909);
  const out = [];
  for (let i = 0; i < 64; i++) {
    const [title, author] = TITLES[i % TITLES.length];
    out.push({ barcode: String(31860004000 + i * 7 + Math.floor(r() * 5)), title, author, format: r() < 0.15 ? 'Large print' : 'Paperback',
      branch: pick(r, ['Harbourside Library', 'Harbour Road Library', 'Coldharbour Library', 'Marsh End Library', 'Brightwater Central Library']), status: pick(r, STATUS) });
  }
  const put = (i, o) => Object.assign(out[i], o);
  put(0, { title: 'The Salt Path', author: 'Raynor Winn', format: 'Large print', branch: 'Harbourside Library', status: 'Returned – damaged', barcode: '31860004002' });
  put(14, { title: 'The Salt Path', author: 'Raynor Winn', format: 'Paperback', branch: 'Harbour Road Library', status: 'Returned – damaged', barcode: '31860004418' });
  put(28, { title: 'The Salt Path', author: 'Raynor Winn', format: 'Paperback', branch: 'Harbourside Library', status: 'Returned – damaged', barcode: ITEM_TARGET });
  put(42, { title: 'The Salt Path', author: 'Raynor Winn', format: 'Paperback', branch: 'Harbourside Library', status: 'On loan', barcode: '31860004471' });
  put(2, { title: 'Salt Paths of the Levels', author: 'Hugh Marten', format: 'Paperback', branch: 'Harbourside Library', status: 'Returned – damaged' });
  return out;
}
export const RECORD_FIXED = {
  [ITEM_TARGET]: { shelfmark: '914.23 WIN', isbn: '9781405937184', acquired: '2019-03-14', price: '£9.99', supplier: 'Peters Library Service', lastIssued: '2026-11-02', issues: 41 },
  '31860004471': { shelfmark: '914.23 WIN', isbn: '9781405937184', acquired: '2021-07-09', price: '£9.99', supplier: 'Askews', lastIssued: '2026-11-25', issues: 23 },
  '31860004418': { shelfmark: '914.23 WIN', isbn: '9781405937184', acquired: '2018-10-22', price: '£9.99', supplier: 'Askews', lastIssued: '2026-10-30', issues: 52 },
};
export const ITEM_ANSWER = '14 March 2019';
