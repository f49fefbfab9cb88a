// Deterministic seed data for the Spokes depot back office. All names invented.
export const TODAY = '2025-06-11';

function rng(seed) {
  return function () {
    seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = (r, a) => a[Math.floor(r() * a.length)];
const pad = (n, w = 2) => String(n).padStart(w, '0');
const isoDay = (d) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

export const STATIONS = ['Harbour Street', 'Harbour Road', 'Mill Lane', 'Canal Basin', 'Station Square', 'Market Hill', 'Riverside Park'];
export const STATUSES = ['Available', 'In service', 'In workshop', 'Awaiting parts', 'Retired', 'Missing'];
const MODELS = ['Ridgeway E2', 'Ridgeway E3', 'Townsman 7', 'Townsman 3', 'Cargo Lite', 'Commuter S'];
const COLOURS = ['Teal', 'Graphite', 'Signal orange', 'Slate blue', 'Cream'];
const MECHS = ['Okafor', 'Lindqvist', 'Brannigan', 'Mistry', 'Okafor', 'Delacroix', 'Hale'];
const SUPPLIERS = ['Northwheel Ltd', 'Velotrade GmbH', 'Cogsmith & Sons', 'Urban Cycle Supply'];
const TYRES = ['Good', 'Worn', 'Replace soon', 'New'];
const LOCKS = ['Smart lock v2', 'Smart lock v3', 'Cable + dock'];

function makeFleet() {
  const r = rng(2807);
  const rows = [];
  for (let i = 0; i < 320; i++) {
    const svc = new Date(Date.UTC(2025, 0, 6) + Math.floor(r() * 150) * 86400000);
    const bought = new Date(Date.UTC(2020, 0, 1) + Math.floor(r() * 1700) * 86400000);
    const warranty = new Date(bought.getTime() + 3 * 365 * 86400000);
    rows.push({
      id: `B-${1001 + i}`,
      frame: `FR${pad(Math.floor(r() * 900000) + 100000, 6)}`,
      model: pick(r, MODELS),
      colour: pick(r, COLOURS),
      station: pick(r, STATIONS),
      status: pick(r, ['Available', 'Available', 'Available', 'In service', 'In workshop', 'Awaiting parts']),
      mechanic: pick(r, MECHS),
      lastService: isoDay(svc),
      odometer: Math.floor(r() * 9000) + 300,
      battery: Math.floor(r() * 70) + 30,
      tyres: pick(r, TYRES),
      brakePads: pick(r, ['OK', 'OK', 'Worn', 'Replace']),
      lock: pick(r, LOCKS),
      firmware: `4.${Math.floor(r() * 4)}.${Math.floor(r() * 9)}`,
      purchased: isoDay(bought),
      supplier: pick(r, SUPPLIERS),
      warrantyUntil: isoDay(warranty),
      policy: `POL-${pad(Math.floor(r() * 90000) + 10000, 5)}`,
      note: '',
      assetTag: `AT-${pad(Math.floor(r() * 90000) + 10000, 5)}-${'ABCDEFGHJKLMNPQRSTUVWXYZ'[Math.floor(r() * 24)]}`,
    });
  }
  // Remove accidental collisions with the target description.
  for (const b of rows) if (b.model === 'Ridgeway E2' && b.station === 'Canal Basin') b.station = 'Market Hill';
  // Target and look-alikes.
  const set = (idx, o) => Object.assign(rows[idx], o);
  set(57, { model: 'Ridgeway E2', station: 'Canal Basin', lastService: '2025-03-14', status: 'Available' });
  set(142, { model: 'Ridgeway E2', station: 'Canal Basin', lastService: '2025-04-03', status: 'In service' });
  set(203, { model: 'Ridgeway E2', station: 'Canal Basin', lastService: '2025-03-04', status: 'Available', assetTag: 'AT-48213-K' }); // target
  set(248, { model: 'Ridgeway E2', station: 'Mill Lane', lastService: '2025-03-04', status: 'Available' });
  set(266, { model: 'Ridgeway E3', station: 'Canal Basin', lastService: '2025-03-04', status: 'Available' });
  return rows;
}

const NOTICE = `<h2>Depot notice: late returns</h2>
<p>Bikes returned to Harbour Road after 22:00 must be docked at bay 4. Bikes returned to Harbour Street after 22:00 must be docked at bay 4. Bikes returned to Mill Lane after 22:00 must be docked at bay 4.</p>
<p>Staff keys are only issued at the front desk. Helmets are cleaned every evening and returned to the rack by 07:00.</p>
<p>For anything else, see the rider handbook or ask the duty supervisor.</p>`;

function makeBoard() {
  const cols = [
    { id: 'reported', title: 'Reported' },
    { id: 'diagnosing', title: 'Diagnosing' },
    { id: 'parts', title: 'Awaiting parts' },
    { id: 'ready', title: 'Ready to redeploy' },
  ];
  const cards = [
    ['T-301', 'reported', 'B-2271', 'Chain slipping', 'Mill Lane'],
    ['T-302', 'reported', 'B-2217', 'Chain slipping', 'Harbour Street'],
    ['T-303', 'reported', 'B-1188', 'Front light flickers', 'Canal Basin'],
    ['T-304', 'reported', 'B-2217', 'Bell missing', 'Harbour Street'],
    ['T-305', 'diagnosing', 'B-2217', 'Chain guard loose', 'Harbour Street'],
    ['T-306', 'diagnosing', 'B-1450', 'Battery not charging', 'Station Square'],
    ['T-307', 'diagnosing', 'B-2712', 'Chain slipping', 'Market Hill'],
    ['T-308', 'parts', 'B-1302', 'Rear derailleur bent', 'Riverside Park'],
    ['T-309', 'parts', 'B-1921', 'Cracked mudguard', 'Mill Lane'],
    ['T-310', 'ready', 'B-1077', 'Puncture, rear', 'Harbour Road'],
    ['T-311', 'ready', 'B-1640', 'Saddle clamp replaced', 'Canal Basin'],
  ].map(([id, col, bike, issue, station]) => ({ id, col, bike, issue, station }));
  return { cols, cards };
}

function makeUsage() {
  const r = rng(991);
  const days = [];
  for (let i = 0; i < 14; i++) days.push(isoDay(new Date(Date.UTC(2025, 4, 29) + i * 86400000)));
  const series = {};
  for (const [name, base] of [['Harbour Street', 180], ['Mill Lane', 170], ['Canal Basin', 120]]) {
    series[name] = days.map((d) => base + Math.floor(r() * 60) - 20);
  }
  series['Mill Lane'][7] = 187;      // 2025-06-05 target
  series['Harbour Street'][7] = 178; // same day, other series
  series['Mill Lane'][6] = 192;      // day before
  return { days, series };
}

function makeMembers() {
  const r = rng(4242);
  const first = ['Ada', 'Bilal', 'Carys', 'Dmitri', 'Efua', 'Finn', 'Greta', 'Hamish', 'Ines', 'Jonah', 'Keira', 'Luca', 'Maren', 'Nadia', 'Osian', 'Pippa', 'Quinn', 'Rosa', 'Soren', 'Tamsin', 'Ulla', 'Vikram', 'Wren', 'Yusuf', 'Zara'];
  const last = ['Ashdown', 'Bellamy', 'Corrigan', 'Dunmore', 'Ekwueme', 'Fairclough', 'Gallo', 'Harker', 'Iverson', 'Jaworski', 'Kettle', 'Loughran', 'Mbeki', 'Norling', 'Ostrova', 'Penhaligon', 'Quarrie', 'Rasmussen', 'Stroud', 'Thackeray'];
  const list = [];
  const used = new Set();
  let n = 2001;
  const reserved = new Set([2041, 2187, 2230, 3302, 3320, 3341]);
  while (list.length < 130) {
    while (reserved.has(n)) n++;
    const name = `${pick(r, first)} ${pick(r, last)}`;
    if (used.has(name)) continue;
    used.add(name);
    list.push({ id: `M-${n}`, name, station: pick(r, STATIONS), plan: pick(r, ['Annual', 'Monthly', 'Student', 'Corporate']), since: `${2019 + Math.floor(r() * 6)}-${pad(1 + Math.floor(r() * 12))}`, email: '' });
    n += 1 + Math.floor(r() * 3);
  }
  list.splice(33, 0, { id: 'M-2041', name: 'Alex Morgan', station: 'Mill Lane', plan: 'Annual', since: '2021-04', email: '' });
  list.splice(71, 0, { id: 'M-2187', name: 'Alex Morgan', station: 'Canal Basin', plan: 'Monthly', since: '2023-09', email: '' }); // target
  list.splice(90, 0, { id: 'M-2230', name: 'Alexa Morgan', station: 'Canal Basin', plan: 'Student', since: '2024-01', email: '' });
  list.splice(12, 0, { id: 'M-3302', name: 'Priya Natarajan', station: 'Harbour Street', plan: 'Annual', since: '2020-06', email: '' });
  list.splice(48, 0, { id: 'M-3320', name: 'Priya Natarajan', station: 'Mill Lane', plan: 'Corporate', since: '2022-11', email: '' }); // booking target
  list.splice(101, 0, { id: 'M-3341', name: 'Priya Nataraj', station: 'Mill Lane', plan: 'Monthly', since: '2024-03', email: '' });
  for (const m of list) m.email = m.name.toLowerCase().replace(/[^a-z]+/g, '.') + '.' + m.id.slice(2) + '@mail.example';
  list.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  return list;
}

export const CLOSED_DAYS = { '2025-06-16': 'Depot stocktake', '2025-06-17': 'Staff training day', '2025-06-27': 'Bank holiday cover' };
export const SLOTS = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00'];
export const SERVICES = ['Bike fitting', 'Membership card replacement', 'E-bike induction', 'Damage inspection'];

export function seed() {
  return {
    fleet: makeFleet(),
    notice: { id: 'late-returns', title: 'Depot notice: late returns', html: NOTICE, updated: '2025-06-02' },
    board: makeBoard(),
    usage: makeUsage(),
    members: makeMembers(),
    imports: [],
    bookings: [
      { ref: 'BK-7710', memberId: 'M-2230', service: 'E-bike induction', date: '2025-06-12', time: '10:00', note: '' },
    ],
    counters: { wo: 4180, imp: 311, bk: 7741 },
  };
}
