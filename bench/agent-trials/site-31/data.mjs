// Deterministic seed data for the Northgate City Sinfonia touring & venue-hire back office.
// Everything here is generated from a fixed PRNG seed, so every reset gives the same data.

export const TODAY = '2025-10-16'; // a Thursday

function mulberry32(a) {
  return function () {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function isoAdd(iso, days) {
  const d = new Date(iso + 'T12:00:00Z');
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------- tour legs (grid)
export const LEG_STATUSES = ['Pencilled', 'Confirmed', 'Loading', 'On hold', 'Cancelled'];

const PROGRAMMES = [
  'Autumn Brahms Tour',
  'Family Proms on the Road',
  'Mahler Five Residency',
  'Baroque by Candlelight',
  'Film Scores Live',
  'Young Soloists Showcase',
  'Elgar & Vaughan Williams',
  'Choral Christmas',
  'New Music Fortnight',
  'Beethoven Nine Finale',
  'Strings in the Abbey',
  'Opera Gala Highlights',
  'Schools Concert Series',
  'Dvořák New World Tour',
];
const CITIES = [
  ['Kelsall', 'Kelsall Corn Exchange'],
  ['Wrexford', 'Wrexford Guildhall'],
  ['Harrowgate', 'Harrowgate Civic Hall'],
  ['Dunmore', 'Dunmore Assembly Rooms'],
  ['Stanbridge', 'Stanbridge Minster'],
  ['Polperran', 'Polperran Pavilion'],
  ['Caistor', 'Caistor Town Hall'],
  ['Linfield', 'Linfield Arts Centre'],
  ['Brackwater', 'Brackwater Maltings'],
  ['Tolland', 'Tolland Cathedral'],
  ['Ashby Magna', 'Ashby Magna Playhouse'],
  ['Northgate', 'Northgate Hall'],
];
const TRUCKS = ['Truck 1 (NX24 KLT)', 'Truck 2 (NX71 RBD)', 'Hired 7.5t', 'Van only'];
const DRIVERS = ['Tomasz Brennan', 'Gail Ferreira', 'Owen Pritchard', 'Marta Lindqvist', 'Des Okonjo', 'Ruth Abernethy'];
const LEADS = ['Sam Achterberg', 'Ivy Mensah', 'Callum Reid', 'Noor Haddad', 'Fen Walsh', 'Jude Carrow', ''];
const HOTELS = ['Premier Inn', 'Travelodge', 'The Crown', 'Station Hotel', 'Ibis', 'Home (no hotel)'];
const PIANOS = ['Hall Steinway', 'Own Yamaha', 'None', 'Hire in'];

const LEG_TARGET_ID = 'TL-1187';

function makeLegs() {
  const rnd = mulberry32(31031);
  const pick = (arr) => arr[Math.floor(rnd() * arr.length)];
  const int = (a, b) => a + Math.floor(rnd() * (b - a + 1));
  const rows = [];
  const usedManifest = new Set(['MN-58214']);
  const manifest = () => {
    let m;
    do m = 'MN-' + int(40000, 69999);
    while (usedManifest.has(m));
    usedManifest.add(m);
    return m;
  };
  const base = (id, programme, city, venue, date) => ({
    id,
    programme,
    venue,
    city,
    date,
    status: pick(['Pencilled', 'Confirmed', 'Confirmed', 'Loading', 'On hold']),
    crewLead: pick(LEADS),
    truck: pick(TRUCKS),
    driver: pick(DRIVERS),
    loadIn: pick(['08:00', '09:00', '10:00', '11:30', '13:00']),
    downbeat: pick(['19:30', '19:00', '14:30', '11:00']),
    loadOut: pick(['22:15', '22:45', '23:00', '17:30', '13:30']),
    stands: int(20, 70),
    risers: int(0, 18),
    chairs: int(30, 90),
    celloChairs: int(4, 12),
    percCases: int(3, 22),
    harp: pick(['Yes', 'No', 'No']),
    piano: pick(PIANOS),
    pallets: int(2, 14),
    weightKg: int(900, 6800),
    mileage: int(12, 340),
    hotel: pick(HOTELS),
    perDiem: pick([0, 25, 32, 40]),
    insuranceRef: 'INS-' + int(100000, 999999),
    dock: 'D' + int(1, 6),
    contact: pick(['Ops desk', 'Venue manager', 'Promoter', 'Box office']),
    manifestNo: manifest(),
  });
  let n = 1001;
  let date = '2025-09-01';
  for (let i = 0; i < 300; i++) {
    if (rnd() < 0.6) date = isoAdd(date, 1);
    const [city, venue] = pick(CITIES);
    rows.push(base('TL-' + n++, pick(PROGRAMMES), city, venue, date));
  }
  // Look-alikes: the "Winter Sibelius Cycle" visits seven towns, plus a schools spin-off.
  const sib = [
    ['Kelsall', 'Kelsall Corn Exchange'],
    ['Harrowgate', 'Harrowgate Civic Hall'],
    ['Dunmore', 'Dunmore Assembly Rooms'],
    ['Wrexford', 'Wrexford Guildhall'],
    ['Stanbridge', 'Stanbridge Minster'],
    ['Caistor', 'Caistor Town Hall'],
    ['Linfield', 'Linfield Arts Centre'],
  ];
  const slots = [151, 163, 172, 186, 198, 214, 229];
  sib.forEach(([city, venue], k) => {
    const row = rows[slots[k]];
    Object.assign(row, { programme: 'Winter Sibelius Cycle', city, venue, status: 'Pencilled' });
  });
  // The near-identical title in the same town as the target
  Object.assign(rows[180], {
    programme: 'Winter Sibelius Cycle (schools)',
    city: 'Wrexford',
    venue: 'Wrexford Guildhall',
    status: 'Pencilled',
  });
  const target = rows.find((r) => r.id === LEG_TARGET_ID);
  if (!target || target.city !== 'Wrexford') throw new Error('leg target misplaced');
  target.crewLead = 'Callum Reid';
  target.manifestNo = 'MN-58214';
  return rows;
}

export const LEG_COLUMNS = [
  ['id', 'Leg'],
  ['programme', 'Programme'],
  ['venue', 'Venue'],
  ['city', 'Town'],
  ['date', 'Date'],
  ['status', 'Status'],
  ['crewLead', 'Crew lead'],
  ['truck', 'Truck'],
  ['driver', 'Driver'],
  ['loadIn', 'Load-in'],
  ['downbeat', 'Downbeat'],
  ['loadOut', 'Load-out'],
  ['stands', 'Stands'],
  ['risers', 'Risers'],
  ['chairs', 'Chairs'],
  ['celloChairs', 'Cello chairs'],
  ['percCases', 'Perc. cases'],
  ['harp', 'Harp'],
  ['piano', 'Piano'],
  ['pallets', 'Pallets'],
  ['weightKg', 'Weight (kg)'],
  ['mileage', 'Miles'],
  ['hotel', 'Hotel'],
  ['perDiem', 'Per diem (£)'],
  ['insuranceRef', 'Insurance ref'],
  ['dock', 'Dock'],
  ['contact', 'On-the-day contact'],
  ['manifestNo', 'Manifest no.'],
];

// ---------------------------------------------------------------- notice (rich text)
export const NOTICE_SEED = [
  '# Loading bay and stage door: notice to visiting promoters',
  '',
  'Please share this notice with your production manager before the get-in.',
  '',
  'Trucks must use the north gate on Harbour Road between 07:00 and 09:00 on weekdays.',
  '',
  'Trucks must use the north gate on Harbour Road between 08:00 and 10:00 on Saturdays.',
  '',
  'Trucks must use the north gate on Harbour Road between 10:00 and 12:00 on Sundays.',
  '',
  'There is no idling in the loading bay at any time; engines must be switched off once parked.',
  '',
  'All hires are subject to our hire terms, including the damage deposit.',
  '',
  'The stage door closes 30 minutes after the final downbeat.',
  '',
].join('\n');

// ---------------------------------------------------------------- load board (drag and drop)
export const BOARD_COLUMNS = [
  { id: 'staged', title: 'Staged at dock' },
  { id: 'truck1', title: 'Truck 1 (NX24 KLT)' },
  { id: 'truck2', title: 'Truck 2 (NX71 RBD)' },
  { id: 'held', title: 'Held back' },
];
const BOARD_CARDS = [
  ['c01', 'staged', 'Music stands ×40', 'crate S2'],
  ['c02', 'staged', 'Timpani set', 'crate P2'],
  ['c03', 'staged', 'Cello chairs ×12', 'crate C3'],
  ['c04', 'staged', 'Conductor podium', 'flight case F1'],
  ['c05', 'staged', 'Stand lights ×40', 'crate L1'],
  ['c06', 'staged', 'Bass drum & stand', 'crate P5'],
  ['c07', 'truck1', 'Timpani set', 'crate P3'],
  ['c08', 'truck1', 'Risers 2m ×8', 'stillage R1'],
  ['c09', 'truck1', 'Music stands ×40', 'crate S4'],
  ['c10', 'truck1', 'Harp (concert grand)', 'harp trunk H1'],
  ['c11', 'truck2', 'Double bass trunks ×4', 'trunks B1–B4'],
  ['c12', 'truck2', 'Tuned percussion', 'crate P4'],
  ['c13', 'truck2', 'Chairs ×60', 'dolly D2'],
  ['c14', 'held', 'Timpani covers', 'crate P2'],
  ['c15', 'held', 'Celeste', 'flight case F3'],
  ['c16', 'held', 'Spare risers 1m ×4', 'stillage R3'],
];
export const BOARD_TARGET = 'c02';

function boardRef(cardId, column) {
  let h = 2166136261;
  for (const ch of cardId + '>' + column) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let s = '';
  for (let i = 0; i < 5; i++) {
    s += alphabet[h % alphabet.length];
    h = Math.floor(h / alphabet.length) + (i + 7) * 131;
  }
  return 'LR-' + s;
}
export { boardRef };

// ---------------------------------------------------------------- chart
export const CHART_VENUES = ['Northgate Hall', 'Riverside Hall', 'Corn Exchange', "St Aldhelm's"];
export const CHART_MONTHS = ['2025-01', '2025-02', '2025-03', '2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09'];
export const CHART_DATA = {
  'Northgate Hall': [388, 402, 416, 431, 447, 452, 398, 376, 421],
  'Riverside Hall': [397, 413, 418, 419, 436, 441, 405, 388, 429],
  'Corn Exchange': [372, 409, 421, 414, 428, 446, 392, 369, 417],
  "St Aldhelm's": [301, 318, 327, 334, 352, 349, 311, 296, 338],
};
export const CHART_TARGET = { venue: 'Riverside Hall', month: '2025-03', chairs: 418 };

// ---------------------------------------------------------------- promoters & site visits
const PROMOTER_NAMES = [
  'Halden & Ross Promotions',
  'Halden Ross Promotions Ltd',
  'Hallden & Ross Productions',
  'Halden & Rossi Promotions',
  'Halden & Ross Events (Scotland)',
  'Ashgrove Live',
  'Bellwether Concerts',
  'Blue Lantern Touring',
  'Brightwater Music Ltd',
  'Cairn & Crest Productions',
  'Castleford Choral Society',
  'Clearwater Arts Trust',
  'Copperbeech Events',
  'Dunmore Festival Company',
  'Elm Street Promotions',
  'Fenwick Opera Productions',
  'Goldcrest Live',
  'Harbourlight Concerts',
  'Holloway Jazz Promotions',
  'Ironbridge Music Hall Co.',
  'Juniper Touring',
  'Kestrel Arts',
  'Larkspur Live',
  'Meridian Classical',
  'Northern Reed Ensemble',
  'Oakmoor Promotions',
  'Pennant Productions',
  'Quayside Gigs',
  'Redwing Concert Agency',
  'Saltmarsh Folk Club',
  'Silverbirch Events',
  'Thornfield Productions',
  'Upland Brass Promotions',
  'Valewood Music',
  'Westgate Youth Orchestra',
  'Yarrow & Finch Live',
];
export const PROMOTER_TARGET = 'PR-101';
export const BOOKING_CLOSED = {
  '2025-10-27': 'Hall closed: floor resurfacing',
  '2025-10-28': 'Hall closed: floor resurfacing',
  '2025-11-06': 'Hall closed: private hire',
  '2025-10-22': 'Hall closed: fire alarm testing',
};
export const BOOKING_TIMES = [];
for (let h = 9; h <= 16; h++) for (const m of ['00', '30']) BOOKING_TIMES.push(`${String(h).padStart(2, '0')}:${m}`);

// ---------------------------------------------------------------- hire-request CSV uploads
export const UPLOAD_COUNTS = { 2025: 47, 2024: 52 };

// ---------------------------------------------------------------- crew
const FIRST = ['Alys', 'Bram', 'Carys', 'Dev', 'Elif', 'Finn', 'Greta', 'Hamid', 'Iona', 'Jonah', 'Kezia', 'Luca', 'Maud', 'Nils', 'Orla', 'Pavel', 'Rhea', 'Sol', 'Tegan', 'Uma', 'Vik', 'Wren', 'Yusuf', 'Zara'];
const LAST = ['Abbott', 'Adeyemi', 'Baird', 'Castell', 'Dalgleish', 'Ekwueme', 'Farrant', 'Gough', 'Hale', 'Iqbal', 'Jarvis', 'Kowalczyk', 'Lumley', 'Moran', 'Nwosu', 'Orme', 'Pask', 'Quint', 'Rook', 'Sandoval', 'Tait', 'Ullah', 'Varga', 'Whitlock', 'Yates'];
const ROLES = ['Stage hand', 'HGV driver', 'Rigger', 'Lighting technician', 'Sound engineer', 'Stage manager', 'Orchestra porter', 'Wardrobe'];
export const CREW_TARGET = 'CR-0417';

function makeCrew() {
  const rnd = mulberry32(4917);
  const pick = (arr) => arr[Math.floor(rnd() * arr.length)];
  const people = [];
  const seen = new Set();
  let n = 400;
  while (people.length < 56) {
    const first = pick(FIRST);
    const last = pick(LAST);
    if (seen.has(first + last)) continue;
    seen.add(first + last);
    people.push({ id: 'CR-0' + n++, first, last, role: pick(ROLES), phone: '07700 9' + String(Math.floor(rnd() * 100000)).padStart(5, '0'), since: 2010 + Math.floor(rnd() * 15) });
  }
  const extra = [
    ['CR-0417', 'Tomasz', 'Brennan', 'HGV driver'],
    ['CR-0462', 'Tomasz', 'Brennan', 'Stage hand'],
    ['CR-0471', 'Tomas', 'Brennan', 'HGV driver'],
    ['CR-0478', 'Tomasz', 'Brannan', 'HGV driver'],
    ['CR-0483', 'Tomasz', 'Brennan-Hale', 'Rigger'],
    ['CR-0489', 'Hannah', 'Brennan', 'HGV driver'],
  ];
  for (const [id, first, last, role] of extra) {
    const existing = people.find((p) => p.id === id);
    const rec = { id, first, last, role, phone: '07700 9' + String(Math.floor(rnd() * 100000)).padStart(5, '0'), since: 2010 + Math.floor(rnd() * 15) };
    if (existing) Object.assign(existing, rec);
    else people.push(rec);
  }
  // make sure ids are unique
  const ids = new Set(people.map((p) => p.id));
  if (ids.size !== people.length) throw new Error('dup crew ids');
  return people;
}

export function seed() {
  const promoters = PROMOTER_NAMES.map((name, i) => ({ id: 'PR-' + (101 + i), name })).sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return {
    legs: makeLegs(),
    notice: { markdown: NOTICE_SEED, savedAt: null, saves: 0 },
    board: BOARD_CARDS.map(([id, column, title, crate], i) => ({ id, column, title, crate, order: i })),
    boardMoves: [],
    imports: [{ id: 'IMP-9', filename: 'hire-requests-2024.csv', count: UPLOAD_COUNTS[2024], season: '2024', at: '2024-10-03', seeded: true }],
    returns: [],
    promoters,
    visits: [],
    crew: makeCrew(),
    removedCrew: [],
  };
}

export { makeLegs, LEG_TARGET_ID, isoAdd };
