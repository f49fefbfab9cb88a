// Deterministic seed data for the Hollowmere Botanic Garden back office.
// Everything here is generated from fixed seeds, so every call to seed()
// returns exactly the same data.

export const TODAY = '2025-11-13'; // a Thursday
export const BUSINESS = 'Hollowmere Botanic Garden';

function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pickFrom = (r) => (arr) => arr[Math.floor(r() * arr.length)];
const pad = (n, w = 2) => String(n).padStart(w, '0');
function isoDay(d) { return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`; }
function addDays(iso, n) { const d = new Date(iso + 'T00:00:00Z'); d.setUTCDate(d.getUTCDate() + n); return isoDay(d); }

// ---------------------------------------------------------------- accessions
export const HOUSES = ['Tropical House', 'Temperate House', 'Fern House', 'Cactus House', 'Orchid House', 'Alpine House', 'Victoria House', 'Palm House', 'Nursery'];
export const STATUSES = ['Living', 'Propagating', 'Dormant', 'Quarantine', 'On loan', 'Dead', 'Missing'];

const TAXA = [
  ['Nepenthes rafflesiana', "Raffles' pitcher plant", 'Nepenthaceae'],
  ['Nepenthes ampullaria', 'Flask-shaped pitcher plant', 'Nepenthaceae'],
  ['Victoria amazonica', 'Giant water lily', 'Nymphaeaceae'],
  ['Dicksonia antarctica', 'Soft tree fern', 'Dicksoniaceae'],
  ['Cyathea medullaris', 'Black tree fern', 'Cyatheaceae'],
  ['Welwitschia mirabilis', 'Tree tumbo', 'Welwitschiaceae'],
  ['Echinocactus grusonii', 'Golden barrel cactus', 'Cactaceae'],
  ['Carnegiea gigantea', 'Saguaro', 'Cactaceae'],
  ['Phalaenopsis amabilis', 'Moon orchid', 'Orchidaceae'],
  ['Paphiopedilum rothschildianum', "Rothschild's slipper orchid", 'Orchidaceae'],
  ['Dendrobium nobile', 'Noble dendrobium', 'Orchidaceae'],
  ['Cattleya labiata', 'Crimson cattleya', 'Orchidaceae'],
  ['Saxifraga oppositifolia', 'Purple saxifrage', 'Saxifragaceae'],
  ['Gentiana acaulis', 'Trumpet gentian', 'Gentianaceae'],
  ['Encephalartos woodii', "Wood's cycad", 'Zamiaceae'],
  ['Musa acuminata', 'Wild banana', 'Musaceae'],
  ['Theobroma cacao', 'Cacao', 'Malvaceae'],
  ['Coffea arabica', 'Arabica coffee', 'Rubiaceae'],
  ['Amorphophallus titanum', 'Titan arum', 'Araceae'],
  ['Monstera deliciosa', 'Swiss cheese plant', 'Araceae'],
  ['Strelitzia nicolai', 'Giant bird of paradise', 'Strelitziaceae'],
  ['Lodoicea maldivica', 'Coco de mer', 'Arecaceae'],
  ['Jubaea chilensis', 'Chilean wine palm', 'Arecaceae'],
  ['Aloe polyphylla', 'Spiral aloe', 'Asphodelaceae'],
  ['Lithops karasmontana', 'Living stones', 'Aizoaceae'],
  ['Platycerium bifurcatum', 'Staghorn fern', 'Polypodiaceae'],
  ['Asplenium nidus', "Bird's-nest fern", 'Aspleniaceae'],
  ['Tillandsia xerographica', 'Air plant', 'Bromeliaceae'],
  ['Puya raimondii', 'Queen of the Andes', 'Bromeliaceae'],
  ['Rafflesia arnoldii', 'Corpse lily', 'Rafflesiaceae'],
  ['Wollemia nobilis', 'Wollemi pine', 'Araucariaceae'],
  ['Dracaena cinnabari', "Dragon's blood tree", 'Asparagaceae'],
  ['Begonia rex', 'King begonia', 'Begoniaceae'],
  ['Hoya carnosa', 'Wax plant', 'Apocynaceae'],
  ['Drosera capensis', 'Cape sundew', 'Droseraceae'],
  ['Sarracenia purpurea', 'Purple pitcher plant', 'Sarraceniaceae'],
];
const SOURCES = ['RBG Kew', 'RBG Edinburgh', 'Cambridge UBG', 'Oxford BG', 'Meise BG', 'Bergius BG', 'Wild collected', 'Own propagation', 'Private donor', 'Eden Project'];
const PROV = ['W', 'Z', 'G', 'U'];
const PROPAG = ['Seed', 'Cutting', 'Division', 'Offset', 'Tissue culture', 'Layering', 'Grafting'];
const HABIT = ['Herb', 'Shrub', 'Tree', 'Climber', 'Epiphyte', 'Succulent', 'Aquatic', 'Geophyte'];
const HARDY = ['H1a', 'H1b', 'H1c', 'H2', 'H3', 'H4', 'H5'];
const IUCN = ['LC', 'NT', 'VU', 'EN', 'CR', 'DD', 'NE'];
const CITES = ['—', 'I', 'II', 'III'];
const PEOPLE = ['A. Whitcombe', 'R. Desai', 'M. Kowalczyk', 'J. Abernethy', 'S. Nakamura', 'T. Okonjo', 'L. Ferreira', 'H. Lindqvist', 'P. Marchetti', 'D. Mbeki'];
const COUNTRIES = ['Malaysia', 'Indonesia', 'Brazil', 'Peru', 'Mexico', 'South Africa', 'Namibia', 'Australia', 'New Zealand', 'Chile', 'Madagascar', 'Switzerland', 'Norway', 'Yemen', 'Cultivated'];
const WATER = ['Daily mist', 'Twice weekly', 'Weekly', 'Fortnightly', 'Keep moist', 'Dry winter rest', 'Rainwater only'];
const FEED = ['None', 'Monthly liquid', 'Fortnightly liquid', 'Slow release', 'Orchid feed', 'Cactus feed'];
const CONTAINERS = ['Bed', '30 cm pot', '45 cm pot', 'Basket', 'Mounted', 'Pond', 'Trough', '20 cm pot'];
const INV_NOTES = ['', '', '', 'Healthy', 'Leaf scorch on south side', 'Repotted', 'Label replaced', 'Scale insect treated', 'Flowering', 'Needs staking', 'Mealybug checked'];

export const GRID_TARGET = { taxon: 'Nepenthes rafflesiana', house: 'Fern House', newStatus: 'Propagating', newNote: 'Cuttings taken for Kew loan' };

function makeAccessions() {
  const r = rng(3401);
  const pick = pickFrom(r);
  const rows = [];
  const usedVoucher = new Set();
  const voucher = () => { let v; do { v = `HOL-V${10000 + Math.floor(r() * 89999)}`; } while (usedVoucher.has(v)); usedVoucher.add(v); return v; };
  for (let i = 0; i < 296; i++) {
    let t = pick(TAXA);
    if (t[0] === 'Nepenthes rafflesiana') t = TAXA[1 + Math.floor(r() * (TAXA.length - 1))];
    const year = 1988 + Math.floor(r() * 37);
    const recv = `${year}-${pad(1 + Math.floor(r() * 12))}-${pad(1 + Math.floor(r() * 28))}`;
    const verYear = Math.min(2025, year + Math.floor(r() * 6));
    rows.push({
      acc: `${year}.${pad(Math.floor(r() * 9000) + 100, 4)}`,
      taxon: t[0], common: t[1], family: t[2],
      house: pick(HOUSES), bed: `${'ABCDEFGH'[Math.floor(r() * 8)]}${1 + Math.floor(r() * 24)}`,
      status: r() < 0.78 ? 'Living' : pick(STATUSES),
      prov: pick(PROV), source: pick(SOURCES), received: recv,
      qty: 1 + Math.floor(r() * 12), propagation: pick(PROPAG), habit: pick(HABIT),
      hardiness: pick(HARDY), iucn: pick(IUCN), cites: pick(CITES),
      donor: pick(SOURCES), collector: pick(PEOPLE), collectorNo: `${pick(['AW', 'RD', 'MK', 'JA', 'SN', 'TO'])} ${100 + Math.floor(r() * 900)}`,
      country: pick(COUNTRIES), verifiedBy: pick(PEOPLE), verifiedOn: `${verYear}-${pad(1 + Math.floor(r() * 12))}-${pad(1 + Math.floor(r() * 28))}`,
      container: pick(CONTAINERS), watering: pick(WATER), feeding: pick(FEED),
      labelPrinted: r() < 0.8 ? 'Yes' : 'No',
      lastInventory: `2025-${pad(1 + Math.floor(r() * 10))}-${pad(1 + Math.floor(r() * 28))}`,
      note: pick(INV_NOTES),
      voucher: voucher(),
    });
  }
  // The look-alikes: four Nepenthes rafflesiana identical except for the house.
  const twinHouses = ['Tropical House', 'Fern House', 'Orchid House', 'Victoria House'];
  const twinAccs = ['2016.0347', '2016.0348', '2016.0349', '2016.0350'];
  twinHouses.forEach((h, k) => {
    rows.push({
      acc: twinAccs[k], taxon: 'Nepenthes rafflesiana', common: "Raffles' pitcher plant", family: 'Nepenthaceae',
      house: h, bed: 'C7', status: 'Living', prov: 'W', source: 'RBG Kew', received: '2016-05-19', qty: 3,
      propagation: 'Cutting', habit: 'Climber', hardiness: 'H1a', iucn: 'LC', cites: 'II', donor: 'RBG Kew',
      collector: 'S. Nakamura', collectorNo: 'SN 412', country: 'Malaysia', verifiedBy: 'R. Desai', verifiedOn: '2017-02-08',
      container: 'Basket', watering: 'Daily mist', feeding: 'None', labelPrinted: 'Yes', lastInventory: '2025-09-04',
      note: 'Healthy', voucher: ['HOL-V48213', 'HOL-V48231', 'HOL-V48321', 'HOL-V43821'][k],
    });
  });
  // unique accession numbers
  const seen = new Set();
  for (const row of rows) { while (seen.has(row.acc)) row.acc = row.acc.slice(0, 5) + pad((Number(row.acc.slice(5)) + 7) % 9999, 4); seen.add(row.acc); }
  // deterministic shuffle so the twins are spread through the register
  for (let i = rows.length - 1; i > 0; i--) { const j = Math.floor(r() * (i + 1)); [rows[i], rows[j]] = [rows[j], rows[i]]; }
  rows.sort((a, b) => a.taxon.localeCompare(b.taxon) || a.acc.localeCompare(b.acc));
  rows.forEach((row, i) => { row.id = i + 1; });
  return rows;
}

// ---------------------------------------------------------------- notices
export const NOTICE_TARGET = {
  id: 'n1',
  wrongSentence: 'The Temperate House will close at 3 pm on weekdays.',
  rightSentence: 'The Temperate House will close at 4 pm on weekdays.',
  bold: 'Free entry for Friends of Hollowmere',
  italic: '30 minutes before closing',
  linkText: 'winter events page',
  linkUrl: 'https://hollowmere-botanic.org/events/winter',
};
function makeNotices() {
  return [
    {
      id: 'n1', title: 'Winter opening hours', audience: 'Visitors', updated: '2025-11-03',
      html: '<p>From Monday 1 December the garden moves to its winter opening hours.</p>' +
        '<p>The Palm House will close at 3 pm on weekdays. The Temperate House will close at 3 pm on weekdays. The Temperate House will close at 3 pm at weekends. The Fern House will close at 3 pm on weekdays.</p>' +
        '<p>Free entry for Friends of Hollowmere continues all winter. Last admission is 30 minutes before closing.</p>' +
        '<p>See our winter events page for late openings and lantern evenings.</p>',
    },
    {
      id: 'n2', title: 'Glasshouse etiquette', audience: 'Visitors', updated: '2025-10-21',
      html: '<p>Please keep to the paths in every glasshouse. The Tropical House floor can be wet, so mind your step.</p>' +
        '<p>Do not touch the carnivorous plants in the Fern House. Do not touch the cacti in the Cactus House.</p>',
    },
    {
      id: 'n3', title: 'Volunteer parking', audience: 'Volunteers', updated: '2025-10-30',
      html: '<p>The staff car park by the Nursery gate is closed until 5 December for resurfacing.</p>' +
        '<p>Volunteers may park in the overflow field; the overflow field closes at 3 pm on weekdays.</p>',
    },
  ];
}

// ---------------------------------------------------------------- works board
export const BOARD_COLUMNS = [
  { id: 'requested', title: 'Requested' },
  { id: 'scheduled', title: 'Scheduled' },
  { id: 'progress', title: 'In progress' },
  { id: 'done', title: 'Done' },
];
export const BOARD_TARGET = { id: 'W-117', to: 'progress' };
function makeWorks() {
  const c = (id, title, house, column, due, by) => ({ id, title, house, column, due, by });
  return [
    c('W-101', 'Replace misting nozzles', 'Fern House', 'requested', '2025-11-20', 'R. Desai'),
    c('W-104', 'Repair roof vent motor', 'Cactus House', 'requested', '2025-12-02', 'T. Okonjo'),
    c('W-108', 'Recalibrate humidity sensor', 'Orchid House', 'requested', '2025-11-21', 'H. Lindqvist'),
    c('W-109', 'Clear gutter above door 2', 'Palm House', 'requested', '2025-11-28', 'A. Whitcombe'),
    c('W-112', 'Replace cracked glazing pane', 'Alpine House', 'requested', '2025-11-19', 'P. Marchetti'),
    c('W-113', 'Repair roof vent motor', 'Alpine House', 'scheduled', '2025-11-17', 'J. Abernethy'),
    c('W-117', 'Repair roof vent motor', 'Cactus House', 'scheduled', '2025-11-18', 'J. Abernethy'),
    c('W-118', 'Service boiler 1', 'Tropical House', 'scheduled', '2025-11-24', 'D. Mbeki'),
    c('W-120', 'Replace misting nozzles', 'Tropical House', 'scheduled', '2025-11-19', 'R. Desai'),
    c('W-121', 'Top up pond heater', 'Victoria House', 'progress', '2025-11-14', 'S. Nakamura'),
    c('W-123', 'Replace shade blind cord', 'Orchid House', 'progress', '2025-11-13', 'L. Ferreira'),
    c('W-125', 'Repair roof vent motor', 'Temperate House', 'progress', '2025-11-12', 'T. Okonjo'),
    c('W-090', 'Repair roof vent motor', 'Cactus House', 'done', '2025-10-02', 'J. Abernethy'),
    c('W-092', 'Replace misting nozzles', 'Fern House', 'done', '2025-10-09', 'R. Desai'),
    c('W-095', 'Clean Victoria pond filter', 'Victoria House', 'done', '2025-10-16', 'S. Nakamura'),
    c('W-098', 'Service boiler 2', 'Tropical House', 'done', '2025-10-30', 'D. Mbeki'),
  ];
}
export function moveRef(id, column) {
  let h = 2166136261;
  for (const ch of `${id}>${column}`) { h ^= ch.charCodeAt(0); h = Math.imul(h, 16777619) >>> 0; }
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let s = '';
  for (let i = 0; i < 5; i++) { s += alphabet[h % alphabet.length]; h = Math.floor(h / alphabet.length) + 7919 * (i + 1); }
  return `MV-${s}`;
}

// ---------------------------------------------------------------- shop stock
function makeShop() {
  const items = [
    ['SKU-1001', 'Seed packet: Sweet pea mix', 'Seeds'], ['SKU-1002', 'Seed packet: Nasturtium', 'Seeds'],
    ['SKU-1010', 'Carnivorous plant starter kit', 'Plants'], ['SKU-1011', 'Air plant trio', 'Plants'],
    ['SKU-1020', 'Hollowmere guidebook', 'Books'], ['SKU-1021', 'Glasshouse sketchbook', 'Books'],
    ['SKU-1030', 'Enamel pin: Victoria lily', 'Gifts'], ['SKU-1031', 'Tea towel: Palm House', 'Gifts'],
    ['SKU-1040', 'Pocket secateurs', 'Tools'], ['SKU-1041', 'Kneeler pad', 'Tools'],
  ];
  return items.map(([sku, name, cat], i) => ({ sku, name, category: cat, onHand: 12 + ((i * 37) % 60), price: [2.5, 2.5, 18, 12, 9.99, 7.5, 6, 8.5, 22, 14][i] }));
}
export const STOCKTAKE = { year: 2025, accepted: 0, skipped: 0 }; // filled in by makeStocktakeCsv

// The two look-alike CSV files (generated, and also written to files/).
export function makeStocktakeCsv(year) {
  const r = rng(year === 2025 ? 2025 : 2024);
  const cats = ['Seeds', 'Plants', 'Books', 'Gifts', 'Tools', 'Cards'];
  const rowsWanted = year === 2025 ? 146 : 139;
  const badEvery = year === 2025 ? [9, 31, 47, 88, 102, 120, 133] : [14, 60, 97];
  const lines = ['sku,description,category,counted_on,quantity,counted_by'];
  for (let i = 0; i < rowsWanted; i++) {
    const sku = `SKU-${2000 + i}`;
    const cat = cats[Math.floor(r() * cats.length)];
    const day = `${year}-11-${pad(3 + Math.floor(r() * 6))}`;
    let qty = String(Math.floor(r() * 80));
    const names = {
      Seeds: ['Seed packet: Sweet pea', 'Seed packet: Nasturtium', 'Seed packet: Cosmos', 'Seed packet: Wildflower mix', 'Seed packet: Sunflower'],
      Plants: ['Air plant', 'Venus flytrap', 'Cape sundew', 'Mini cactus', 'Moth orchid'],
      Books: ['Hollowmere guidebook', 'Glasshouse sketchbook', 'Pressed flower journal', 'Carnivorous plants handbook', 'Kids trail book'],
      Gifts: ['Enamel pin', 'Tea towel', 'Tote bag', 'Mug: Palm House', 'Fridge magnet'],
      Tools: ['Pocket secateurs', 'Kneeler pad', 'Dibber', 'Plant labels (20)', 'Mist sprayer'],
      Cards: ['Greeting card: Victoria lily', 'Greeting card: Titan arum', 'Postcard set', 'Gift card £10', 'Notelets'],
    }[cat];
    let desc = `${names[Math.floor(r() * names.length)]} (${['small', 'medium', 'large', 'assorted', 'standard'][i % 5]})`;
    if (badEvery.includes(i)) qty = i % 2 ? '' : 'n/a';
    lines.push([sku, desc, cat, day, qty, pickFrom(r)(['MK', 'LF', 'HL', 'AW'])].join(','));
  }
  return lines.join('\n') + '\n';
}
export function parseStocktake(text) {
  const lines = text.replace(/\r/g, '').split('\n').filter((l) => l.trim() !== '');
  const header = (lines.shift() || '').split(',').map((s) => s.trim().toLowerCase());
  const qi = header.indexOf('quantity');
  const di = header.indexOf('counted_on');
  if (qi < 0 || header.indexOf('sku') < 0) return { ok: false, error: 'Not a stocktake file: the header must include sku and quantity.' };
  let accepted = 0, skipped = 0; const years = new Set();
  for (const l of lines) {
    const cells = l.split(',');
    const q = cells[qi];
    if (q !== undefined && /^\d+$/.test(q.trim())) accepted++; else skipped++;
    if (di >= 0 && cells[di]) years.add(cells[di].slice(0, 4));
  }
  return { ok: true, accepted, skipped, years: [...years] };
}
{
  const p = parseStocktake(makeStocktakeCsv(2025));
  STOCKTAKE.accepted = p.accepted; STOCKTAKE.skipped = p.skipped;
}

// ---------------------------------------------------------------- climate
export const CLIMATE_HOUSES = [
  { id: 'tropical', name: 'Tropical House' },
  { id: 'fern', name: 'Fern House' },
  { id: 'orchid', name: 'Orchid House' },
  { id: 'temperate', name: 'Temperate House' },
];
export const CLIMATE_TARGET = { house: 'fern', date: '2025-11-11', metric: 'humidity' };
function makeClimate() {
  const r = rng(777);
  const days = [];
  for (let i = 13; i >= 0; i--) days.push(addDays(TODAY, -i));
  const base = { tropical: [27.5, 84], fern: [19.5, 78.5], orchid: [22.5, 77.5], temperate: [14, 66] };
  const series = {};
  for (const h of CLIMATE_HOUSES) {
    series[h.id] = days.map((d) => ({
      date: d,
      temperature: Math.round((base[h.id][0] + (r() - 0.5) * 2.4) * 10) / 10,
      humidity: Math.round((base[h.id][1] + (r() - 0.5) * 3.2) * 10) / 10,
    }));
  }
  // Make the neighbourhood of the target deliberately close.
  const set = (house, date, hum) => { const p = series[house].find((x) => x.date === date); p.humidity = hum; };
  set('fern', '2025-11-10', 78.6); set('fern', '2025-11-11', 78.2); set('fern', '2025-11-12', 78.9);
  set('orchid', '2025-11-11', 77.9); set('orchid', '2025-11-10', 78.4); set('orchid', '2025-11-12', 78.1);
  set('tropical', '2025-11-11', 83.8);
  return { days, series };
}

// ---------------------------------------------------------------- bookings
export const CLOSED_DAYS = [
  { date: '2025-11-24', reason: 'Boiler service, all glasshouses closed' },
  { date: '2025-11-25', reason: 'Boiler service, all glasshouses closed' },
  { date: '2025-12-08', reason: 'Staff training day' },
];
export const BOOKING_TARGET = { group: 'Ashcombe Gardening Club', date: '2025-11-26', time: '11:30', note: 'Two wheelchair users' };
export const TIMES = ['10:00', '11:30', '13:30', '15:00'];
function makeGroups() {
  const names = [
    'Ashcombe Gardening Club', 'Ashcombe Garden Society', 'Ashcombe Gardening Club Juniors', 'Ashcomb Gardening Club',
    'Ashcombe Horticultural Society', 'Bramley Fields Primary School', 'Bramley Field Primary School', 'Castlegate U3A',
    'Castlegate U3A Botany Group', 'Dunmore Women\'s Institute', 'Dunmore Young Farmers', 'Elmhurst Academy Year 9',
    'Fenwick Orchid Society', 'Fenwick Cactus & Succulent Society', 'Greywell Rambling Club', 'Hollowmere Brownies',
    'Hollowmere Camera Club', 'Kingsreach Care Home', 'Kingsreach Retirement Village', 'Larkfield Sixth Form College',
    'Marston Allotment Association', 'Northbridge Art Society', 'Oakley Park Scouts', 'Pemberton Fern Circle',
    'Queensway Language School', 'Redbrook Home Educators', 'St Anne\'s Church Fellowship', 'Thornbury Probus Club',
    'Upton Gardening Club', 'Westfield Community Garden',
  ];
  return names.map((name, i) => ({ id: `G${pad(i + 1, 3)}`, name }));
}

// ---------------------------------------------------------------- volunteers
export const VOLUNTEER_TARGET = { name: 'Marguerite Osei', role: 'Propagation' };
const ROLES = ['Glasshouse guide', 'Propagation', 'Shop assistant', 'Events steward', 'Herbarium', 'Gardener', 'Education'];
const FIRST = ['Alice', 'Ben', 'Chloe', 'Daniel', 'Eleanor', 'Farid', 'Grace', 'Hugo', 'Imogen', 'Jamal', 'Kirsty', 'Liam', 'Maya', 'Nikhil', 'Olivia', 'Patrick', 'Rosa', 'Samuel', 'Tamsin', 'Usha', 'Victor', 'Wendy', 'Yusuf', 'Zoe', 'Agnieszka', 'Bernard', 'Catriona', 'Declan', 'Esther', 'Felix'];
const LAST = ['Adeyemi', 'Barker', 'Chowdhury', 'Dawson', 'Evans', 'Fairbairn', 'Gallagher', 'Hughes', 'Iqbal', 'Jenkins', 'Kaur', 'Lawson', 'Mensah', 'Nowak', 'O\'Brien', 'Pritchard', 'Quinn', 'Rahman', 'Sutherland', 'Thorne', 'Underwood', 'Varga', 'Whitaker', 'Yates', 'Zielinski', 'Osborne', 'Ogden', 'Owusu'];
function makeVolunteers() {
  const r = rng(909);
  const pick = pickFrom(r);
  const out = [];
  const used = new Set(['Marguerite Osei', 'Margarite Osei']);
  while (out.length < 124) {
    const name = `${pick(FIRST)} ${pick(LAST)}`;
    if (used.has(name)) continue;
    used.add(name);
    out.push({ name, role: pick(ROLES) });
  }
  out.push({ name: 'Marguerite Osei', role: 'Propagation' });
  out.push({ name: 'Marguerite Osei', role: 'Glasshouse guide' });
  out.push({ name: 'Margarite Osei', role: 'Propagation' });
  out.push({ name: 'Marguerite Oseni', role: 'Shop assistant' });
  const days = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  const teams = ['North glasshouses', 'South glasshouses', 'Nursery', 'Visitor centre', 'Shop', 'Herbarium'];
  const rows = out.map((v, i) => {
    let i1 = Math.floor(r() * 7);
    let i2 = Math.floor(r() * 7); if (i2 === i1) i2 = (i1 + 3) % 7;
    const d1 = days[Math.min(i1, i2)], d2 = days[Math.max(i1, i2)];
    return {
      name: v.name, role: v.role,
      team: v.role === 'Shop assistant' ? 'Shop' : v.role === 'Herbarium' ? 'Herbarium' : pick(teams.slice(0, 4)),
      days: `${d1}, ${d2}`,
      since: `${2008 + Math.floor(r() * 17)}`,
      phone: `07700 9${pad(Math.floor(r() * 100000), 5)}`,
    };
  });
  // fixed, distinguishable details for the look-alikes
  const fix = (name, role, o) => Object.assign(rows.find((x) => x.name === name && x.role === role), o);
  fix('Marguerite Osei', 'Propagation', { team: 'Nursery', days: 'Tue, Fri', since: '2019', phone: '07700 900418' });
  fix('Marguerite Osei', 'Glasshouse guide', { team: 'North glasshouses', days: 'Sat, Sun', since: '2021', phone: '07700 900733' });
  fix('Margarite Osei', 'Propagation', { team: 'Nursery', days: 'Mon, Thu', since: '2023', phone: '07700 900562' });
  fix('Marguerite Oseni', 'Shop assistant', { team: 'Shop', days: 'Wed, Sat', since: '2017', phone: '07700 900291' });
  const surname = (n) => n.split(' ').slice(1).join(' ');
  rows.sort((a, b) => surname(a.name).localeCompare(surname(b.name)) || a.name.localeCompare(b.name) || a.role.localeCompare(b.role));
  rows.forEach((row, i) => { row.id = `V${pad(i + 1, 3)}`; });
  return rows;
}

export function seed() {
  return {
    accessions: makeAccessions(),
    notices: makeNotices(),
    works: makeWorks(),
    shop: { items: makeShop(), imports: [] },
    climate: makeClimate(),
    verifications: [],
    groups: makeGroups(),
    bookings: [],
    volunteers: makeVolunteers(),
  };
}
