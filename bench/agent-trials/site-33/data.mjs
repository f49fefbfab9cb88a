// Deterministic seed data for Gannet Sound Ferries back office (trial site 33).
// Everything here is rebuilt by seed(); nothing depends on the real clock.

export const TODAY = '2025-06-12'; // Thursday 12 June 2025
export const TODAY_LABEL = 'Thursday 12 June 2025';

function mulberry32(a) {
  return function () {
    a |= 0; a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (rnd, arr) => arr[Math.floor(rnd() * arr.length)];
const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const code = (rnd, n) => Array.from({ length: n }, () => ALNUM[Math.floor(rnd() * ALNUM.length)]).join('');
const digits = (rnd, n) => Array.from({ length: n }, () => Math.floor(rnd() * 10)).join('');

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export function dateLabel(iso) {
  const [y, m, d] = iso.split('-').map(Number);
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

// ---------------------------------------------------------------- freight manifests (grid)
export const MANIFEST_STATUSES = ['Booked', 'Checked in', 'Loaded', 'Held for inspection', 'Cleared', 'Cancelled'];
export const MANIFEST_COLUMNS = [
  ['manifest', 'Manifest'], ['consignment', 'Consignment'], ['shipper', 'Shipper'], ['sailing', 'Sailing date'],
  ['departs', 'Departs'], ['route', 'Route'], ['vessel', 'Vessel'], ['status', 'Status'], ['note', 'Handler note'],
  ['deck', 'Deck'], ['lane', 'Lane'], ['vehicleReg', 'Vehicle reg'], ['trailer', 'Trailer no.'], ['driver', 'Driver'],
  ['weightKg', 'Weight (kg)'], ['lengthM', 'Length (m)'], ['heightM', 'Height (m)'], ['hazard', 'Hazard class'],
  ['temperature', 'Temperature'], ['pallets', 'Pallets'], ['customsRef', 'Customs ref'], ['sealNo', 'Seal no.'],
  ['agent', 'Agent'], ['bookedOn', 'Booked on'], ['checkedBy', 'Checked by'], ['releaseCode', 'Release code'],
];

const ROUTES = [
  ['Port Ardle → Kestrel Isle', 'MV Gannet'], ['Port Ardle → Inchmurran', 'MV Lady Ardle'],
  ['Port Ardle → Carrick Holm', 'MV Kittiwake'], ['Kestrel Isle → Skerrivore', 'MV Sound Rover'],
  ['Inchmurran → Port Ardle', 'MV Lady Ardle'], ['Kestrel Isle → Port Ardle', 'MV Gannet'],
];
const DEPARTS = ['06:50', '08:15', '09:40', '11:40', '13:10', '15:05', '17:40'];
const CONSIGNMENTS = [
  ['Frozen scallops', 'Frozen −18°C'], ['Live lobsters', 'Chilled 2–4°C'], ['Building aggregate', 'Ambient'],
  ['Heating oil drums', 'Ambient'], ['Animal feed', 'Ambient'], ['Mail and parcels', 'Ambient'],
  ['Supermarket groceries', 'Chilled 2–4°C'], ['Sawn timber', 'Ambient'], ['Cement bags', 'Ambient'],
  ['Whisky casks', 'Ambient'], ['Turbine blade section', 'Ambient'], ['Sheep (livestock)', 'Ambient'],
  ['Refuse containers', 'Ambient'], ['Bottled gas', 'Ambient'], ['Fresh bakery goods', 'Ambient'],
  ['Farmed salmon', 'Chilled 2–4°C'], ['Roofing slate', 'Ambient'], ['Pharmacy supplies', 'Chilled 2–4°C'],
  ['Chilled langoustine', 'Chilled 2–4°C'], ['Fencing posts', 'Ambient'],
];
const SHIPPERS = [
  'Carrick Holm Fisheries', 'Inchmurran Shellfish Co', 'Ardle Builders Merchants', 'Kestrel Stores',
  'Sound Haulage Ltd', 'Skerrivore Distillery', 'Island Fuels', 'Holm Farm Supplies', 'Royal Mail Islands',
  'Ardle Bakery', 'North Sound Salmon', 'Kestrel Community Council',
];
const DRIVERS = ['A. Munro', 'B. Sinclair', 'C. Morrison', 'D. Grant', 'E. Fraser', 'F. Mackay', 'G. Ross', 'H. Stewart', 'I. Campbell', 'J. Reid'];
const AGENTS = ['Direct', 'Ardle Shipping Agency', 'Isles Freight Desk', 'SoundLink Logistics'];
const CHECKERS = ['R. Paterson', 'S. Kerr', 'T. MacInnes', 'U. Laing'];
const SAIL_DATES = ['2025-06-09', '2025-06-10', '2025-06-11', '2025-06-12', '2025-06-13', '2025-06-16', '2025-06-17', '2025-06-18', '2025-06-19', '2025-06-20', '2025-06-23', '2025-06-24'];

function buildManifests() {
  const rnd = mulberry32(3301);
  const rows = [];
  const mk = (consignment, temperature, shipper, sailing, routeIdx, dep) => {
    const [route, vessel] = ROUTES[routeIdx];
    const booked = new Date(Date.UTC(2025, 4, 12 + Math.floor(rnd() * 25))).toISOString().slice(0, 10);
    return {
      consignment, shipper, sailing: dateLabel(sailing), departs: dep, route, vessel,
      status: pick(rnd, ['Booked', 'Booked', 'Booked', 'Checked in', 'Loaded', 'Cleared']),
      note: '',
      deck: pick(rnd, ['Main', 'Main', 'Mezzanine', 'Upper']), lane: 'L' + (1 + Math.floor(rnd() * 8)),
      vehicleReg: `${pick(rnd, ['SK', 'SV', 'SN', 'SY'])}${10 + Math.floor(rnd() * 15)} ${code(rnd, 3)}`,
      trailer: 'TR-' + digits(rnd, 4), driver: pick(rnd, DRIVERS),
      weightKg: 1200 + Math.floor(rnd() * 180) * 100, lengthM: (6 + Math.floor(rnd() * 70) / 10).toFixed(1),
      heightM: (2.4 + Math.floor(rnd() * 20) / 10).toFixed(1),
      hazard: consignment === 'Heating oil drums' ? '3' : consignment === 'Bottled gas' ? '2.1' : 'None',
      temperature, pallets: 2 + Math.floor(rnd() * 24), customsRef: 'CX' + digits(rnd, 7), sealNo: 'S' + digits(rnd, 6),
      agent: pick(rnd, AGENTS), bookedOn: dateLabel(booked), checkedBy: pick(rnd, CHECKERS),
      releaseCode: 'RC-' + code(rnd, 5),
    };
  };
  for (let i = 0; i < 292; i++) {
    let [c, t] = pick(rnd, CONSIGNMENTS);
    let shipper = pick(rnd, SHIPPERS);
    if (c === 'Chilled langoustine' && shipper === 'Carrick Holm Fisheries') shipper = 'Inchmurran Shellfish Co';
    rows.push(mk(c, t, shipper, pick(rnd, SAIL_DATES), Math.floor(rnd() * ROUTES.length), pick(rnd, DEPARTS)));
  }
  // Look-alikes: same consignment and shipper, differing only in sailing date.
  const base = { c: 'Chilled langoustine', t: 'Chilled 2–4°C', s: 'Carrick Holm Fisheries', r: 2, d: '09:40' };
  const group = ['2025-06-16', '2025-06-17', '2025-06-18', '2025-06-24'].map((date) => {
    const r = mk(base.c, base.t, base.s, date, base.r, base.d);
    Object.assign(r, { status: 'Booked', deck: 'Main', lane: 'L3', driver: 'C. Morrison', weightKg: 7400, lengthM: '10.5', heightM: '3.6', pallets: 14, agent: 'Direct', hazard: 'None' });
    return r;
  });
  // and a same-date, different-shipper look-alike
  const other = mk('Chilled langoustine', base.t, 'Inchmurran Shellfish Co', '2025-06-17', 1, '09:40');
  const positions = [64, 181, 137, 233, 188];
  const extra = [...group, other];
  positions.forEach((p, i) => rows.splice(p, 0, extra[i]));
  rows.forEach((r, i) => { r.manifest = 'FM-25-' + String(1000 + i * 3 + (i % 3)).padStart(4, '0'); });
  // reorder keys so manifest comes first
  return rows.map((r) => Object.fromEntries(MANIFEST_COLUMNS.map(([k]) => [k, r[k]])));
}

// ---------------------------------------------------------------- notices (rich text)
export const SUMMER_LINES = [
  'From Monday 30 June the summer timetable applies on all routes.',
  'The 07:40 sailing from Port Ardle to Kestrel Isle will leave from Berth 2.',
  'The 09:40 sailing from Port Ardle to Kestrel Isle will leave from Berth 2.',
  'The 07:40 sailing from Kestrel Isle to Port Ardle will leave from Berth 1.',
  'The 17:40 sailing from Port Ardle to Kestrel Isle will leave from Berth 2.',
  'The 17:40 sailing from Port Ardle to Inchmurran will leave from Berth 2.',
  'Vehicle passengers should check in 30 minutes before departure.',
  'Foot passengers should check in 15 minutes before departure.',
  'Tickets are sold at the harbour office and on board.',
  'For live sailing updates, see the service status page.',
];
const WORKS_LINES = [
  'Resurfacing works at Port Ardle car park start on Monday 16 June.',
  'The long-stay car park will be closed for two weeks.',
  'Short-stay parking remains open beside the harbour office.',
  'Please allow extra time when arriving for your sailing.',
];
const ACCESS_LINES = [
  'All our vessels have a passenger lift between the car deck and the lounge.',
  'Please tell the harbour office if you need assistance boarding.',
  'Assistance dogs are welcome in all passenger areas.',
];

// ---------------------------------------------------------------- deck plan (drag and drop)
const DECK_SAILINGS = [
  { id: 's0815', time: '08:15', route: 'Port Ardle → Kestrel Isle', vessel: 'MV Gannet' },
  { id: 's1140', time: '11:40', route: 'Port Ardle → Kestrel Isle', vessel: 'MV Gannet' },
  { id: 's1505', time: '15:05', route: 'Port Ardle → Kestrel Isle', vessel: 'MV Gannet' },
];
const LANES = ['L1', 'L2', 'L3', 'L4', 'L5', 'L6', 'L7', 'L8'];
function buildDeck() {
  const b = (id, sailing, lane, vehicle, name, reg) => ({ id, sailing, lane, vehicle, name, reg });
  return [
    b('vb-101', 's0815', 'L1', 'Articulated lorry', 'Sound Haulage Ltd', 'SV70 HLG'),
    b('vb-102', 's0815', 'L2', 'Campervan', 'M. Lindsay', 'SK19 FWD'),
    b('vb-103', 's0815', 'L3', 'Car', 'P. Duncan', 'SN68 OPR'),
    b('vb-104', 's0815', 'L5', 'Van', 'Kestrel Stores', 'SY21 KST'),
    b('vb-105', 's0815', 'L6', 'Car and trailer', 'R. Gillies', 'SK66 TRL'),
    b('vb-106', 's0815', 'L7', 'Car', 'A. Nicolson', 'SV17 ANC'),
    b('vb-107', 's0815', 'L8', 'Motorcycle', 'J. Beaton', 'SN20 MCB'),
    b('vb-111', 's1140', 'L1', 'Box van', 'Ardle Bakery', 'SY69 BKY'),
    b('vb-112', 's1140', 'L2', 'Car', 'F. Mackay', 'SK18 FMK'),
    b('vb-113', 's1140', 'L3', 'Campervan', 'M. Lindsey', 'SN22 LNZ'),
    b('vb-114', 's1140', 'L4', 'Campervan', 'M. Lindsay', 'LS21 KTP'),
    b('vb-115', 's1140', 'L5', 'Tractor', 'Holm Farm Supplies', 'SV65 TRC'),
    b('vb-116', 's1140', 'L7', 'Car', 'E. Fraser', 'SY19 EFR'),
    b('vb-121', 's1505', 'L1', 'Articulated lorry', 'Island Fuels', 'SK71 FUL'),
    b('vb-122', 's1505', 'L2', 'Car', 'D. Grant', 'SN17 DGR'),
    b('vb-123', 's1505', 'L4', 'Campervan', 'N. Lindsay', 'SV23 NLC'),
    b('vb-124', 's1505', 'L5', 'Van', 'Royal Mail Islands', 'SY70 RML'),
    b('vb-125', 's1505', 'L8', 'Car', 'H. Stewart', 'SK20 HST'),
  ];
}

// ---------------------------------------------------------------- crew certificates (upload)
export const CERT_TYPES = ['STCW Basic Safety', 'Proficiency in Survival Craft', 'Advanced Fire Fighting', 'ENG1 Medical', 'Crowd Management', 'Efficient Deck Hand', 'Ship Security Awareness', 'Elementary First Aid'];
export const CREW_NAMES = [
  'Hannah Okafor', 'Euan MacLeod', 'Ewan MacLeod', 'Euan McLeod', 'Morag Lindsay', 'Calum Stewart', 'Iona Mackenzie',
  'Ruairidh Nicolson', 'Kirsty Beaton', 'Donald Morrison', 'Fiona Gillies', 'Angus Macaulay', 'Shona Macdonald',
  'Peter Duncan', 'Catriona Ross', 'Alasdair Munro', 'Mairi Campbell', 'Graham Sinclair', 'Isla Fraser', 'Niall Grant',
  'Eilidh Paterson', 'Lachlan Reid', 'Rachel Kerr', 'Tom MacInnes', 'Ailsa Laing', 'Duncan Mackay', 'Seonaid Urquhart',
  'Gordon Matheson', 'Jennifer Maclean', 'Kenny Macrae', 'Lorna Buchanan', 'Murdo Maciver', 'Heather Ferguson',
  'Roddy Macneil', 'Zainab Hussain', 'Owen Pritchard', 'Katie Mcphee', 'Finlay Johnston', 'Marion Galbraith',
  'Stuart Wilson', 'Anna Kowalska', 'James Thomson', 'Sarah Black', 'Colin Douglas', 'Gemma Hastie',
];
export function certificateCsv(year, count) {
  const rnd = mulberry32(year === 2025 ? 25025 : 24024);
  const lines = ['staff_no,name,vessel,certificate,certificate_no,issued,expires'];
  for (let i = 0; i < count; i++) {
    const name = CREW_NAMES[i % CREW_NAMES.length];
    const vessel = pick(rnd, ['MV Gannet', 'MV Lady Ardle', 'MV Kittiwake', 'MV Sound Rover']);
    const cert = CERT_TYPES[(i * 3 + Math.floor(rnd() * 3)) % CERT_TYPES.length];
    const issuedM = 1 + Math.floor(rnd() * 12);
    const issued = `${year - 1 - Math.floor(rnd() * 3)}-${String(issuedM).padStart(2, '0')}-${String(1 + Math.floor(rnd() * 27)).padStart(2, '0')}`;
    const expires = `${year + Math.floor(rnd() * 4)}-${String(1 + Math.floor(rnd() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rnd() * 27)).padStart(2, '0')}`;
    const staff = 'GS-' + (1001 + ((i * 7) % 60));
    lines.push([staff, `"${name}"`, vessel, `"${cert}"`, 'C' + digits(rnd, 6), issued, expires].join(','));
  }
  return lines.join('\n') + '\n';
}
export const CERT_COUNT_2025 = 41;
export const CERT_COUNT_2024 = 38;

// ---------------------------------------------------------------- carryings (chart)
export const CHART_ROUTES = [
  ['kestrel', 'Kestrel Isle'], ['inchmurran', 'Inchmurran'], ['carrick', 'Carrick Holm'], ['skerrivore', 'Skerrivore'],
];
const VEHICLES = {
  kestrel: [812, 790, 905, 1120, 1298, 1406, 1533, 1519, 1350, 1104, 871, 840],
  inchmurran: [734, 702, 866, 1047, 1251, 1389, 1468, 1482, 1437, 1092, 818, 797],
  carrick: [621, 598, 744, 965, 1180, 1342, 1455, 1497, 1376, 1010, 700, 688],
  skerrivore: [402, 385, 468, 655, 842, 1011, 1183, 1248, 1052, 713, 455, 430],
};
const PASSENGERS = {
  kestrel: [2410, 2302, 2890, 3770, 4480, 5210, 6120, 6405, 5230, 3840, 2660, 2990],
  inchmurran: [1870, 1755, 2140, 2980, 3620, 4390, 5270, 5482, 4410, 3020, 1990, 2240],
  carrick: [1320, 1288, 1610, 2260, 2890, 3560, 4470, 4620, 3710, 2480, 1430, 1570],
  skerrivore: [640, 598, 810, 1240, 1680, 2130, 2860, 3010, 2270, 1390, 720, 760],
};
export const CHART_ANSWER = { route: 'inchmurran', month: '2024-08', metric: 'vehicles', value: 1482 };

// ---------------------------------------------------------------- maintenance booking (date picker + combobox)
export const CONTRACTORS = [
  ['ct-01', 'Ardle Marine Engineering'], ['ct-02', 'Ardle Marine Electrical'], ['ct-03', 'Ardell Marine Engineering'],
  ['ct-04', 'Ardle Marine Engines'], ['ct-05', 'Port Ardle Marine Services'], ['ct-06', 'Holm Diving Services'],
  ['ct-07', 'Kestrel Crane Hire'], ['ct-08', 'Sound Electrical Contractors'], ['ct-09', 'Skerrivore Steel Fabrication'],
  ['ct-10', 'Islands Hydraulics Ltd'], ['ct-11', 'North Sound Painting'], ['ct-12', 'Inchmurran Plant Hire'],
].map(([id, name]) => ({ id, name }));
export const CLOSED_DAYS = [
  { date: '2025-06-23', reason: 'Harbour closed: linkspan replacement' },
  { date: '2025-06-24', reason: 'Harbour closed: linkspan replacement' },
  { date: '2025-07-04', reason: 'Harbour closed: Ardle Regatta' },
];
export const BOOKING_TIMES = ['08:00', '08:30', '09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30'];
const MAINT_JOBS = [
  { ref: 'HM-25-0181', contractor: 'Kestrel Crane Hire', date: '2025-06-13', time: '09:00', note: 'Annual crane load test, Kestrel pier' },
  { ref: 'HM-25-0184', contractor: 'Sound Electrical Contractors', date: '2025-06-17', time: '13:30', note: 'Replace berth 3 floodlights' },
  { ref: 'HM-25-0186', contractor: 'Holm Diving Services', date: '2025-06-19', time: '08:00', note: 'Underwater survey, Carrick Holm slipway' },
  { ref: 'HM-25-0190', contractor: 'Ardle Marine Engineering', date: '2025-07-01', time: '10:00', note: 'Fender repairs, Port Ardle berth 2' },
];

// ---------------------------------------------------------------- crew list (search, paging, confirm)
const ROLES = ['Master', 'Mate', 'Chief Engineer', 'Second Engineer', 'Deckhand', 'Deckhand', 'Purser', 'Steward', 'Catering Assistant', 'Bosun'];
const VESSELS = ['MV Gannet', 'MV Lady Ardle', 'MV Kittiwake', 'MV Sound Rover'];
function buildCrew() {
  const rnd = mulberry32(7707);
  const crew = [];
  const seen = new Set();
  let n = 1001;
  const add = (name, role, vessel) => { crew.push({ id: 'cr-' + n, staffNo: 'GS-' + n, name, role, vessel }); n++; };
  // the look-alikes
  add('Euan MacLeod', 'Chief Engineer', 'MV Gannet');
  add('Euan MacLeod', 'Deckhand', 'MV Kittiwake');
  add('Ewan MacLeod', 'Deckhand', 'MV Gannet');
  add('Euan McLeod', 'Deckhand', 'MV Lady Ardle');
  ['Euan MacLeod', 'Ewan MacLeod', 'Euan McLeod'].forEach((x) => seen.add(x));
  for (const name of CREW_NAMES) {
    if (seen.has(name)) continue;
    add(name, pick(rnd, ROLES), pick(rnd, VESSELS));
  }
  const extra = ['Iain Macphail', 'Rona Mackinnon', 'Scott Maclennan', 'Callum Macaskill', 'Ruth Henderson', 'Aileen Murray',
    'Hamish Mackie', 'Kerry Anderson', 'Neil Macleod', 'Donna Bain', 'Archie Graham', 'Moira Maclean', 'Ewen Morrison',
    'Jill Robertson', 'Fraser Gunn', 'Iona MacLeod', 'Euan Mackay', 'Lewis Sutherland', 'Bethany Watt', 'Craig Logan'];
  for (const name of extra) add(name, pick(rnd, ROLES), pick(rnd, VESSELS));
  return crew;
}

export function seed() {
  const manifests = buildManifests();
  return {
    manifests,
    manifestSeed: manifests.map((r) => ({ manifest: r.manifest, status: r.status, note: r.note })),
    notices: [
      { id: 'n-summer', title: 'Summer timetable changes', audience: 'All routes', updated: '2025-06-10', lines: SUMMER_LINES, elements: null, html: null },
      { id: 'n-works', title: 'Resurfacing works at Port Ardle', audience: 'Port Ardle', updated: '2025-06-09', lines: WORKS_LINES, elements: null, html: null },
      { id: 'n-access', title: 'Accessible travel', audience: 'All routes', updated: '2025-05-28', lines: ACCESS_LINES, elements: null, html: null },
    ],
    deck: { date: TODAY, sailings: DECK_SAILINGS, lanes: LANES, bookings: buildDeck() },
    deckSeed: buildDeck(),
    deckMoves: [],
    certificates: {
      current: buildCurrentCerts(),
      imports: [],
    },
    carryings: { year: 2024, months: MONTHS, routes: CHART_ROUTES, vehicles: VEHICLES, passengers: PASSENGERS },
    returns: [],
    contractors: CONTRACTORS,
    maintenance: { jobs: MAINT_JOBS.map((j) => ({ ...j })), bookings: [] },
    crew: buildCrew(),
    crewRemoved: [],
    counters: { deck: 40718, returns: 311, booking: 191 },
  };
}

function buildCurrentCerts() {
  const rnd = mulberry32(9090);
  return CREW_NAMES.slice(0, 12).map((name, i) => ({
    name, certificate: CERT_TYPES[i % CERT_TYPES.length], vessel: pick(rnd, VESSELS),
    expires: dateLabel(`2025-${String(7 + (i % 6)).padStart(2, '0')}-${String(3 + i * 2).padStart(2, '0')}`),
  }));
}

export const seedCrewCount = () => buildCrew().length;
