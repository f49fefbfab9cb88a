// Deterministic seed data for Lockside Narrowboat Hire (all names invented).
export const TODAY = '2026-06-17';

function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a |= 0; a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = (r, arr) => arr[Math.floor(r() * arr.length)];

export const BASES = ['Braunston', 'Stoke Bruerne', 'Gayton', 'Market Harborough'];
export const STATUSES = ['Provisional', 'Confirmed', 'Checked in', 'Returned', 'Cancelled'];
export const BOATS = [
  'Kingfisher', 'Kingfisher Lady', 'Kingfisher II', 'Lady Kingfisher', 'Kestrel', 'Heron', 'Grey Heron',
  'Otter', 'Moorhen', 'Dabchick', 'Willow', 'Willow Wren', 'Bittern', 'Coot', 'Mallard', 'Mayfly',
  'Damselfly', 'Dragonfly', 'Water Vole', 'Swallow', 'Sand Martin', 'Wagtail', 'Grebe', 'Teal',
];
const SURNAMES = ['Ashworth', 'Brennan', 'Calloway', 'Dunmore', 'Ellery', 'Fairbrother', 'Garside', 'Hollins',
  'Ingleby', 'Jessop', 'Kershaw', 'Lomax', 'Marchbank', 'Nuttall', 'Ormerod', 'Pendlebury', 'Quayle', 'Rushworth',
  'Sowerby', 'Thackray', 'Underwood', 'Varley', 'Wainwright', 'Yeadon', 'Okafor', 'Achterberg', 'Bhandari', 'Castellano'];
const FIRST = ['Alice', 'Ben', 'Chloe', 'Dev', 'Emma', 'Farid', 'Grace', 'Harry', 'Isla', 'Jonah', 'Kate', 'Liam',
  'Maya', 'Noah', 'Olive', 'Priya', 'Rory', 'Sofia', 'Tom', 'Uma', 'Victor', 'Wren', 'Yusuf', 'Zara'];
const FUEL = ['Pay on return', 'Prepaid 50 L', 'Prepaid 100 L'];
const ROUTES = ['Leicester Ring', 'Warwickshire Ring', 'Grand Union south', 'Oxford canal', 'Foxton & back', 'Stoke flight & back'];

function addDays(iso, n) {
  const d = new Date(iso + 'T00:00:00Z'); d.setUTCDate(d.getUTCDate() + n); return d.toISOString().slice(0, 10);
}

export function makeBookings() {
  const r = rng(2501);
  const rows = [];
  for (let i = 0; i < 320; i++) {
    const surname = pick(r, SURNAMES);
    const first = pick(r, FIRST);
    const base = pick(r, BASES);
    const start = addDays('2026-05-02', Math.floor(r() * 90));
    const nights = pick(r, [3, 4, 7, 7, 10, 14]);
    const party = 2 + Math.floor(r() * 7);
    const price = 90 * nights + party * 25;
    rows.push({
      id: i + 1,
      ref: 'LH-' + (26100 + i * 3),
      surname, first, base,
      boat: pick(r, BOATS),
      start, nights, party,
      status: start < '2026-06-17' ? pick(r, ['Returned', 'Returned', 'Checked in', 'Cancelled']) : pick(r, ['Provisional', 'Confirmed', 'Confirmed']),
      notes: pick(r, ['', '', '', 'First-time hirers', 'Bringing bikes', 'Needs tuition', 'Repeat customer']),
      phone: '07700 9' + String(Math.floor(r() * 100000)).padStart(5, '0'),
      email: (first + '.' + surname).toLowerCase() + '@example.net',
      pets: r() < 0.3 ? 'Dog' : 'None',
      price, deposit: Math.round(price * 0.25),
      balance: Math.round(price * 0.75),
      fuel: pick(r, FUEL),
      waiver: r() < 0.6 ? 'Yes' : 'No',
      route: pick(r, ROUTES),
      licence: 'CRT-' + (500000 + Math.floor(r() * 400000)),
      keySafe: String(1000 + Math.floor(r() * 9000)),
    });
  }
  // Look-alike Whitlock hires (the target is id 188).
  const w = (idx, first, base, start, keySafe, status = 'Provisional') => Object.assign(rows[idx], {
    surname: 'Whitlock', first, base, start, keySafe, status, notes: '', email: first.toLowerCase() + '.whitlock@example.net',
  });
  w(41, 'Marion', 'Gayton', '2026-06-20', '6150');
  w(96, 'Marion', 'Braunston', '2026-07-04', '3318');
  w(187, 'Marion', 'Braunston', '2026-06-20', '7294');
  w(233, 'Peter', 'Stoke Bruerne', '2026-06-20', '5083', 'Confirmed');
  w(270, 'Peter', 'Braunston', '2026-06-27', '9461');
  return rows;
}

export const HANDOVER_HTML = `<h2>Skipper handover notes — summer 2026</h2>
<p>Every hirer gets a full handover before leaving the yard. Allow forty minutes for first-time crews.</p>
<p>Boats returning to Braunston must be moored on the service pontoon by 9am.</p>
<p>Boats returning to Gayton must be moored on the service pontoon by 10am.</p>
<p>Boats returning to Stoke Bruerne must be moored on the service pontoon by 10am.</p>
<p>Boats returning to Market Harborough must be moored on the service pontoon by 9am.</p>
<p>Give every skipper the card with the emergency breakdown line and the yard office number.</p>
<p>Hirers must never leave a boat in a lock unattended.</p>
<p>Check the stoppage notices before agreeing a route with the hirer.</p>
<p>Fuel is dipped on return and charged at the posted rate unless a prepaid plan was bought.</p>`;

export function makeMaintenance() {
  const c = (id, title, boat, column, reportedBy) => ({ id, title, boat, column, reportedBy });
  return [
    c(1, 'Bilge pump not cycling', 'Kingfisher', 'reported', 'Jessop'),
    c(2, 'Bilge pump not cycling', 'Kingfisher Lady', 'reported', 'Varley'),
    c(3, 'Bilge pump not cycling', 'Kestrel', 'done', 'Lomax'),
    c(4, 'Tiller pin missing', 'Heron', 'reported', 'Kershaw'),
    c(5, 'Cabin light flickers', 'Kingfisher Lady', 'scheduled', 'Jessop'),
    c(6, 'Gas locker seal perished', 'Otter', 'reported', 'Nuttall'),
    c(7, 'Bilge pump not cycling', 'Lady Kingfisher', 'in_progress', 'Varley'),
    c(8, 'Water pump noisy', 'Moorhen', 'scheduled', 'Lomax'),
    c(9, 'Stern gland dripping', 'Willow Wren', 'in_progress', 'Kershaw'),
    c(10, 'Fender rope frayed', 'Mallard', 'done', 'Nuttall'),
    c(11, 'Toilet cassette cracked', 'Dabchick', 'reported', 'Jessop'),
    c(12, 'Horn not working', 'Kingfisher II', 'reported', 'Varley'),
    c(13, 'Battery bank low', 'Grebe', 'scheduled', 'Lomax'),
    c(14, 'Window seal leaking', 'Teal', 'done', 'Kershaw'),
  ];
}
export const COLUMNS = [
  { id: 'reported', title: 'Reported' },
  { id: 'scheduled', title: 'Scheduled' },
  { id: 'in_progress', title: 'In progress' },
  { id: 'done', title: 'Done' },
];

// Weekly hire nights per base, ISO weeks 14-25.
export function makeWeekly() {
  const r = rng(77);
  const weeks = [];
  for (let wk = 14; wk <= 25; wk++) {
    const row = { week: wk };
    for (const b of BASES) row[b] = 20 + Math.floor(r() * 30);
    weeks.push(row);
  }
  // make week 21 close between bases
  Object.assign(weeks[7], { Braunston: 41, 'Stoke Bruerne': 39, Gayton: 43, 'Market Harborough': 38 });
  Object.assign(weeks[6], { Gayton: 34 });
  Object.assign(weeks[8], { Gayton: 46 });
  return weeks;
}

export const CLOSED_DAYS = [
  { date: '2026-06-22', reason: 'Yard closed: staff safety training' },
  { date: '2026-06-23', reason: 'Yard closed: staff safety training' },
  { date: '2026-07-03', reason: 'Yard closed: crane inspection' },
  { date: '2026-08-31', reason: 'Bank holiday' },
];
export const SLOTS = ['08:30', '09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '13:30', '14:00', '14:30', '15:00', '15:30'];

export function makeHirers() {
  const r = rng(909);
  const towns = ['Leicester', 'Northampton', 'Rugby', 'Coventry', 'Daventry', 'Milton Keynes', 'Banbury', 'Kettering'];
  const list = [];
  for (let i = 0; i < 84; i++) {
    const first = pick(r, FIRST), last = pick(r, SURNAMES);
    list.push({
      id: 300 + i,
      name: `${first} ${last}`,
      town: pick(r, towns),
      email: `${first}.${last}${i}`.toLowerCase() + '@example.org',
      hires: 1 + Math.floor(r() * 9),
      since: 2012 + Math.floor(r() * 14),
    });
  }
  Object.assign(list[23], { name: 'Daniel Okafor', town: 'Leicester', email: 'd.okafor@example.org', hires: 4, since: 2019 });
  Object.assign(list[58], { name: 'Daniel Okafor', town: 'Northampton', email: 'daniel.okafor@example.com', hires: 2, since: 2023 });
  Object.assign(list[40], { name: 'Danielle Okafor', town: 'Northampton', email: 'danielle.ok@example.org', hires: 1, since: 2025 });
  list.sort((a, b) => a.name.split(' ').reverse().join(' ').localeCompare(b.name.split(' ').reverse().join(' ')));
  return list;
}

export function seed() {
  return {
    bookings: makeBookings(),
    document: { id: 'handover', title: 'Skipper handover notes', html: HANDOVER_HTML, updatedAt: '2026-06-10T09:12:00Z' },
    maintenance: makeMaintenance(),
    fuelLogs: [],
    weekly: makeWeekly(),
    returns: [],
    visits: [
      { ref: 'EV-4101', boat: 'Heron', date: '2026-06-18', time: '09:00', note: 'Annual gas check' },
    ],
    hirers: makeHirers(),
  };
}
