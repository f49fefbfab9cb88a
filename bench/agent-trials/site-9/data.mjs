// Fixed, seeded data for trial site #9 ("Ridgeline Green Coffee" importer back office). Same output on every start.
export const USER = 'Sam Okafor (trading desk)';
export const TODAY = '2026-07-15';

function rng(seed) { let s = seed >>> 0; return () => { s = (s + 0x6d2b79f5) >>> 0; let t = s; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; }; }
const pick = (r, a) => a[Math.floor(r() * a.length)];

// ------------------------------------------------------------ 1. lots (grid)
const ORIGINS = [
  ['Colombia', ['Huila', 'Nariño', 'Cauca', 'Tolima'], ['Caturra', 'Castillo', 'Pink Bourbon', 'Colombia']],
  ['Ethiopia', ['Guji', 'Sidama', 'Yirgacheffe', 'Limu'], ['Heirloom', '74110', '74112']],
  ['Kenya', ['Nyeri', 'Kirinyaga', 'Embu', 'Kiambu'], ['SL28', 'SL34', 'Ruiru 11', 'Batian']],
  ['Brazil', ['Cerrado Mineiro', 'Sul de Minas', 'Mogiana'], ['Yellow Catuaí', 'Red Catuaí', 'Mundo Novo']],
  ['Guatemala', ['Huehuetenango', 'Antigua', 'Atitlán'], ['Bourbon', 'Caturra', 'Pache']],
  ['Peru', ['Cajamarca', 'Amazonas', 'Puno'], ['Typica', 'Caturra', 'Bourbon']],
];
const FARMS = ['Finca El Mirador', 'Finca La Esperanza', 'Finca Los Naranjos', 'Finca San Luis', 'Finca El Paraíso', 'Gatomboya Factory', 'Karogoto Factory', 'Kii Factory',
  'Hambela Washing Station', 'Bombe Washing Station', 'Fazenda Santa Inês', 'Fazenda Ambiental', 'Finca La Bolsa', 'Finca El Injerto', 'Cooperativa Cenfrocafe', 'Finca Churupampa'];
const PROCESSES = ['Washed', 'Natural', 'Honey', 'Anaerobic natural'];
const WAREHOUSES = ['Felixstowe', 'Antwerp', 'Hamburg', 'Tilbury'];
const CUPPERS = ['A. Mensah', 'R. Lindqvist', 'J. Osei', 'M. Duarte'];
const STATUSES = ['In stock', 'In stock', 'In stock', 'Reserved', 'Afloat'];
const iso = (d) => d.toISOString().slice(0, 10);
export const LOT_TARGET = { id: 'RGC-26-1193', to: '87.25' };
export function makeLots() {
  const r = rng(9091); const rows = [];
  for (let i = 0; i < 252; i++) {
    const [country, regions, varieties] = pick(r, ORIGINS);
    const arr = new Date(Date.UTC(2026, 1 + Math.floor(r() * 5), 1 + Math.floor(r() * 28)));
    rows.push({
      id: `RGC-26-${1001 + i}`, country, region: pick(r, regions), producer: pick(r, FARMS), variety: pick(r, varieties), process: pick(r, PROCESSES),
      grade: country === 'Kenya' ? pick(r, ['AA', 'AB', 'PB']) : country === 'Ethiopia' ? pick(r, ['Grade 1', 'Grade 2']) : pick(r, ['Excelso EP', 'SHB EP', '17/18', 'Specialty']),
      crop: '2025/26', bags: 10 + Math.floor(r() * 31) * 5, bagKg: country === 'Colombia' ? 70 : country === 'Kenya' ? 60 : country === 'Brazil' ? 59 : 69,
      arrival: iso(arr), warehouse: pick(r, WAREHOUSES), bay: `${pick(r, ['A', 'B', 'C', 'D'])}-${String(1 + Math.floor(r() * 40)).padStart(2, '0')}`,
      moisture: (9.6 + r() * 2).toFixed(1), density: String(680 + Math.floor(r() * 90)), price: (3.1 + r() * 4).toFixed(2), status: pick(r, STATUSES),
      cupper: pick(r, CUPPERS), score: (83 + Math.floor(r() * 21) * 0.25).toFixed(2),
    });
  }
  const set = (id, o) => Object.assign(rows.find((x) => x.id === id), o);
  const base = { country: 'Colombia', region: 'Huila', producer: 'Finca La Esperanza', variety: 'Pink Bourbon', process: 'Washed', grade: 'Specialty', bagKg: 70, status: 'In stock' };
  set('RGC-26-1193', { ...base, arrival: '2026-04-14', warehouse: 'Felixstowe', bags: 35, score: '86.50', cupper: 'M. Duarte' });
  set('RGC-26-1047', { ...base, arrival: '2026-04-14', warehouse: 'Felixstowe', process: 'Natural', bags: 20, score: '87.00' });
  set('RGC-26-1121', { ...base, arrival: '2026-03-14', warehouse: 'Felixstowe', bags: 35, score: '86.50' });
  set('RGC-26-1158', { ...base, arrival: '2026-04-14', warehouse: 'Antwerp', bags: 35, score: '86.25' });
  set('RGC-26-1206', { ...base, region: 'Nariño', arrival: '2026-04-14', warehouse: 'Felixstowe', bags: 30, score: '86.75' });
  set('RGC-26-1230', { ...base, producer: 'Finca Esperanza', arrival: '2026-04-14', warehouse: 'Felixstowe', bags: 35, score: '85.50' });
  return rows;
}

// ------------------------------------------------------------ 2. sales contracts (toast)
export const CONTRACTS = [
  ['SC-2604', '2026-06-01', 'Harbour Coffee Co.', 'Brazil Cerrado Natural', 60, false],
  ['SC-2607', '2026-06-02', 'Northside Roasters', 'Ethiopia Guji Natural', 40, false],
  ['SC-2608', '2026-06-02', 'Northside Roastery', 'Ethiopia Guji Washed', 40, false],
  ['SC-2609', '2026-06-02', 'Northside Roastery', 'Ethiopia Guji Natural', 40, false],
  ['SC-2611', '2026-06-02', 'Northside Roastery', 'Ethiopia Guji Natural', 20, false],
  ['SC-2596', '2026-05-28', 'Northside Roastery', 'Ethiopia Guji Natural', 40, true],
  ['SC-2615', '2026-06-04', 'Northside Roastery', 'Ethiopia Guji Natural', 40, false],
  ['SC-2617', '2026-06-05', 'Little Kiln Coffee', 'Kenya Nyeri AA Gatomboya', 15, false],
  ['SC-2620', '2026-06-08', 'Ember & Oak', 'Colombia Huila Pink Bourbon', 25, false],
  ['SC-2622', '2026-06-09', 'Harbour Coffee Company', 'Guatemala Huehuetenango', 30, true],
  ['SC-2625', '2026-06-11', 'Copperline Roasting', 'Peru Cajamarca Washed', 50, false],
  ['SC-2628', '2026-06-12', 'Little Kiln Coffee', 'Ethiopia Yirgacheffe Washed', 10, false],
].map(([id, date, buyer, coffee, bags, confirmed]) => ({ id, date, buyer, coffee, bags, confirmed }));
export const CONTRACT_TARGET = 'SC-2609';

// ------------------------------------------------------------ 3. offer sheets (rich-text editor)
const sheet = (intro, alt, extra) => `<h2>Tasting notes</h2><p>${intro}</p><h2>At origin</h2><ul><li>Altitude: ${alt}</li>${extra}</ul>` +
  '<p>Samples are available on request; minimum order 5 bags. Prices are ex-warehouse, per pound.</p>';
export const SHEETS = [
  { id: 'OS-41', title: 'Kenya Nyeri AA Gatomboya', updated: '2026-06-30', html: sheet('Blackcurrant, pink grapefruit and a syrupy body. Cupped at 88.00 by our lab on 22 June.', '1,750 metres above sea level',
    '<li>Varieties: SL28, SL34</li><li>Process: fully washed, dried on raised beds for 14 days</li><li>Members: about 1,750 smallholders</li><li>Bags in stock: 42 (60 kg)</li>') },
  { id: 'OS-42', title: 'Kenya Nyeri AB Gatomboya', updated: '2026-06-30', html: sheet('Red currant, lime and black tea. Cupped at 86.75 by our lab on 22 June.', '1,750 metres above sea level',
    '<li>Varieties: SL28, SL34, Ruiru 11</li><li>Process: fully washed, dried on raised beds for 14 days</li><li>Members: about 1,750 smallholders</li><li>Bags in stock: 28 (60 kg)</li>') },
  { id: 'OS-43', title: 'Ethiopia Guji Natural', updated: '2026-06-18', html: sheet('Blueberry, dark chocolate and jasmine. Cupped at 87.50.', '2,100 metres above sea level',
    '<li>Varieties: Heirloom (74110, 74112)</li><li>Process: natural, dried for 21 days</li><li>Bags in stock: 64 (60 kg)</li>') },
  { id: 'OS-44', title: 'Colombia Huila Pink Bourbon', updated: '2026-06-12', html: sheet('Peach, panela and red apple. Cupped at 86.50.', '1,750 metres above sea level',
    '<li>Varieties: Pink Bourbon</li><li>Process: washed, 36-hour fermentation</li><li>Bags in stock: 35 (70 kg)</li>') },
];
export const SHEET_TARGET = 'OS-41';
export const SHEET_FROM = 'Altitude: 1,750 metres above sea level';
export const SHEET_TO = 'Altitude: 1,850 metres above sea level';

// ------------------------------------------------------------ 4. partner producers (map, tooltip only)
export const PRODUCERS = [
  ['Huila Highlands growers', 'Huila, Colombia', [2.6, -75.9], 1530, 1408],
  ['Cafés del Sur cooperative', 'Cajamarca, Peru', [-7.16, -78.51], 862, 915],
  ['Café del Sur cooperative', 'Huila, Colombia', [2.2, -75.6], 1247, 1090],
  ['Cafés del Sureste cooperative', 'Chiapas, Mexico', [16.75, -93.1], 705, 640],
  ['Cafés de Nariño cooperative', 'Nariño, Colombia', [1.6, -77.9], 988, 1012],
  ['Cauca Alto association', 'Cauca, Colombia', [2.45, -76.6], 640, 702],
  ['Cafés del Sur cooperative', 'Nariño, Colombia', [1.21, -77.28], 1184, 1032],
  ['Cenfrocafe cooperative', 'Cajamarca, Peru', [-5.7, -78.8], 2104, 1987],
  ['Huehuetenango Unidos', 'Huehuetenango, Guatemala', [15.3, -91.47], 812, 760],
  ['Acatenango growers', 'Chimaltenango, Guatemala', [14.55, -90.9], 455, 498],
  ['Cerrado Mineiro group', 'Minas Gerais, Brazil', [-18.9, -46.9], 3420, 3105],
  ['Mogiana Alta', 'São Paulo, Brazil', [-21.2, -47.3], 2210, 2398],
  ['Gatomboya Factory', 'Nyeri, Kenya', [-0.42, 36.95], 520, 488],
  ['Karogoto Factory', 'Nyeri, Kenya', [-0.5, 37.05], 410, 455],
  ['Kii Factory', 'Kirinyaga, Kenya', [-0.55, 37.3], 380, 402],
  ['Hambela Washing Station', 'Guji, Ethiopia', [5.8, 38.6], 960, 1044],
  ['Bombe Washing Station', 'Sidama, Ethiopia', [6.55, 38.75], 720, 655],
  ['Kochere Sur growers', 'Yirgacheffe, Ethiopia', [6.1, 38.3], 530, 588],
].map(([name, region, coords, bags2026, bags2025], i) => ({ id: 'PR-' + (10 + i), name, region, coords, bags2026, bags2025 }));
export const PRODUCER_Q = { name: 'Cafés del Sur cooperative', region: 'Nariño, Colombia' };

// ------------------------------------------------------------ 5. arrivals (upload)
export const UPLOAD_NAME = 'packing-list-MSCU-7710234.csv';
export const DECOY_NAME = 'packing-list-MSCU-7710243.csv';

// ------------------------------------------------------------ 6. cupping sessions (date picker + multi-select)
export const CLIENTS = ['Northside Roastery', 'Northside Roasters', 'Harbour Coffee Co.', 'Little Kiln Coffee', 'Ember & Oak', 'Copperline Roasting'];
export const SESSION_TIMES = [['09:30', '9.30am'], ['10:30', '10.30am'], ['11:30', '11.30am'], ['14:00', '2.00pm'], ['15:30', '3.30pm']];
export const COFFEES = ['Brazil Cerrado Natural', 'Colombia Huila Pink Bourbon', 'Colombia Huila Pink Bourbon (decaf)', 'Colombia Nariño Caturra', 'Ethiopia Guji Natural',
  'Ethiopia Guji Washed', 'Ethiopia Yirgacheffe Washed', 'Guatemala Huehuetenango', 'Guatemala Antigua', 'Kenya Nyeri AA Gatomboya', 'Kenya Nyeri AB Gatomboya',
  'Kenya Kirinyaga AA Kii', 'Peru Cajamarca Washed'];
export const SESSION_DEFAULT = ['Brazil Cerrado Natural'];
export const SEEDED_SESSIONS = [
  { id: 'CS-118', client: 'Northside Roastery', date: '2026-08-06', time: '14:00', coffees: ['Kenya Nyeri AA Gatomboya', 'Ethiopia Guji Natural'], seeded: true },
  { id: 'CS-119', client: 'Little Kiln Coffee', date: '2026-07-30', time: '10:30', coffees: ['Kenya Nyeri AB Gatomboya'], seeded: true },
  { id: 'CS-120', client: 'Northside Roasters', date: '2026-08-06', time: '10:30', coffees: ['Colombia Huila Pink Bourbon'], seeded: true },
];
export const SESSION_TARGET = { client: 'Northside Roastery', date: '2026-08-06', time: '10:30', coffees: ['Kenya Nyeri AA Gatomboya', 'Ethiopia Guji Natural', 'Colombia Huila Pink Bourbon'] };

// ------------------------------------------------------------ 7. reservations (search, paging, confirm dialog)
const CUSTOMERS = ['Harbour Coffee Co.', 'Harbour Coffee Company', 'Northside Roastery', 'Northside Roasters', 'Little Kiln Coffee', 'Ember & Oak', 'Copperline Roasting',
  'Bramble Street Coffee', 'Fieldfare Roasters', 'Quarry Lane Coffee', 'Tidewater Roasting', 'Marlow & Finch'];
export const RESERVATION_TARGET = 'RV-40872';
export function makeReservations() {
  const r = rng(4242); const rows = [];
  for (let i = 0; i < 168; i++) {
    const d = new Date(Date.UTC(2026, 4 + Math.floor(r() * 2), 1 + Math.floor(r() * 30)));
    rows.push({ ref: `RV-${40700 + i * 3 + Math.floor(r() * 3)}`, customer: pick(r, CUSTOMERS), coffee: pick(r, COFFEES), bags: 5 + Math.floor(r() * 8) * 5,
      date: iso(d), until: iso(new Date(d.getTime() + 30 * 864e5)), status: r() < 0.15 ? 'Released' : 'Active' });
  }
  const put = (ref, o) => { const x = rows.find((y) => y.ref === ref); if (x) Object.assign(x, o); else rows.push({ ref, ...o }); };
  const base = { customer: 'Harbour Coffee Co.', coffee: 'Guatemala Huehuetenango', bags: 12, date: '2026-07-03', until: '2026-08-02', status: 'Active' };
  for (const x of rows) if (x.customer.startsWith('Harbour Coffee') && x.coffee.startsWith('Guatemala')) x.coffee = 'Peru Cajamarca Washed';
  put('RV-40872', base);
  put('RV-40811', { ...base, coffee: 'Guatemala Antigua' });
  put('RV-40839', { ...base, bags: 10 });
  put('RV-40857', { ...base, status: 'Released' });
  put('RV-40890', { ...base, date: '2026-06-03', until: '2026-07-03' });
  put('RV-40904', { ...base, customer: 'Harbour Coffee Company' });
  rows.sort((a, b) => a.ref.localeCompare(b.ref));
  return rows;
}
