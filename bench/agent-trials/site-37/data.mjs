// Deterministic seed data for the Hollinvale Orchards Co-operative back office.
// Everything here is generated from a fixed PRNG seed, so every reset gives
// exactly the same records. "Today" for the whole app is Wednesday 14 October 2026.

export const TODAY = '2026-10-14';

// ---------------------------------------------------------------- helpers
function mulberry32(seed) {
  let a = seed >>> 0;
  return function () {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function fnv1a(str) {
  let h = 0x811c9dc5;
  for (let i = 0; i < str.length; i++) {
    h ^= str.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export function shortCode(str, len = 4) {
  let h = fnv1a(str);
  let out = '';
  for (let i = 0; i < len; i++) {
    out += CODE_ALPHABET[h % CODE_ALPHABET.length];
    h = Math.floor(h / CODE_ALPHABET.length) ^ fnv1a(out + str);
    h >>>= 0;
  }
  return out;
}

const pick = (rnd, arr) => arr[Math.floor(rnd() * arr.length)];
const pad = (n, w) => String(n).padStart(w, '0');
const round1 = (x) => Math.round(x * 10) / 10;

// ---------------------------------------------------------------- job 1: trees
export const TREE_STATUSES = ['Healthy', 'Monitor', 'Treat in spring', 'Fell next winter', 'Fell this winter'];

function buildTrees() {
  const rnd = mulberry32(37001);
  const varieties = [
    'Dabinett', 'Yarlington Mill', 'Kingston Black', 'Harry Masters Jersey', 'Michelin',
    "Tremlett's Bitter", 'Ellis Bitter', 'Browns Apple', 'Somerset Redstreak', 'Foxwhelp', 'Major', 'Stoke Red',
  ];
  const rootstocks = ['MM106', 'MM111', 'M25', 'M116'];
  const vigour = ['Low', 'Moderate', 'Moderate', 'High'];
  const disease = ['None', 'None', 'None', 'Scab (light)', 'Canker (old wound)', 'Woolly aphid', 'Mildew (light)', 'None'];
  const tags = ['White', 'Yellow', 'Blue', 'Red', 'Green', 'Orange'];
  const inspectors = ['A. Okafor', 'B. Lindqvist', 'C. Ferreira', 'D. Mbeki', 'E. Hartley'];
  const notes = ['', '', '', '', 'Stake loose', 'Rabbit guard replaced', 'Light crop', 'Biennial — heavy year', 'Mistletoe removed', ''];
  const blocks = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];
  const trees = [];
  let serial = 1003;
  for (const block of blocks) {
    for (let row = 1; row <= 11; row++) {
      // three trees per row at distinct positions
      const positions = new Set();
      while (positions.size < 3) positions.add(1 + Math.floor(rnd() * 22));
      for (const pos of [...positions].sort((a, b) => a - b)) {
        const planted = 1996 + Math.floor(rnd() * 26);
        const y24 = round1(18 + rnd() * 55);
        const y25 = round1(Math.max(6, y24 + (rnd() - 0.5) * 24));
        trees.push({
          id: 'HV-' + pad(serial, 4),
          block,
          row,
          pos,
          variety: pick(rnd, varieties),
          rootstock: pick(rnd, rootstocks),
          planted,
          pollination: 2 + Math.floor(rnd() * 4),
          height: round1(2.4 + rnd() * 3.6),
          spread: round1(2.0 + rnd() * 3.2),
          vigour: pick(rnd, vigour),
          lastPruned: (() => {
            // winter pruning: Nov/Dec 2025 or Jan/Feb 2026
            const m = [11, 12, 1, 2][Math.floor(rnd() * 4)];
            return `${m >= 11 ? 2025 : 2026}-${pad(m, 2)}-${pad(1 + Math.floor(rnd() * 28), 2)}`;
          })(),
          disease: pick(rnd, disease),
          yield2024: y24,
          yield2025: y25,
          irrigation: `IL-${block}${1 + Math.floor((row - 1) / 3)}`,
          tag: pick(rnd, tags),
          inspector: pick(rnd, inspectors),
          status: rnd() < 0.72 ? 'Healthy' : rnd() < 0.6 ? 'Monitor' : 'Treat in spring',
          note: pick(rnd, notes),
        });
        serial += 1 + Math.floor(rnd() * 3);
      }
    }
  }
  // Fix the look-alikes used by the job (Block C row 7, Block G row 7).
  const fix = (block, row, idx, patch) => {
    const rowTrees = trees.filter((t) => t.block === block && t.row === row);
    if (patch.pos !== undefined) {
      for (const other of rowTrees) {
        if (other !== rowTrees[idx] && other.pos === patch.pos) {
          let p = 1;
          while (rowTrees.some((t) => t.pos === p) || p === patch.pos) p++;
          other.pos = p;
        }
      }
    }
    Object.assign(rowTrees[idx], patch);
  };
  fix('C', 7, 0, { pos: 4, variety: 'Dabinett', tag: 'Yellow', disease: 'Canker (old wound)', yield2024: 47.5, yield2025: 41.5, status: 'Monitor', note: 'Bark lesion seen in Sept', inspector: 'C. Ferreira' });
  fix('C', 7, 1, { pos: 11, variety: 'Dabinett', tag: 'White', disease: 'Canker (old wound)', yield2024: 45.0, yield2025: 44.0, status: 'Monitor', note: 'Bark lesion seen in Sept', inspector: 'C. Ferreira' });
  fix('C', 7, 2, { pos: 17, variety: 'Yarlington Mill', tag: 'Yellow', yield2024: 39.0, yield2025: 41.0, status: 'Healthy', note: '' });
  fix('G', 7, 0, { pos: 4, variety: 'Dabinett', tag: 'Yellow', disease: 'Canker (old wound)', yield2024: 44.5, yield2025: 39.5, status: 'Monitor', note: 'Bark lesion seen in Sept', inspector: 'C. Ferreira' });
  fix('C', 1, 1, { variety: 'Dabinett', tag: 'Yellow', status: 'Healthy' });
  fix('C', 8, 0, { variety: 'Dabinett', tag: 'Yellow', status: 'Monitor' });
  trees.sort((a, b) => a.block.localeCompare(b.block) || a.row - b.row || a.pos - b.pos);
  return trees;
}

// ---------------------------------------------------------------- job 2: notices
const NOTICE_TARGET_BODY = [
  '# Pressing weekend — 24 and 25 October',
  '',
  'Drop-off times for picked fruit:',
  '',
  '- Block A pickers bring fruit to the press yard on Saturday 24 October from 8:30.',
  '- Block B pickers bring fruit to the press yard on Saturday 24 October from 8:30.',
  '- Block D pickers bring fruit to the press yard on Saturday 24 October from 8:30.',
  '',
  'No unripe fruit will be accepted at the scales. Please bring washed crates only, labelled with your member number.',
  '',
  'Check the press rota before you set off, and ring the office if your slot has moved.',
  '',
].join('\n');

const NOTICE_2025_BODY = [
  '# Pressing weekend — 25 and 26 October',
  '',
  'Drop-off times for picked fruit:',
  '',
  '- Block A pickers bring fruit to the press yard on Saturday 25 October from 8:30.',
  '- Block B pickers bring fruit to the press yard on Saturday 25 October from 8:30.',
  '- Block D pickers bring fruit to the press yard on Saturday 25 October from 8:30.',
  '',
  'No unripe fruit will be accepted at the scales. Please bring washed crates only, labelled with your member number.',
  '',
  'Check the press rota before you set off, and ring the office if your slot has moved.',
  '',
].join('\n');

function buildNotices() {
  return [
    { id: 'N-2611', title: 'Pressing weekend arrangements', audience: 'All members', updated: '2026-10-09', status: 'Published', body: NOTICE_TARGET_BODY },
    { id: 'N-2609', title: 'Ladder safety reminder', audience: 'Pickers', updated: '2026-10-02', status: 'Published', body: '# Ladder safety\n\nAlways use the three-legged orchard ladders. Check the feet before every use and report damaged rungs to the office.\n' },
    { id: 'N-2605', title: 'AGM — call for motions', audience: 'All members', updated: '2026-09-21', status: 'Published', body: '# Annual general meeting\n\nThe AGM is on Thursday 19 November at 19:00 in the packing shed. Motions must reach the secretary by 5 November.\n' },
    { id: 'N-2602', title: 'Tool shed rota changes', audience: 'Volunteers', updated: '2026-09-08', status: 'Draft', body: '# Tool shed rota\n\nFrom October the tool shed opens at 8:00 on Saturdays and 9:00 on weekdays.\n' },
    { id: 'N-2517', title: 'Pressing weekend arrangements', audience: 'All members', updated: '2025-10-06', status: 'Archived', body: NOTICE_2025_BODY },
  ];
}

export const NOTICE_EXPECT = {
  id: 'N-2611',
  changedLine: 'Block B pickers bring fruit to the press yard on Sunday 25 October from 8:30.',
  keptLines: [
    'Block A pickers bring fruit to the press yard on Saturday 24 October from 8:30.',
    'Block D pickers bring fruit to the press yard on Saturday 24 October from 8:30.',
  ],
  bold: 'No unripe fruit',
  italic: 'washed crates only',
  linkText: 'press rota',
  linkUrl: 'https://hollinvale.coop/press-rota',
  originalBody: NOTICE_TARGET_BODY,
};

// ---------------------------------------------------------------- job 3: work orders
export const WO_COLUMNS = [
  { key: 'requested', label: 'Requested' },
  { key: 'scheduled', label: 'Scheduled' },
  { key: 'in_progress', label: 'In progress' },
  { key: 'done', label: 'Done' },
];

function buildWorkOrders() {
  const wo = (id, title, location, reporter, column, due) => ({ id, title, location, reporter, column, due });
  return [
    wo('WO-3331', 'Re-tension deer fence', 'Block H boundary', 'Priya Natarajan', 'requested', '2026-10-30'),
    wo('WO-3329', 'Replace ladder rung', 'Cold store', 'Tomasz Wierzbicki', 'requested', '2026-10-28'),
    wo('WO-3327', 'Clear blocked drain', 'Press yard', 'Gwen Arkwright', 'requested', '2026-10-22'),
    wo('WO-3325', 'Service mower deck', 'Machinery barn', 'Callum Reid', 'requested', '2026-11-04'),
    wo('WO-3322', 'Replace ladder rung', 'Packing shed', 'Tamsin Wells', 'scheduled', '2026-10-19'),
    wo('WO-3320', 'Fit new hose reel', 'Block C', 'Gwen Arkwright', 'scheduled', '2026-10-20'),
    wo('WO-3316', 'Sharpen loppers (set of 6)', 'Tool shed', 'Callum Reid', 'scheduled', '2026-10-16'),
    wo('WO-3318', 'Replace ladder rung', 'Packing shed', 'Tomasz Wierzbicki', 'in_progress', '2026-10-15'),
    wo('WO-3326', 'Replace ladder rung', 'Packing shed loft', 'Tomasz Wierzbicki', 'in_progress', '2026-10-15'),
    wo('WO-3314', 'Re-hang gate', 'Block F entrance', 'Priya Natarajan', 'in_progress', '2026-10-14'),
    wo('WO-3311', 'Calibrate weighbridge', 'Press yard', 'Tamsin Wells', 'in_progress', '2026-10-14'),
    wo('WO-3291', 'Replace ladder rung', 'Cold store', 'Tomasz Wierzbicki', 'done', '2026-09-30'),
    wo('WO-3302', 'Clean press cloths', 'Press house', 'Gwen Arkwright', 'done', '2026-10-05'),
    wo('WO-3306', 'Repair crate stack', 'Packing shed', 'Callum Reid', 'done', '2026-10-08'),
  ];
}

export function moveRef(id, to) {
  return 'MV-' + shortCode(`move|${id}|${to}`, 5);
}

export const WO_EXPECT = { id: 'WO-3318', to: 'done' };

// ---------------------------------------------------------------- job 4: weighbridge uploads
export const UPLOAD_EXPECT = { filename: 'weighbridge_2026-10-12.csv', rows: 43, date: '2026-10-12' };
export const UPLOAD_DECOY = { filename: 'weighbridge_2025-10-12.csv', rows: 38, date: '2025-10-12' };

export function weighbridgeCsv(date, rows, seed) {
  const rnd = mulberry32(seed);
  const varieties = ['Dabinett', 'Yarlington Mill', 'Kingston Black', 'Harry Masters Jersey', 'Michelin', 'Browns Apple'];
  const lines = ['ticket,date,time,member_no,block,variety,gross_kg,tare_kg,net_kg'];
  let minutes = 8 * 60 + 20;
  for (let i = 0; i < rows; i++) {
    minutes += 3 + Math.floor(rnd() * 9);
    const gross = 180 + Math.floor(rnd() * 520);
    const tare = 40 + Math.floor(rnd() * 30);
    lines.push([
      `WB-${date.slice(2, 4)}${pad(4100 + i * 3 + Math.floor(rnd() * 3), 5)}`,
      date,
      `${pad(Math.floor(minutes / 60), 2)}:${pad(minutes % 60, 2)}`,
      `M-${pad(100 + Math.floor(rnd() * 560), 4)}`,
      'ABCDEFGH'[Math.floor(rnd() * 8)],
      pick(rnd, varieties),
      gross,
      tare,
      gross - tare,
    ].join(','));
  }
  return lines.join('\n') + '\n';
}

function buildUploads() {
  return [
    { id: 'UP-0412', filename: 'weighbridge_2026-10-05.csv', rows: 51, receivedAt: '2026-10-05T17:42', by: 'Office' },
    { id: 'UP-0409', filename: 'weighbridge_2026-09-28.csv', rows: 47, receivedAt: '2026-09-28T17:10', by: 'Office' },
    { id: 'UP-0405', filename: 'weighbridge_2026-09-21.csv', rows: 39, receivedAt: '2026-09-21T16:55', by: 'Office' },
  ];
}

// ---------------------------------------------------------------- job 5: weekly yields
export const YIELD_WEEKS = [36, 37, 38, 39, 40, 41, 42];
function buildYields() {
  return [
    { name: 'Block C North', color: '#2f6f4f', kg: [842, 968, 1081, 1187, 1259, 1134, 976] },
    { name: 'Block C South', color: '#b0552a', kg: [771, 902, 1019, 1112, 1187, 1178, 1043] },
    { name: 'Block G North', color: '#3d5a98', kg: [702, 845, 958, 1046, 1118, 1241, 1090] },
    { name: 'Block G South', color: '#8a6d1e', kg: [660, 792, 903, 985, 1031, 1072, 1158] },
  ];
}
export const YIELD_EXPECT = { series: 'Block C South', week: 40, kg: 1187 };

// ---------------------------------------------------------------- job 6: press bookings
export const EQUIPMENT = [
  'Belt press BP-400',
  'Rack-and-cloth press (large)',
  'Rack-and-cloth press (small)',
  'Hydraulic bladder press 80 L',
  'Hydraulic bladder press 90 L',
  'Hydraulic bladder press 90 L (mobile)',
  'Hydraulic bladder press 160 L',
  'Fruit mill — electric',
  'Fruit mill — hand-crank',
  'Pasteuriser 40 L',
  'Pasteuriser 60 L',
  'Bottle filler (4-head)',
];
export const BOOKING_CALENDAR = {
  minDate: '2026-10-15',
  maxDate: '2026-11-28',
  closedWeekDays: [0, 1], // Sundays and Mondays
  fullyBooked: ['2026-10-24', '2026-10-31', '2026-11-07', '2026-11-21'],
};
export function bookingRef(b) {
  return 'PB-26-' + shortCode(`booking|${b.equipment}|${b.date}|${b.session}|${b.member.trim().toLowerCase()}`, 4);
}
export const BOOKING_EXPECT = { equipment: 'Hydraulic bladder press 90 L', date: '2026-11-14', session: 'Morning', member: 'Wren Holloway' };

function buildBookings() {
  const b = (member, equipment, date, session) => ({ member, equipment, date, session, ref: bookingRef({ member, equipment, date, session }) });
  return [
    b('Gwen Arkwright', 'Hydraulic bladder press 90 L (mobile)', '2026-10-17', 'Morning'),
    b('Callum Reid', 'Belt press BP-400', '2026-10-17', 'Afternoon'),
    b('Wren Halloway', 'Hydraulic bladder press 90 L', '2026-10-20', 'Morning'),
    b('Priya Natarajan', 'Fruit mill — electric', '2026-10-22', 'Afternoon'),
    b('Tamsin Wells', 'Pasteuriser 60 L', '2026-10-29', 'Morning'),
  ];
}

// ---------------------------------------------------------------- job 7: members
function buildMembers() {
  const rnd = mulberry32(37007);
  const first = ['Ada', 'Alfie', 'Amara', 'Anwen', 'Arlo', 'Bea', 'Bryn', 'Cai', 'Carys', 'Cerys', 'Dara', 'Dev', 'Eden', 'Effie', 'Elis', 'Esme', 'Ffion', 'Finn', 'Gethin', 'Hana', 'Hugo', 'Idris', 'Ines', 'Iolo', 'Jago', 'Kit', 'Lowri', 'Mabli', 'Marek', 'Nell', 'Nia', 'Osian', 'Pip', 'Rhodri', 'Rosa', 'Seren', 'Tegan', 'Ula', 'Wyn', 'Zara'];
  const last = ['Abbott', 'Bevan', 'Carver', 'Dacre', 'Ellery', 'Fenwick', 'Garside', 'Hebden', 'Ingham', 'Jowett', 'Kershaw', 'Lumb', 'Mellor', 'Nuttall', 'Oldroyd', 'Pickles', 'Quarmby', 'Ramsden', 'Sutcliffe', 'Thwaite', 'Uttley', 'Varley', 'Whiteley', 'Yeadon'];
  const roles = ['Grower', 'Picker', 'Picker', 'Volunteer', 'Grower'];
  const members = [];
  const used = new Set();
  let no = 104;
  const add = (name, block, joined, role, forcedNo) => {
    const id = forcedNo || 'M-' + pad(no, 4);
    members.push({ id, name, block, joined, role });
    used.add(id);
  };
  for (let i = 0; i < 138; i++) {
    let name;
    do { name = `${pick(rnd, first)} ${pick(rnd, last)}`; } while (members.some((m) => m.name === name));
    no += 2 + Math.floor(rnd() * 3);
    while (['M-0231', 'M-0488', 'M-0317', 'M-0402', 'M-0275', 'M-0356', 'M-0298', 'M-0444', 'M-0391', 'M-0219', 'M-0467', 'M-0333', 'M-0250', 'M-0183', 'M-0372', 'M-0126', 'M-0495', 'M-0419'].includes('M-' + pad(no, 4))) no++;
    add(name, 'ABCDEFGH'[Math.floor(rnd() * 8)], 2008 + Math.floor(rnd() * 18), pick(rnd, roles));
  }
  // Look-alikes around the job's target.
  add('Imogen Ashworth-Price', 'D', 2018, 'Grower', 'M-0231');
  add('Imogen Ashworth-Price', 'A', 2023, 'Picker', 'M-0488');
  add('Imogen Ashworth Pryce', 'D', 2019, 'Picker', 'M-0317');
  add('Imogen Ashford-Price', 'D', 2021, 'Volunteer', 'M-0402');
  add('Imogene Ashworth-Price', 'B', 2020, 'Grower', 'M-0275');
  add('Isla Ashworth-Price', 'D', 2016, 'Grower', 'M-0356');
  add('Ian Ashworth', 'C', 2012, 'Grower', 'M-0298');
  add('Irene Ashworth', 'E', 2015, 'Volunteer', 'M-0444');
  add('Ivo Ashworth', 'D', 2022, 'Picker', 'M-0391');
  add('Ingrid Ashworth-Pike', 'F', 2017, 'Grower', 'M-0219');
  add('Imran Ashworth', 'D', 2024, 'Picker', 'M-0467');
  add('Ada Ashworth', 'G', 2014, 'Volunteer', 'M-0183');
  add('Bryn Ashworth', 'D', 2020, 'Picker', 'M-0372');
  add('Kit Ashworth', 'H', 2011, 'Grower', 'M-0126');
  add('Rosa Ashworth', 'D', 2023, 'Picker', 'M-0495');
  add('Tegan Ashworth', 'A', 2018, 'Volunteer', 'M-0419');
  add('Wren Holloway', 'F', 2019, 'Grower', 'M-0333');
  add('Wren Halloway', 'B', 2022, 'Picker', 'M-0250');
  return members;
}
export const MEMBER_EXPECT = { id: 'M-0231' };

// ---------------------------------------------------------------- seed
export function seed() {
  return {
    trees: buildTrees(),
    notices: buildNotices(),
    workOrders: buildWorkOrders(),
    uploads: buildUploads(),
    yields: buildYields(),
    yieldChecks: [],
    bookings: buildBookings(),
    members: buildMembers(),
  };
}

export const TREE_EXPECT = (() => {
  const trees = buildTrees();
  const target = trees.find((t) => t.block === 'C' && t.row === 7 && t.pos === 4);
  return { id: target.id, status: 'Fell this winter', noteIncludes: 'canker on main stem', yield2025: target.yield2025 };
})();
