// Deterministic seed data for the Kestrel Vale Beekeepers' Cooperative back office.
// "Today" is Tuesday 16 June 2026. Everything here is generated from a fixed seed,
// so every call to seed() returns exactly the same data.

export const TODAY = '2026-06-16';
export const ORG = "Kestrel Vale Beekeepers' Cooperative";
export const CURRENT_USER = 'Morag Lindsay (secretary)';

function mulberry32(a) {
  return function () {
    a |= 0; a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Small stable string hash used for references (FNV-1a).
export function hash(str) {
  let h = 0x811c9dc5;
  for (let i = 0; i < str.length; i++) {
    h ^= str.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}
const REF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function refCode(prefix, key, len = 4) {
  let h = hash(key);
  let out = '';
  for (let i = 0; i < len; i++) {
    out += REF_ALPHABET[h % REF_ALPHABET.length];
    h = (Math.floor(h / REF_ALPHABET.length) ^ hash(out + key)) >>> 0;
  }
  return `${prefix}-${out}`;
}

export const APIARIES = [
  'Ferny Knowe', 'Hollins Lane', 'Hollins Lane North', 'Hollin Brae',
  'Tweedsmuir Glebe', 'Manse Orchard', 'Kestrel Vale Home',
];

// ---------------------------------------------------------------- hives (grid)
export const HIVE_STATUSES = ['Active', 'Watch', 'Queenless', 'Requeening', 'Combined', 'Dead-out'];
const INSPECTORS = ['ML', 'HD', 'AR', 'JK', 'SB', 'EW', 'PT', 'CF'];
const HIVE_TYPES = ['National', 'National', 'National', 'WBC', 'Langstroth', 'Commercial', 'Warré'];
const SOURCES = ['Swarm', 'Nuc', 'Split', 'Nuc', 'Split', 'Package'];
const LINES = ['Buckfast', 'Native black', 'Carniolan', 'Local cross', 'Local cross'];
const MARKS = { 2022: 'Red', 2023: 'Green', 2024: 'Blue', 2025: 'White', 2026: 'Yellow' };
const TREATMENTS = ['None', 'Oxalic (winter)', 'Apivar', 'Thymol', 'MAQS'];
const STORES = ['Light', 'Medium', 'Heavy'];
const NOTE_BITS = [
  '', '', '', '', 'Queen cells seen, removed', 'Short of space, super added', 'Calm on the frames',
  'Chalkbrood on two frames', 'Swarmed late May', 'Drone laying? re-check', 'Needs new floor',
  'Followed by guard bees', 'Feeding 2:1 syrup', 'Brood pattern patchy',
];

export const HIVE_TARGET_TAG = 'RF-20931';
const TAG_FIXED = {
  173: 'RF-20931', // the target (hive KV-0173)
  58: 'RF-20913',
  211: 'RF-29031',
  96: 'RF-20391',
  174: 'RF-20937',
  12: 'RF-02931',
};

function seedHives() {
  const rnd = mulberry32(36001);
  const pick = (arr) => arr[Math.floor(rnd() * arr.length)];
  const used = new Set(Object.values(TAG_FIXED));
  const hives = [];
  for (let i = 1; i <= 260; i++) {
    let tag = TAG_FIXED[i];
    while (!tag) {
      const n = 10000 + Math.floor(rnd() * 89999);
      const s = String(n);
      // keep accidental look-alikes of the target out of the random tags
      const digits = s.split('').sort().join('');
      if (digits === '01239' || s.startsWith('209') || s.startsWith('290')) continue;
      const t = `RF-${s}`;
      if (!used.has(t)) { used.add(t); tag = t; }
    }
    const apiary = APIARIES[(i * 7 + Math.floor(rnd() * 3)) % APIARIES.length];
    const qYear = 2022 + Math.floor(rnd() * 5);
    const marked = rnd() > 0.12;
    const d = 1 + Math.floor(rnd() * 15);
    let status = 'Active';
    const r = rnd();
    if (r > 0.93) status = 'Watch';
    else if (r > 0.91) status = 'Queenless';
    else if (r > 0.895) status = 'Requeening';
    else if (r > 0.885) status = 'Combined';
    else if (r > 0.875) status = 'Dead-out';
    hives.push({
      id: `KV-${String(i).padStart(4, '0')}`,
      apiary,
      stand: `${'ABCDEF'[Math.floor(rnd() * 6)]}${1 + Math.floor(rnd() * 8)}`,
      hiveType: pick(HIVE_TYPES),
      source: pick(SOURCES),
      queenYear: qYear,
      queenMark: marked ? MARKS[qYear] : 'Unmarked',
      queenLine: pick(LINES),
      temper: 1 + Math.floor(rnd() * 5),
      broodFrames: 4 + Math.floor(rnd() * 8),
      supers: Math.floor(rnd() * 4),
      lastInspected: `2026-06-${String(d).padStart(2, '0')}`,
      varroa: Math.round(rnd() * 180) / 10,
      treatment: pick(TREATMENTS),
      stores: pick(STORES),
      weightKg: Math.round((28 + rnd() * 40) * 10) / 10,
      inspector: pick(INSPECTORS),
      status,
      notes: pick(NOTE_BITS),
      tag,
    });
  }
  // make the target and its look-alikes plain, active colonies
  for (const idx of [173, 58, 211, 96, 174, 12]) {
    const h = hives[idx - 1];
    h.status = 'Active';
    h.notes = idx === 173 ? 'Calm on the frames' : h.notes;
  }
  hives[173 - 1].apiary = 'Hollin Brae';
  hives[174 - 1].apiary = 'Hollin Brae';
  hives[58 - 1].apiary = 'Hollins Lane';
  return hives;
}

// ---------------------------------------------------------------- notices (editor)
export const NOTICE_TARGET_ID = 'N-01';
const EXTRACTION_RULES_2026 = [
  '# Extraction room rules',
  '',
  'The honey house is open to paid-up members from 1 June to 30 September. Book your slot on the extraction calendar before you bring any supers in.',
  '',
  '- Wet supers must be returned to the store by Sunday evening.',
  '- Dry supers must be returned to the store by Sunday evening.',
  '- Wet supers must be returned to the shed by Sunday evening.',
  '',
  'Leave the extractor, uncapping tray and floor clean and dry. Buckets left in the room after your slot are stored at your own risk.',
  '',
  'Questions go to the equipment officer, Hamish Dalgleish.',
].join('\n');

const EXTRACTION_RULES_2025 = [
  '# Extraction room rules',
  '',
  'The honey house is open to paid-up members from 1 June to 30 September. Book your slot on the extraction calendar before you bring any supers in.',
  '',
  '- Wet supers must be returned to the store by Sunday evening.',
  '- Dry supers must be returned to the store by Sunday evening.',
  '',
  'Leave the extractor and floor clean. Buckets left in the room after your slot are stored at your own risk.',
].join('\n');

const SWARM_ROTA = [
  '# Swarm collection rota',
  '',
  'Swarm calls from the public come through the cooperative phone. The duty collector for each week is listed on the board in the honey house.',
  '',
  '- Take a nuc box, sheet and secateurs.',
  '- Never collect from chimneys or cavity walls.',
  '- Log every collection on the swarm sheet the same day.',
].join('\n');

function seedNotices() {
  return [
    { id: 'N-01', title: 'Extraction room rules', audience: 'All members', updated: '2026-05-30', status: 'Published', content: EXTRACTION_RULES_2026 },
    { id: 'N-02', title: 'Extraction room rules (2025 draft)', audience: 'Committee', updated: '2025-05-12', status: 'Draft', content: EXTRACTION_RULES_2025 },
    { id: 'N-03', title: 'Swarm collection rota', audience: 'Collectors', updated: '2026-04-21', status: 'Published', content: SWARM_ROTA },
  ];
}
export const NOTICE_ORIGINAL = EXTRACTION_RULES_2026;

// ---------------------------------------------------------------- batches (kanban)
export const BATCH_COLUMNS = [
  { id: 'supers-in', title: 'Supers in' },
  { id: 'extracting', title: 'Extracting' },
  { id: 'settling', title: 'Settling' },
  { id: 'jarring', title: 'Jarring' },
  { id: 'labelled', title: 'Labelled & stored' },
];
export const BATCH_TARGET = { id: 'B26-041', to: 'jarring' };
function seedBatches() {
  const b = (id, col, honey, apiary, frames, kg) => ({ id, column: col, honey, apiary, frames, kg });
  return [
    b('B26-052', 'supers-in', 'Lime', 'Manse Orchard', 20, null),
    b('B26-053', 'supers-in', 'Spring blossom', 'Hollins Lane North', 12, null),
    b('B26-054', 'supers-in', 'Heather', 'Ferny Knowe', 18, null),
    b('B26-049', 'extracting', 'Heather', 'Ferny Knowe', 18, 21.4),
    b('B26-050', 'extracting', 'Borage', 'Hollins Lane', 22, 27.9),
    b('B26-051', 'extracting', 'Wildflower', 'Tweedsmuir Glebe', 10, 11.2),
    b('B26-041', 'settling', 'Heather', 'Ferny Knowe', 18, 22.6),
    b('B26-044', 'settling', 'Heather', 'Ferny Knowe', 16, 19.8),
    b('B26-047', 'settling', 'Heather blend', 'Ferny Knowe', 18, 23.1),
    b('B26-043', 'settling', 'Heather', 'Hollin Brae', 18, 20.5),
    b('B26-038', 'settling', 'Borage', 'Hollins Lane', 22, 28.3),
    b('B26-036', 'jarring', 'Spring blossom', 'Kestrel Vale Home', 14, 15.0),
    b('B26-039', 'jarring', 'Oilseed rape (soft set)', 'Hollins Lane North', 20, 26.7),
    b('B26-031', 'labelled', 'Spring blossom', 'Manse Orchard', 16, 17.4),
    b('B26-033', 'labelled', 'Hawthorn', 'Hollin Brae', 12, 12.9),
    b('B26-034', 'labelled', 'Oilseed rape (soft set)', 'Ferny Knowe', 18, 24.2),
  ];
}
export function moveRef(id, to) { return refCode('MV', `${id}>${to}`); }

// ---------------------------------------------------------------- inspections (upload)
const CSV_HEADER = 'date,hive,inspector,brood_frames,queen_seen,eggs_seen,varroa_per_day,temper,notes';
function inspectionCsv(year, rows, seedNo) {
  const rnd = mulberry32(seedNo);
  const lines = [CSV_HEADER];
  const notes = ['', '', 'supered', 'queen cells removed', 'calm', 'short of stores', 'chalkbrood x2', 'added brood box'];
  for (let i = 0; i < rows; i++) {
    const day = 2 + Math.floor((i / rows) * 26);
    const hive = `KV-${String(1 + Math.floor(rnd() * 260)).padStart(4, '0')}`;
    lines.push([
      `${year}-06-${String(day).padStart(2, '0')}`, hive, INSPECTORS[Math.floor(rnd() * INSPECTORS.length)],
      4 + Math.floor(rnd() * 8), rnd() > 0.3 ? 'Y' : 'N', rnd() > 0.15 ? 'Y' : 'N',
      (Math.round(rnd() * 150) / 10).toFixed(1), 1 + Math.floor(rnd() * 5), notes[Math.floor(rnd() * notes.length)],
    ].join(','));
  }
  return lines.join('\n') + '\n';
}
export const INSPECTION_FILES = {
  // the right one: June 2026, 38 rows
  'fk_inspections_jun_a.csv': inspectionCsv(2026, 38, 7001),
  // the wrong one: June 2025, 41 rows
  'fk_inspections_jun_b.csv': inspectionCsv(2025, 41, 7002),
};
export const INSPECTION_TARGET = { file: 'fk_inspections_jun_a.csv', rows: 38, year: 2026 };

// ---------------------------------------------------------------- yields (chart)
export const YIELD_MONTHS = ['2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09'];
export const YIELD_SERIES = {
  'Ferny Knowe':        [6.2, 18.4, 29.7, 35.1, 58.6, 12.3],
  'Hollins Lane':       [9.8, 24.1, 31.5, 39.6, 22.4, 6.1],
  'Hollins Lane North': [8.9, 26.3, 33.8, 47.3, 19.7, 5.4],
  'Hollin Brae':        [4.1, 12.7, 21.9, 54.8, 41.2, 9.9],
  'Tweedsmuir Glebe':   [2.6, 9.3, 17.2, 28.4, 33.5, 7.7],
};
export const YIELD_TARGET = { apiary: 'Hollins Lane North', month: '2025-07', kg: 47.3 };

// ---------------------------------------------------------------- bookings (date picker + combobox)
export const EQUIPMENT = [
  { id: 'EQ-R12E-HH', name: 'Radial 12-frame, electric (honey house)' },
  { id: 'EQ-R12H-HH', name: 'Radial 12-frame, hand crank (honey house)' },
  { id: 'EQ-R12E-HS', name: 'Radial 12-frame, electric (Hollins shed)' },
  { id: 'EQ-R09E-HH', name: 'Radial 9-frame, electric (honey house)' },
  { id: 'EQ-R20E-HH', name: 'Radial 20-frame, electric (honey house)' },
  { id: 'EQ-T04H-HH', name: 'Tangential 4-frame, hand crank (honey house)' },
  { id: 'EQ-T04H-HS', name: 'Tangential 4-frame, hand crank (Hollins shed)' },
  { id: 'EQ-UNCP-HH', name: 'Uncapping tray and heated knife (honey house)' },
  { id: 'EQ-TANK-HH', name: 'Settling tank 50 kg (honey house)' },
];
export const BOOKED_DATES = ['2026-06-18', '2026-06-20', '2026-06-25', '2026-06-30', '2026-07-04', '2026-07-09', '2026-07-16'];
export const BOOKING_RULES = { minDate: '2026-06-16', maxDate: '2026-09-30', closedDays: ['Sun'] };
export const BOOKING_TARGET = { date: '2026-07-02', equipmentId: 'EQ-R12E-HH', supers: 6 };
export function bookingRef(date, equipmentId, supers) { return refCode('HH', `${date}|${equipmentId}|${supers}`, 5); }
function seedBookings() {
  return BOOKED_DATES.map((date, i) => ({
    ref: bookingRef(date, EQUIPMENT[i % EQUIPMENT.length].id, 4), date,
    equipmentId: EQUIPMENT[(i * 2) % EQUIPMENT.length].id, supers: 3 + (i % 5),
    member: ['H. Dalgleish', 'J. Kerr', 'E. Watt', 'A. Rutherford', 'S. Brydon', 'P. Turnbull', 'C. Fairbairn'][i],
  }));
}

// ---------------------------------------------------------------- members (paged list + confirm)
const FIRST = ['Isla', 'Callum', 'Morag', 'Hamish', 'Eilidh', 'Fraser', 'Kirsty', 'Ewan', 'Catriona', 'Duncan', 'Fiona', 'Gregor',
  'Ailsa', 'Ruaridh', 'Shona', 'Iain', 'Mhairi', 'Lachlan', 'Rona', 'Angus', 'Heather', 'Niall', 'Elspeth', 'Murdo'];
const LAST = ['Rutherford', 'Dalgleish', 'Kerr', 'Watt', 'Brydon', 'Turnbull', 'Fairbairn', 'Elliot', 'Scott', 'Armstrong', 'Laidlaw',
  'Hogg', 'Pringle', 'Douglas', 'Renwick', 'Veitch', 'Tait', 'Oliver', 'Anderson', 'Grieve', 'Lauder', 'Nichol'];
const VILLAGES = ['Tweedsmuir', 'Tweedbank', 'Broughton', 'Peebles', 'Innerleithen', 'Walkerburn', 'Stobo', 'Drumelzier', 'Romanno Bridge'];
export const MEMBER_TARGET_ID = 'KV-M-0333';
function seedMembers() {
  const rnd = mulberry32(36007);
  const members = [];
  let n = 101;
  const add = (first, last, village, joined, lastPaid, hives) => {
    members.push({ id: `KV-M-${String(n).padStart(4, '0')}`, first, last, village, joined, lastPaid, hives });
    n += 1 + Math.floor(rnd() * 3);
  };
  const specials = {
    9: ['Alasdair', 'MacKinnon', 'Tweedsmuir', 2016, 2026, 4],
    27: ['Alastair', 'McKinnon', 'Tweedsmuir', 2019, 2023, 2],
    48: ['Alastair', 'MacKinnon', 'Tweedsmuir', 2012, 2026, 6],
    66: ['Alistair', 'MacKinnon', 'Tweedsmuir', 2020, 2025, 1],
    93: ['Alastair', 'MacKinnon', 'Tweedbank', 2018, 2023, 3],
    117: ['Alastair', 'MacKinnon', 'Tweedsmuir', 2019, 2023, 2], // the target
    121: ['Morag', 'MacKinnon', 'Tweedsmuir', 2021, 2026, 2],
    134: ['Alastair', 'Mackinnon', 'Stobo', 2022, 2026, 1],
  };
  for (let i = 0; i < 150; i++) {
    if (specials[i]) { add(...specials[i]); continue; }
    add(FIRST[Math.floor(rnd() * FIRST.length)], LAST[Math.floor(rnd() * LAST.length)],
      VILLAGES[Math.floor(rnd() * VILLAGES.length)], 2005 + Math.floor(rnd() * 21),
      rnd() > 0.2 ? 2026 : 2023 + Math.floor(rnd() * 3), Math.floor(rnd() * 8));
  }
  return members;
}

export function seed() {
  const members = seedMembers();
  if (!members.find((m) => m.id === MEMBER_TARGET_ID)) {
    throw new Error('member target id drifted: ' + members.filter((m) => m.last.includes('innon')).map((m) => m.id).join(','));
  }
  return {
    hives: seedHives(),
    notices: seedNotices(),
    batches: seedBatches(),
    imports: [],
    yieldLog: [],
    bookings: seedBookings(),
    members,
  };
}

// `node data.mjs --write-files` regenerates files/*.csv
if (process.argv[1] && process.argv[1].endsWith('data.mjs') && process.argv.includes('--write-files')) {
  const fs = await import('node:fs');
  const path = await import('node:path');
  const dir = path.join(path.dirname(new URL(import.meta.url).pathname), 'files');
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(INSPECTION_FILES)) fs.writeFileSync(path.join(dir, name), text);
  console.log('wrote', Object.keys(INSPECTION_FILES).join(', '));
}
