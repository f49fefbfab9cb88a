// Deterministic seed data for the Fellwing Air Ambulance back office (trial site 32).
// Everything here is generated from a fixed PRNG seed, so every reset gives the same data.

export const TODAY = '2025-11-13'; // a Thursday
export const BUSINESS = 'Fellwing Air Ambulance';

function mulberry32(a) {
  return function () {
    a |= 0; a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (n, w = 2) => String(n).padStart(w, '0');
const iso = (d) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const addDays = (s, n) => { const d = new Date(s + 'T00:00:00Z'); d.setUTCDate(d.getUTCDate() + n); return iso(d); };

// ---------------------------------------------------------------- kit register (grid)
export const KIT_STATUSES = ['In service', 'Due check', 'Quarantined', 'Out for repair', 'Retired'];

const KIT_ITEMS = [
  ['Corpuls3 defibrillator', 'Monitoring', 'GS Elektromedizinische', 'corpuls3'],
  ['LUCAS 3 chest compression system', 'Circulation', 'Stryker', 'LUCAS 3.1'],
  ['Oxylog 3000 ventilator', 'Airway', 'Dräger', 'Oxylog 3000 plus'],
  ['Vacuum mattress', 'Immobilisation', 'Hartwell', 'EVAC-U-SPLINT'],
  ['Blood warmer', 'Circulation', 'Belmont', 'buddy lite'],
  ['Paediatric kit bag', 'Airway', 'Fellwing stores', 'PK-2'],
  ['Suction unit', 'Airway', 'Laerdal', 'LSU 4000'],
  ['Infusion pump', 'Drugs', 'B. Braun', 'Perfusor Space'],
  ['Pilot headset', 'Aircraft kit', 'David Clark', 'H10-13H'],
  ['Night vision goggles', 'Aircraft kit', 'L3Harris', 'AN/AVS-9'],
  ['Trauma kit bag', 'Circulation', 'Fellwing stores', 'TK-1'],
  ['Pelvic binder', 'Immobilisation', 'SAM Medical', 'SAM Pelvic Sling II'],
  ['Traction splint', 'Immobilisation', 'Kendrick', 'KTD'],
  ['Blood box', 'Circulation', 'Credo', 'Cube 4L'],
  ['Portable ultrasound', 'Monitoring', 'Butterfly', 'iQ3'],
  ['Oxygen cylinder CD', 'Airway', 'BOC', 'CD 460L'],
  ['Entonox cylinder', 'Drugs', 'BOC', 'ED 700L'],
  ['Airwave radio handset', 'Comms', 'Motorola', 'MTP6650'],
  ['Stair chair', 'Immobilisation', 'Ferno', 'EZ Glide'],
  ['Warming blanket', 'Thermal', 'Blizzard', 'Heat Reflective'],
  ['Scoop stretcher', 'Immobilisation', 'Ferno', 'Scoop EXL'],
  ['Burns kit', 'Thermal', 'Water-Jel', 'BK-3'],
  ['Drugs pouch A', 'Drugs', 'Fellwing stores', 'DP-A'],
  ['Video laryngoscope', 'Airway', 'Karl Storz', 'C-MAC PM'],
  ['Capnography module', 'Monitoring', 'Masimo', 'EMMA'],
  ['Satellite tracker', 'Comms', 'Garmin', 'inReach Messenger'],
];
const LOCATIONS = ['G-FWNA', 'G-FWNB', 'G-FWNC', 'Pennbridge base', 'Harrowby base', 'Response car RC1', 'Response car RC2', 'Central stores'];
const CHECKERS = ['A. Lindqvist', 'B. Mensah', 'C. Dobbins', 'D. Raine', 'E. Thwaite', 'F. Osei', 'G. Harker', 'H. Nwosu'];
const SUPPLIERS = ['Medequip North', 'Pennine Medical Supply', 'Aero Medical Ltd', 'Northgate Healthcare', 'Cumbria Clinical', 'HEMS Direct'];
const COST_CENTRES = ['CC-210 Clinical', 'CC-220 Aviation', 'CC-230 Response cars', 'CC-240 Stores'];
const INSURANCE = ['Aviation hull & kit', 'Medical equipment', 'Vehicle contents', 'General property'];
const OWNERS = ['Clinical lead', 'Head of aviation', 'Logistics manager', 'Station manager'];

export function makeKit() {
  const rnd = mulberry32(3201);
  const pick = (arr) => arr[Math.floor(rnd() * arr.length)];
  const rows = [];
  const N = 304;
  for (let i = 0; i < N; i++) {
    const [item, category, make, model] = KIT_ITEMS[Math.floor(rnd() * KIT_ITEMS.length)];
    rows.push(kitRow(i, item, category, make, model, pick(LOCATIONS), rnd, pick));
  }
  // The six Corpuls3 look-alikes (same item title, differing only in location) are planted
  // at fixed, scattered positions. Remove any random Corpuls3 rows first so there are exactly six.
  for (let i = 0; i < rows.length; i++) {
    if (rows[i].item === 'Corpuls3 defibrillator') {
      const [item, category, make, model] = KIT_ITEMS[1 + (i % (KIT_ITEMS.length - 1))];
      Object.assign(rows[i], { item, category, make, model });
    }
  }
  const planted = [
    [23, 'G-FWNA', 'C3-40871', 'SC-CRP-40871'],
    [67, 'Pennbridge base', 'C3-40178', 'SC-CRP-40178'],
    [118, 'G-FWNC', 'C3-41087', 'SC-CRP-41087'],
    [171, 'G-FWNB', 'C3-40817', 'SC-CRP-40817'], // <- target
    [209, 'Harrowby base', 'C3-40718', 'SC-CRP-40718'],
    [256, 'Central stores', 'C3-48017', 'SC-CRP-48017'],
  ];
  for (const [idx, loc, serial, ref] of planted) {
    const r = rows[idx];
    Object.assign(r, {
      item: 'Corpuls3 defibrillator', category: 'Monitoring', make: 'GS Elektromedizinische', model: 'corpuls3',
      location: loc, serial, contractRef: ref, status: 'In service', notes: '', qty: 1, interval: '30 days',
      supplier: 'Medequip North', unitCost: 24850, lastCheck: '2025-11-03', checkedBy: 'D. Raine', nextDue: '2025-12-03',
    });
  }
  return rows;
}

function kitRow(i, item, category, make, model, location, rnd, pick) {
  const last = addDays('2025-11-12', -Math.floor(rnd() * 60));
  const intervalDays = [7, 14, 30, 90][Math.floor(rnd() * 4)];
  const purchased = addDays('2019-01-01', Math.floor(rnd() * 2200));
  const status = rnd() < 0.82 ? 'In service' : pick(['Due check', 'Quarantined', 'Out for repair']);
  const notes = rnd() < 0.25 ? pick(['Checked OK', 'Seal replaced', 'Spare on order', 'Label faded', 'Strap worn']) : '';
  const num = 1000 + i;
  return {
    id: `KR-${num}`,
    assetId: `FW-${String(40000 + Math.floor(rnd() * 9999)).padStart(5, '0')}`,
    item, category, location, status, make, model,
    serial: `${model.replace(/[^A-Za-z0-9]/g, '').slice(0, 3).toUpperCase()}-${10000 + Math.floor(rnd() * 89999)}`,
    notes,
    lastCheck: last,
    checkedBy: pick(CHECKERS),
    nextDue: addDays(last, intervalDays),
    interval: `${intervalDays} days`,
    qty: 1 + Math.floor(rnd() * (category === 'Drugs' ? 6 : 2)),
    unitCost: Math.round(40 + rnd() * 9000),
    supplier: pick(SUPPLIERS),
    purchased,
    warranty: addDays(purchased, 365 * (2 + Math.floor(rnd() * 4))),
    expiry: addDays('2025-12-01', Math.floor(rnd() * 900)),
    calibration: addDays('2025-11-20', Math.floor(rnd() * 300)),
    shelf: `Bay ${1 + Math.floor(rnd() * 6)} / Shelf ${String.fromCharCode(65 + Math.floor(rnd() * 5))}`,
    costCentre: pick(COST_CENTRES),
    insurance: pick(INSURANCE),
    owner: pick(OWNERS),
    lastService: addDays('2025-06-01', Math.floor(rnd() * 150)),
    disposalReview: addDays('2027-01-01', Math.floor(rnd() * 900)),
    contractRef: `SC-${make.replace(/[^A-Za-z]/g, '').slice(0, 3).toUpperCase()}-${10000 + Math.floor(rnd() * 89999)}`,
  };
}

export const KIT_TARGET = { id: 'KR-1171', status: 'Out for repair', notes: 'Pads connector loose', contractRef: 'SC-CRP-40817' };

// ---------------------------------------------------------------- crew notice (rich text)
export const NOTICE_MARKDOWN = `## Winter operations from Monday 17 November

Winter operating procedures apply at both bases from Monday 17 November until the end of February.

- Crew at Pennbridge base must complete the cold-weather kit check before the first sortie of each shift.
- Crew at Harrowby base must complete the cold-weather kit check before the first sortie of each shift.
- Crew at Pennbridge base must log fuel bowser water checks every Tuesday.
- Crew at Harrowby base must log fuel bowser water checks every Tuesday.
- Crew at Harrowby base must log de-icing fluid stock every Tuesday.
- Hot refuelling remains suspended at Harrowby base until further notice.
- Hangar doors must be closed by 19:00 at Pennbridge base, weather permitting.
- Hangar doors must be closed by 19:00 at Harrowby base, weather permitting.

Questions go to the duty operations manager. Full details are in the winter operations guide.
`;

function mdToHtml(md) {
  // tiny renderer for the seed only (the editor produces real HTML on save)
  const out = [];
  let list = false;
  for (const line of md.split('\n')) {
    if (line.startsWith('- ')) { if (!list) { out.push('<ul>'); list = true; } out.push(`<li>${line.slice(2)}</li>`); continue; }
    if (list) { out.push('</ul>'); list = false; }
    if (line.startsWith('## ')) out.push(`<h2>${line.slice(3)}</h2>`);
    else if (line.trim()) out.push(`<p>${line}</p>`);
  }
  if (list) out.push('</ul>');
  return out.join('\n');
}
export const NOTICE_LINK = 'https://intranet.fellwing.org.uk/winter-ops';

// ---------------------------------------------------------------- follow-ups board (drag and drop)
export const FOLLOWUP_COLUMNS = [
  { id: 'new', title: 'New' },
  { id: 'contacting', title: 'Contacting family' },
  { id: 'awaiting', title: 'Awaiting reply' },
  { id: 'closed', title: 'Closed' },
];
export function makeFollowups() {
  const c = (id, column, title, incident, date, owner, kind) => ({ id, column, title, incident, date, owner, kind });
  return [
    c('fu-301', 'new', 'Kirkby Stephen — farm accident', 'INC 25-0912', '2025-11-11', 'Rhona Quayle', 'Patient family letter'),
    c('fu-302', 'new', 'Shap summit — RTC', 'INC 25-0907', '2025-11-10', 'Dev Anand', 'Patient visit request'),
    c('fu-303', 'new', 'Ullswater — water rescue', 'INC 25-0903', '2025-11-09', 'Rhona Quayle', 'Crew debrief'),
    c('fu-304', 'new', 'Appleby — cardiac arrest', 'INC 25-0899', '2025-11-08', 'Mags Fairbairn', 'Patient family letter'),
    c('fu-305', 'contacting', 'Kirkby Stephen — farm accident', 'INC 25-0874', '2025-11-02', 'Dev Anand', 'Patient family letter'),
    c('fu-306', 'contacting', 'Tebay — motorcycle RTC', 'INC 25-0866', '2025-10-31', 'Rhona Quayle', 'Patient visit request'),
    c('fu-307', 'contacting', 'Helvellyn — fall from height', 'INC 25-0861', '2025-10-29', 'Mags Fairbairn', 'Mountain rescue liaison'),
    c('fu-308', 'awaiting', 'Sedbergh — equestrian fall', 'INC 25-0852', '2025-10-26', 'Dev Anand', 'Patient family letter'),
    c('fu-309', 'awaiting', 'Kirkby Stephen — farm accident', 'INC 25-0871', '2025-11-01', 'Mags Fairbairn', 'Patient family letter'), // target
    c('fu-310', 'awaiting', 'Kirkby Lonsdale — farm accident', 'INC 25-0848', '2025-10-24', 'Rhona Quayle', 'Patient family letter'),
    c('fu-311', 'awaiting', 'Brough — tractor rollover', 'INC 25-0843', '2025-10-22', 'Dev Anand', 'Patient visit request'),
    c('fu-312', 'closed', 'Kirkby Stephen — farm accident', 'INC 25-0809', '2025-10-12', 'Mags Fairbairn', 'Patient family letter'),
    c('fu-313', 'closed', 'Penrith — cardiac arrest', 'INC 25-0798', '2025-10-09', 'Rhona Quayle', 'Patient visit request'),
    c('fu-314', 'closed', 'Alston — quad bike RTC', 'INC 25-0781', '2025-10-04', 'Dev Anand', 'Crew debrief'),
  ];
}
export const FOLLOWUP_TARGET = { id: 'fu-309', column: 'closed' };
export function closureRef(id) {
  // deterministic, not shown anywhere but in the response (and so only in the toast)
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let h = 2166136261;
  for (const ch of 'fellwing:' + id) { h ^= ch.charCodeAt(0); h = Math.imul(h, 16777619) >>> 0; }
  let s = '';
  for (let i = 0; i < 5; i++) { s += alphabet[h % alphabet.length]; h = Math.floor(h / alphabet.length) + (i + 7) * 131; }
  return `CLS-${s}`;
}

// ---------------------------------------------------------------- shop stock imports (upload)
export const SHOPS = ['Appleby', 'Kendal', 'Keswick', 'Penrith', 'Ulverston'];
export function makeStockImports() {
  return [
    { id: 'si-118', shop: 'Penrith', file: 'penrith-stock-count-2025-10.csv', lines: 121, units: 1688, at: '2025-11-04 16:12' },
    { id: 'si-117', shop: 'Keswick', file: 'keswick-stock-count-2025-10.csv', lines: 98, units: 1240, at: '2025-11-03 11:40' },
    { id: 'si-116', shop: 'Kendal', file: 'kendal-stock-count-2025-10.csv', lines: 139, units: 1802, at: '2025-11-01 09:05' },
  ];
}
export const STOCK_TARGET = { shop: 'Kendal', file: 'kendal-stock-count-2025-11.csv', lines: 146 };
export const STOCK_DECOY = { file: 'kendal-stock-count-2024-11.csv', lines: 131 };

const STOCK_ITEMS = [
  ['CL', 'Ladies coat', 'Clothing'], ['CL', 'Men\'s jumper', 'Clothing'], ['CL', 'Children\'s jacket', 'Clothing'],
  ['BK', 'Paperback fiction', 'Books'], ['BK', 'Hardback cookery', 'Books'], ['BK', 'Walking guide', 'Books'],
  ['HW', 'Dinner plate set', 'Homeware'], ['HW', 'Table lamp', 'Homeware'], ['HW', 'Picture frame', 'Homeware'],
  ['BR', 'Board game', 'Toys & games'], ['BR', 'Jigsaw 1000pc', 'Toys & games'], ['NG', 'Christmas cards (10)', 'New goods'],
  ['NG', 'Fellwing pin badge', 'New goods'], ['NG', 'Fellwing calendar 2026', 'New goods'], ['MU', 'Vinyl LP', 'Music & film'],
  ['MU', 'DVD boxset', 'Music & film'], ['FT', 'Walking boots', 'Footwear'], ['FT', 'Wellingtons', 'Footwear'],
];
export function makeStockCsv(year, lines, seed) {
  const rnd = mulberry32(seed);
  const rowsOut = ['sku,description,department,quantity,price_gbp'];
  for (let i = 0; i < lines; i++) {
    const [p, d, dept] = STOCK_ITEMS[Math.floor(rnd() * STOCK_ITEMS.length)];
    const qty = 1 + Math.floor(rnd() * 24);
    const price = (1 + rnd() * 39).toFixed(2);
    rowsOut.push(`${p}-${year % 100}${String(1000 + i)},"${d}",${dept},${qty},${price}`);
    if (i % 40 === 39) rowsOut.push(''); // blank separator lines, as the shop till export does
  }
  return rowsOut.join('\n') + '\n';
}

// ---------------------------------------------------------------- income chart
export const INCOME_MONTHS = [
  ['2025-04', 'Apr'], ['2025-05', 'May'], ['2025-06', 'Jun'], ['2025-07', 'Jul'],
  ['2025-08', 'Aug'], ['2025-09', 'Sep'], ['2025-10', 'Oct'],
];
export const INCOME_CHANNELS = ['Charity shops', 'Lottery', 'Events', 'Donations', 'Corporate'];
export function makeIncome() {
  const rnd = mulberry32(77);
  const base = { 'Charity shops': 21500, Lottery: 17900, Events: 14200, Donations: 16100, Corporate: 9800 };
  const rows = [];
  for (const [m] of INCOME_MONTHS) {
    for (const ch of INCOME_CHANNELS) {
      rows.push({ month: m, channel: ch, amount: Math.round((base[ch] + (rnd() - 0.5) * 3000) / 10) * 10 });
    }
  }
  const set = (m, ch, v) => { rows.find((r) => r.month === m && r.channel === ch).amount = v; };
  // look-alike neighbours around the target (Lottery, August = 18,420)
  set('2025-08', 'Lottery', 18420);
  set('2025-07', 'Lottery', 18240);
  set('2025-09', 'Lottery', 18460);
  set('2025-08', 'Events', 18402);
  set('2025-08', 'Donations', 18204);
  set('2025-08', 'Charity shops', 19840);
  return rows;
}
export const INCOME_TARGET = { channel: 'Lottery', month: '2025-08', amount: 18420 };

// ---------------------------------------------------------------- hangar tours (booking)
export const TOUR_SLOTS = ['10:00', '11:30', '14:00', '15:30'];
export const TOUR_CLOSED = [
  { date: '2025-11-24', reason: 'Hangar closed — aircraft maintenance' },
  { date: '2025-11-25', reason: 'Hangar closed — CAA audit' },
  { date: '2025-12-05', reason: 'Hangar closed — staff training' },
];
export const TOUR_GROUPS = [
  'Appleby Rotary Club', 'Appleby Round Table', 'Appleby Rotaract Club', 'Inner Wheel Club of Appleby',
  'Ambleside Rotary Club', 'Kirkby Lonsdale Rotary Club', 'Kirkby Stephen Rotary Club', 'Rotary Club of Penrith',
  'Penrith Round Table', 'Kendal Lions Club', 'Keswick Lions Club', 'Keswick Young Farmers',
  'Shap Women\'s Institute', 'Orton Women\'s Institute', 'Sedbergh School CCF', 'Eden Valley Scouts',
  '1st Appleby Scouts', 'Appleby Grammar School', 'Ullswater Sailing Club', 'Cumbria Classic Car Club',
  'Windermere Motorcycle Club', 'Brough Over-60s Club', 'Alston Moor Historical Society', 'Tebay Village Hall Committee',
  'Kendal Freemasons (Lodge 129)', 'Penrith Freemasons (Lodge 1074)', 'Eden Runners', 'Lakeland Hospice Volunteers',
].map((name, i) => ({ id: `grp-${String(i + 1).padStart(3, '0')}`, name, contact: ['Jean Routledge', 'Tom Kirkbride', 'Asha Patel', 'Colin Bland'][i % 4] }));
export const TOUR_TARGET = { groupName: 'Appleby Rotary Club', date: '2025-11-26', time: '14:00', noteWord: 'wheelchair' };
export function makeTours() {
  return [
    { ref: 'HT-25-0412', groupId: 'grp-006', date: '2025-11-19', time: '10:00', note: '' },
    { ref: 'HT-25-0415', groupId: 'grp-013', date: '2025-11-20', time: '14:00', note: 'Minibus parking' },
    { ref: 'HT-25-0416', groupId: 'grp-002', date: '2025-11-27', time: '11:30', note: '' },
  ];
}

// ---------------------------------------------------------------- volunteers (searched, paged list)
const FIRST = ['Alan', 'Bridget', 'Carol', 'Derek', 'Eileen', 'Frank', 'Gwen', 'Harold', 'Iris', 'Jack', 'Kath', 'Lionel',
  'Maureen', 'Neil', 'Olive', 'Peter', 'Rita', 'Stan', 'Thelma', 'Vera', 'Wilf', 'Yvonne', 'Bob', 'Sandra', 'Trevor', 'Ann'];
const LAST = ['Armstrong', 'Bell', 'Crosby', 'Dixon', 'Elliot', 'Fell', 'Graham', 'Hodgson', 'Irving', 'Jackson', 'Kirkup',
  'Lowther', 'Metcalfe', 'Nicholson', 'Ormerod', 'Pattinson', 'Robinson', 'Stubbs', 'Teasdale', 'Walton', 'Atkinson', 'Bowman'];
export const VOL_ROLES = ['Shop volunteer', 'Collection tins', 'Event steward', 'Driver', 'Speaker', 'Office volunteer'];
const AREAS = ['Appleby', 'Kendal', 'Keswick', 'Penrith', 'Ulverston', 'Pennbridge base', 'Harrowby base'];
export function makeVolunteers() {
  const rnd = mulberry32(9090);
  const pick = (arr) => arr[Math.floor(rnd() * arr.length)];
  const list = [];
  const used = new Set();
  let n = 0;
  while (list.length < 112) {
    const first = pick(FIRST); const last = pick(LAST);
    const key = first + ' ' + last;
    if (used.has(key)) continue;
    used.add(key);
    n++;
    list.push({
      id: `vol-${String(500 + n)}`, first, last, role: pick(VOL_ROLES), area: pick(AREAS),
      since: `${2008 + Math.floor(rnd() * 17)}`, phone: `07${Math.floor(100 + rnd() * 899)} ${Math.floor(100000 + rnd() * 899999)}`,
    });
  }
  const add = (id, first, last, role, area, since, phone) => list.push({ id, first, last, role, area, since, phone });
  add('vol-701', 'Graham', 'Pettigrew', 'Shop volunteer', 'Penrith', '2016', '07712 448210');
  add('vol-702', 'Graham', 'Pettigrew', 'Collection tins', 'Keswick', '2011', '07834 901772'); // target
  add('vol-703', 'Graeme', 'Pettigrew', 'Collection tins', 'Kendal', '2019', '07951 336045');
  add('vol-704', 'Graham', 'Pettigrove', 'Collection tins', 'Appleby', '2014', '07590 218834');
  add('vol-705', 'Grahame', 'Pettigrew', 'Event steward', 'Ulverston', '2022', '07423 775190');
  return list;
}
export const VOL_TARGET = { id: 'vol-702' };

// ---------------------------------------------------------------- the whole seed
export function createSeed() {
  return {
    kit: makeKit(),
    notice: { id: 'winter-ops', title: 'Winter operations — crew room notice', markdown: NOTICE_MARKDOWN, html: mdToHtml(NOTICE_MARKDOWN), updatedAt: '2025-11-10 08:30', updatedBy: 'Ops office' },
    followups: makeFollowups(),
    stockImports: makeStockImports(),
    income: makeIncome(),
    boardpack: [],
    tours: makeTours(),
    volunteers: makeVolunteers(),
    log: { kitSaves: [], noticeSaves: [], moves: [], uploads: [], boardpack: [], tours: [], removals: [] },
  };
}
