// Seed data for the Kestrel & Vale Removals back office.
// Everything here is invented. The generator is deterministic: the same
// seed always yields the same moves, staff, customers and board cards.

export const TODAY = '2025-03-18'; // Tuesday: the office's fixed "today"

function mulberry32(a) {
  return function () {
    a |= 0; a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (rnd, arr) => arr[Math.floor(rnd() * arr.length)];
const pad = (n, w) => String(n).padStart(w, '0');
const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

function isoDate(d) { return d.toISOString().slice(0, 10); }
function addDays(iso, n) { const d = new Date(iso + 'T00:00:00Z'); d.setUTCDate(d.getUTCDate() + n); return isoDate(d); }

// ---------------------------------------------------------------- places
export const TOWNS = {
  'Headingley': 'LS6', 'Horsforth': 'LS18', 'Chapel Allerton': 'LS7', 'Roundhay': 'LS8',
  'Otley': 'LS21', 'Ilkley': 'LS29', 'Harrogate': 'HG1', 'Knaresborough': 'HG5',
  'Wetherby': 'LS22', 'York': 'YO24', 'Selby': 'YO8', 'Wakefield': 'WF1',
  'Pontefract': 'WF8', 'Castleford': 'WF10', 'Rothwell': 'LS26', 'Morley': 'LS27',
  'Pudsey': 'LS28', 'Shipley': 'BD18', 'Bingley': 'BD16', 'Keighley': 'BD21',
  'Skipton': 'BD23', 'Tadcaster': 'LS24', 'Garforth': 'LS25', 'Ripon': 'HG4', 'Rawdon': 'LS19',
};
const BRANCH_OF = {
  LS: 'Leeds', BD: 'Leeds', HG: 'Harrogate', YO: 'York', WF: 'Wakefield',
};
const branchFor = (town) => BRANCH_OF[TOWNS[town].replace(/\d+/, '')];

function postcode(rnd, town) {
  return `${TOWNS[town]} ${1 + Math.floor(rnd() * 9)}${pick(rnd, letters)}${pick(rnd, letters)}`;
}

const SURNAMES = ['Ackroyd', 'Ahmed', 'Barraclough', 'Bhatti', 'Booth', 'Brear', 'Calvert', 'Chaudhry',
  'Crowther', 'Dawson', 'Eastwood', 'Fenton', 'Firth', 'Garside', 'Greenwood', 'Haigh', 'Hirst',
  'Holroyd', 'Illingworth', 'Iqbal', 'Jagger', 'Kaye', 'Lister', 'Lumb', 'Marsden', 'Midgley',
  'Naylor', 'Nowak', 'Oldroyd', 'Pickles', 'Priestley', 'Quarmby', 'Rhodes', 'Sowerby', 'Sutcliffe',
  'Tetley', 'Thackray', 'Uttley', 'Varley', 'Walsh', 'Whiteley', 'Wood', 'Yeadon', 'Zielinski',
  'Kowalczyk', 'Mensah', 'Osei', 'Patel', 'Singh', 'Hussain', 'Murphy', 'Doyle', 'Fraser', 'Grant',
  'Ormerod', 'Ramsden', 'Stansfield', 'Wainwright'];
const FIRST = ['Aisha', 'Alfie', 'Amara', 'Beth', 'Callum', 'Chloe', 'Dev', 'Ellie', 'Fatima', 'Freddie',
  'Gemma', 'Harvey', 'Imran', 'Isla', 'Jack', 'Jasmine', 'Kieran', 'Leah', 'Liam', 'Maya', 'Nathan',
  'Niamh', 'Oliver', 'Priya', 'Rhys', 'Ruth', 'Sam', 'Sophie', 'Tariq', 'Tess', 'Will', 'Zara',
  'Graham', 'Helen', 'Marek', 'Agnieszka', 'Kwame', 'Efua', 'Hamza', 'Ruby'];

export const MOVE_STATUSES = ['Enquiry', 'Surveyed', 'Quoted', 'Booked', 'Completed', 'Cancelled'];
const CREW_LEADS = ['Gary Pratt', 'Shaun Mellor', 'Kelly Bairstow', 'Tomasz Wrobel', 'Dean Appleyard', 'Nadia Rahman'];
const SURVEYORS = ['Paula Greaves', 'Imran Sadiq', 'Jo Heseltine', 'Martin Cawood'];
const PACKING = ['Full', 'Part', 'None'];
const COVER = ['Standard', 'Enhanced', 'Full value'];
const SOURCES = ['Website', 'Phone', 'Referral', 'Repeat customer', 'Estate agent'];
const NOTES = ['', '', '', '', 'Steep drive', 'Third-floor flat, no lift', 'Piano (upright)', 'Loft not boarded',
  'Narrow lane – 7.5t max', 'Dog on site', 'Keys from agent', 'Shared stairwell', 'Permit zone – book bay'];

function vehicleFor(bedrooms) { return bedrooms <= 2 ? 'Luton' : bedrooms === 3 ? '7.5 t' : '18 t'; }

function makeMove(rnd, i, o = {}) {
  const surname = o.surname || pick(rnd, SURNAMES);
  const firstName = o.firstName || pick(rnd, FIRST);
  const towns = Object.keys(TOWNS);
  const fromTown = o.fromTown || pick(rnd, towns);
  let toTown = o.toTown || pick(rnd, towns);
  if (toTown === fromTown) toTown = towns[(towns.indexOf(toTown) + 3) % towns.length];
  const dayOffset = Math.floor(rnd() * 175) - 70;
  let moveDate = o.moveDate || addDays(TODAY, dayOffset);
  const dow = new Date(moveDate + 'T00:00:00Z').getUTCDay();
  if (!o.moveDate && (dow === 0 || dow === 6)) moveDate = addDays(moveDate, dow === 0 ? 1 : 2);
  const past = moveDate < TODAY;
  const status = o.status || (past ? (rnd() < 0.9 ? 'Completed' : 'Cancelled') : pick(rnd, ['Enquiry', 'Surveyed', 'Quoted', 'Quoted', 'Booked', 'Booked', 'Cancelled']));
  const bedrooms = o.bedrooms || 1 + Math.floor(rnd() * 5);
  const volume = Math.round((bedrooms * 210 + rnd() * 160) / 5) * 5;
  const packing = pick(rnd, PACKING);
  const storageWeeks = rnd() < 0.18 ? 1 + Math.floor(rnd() * 12) : 0;
  const quote = Math.round(volume * 1.9 + (packing === 'Full' ? 420 : packing === 'Part' ? 180 : 0) + storageWeeks * 38 + rnd() * 90);
  const deposit = (status === 'Booked' || status === 'Completed') ? Math.round(quote * 0.2) : 0;
  return {
    id: `mv-${pad(i + 1, 4)}`,
    ref: `KV-25-${pad(1000 + i * 3 + 7, 4)}`,
    surname, firstName,
    fromTown, fromPostcode: o.fromPostcode || postcode(rnd, fromTown),
    toTown, toPostcode: o.toPostcode || postcode(rnd, toTown),
    moveDate,
    branch: branchFor(fromTown),
    status,
    crewLead: pick(rnd, CREW_LEADS),
    vehicle: vehicleFor(bedrooms),
    bedrooms, volume, packing, storageWeeks, quote, deposit,
    source: pick(rnd, SOURCES),
    accessNotes: o.accessNotes !== undefined ? o.accessNotes : pick(rnd, NOTES),
    cover: pick(rnd, COVER),
    surveyor: pick(rnd, SURVEYORS),
    insurancePolicy: `POL-${pad(Math.floor(rnd() * 900000) + 100000, 6)}`,
    invoiceNo: status === 'Completed' ? `INV-${pad(Math.floor(rnd() * 90000) + 10000, 5)}` : '',
    gitCert: o.gitCert || `GIT-${pad(Math.floor(rnd() * 90000) + 10000, 5)}-${pick(rnd, letters)}`,
  };
}

// The planted rows for the moves-register job.
const PLANTED_MOVES = {
  41: { surname: 'Okonkwo', firstName: 'Adaeze', fromTown: 'Horsforth', toTown: 'Headingley', moveDate: '2025-04-04', status: 'Quoted', bedrooms: 3, accessNotes: '' },
  118: { surname: 'Okonkwo', firstName: 'Chidi', fromTown: 'Roundhay', toTown: 'Wetherby', moveDate: '2025-04-04', status: 'Quoted', bedrooms: 3, accessNotes: 'Steep drive' },
  163: { surname: 'Okonkwo', firstName: 'Chidi', fromTown: 'Headingley', toTown: 'Otley', moveDate: '2025-04-11', status: 'Quoted', bedrooms: 3, accessNotes: '', gitCert: 'GIT-58214-K' },
  207: { surname: 'Okonkwo-Reid', firstName: 'Tamsin', fromTown: 'Headingley', toTown: 'Ilkley', moveDate: '2025-04-11', status: 'Quoted', bedrooms: 2, accessNotes: '' },
  259: { surname: 'Okonkwo', firstName: 'Ngozi', fromTown: 'Chapel Allerton', toTown: 'Otley', moveDate: '2025-05-02', status: 'Surveyed', bedrooms: 4, accessNotes: 'Permit zone – book bay' },
};
export const MOVES_TARGET_ID = 'mv-0164';
export const MOVES_LOOKALIKE_IDS = ['mv-0042', 'mv-0119', 'mv-0208', 'mv-0260'];

// ---------------------------------------------------------------- staff
const STAFF_ROLES = ['Porter', 'Porter', 'Porter', 'Driver', 'Driver', 'Crew lead', 'Packer', 'Packer', 'Surveyor', 'Warehouse'];
const DEPOTS = ['Leeds', 'York', 'Harrogate', 'Wakefield'];
const STAFF_SURNAMES = SURNAMES.filter((s) => s !== 'Hughes');

function makeStaff(rnd) {
  const list = [];
  const used = new Set();
  for (let i = 0; list.length < 136; i++) {
    const first = pick(rnd, FIRST);
    const last = pick(rnd, STAFF_SURNAMES);
    if (used.has(first + last)) continue;
    used.add(first + last);
    const offset = Math.floor(rnd() * 660) * 7 + Math.floor(rnd() * 5); // Monday to Friday
    list.push({ firstName: first, surname: last, role: pick(rnd, STAFF_ROLES), depot: pick(rnd, DEPOTS),
      started: addDays('2012-01-09', offset) });
  }
  list.push({ firstName: 'Daniel', surname: 'Hughes', role: 'Porter', depot: 'Wakefield', started: '2021-06-14' });
  list.push({ firstName: 'Daniel', surname: 'Hughes', role: 'Driver', depot: 'York', started: '2018-09-03' });
  list.push({ firstName: 'Danielle', surname: 'Hughes', role: 'Packer', depot: 'Leeds', started: '2022-02-21' });
  list.push({ firstName: 'Daniel', surname: 'Hewson', role: 'Porter', depot: 'Wakefield', started: '2019-11-04' });
  list.sort((a, b) => (a.surname + ' ' + a.firstName).localeCompare(b.surname + ' ' + b.firstName) || a.depot.localeCompare(b.depot));
  return list.map((s, i) => ({
    id: `st-${pad(101 + i * 7, 4)}`,
    ...s,
    phone: `0113 496 0${pad(100 + ((i * 37) % 900), 3)}`,
    email: `${s.firstName}.${s.surname}`.toLowerCase().replace(/[^a-z.]/g, '') + (s.depot === 'Leeds' ? '' : '.' + s.depot.toLowerCase()) + '@kestrelvale.example',
  }));
}

// ---------------------------------------------------------------- customers (survey booking)
function makeCustomers(rnd) {
  const list = [];
  const towns = Object.keys(TOWNS);
  const used = new Set();
  while (list.length < 76) {
    const name = `${pick(rnd, FIRST)} ${pick(rnd, SURNAMES)}`;
    if (used.has(name)) continue;
    used.add(name);
    const town = pick(rnd, towns);
    list.push({ name, area: town, postcode: postcode(rnd, town) });
  }
  list.push({ name: 'Siobhan McAllister', area: 'Roundhay', postcode: 'LS8 2PQ' });
  list.push({ name: 'Siobhan McAllister', area: 'Rawdon', postcode: 'LS19 6HB' });
  list.push({ name: 'Siobhan McAlister', area: 'Roundhay', postcode: 'LS8 1DX' });
  list.push({ name: 'Siobhan MacAllister', area: 'Rothwell', postcode: 'LS26 0RT' });
  list.push({ name: 'Sinead McAllister', area: 'Roundhay', postcode: 'LS8 4JW' });
  list.sort((a, b) => a.name.localeCompare(b.name) || a.area.localeCompare(b.area));
  return list.map((c, i) => ({ id: `cu-${pad(300 + i * 11, 4)}`, ...c }));
}

export const SURVEY_TIMES = ['09:00', '10:30', '12:00', '13:30', '15:00'];
export const CLOSED_DAYS = [
  { date: '2025-03-19', reason: 'Office closed – staff training' },
  { date: '2025-03-27', reason: 'Surveyors fully booked' },
  { date: '2025-03-28', reason: 'Surveyors fully booked' },
  { date: '2025-04-08', reason: 'Surveyors fully booked' },
  { date: '2025-04-18', reason: 'Good Friday' },
  { date: '2025-04-21', reason: 'Easter Monday' },
  { date: '2025-05-05', reason: 'Early May bank holiday' },
  { date: '2025-05-26', reason: 'Spring bank holiday' },
];

// ---------------------------------------------------------------- board
export const BOARD_COLUMNS = [
  { id: 'enquiry', title: 'New enquiry' },
  { id: 'survey-booked', title: 'Survey booked' },
  { id: 'surveyed', title: 'Surveyed' },
  { id: 'quote-sent', title: 'Quote sent' },
  { id: 'won', title: 'Won' },
];
const CARDS = [
  ['enquiry', 'Ramsden', '2-bed terrace', 'Pudsey', 'Morley'],
  ['enquiry', 'Iqbal', '3-bed semi', 'Shipley', 'Bingley'],
  ['enquiry', 'Fairbairn', '1-bed flat', 'York', 'Selby'],
  ['enquiry', 'Nowak', 'Office (12 desks)', 'Wakefield', 'Castleford'],
  ['survey-booked', 'Fairbairn', '2-bed flat', 'Harrogate', 'Leeds'],
  ['survey-booked', 'Stansfield', '4-bed detached', 'Ilkley', 'Skipton'],
  ['survey-booked', 'Mensah', '3-bed semi', 'Garforth', 'Tadcaster'],
  ['survey-booked', 'Priestley', '2-bed terrace', 'Rothwell', 'Wakefield'],
  ['surveyed', 'Fairbairn', '4-bed detached', 'Knaresborough', 'York'],
  ['surveyed', 'Fairburn', '4-bed detached', 'Harrogate', 'Skipton'],
  ['surveyed', 'Fairbairn', '4-bed detached', 'Harrogate', 'Ripon'],
  ['surveyed', 'Holroyd', '3-bed semi', 'Horsforth', 'Otley'],
  ['surveyed', 'Wainwright', '5-bed farmhouse', 'Wetherby', 'Harrogate'],
  ['quote-sent', 'Ormerod', '2-bed flat', 'Headingley', 'Chapel Allerton'],
  ['quote-sent', 'Fairbairn', '3-bed semi', 'Harrogate', 'Knaresborough'],
  ['quote-sent', 'Bhatti', '4-bed detached', 'Roundhay', 'Wetherby'],
  ['won', 'Sowerby', '3-bed semi', 'Keighley', 'Skipton'],
  ['won', 'Calvert', '1-bed flat', 'Selby', 'York'],
  ['won', 'Zielinski', '2-bed terrace', 'Castleford', 'Pontefract'],
];
export const BOARD_TARGET_ID = 'card-11';

function weekday(iso) {
  const dow = new Date(iso + 'T00:00:00Z').getUTCDay();
  return dow === 6 ? addDays(iso, -1) : dow === 0 ? addDays(iso, 1) : iso;
}

function makeBoard(rnd) {
  return CARDS.map(([column, name, property, from, to], i) => ({
    id: `card-${pad(i + 1, 2)}`,
    column, name, property, from, to,
    enquiryDate: weekday(addDays(TODAY, -Math.floor(rnd() * 10) - (column === 'enquiry' ? 1 : 14))),
    surveyDate: column === 'enquiry' ? null : weekday(addDays(TODAY, column === 'survey-booked' ? 2 + Math.floor(rnd() * 12) : -1 - Math.floor(rnd() * 12))),
    estimate: Math.round((400 + rnd() * 3200) / 10) * 10,
    quoteRef: `QT-25-${pad(4100 + Math.floor(rnd() * 800), 4)}`,
    jobRef: `JB-25-${pad(700 + Math.floor(rnd() * 250), 4)}`,
  }));
}

// ---------------------------------------------------------------- fleet
export const FLEET_MONTHS = ['2024-04', '2024-05', '2024-06', '2024-07', '2024-08', '2024-09', '2024-10', '2024-11', '2024-12', '2025-01', '2025-02'];
export const FLEET_VEHICLES = [
  { id: 'luton-1', name: 'Luton 1', reg: 'YK71 KVR' },
  { id: 'luton-2', name: 'Luton 2', reg: 'YK72 KVL' },
  { id: 'box-75', name: '7.5 t box', reg: 'YJ70 VAL' },
  { id: 'artic-18', name: '18 t rigid', reg: 'YG69 KES' },
];
const FUEL = {
  'luton-1': [512, 548, 577, 603, 634, 590, 601, 618, 566, 489, 503],
  'luton-2': [497, 539, 588, 611, 627, 583, 596, 621, 574, 478, 512],
  'box-75': [744, 781, 826, 869, 902, 851, 838, 803, 758, 690, 712],
  'artic-18': [1132, 1184, 1240, 1296, 1351, 1265, 1248, 1197, 1121, 1018, 1064],
};
export const FLEET_TARGET = { vehicle: 'luton-2', month: '2024-11', litres: 621 };

// ---------------------------------------------------------------- templates (rich text)
export const TEMPLATE_ID = 'moving-day-letter';
export const TEMPLATE_HTML = [
  '<h2>Your moving day: what to expect</h2>',
  '<p>Dear {{customer_name}},</p>',
  '<p>Thank you for booking your move with Kestrel &amp; Vale. This letter explains what happens on the day and how you can help things run smoothly.</p>',
  '<p>For removals from a house, our crew will arrive between 8:00 and 9:00 on the morning of your move. For removals from a flat, our crew will arrive between 7:30 and 8:30 on the morning of your move. For collections from storage, our crew will arrive between 7:30 and 8:30 on the morning of your move.</p>',
  '<p>Please empty and defrost your freezer the day before the move. Please empty and clean your fridge the day before the move.</p>',
  '<p>Kettles, medicines, keys and phone chargers should travel with you, not in the van.</p>',
  '<p>Our packing guide explains how to label boxes by room. Our packing service can be added up to 48 hours before the move.</p>',
  '<p>If anything changes, please call the office on 0113 496 0732.</p>',
  '<p>Kind regards,<br>The Kestrel &amp; Vale team</p>',
].join('\n');
export const TEMPLATE_LINK = 'https://kestrelvale.example/packing-guide';

export const OTHER_TEMPLATES = [
  { id: 'survey-confirmation', title: 'Survey confirmation', updated: '2025-02-26' },
  { id: 'storage-reminder', title: 'Storage renewal reminder', updated: '2025-01-14' },
];

// ---------------------------------------------------------------- inventory files
export const INVENTORY_TARGET_FILE = 'whitlock-inventory-final.csv';

// ---------------------------------------------------------------- seed
export function seed() {
  const rnd = mulberry32(20250318);
  const moves = [];
  for (let i = 0; i < 320; i++) {
    moves.push(makeMove(rnd, i, PLANTED_MOVES[i] || {}));
  }
  const staff = makeStaff(mulberry32(77));
  const customers = makeCustomers(mulberry32(4242));
  const board = makeBoard(mulberry32(909));
  const fuel = FLEET_VEHICLES.map((v) => ({ ...v, litres: FUEL[v.id].slice() }));
  return {
    moves,
    movesSaves: [],
    staff,
    deletedStaff: [],
    customers,
    surveys: [],
    surveyCounter: 412,
    board,
    boardMoves: [],
    fuel,
    fuelChecks: [],
    templates: {
      [TEMPLATE_ID]: { id: TEMPLATE_ID, title: 'Moving day letter', updated: '2025-03-03', html: TEMPLATE_HTML, saves: 0 },
    },
    uploads: [],
  };
}
