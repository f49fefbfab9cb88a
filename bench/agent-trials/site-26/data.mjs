// Deterministic seed data for the Harrowgate Dental Laboratory back office.
export const TODAY = '2025-06-11'; // Wednesday

function rng(seed) {
  let s = seed >>> 0;
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 4294967296; };
}
const pick = (r, arr) => arr[Math.floor(r() * arr.length)];

const SURNAMES = ['Patel', 'Okafor', 'Lindqvist', 'Mensah', 'Hughes', 'Novak', 'Brennan', 'Castellanos', 'Whitfield', 'Adeyemi', 'Kowalczyk', 'Farrant', 'Delacroix', 'Ashworth', 'Nakamura', 'Greer', 'Obi', 'Sorensen', 'Marchetti', 'Pryce', 'Haddad', 'Quinlan', 'Varga', 'Tennant'];
const FIRST = ['Sarah', 'Priya', 'Adaeze', 'Tomas', 'Helen', 'Marek', 'Ciara', 'Luis', 'Oliver', 'Funmi', 'Agata', 'James', 'Elodie', 'Ruth', 'Kenji', 'Fiona', 'Chidi', 'Ingrid', 'Paolo', 'Gareth', 'Nadia', 'Declan', 'Zsofia', 'Miles'];
export const PRACTICES = ['Millbrook Dental Practice', 'Millbank Dental Practice', 'Harbour Street Dental', 'Oakfield Dental', 'Oakfields Family Dentistry', 'Riverside Dental Centre', 'Riverside Dental Care', 'Riverdale Dental Care', 'Castlegate Smile Studio', 'Kingsway Dental Clinic', 'Kings Way Dental', 'Northgate Orthodontics', 'St Anne\'s Dental Surgery', 'St Ann\'s Dental Practice', 'Westmoor Dental', 'Westmere Dental', 'Abbey Lane Dentistry', 'Bridgend Road Dental', 'The Crescent Dental Rooms', 'Parkview Dental Group', 'Parkside Dental Group', 'Elm Court Dental', 'Thornbury Dental Care', 'Linden House Dental', 'Marlow Street Dental', 'Quayside Dental Spa', 'Fernhill Dental Centre', 'Fernleigh Dental Centre', 'Holloway Dental Clinic', 'Brookvale Dental'];
const RESTORATIONS = ['Crown', 'Bridge (3-unit)', 'Bridge (4-unit)', 'Veneer', 'Inlay', 'Onlay', 'Implant crown', 'Partial denture', 'Full denture', 'Night guard', 'Post and core'];
const MATERIALS = ['Zirconia', 'E.max', 'PFM', 'Gold alloy', 'Acrylic', 'Cobalt chrome', 'PMMA'];
const SHADES = ['A1', 'A2', 'A3', 'A3.5', 'B1', 'B2', 'C1', 'C2', 'D2', 'BL2'];
export const STATUSES = ['Received', 'Modelling', 'Milling', 'Finishing', 'Quality check', 'Ready to ship', 'Dispatched', 'On hold'];
const TECHS = ['M. Novak', 'A. Greer', 'S. Haddad', 'T. Brennan', 'J. Pryce', 'K. Obi'];
const COURIERS = ['DX Dental', 'LabLink', 'Collect', 'Royal Mail SD'];
const SCANS = ['Intraoral scan', 'Silicone impression', 'Alginate impression', 'Model'];
const IMPLANTS = ['—', 'Straumann BLT', 'Nobel Active', 'Osstem TS', 'Neodent GM'];

function iso(d) { return d.toISOString().slice(0, 10); }
function addDays(s, n) { const d = new Date(s + 'T00:00:00Z'); d.setUTCDate(d.getUTCDate() + n); return iso(d); }

export function makeCases() {
  const r = rng(2601);
  const rows = [];
  for (let i = 0; i < 320; i++) {
    let sn = pick(r, SURNAMES);
    let pr = pick(r, PRACTICES);
    if (sn === 'Okafor') sn = 'Ashworth';
    if (pr === 'Millbrook Dental Practice' && r() < 0.5) pr = 'Millbank Dental Practice';
    const first = pick(r, FIRST);
    const received = addDays(TODAY, -Math.floor(r() * 30));
    const mat = pick(r, MATERIALS);
    const units = 1 + Math.floor(r() * 4);
    rows.push({
      id: 'C-' + (24001 + i),
      dentist: `Dr ${first} ${sn}`,
      practice: pr,
      patientRef: 'P-' + String(1000 + Math.floor(r() * 9000)),
      received,
      due: addDays(received, 7 + Math.floor(r() * 10)),
      restoration: pick(r, RESTORATIONS),
      units,
      material: mat,
      shade: pick(r, SHADES),
      status: pick(r, STATUSES.slice(0, 7)),
      technician: pick(r, TECHS),
      priority: r() < 0.2 ? 'Rush' : 'Standard',
      scanType: pick(r, SCANS),
      implantSystem: pick(r, IMPLANTS),
      courier: pick(r, COURIERS),
      notes: '',
      remake: r() < 0.08 ? 'Yes' : 'No',
      invoiceNo: 'INV-' + (61000 + i * 3 + Math.floor(r() * 3)),
      labFee: Math.round((60 + r() * 380) * units) / 1 + '.00',
    });
  }
  // Look-alikes around the target row: Dr Adaeze Okafor works at Millbrook; other Okafors elsewhere.
  const fix = (idx, patch) => Object.assign(rows[idx], patch);
  fix(37, { dentist: 'Dr Adaeze Okafor', practice: 'Millbank Dental Practice', restoration: 'Crown', material: 'Zirconia', status: 'Milling' });
  fix(121, { dentist: 'Dr Chidi Okafor', practice: 'Millbrook Dental Practice', restoration: 'Crown', material: 'Zirconia', status: 'Milling' });
  fix(188, { dentist: 'Dr Adaeze Okafor', practice: 'Millbrook Dental Practice', restoration: 'Crown', material: 'Zirconia', status: 'Milling', labFee: '412.00', invoiceNo: 'INV-61566' });
  fix(203, { dentist: 'Dr Adaeze Okafor', practice: 'Harbour Street Dental', restoration: 'Crown', material: 'Zirconia', status: 'Milling' });
  fix(266, { dentist: 'Dr Funmi Okafor', practice: 'Millbrook Dental Practice', restoration: 'Veneer', material: 'E.max', status: 'Finishing' });
  return rows;
}

export const GUIDE_HTML = [
  '<h2>Zirconia handling guide</h2>',
  '<p>This guide covers the handling of zirconia restorations from milling to dispatch.</p>',
  '<p>Sinter single zirconia crowns at 1450 °C for 2 hours.</p>',
  '<p>Sinter zirconia bridges of up to four units at 1450 °C for 2 hours.</p>',
  '<p>Sinter zirconia bridges of five units or more at 1450 °C for 2 hours.</p>',
  '<p>Do not quench restorations after sintering; let the furnace cool to room temperature.</p>',
  '<p>Trim margins only in the green-state, before the restoration goes into the furnace.</p>',
  '<p>Check the final colour against the shade guide under daylight lamps.</p>',
  '<p>Sinter zirconia implant abutments at 1450 °C for 2 hours.</p>',
].join('');

export function makeDocuments() {
  return {
    'zirconia-guide': { id: 'zirconia-guide', title: 'Zirconia handling guide', updated: '2025-05-28', html: GUIDE_HTML },
  };
}

export const BOARD_COLUMNS = ['Received', 'Modelling', 'Milling', 'Finishing', 'Quality check', 'Dispatched'];
export function makeBoard() {
  const cards = [
    ['C-24102', 'Zirconia crown', 'Dr Helen Hughes', 'Received'],
    ['C-24108', 'PFM bridge ×3', 'Dr Marek Novak', 'Received'],
    ['C-24113', 'Night guard', 'Dr Ruth Ashworth', 'Received'],
    ['C-24095', 'E.max crown', 'Dr Kenji Nakamura', 'Modelling'],
    ['C-24099', 'Partial denture', 'Dr Ciara Brennan', 'Modelling'],
    ['C-24104', 'Implant crown', 'Dr Luis Castellanos', 'Modelling'],
    ['C-24089', 'Zirconia bridge ×4', 'Dr Oliver Whitfield', 'Milling'],
    ['C-24117', 'E.max veneers ×2', 'Dr Priyanka Patel', 'Milling'],
    ['C-24092', 'Zirconia crown', 'Dr Sarah Mensah', 'Milling'],
    ['C-24117', 'E.max veneers ×2', 'Dr Priya Patel', 'Finishing'],
    ['C-24171', 'E.max veneers ×2', 'Dr Priya Patel', 'Finishing'],
    ['C-24086', 'Gold onlay', 'Dr Agata Kowalczyk', 'Finishing'],
    ['C-24080', 'Zirconia crown', 'Dr Fiona Greer', 'Quality check'],
    ['C-24083', 'PMMA temporary bridge', 'Dr Paolo Marchetti', 'Quality check'],
    ['C-24071', 'Full denture', 'Dr Gareth Pryce', 'Dispatched'],
    ['C-24074', 'E.max veneers ×2', 'Dr Priya Patel', 'Dispatched'],
  ];
  // the first C-24117 is a reprint of a different case number series; make ids unique via card id
  return cards.map(([caseNo, work, dentist, column], i) => ({ id: 'card-' + (i + 1), caseNo: i === 7 ? 'C-24177' : caseNo, work, dentist, column, order: i }));
}

export function makeRemakes() {
  const months = ['2024-06', '2024-07', '2024-08', '2024-09', '2024-10', '2024-11', '2024-12', '2025-01', '2025-02', '2025-03', '2025-04', '2025-05'];
  const r = rng(77);
  const series = ['Zirconia', 'E.max', 'PFM', 'Acrylic'];
  const data = months.map((m) => {
    const row = { month: m };
    for (const s of series) row[s] = 2 + Math.floor(r() * 12);
    return row;
  });
  const mar = data.find((d) => d.month === '2025-03');
  mar['Zirconia'] = 9; mar['E.max'] = 11; mar['PFM'] = 10; mar['Acrylic'] = 4;
  const feb = data.find((d) => d.month === '2025-02');
  feb['E.max'] = 8;
  return { series, data };
}

export const CLOSED_DAYS = [
  { date: '2025-06-16', reason: 'Staff training day' },
  { date: '2025-06-17', reason: 'Furnace maintenance' },
  { date: '2025-06-27', reason: 'Stocktake' },
  { date: '2025-07-07', reason: 'Lab closed' },
];

export function makeDentists() {
  const r = rng(4242);
  const list = [];
  let n = 0;
  for (let i = 0; i < 118; i++) {
    const f = pick(r, FIRST), s = pick(r, SURNAMES);
    if (f === 'Sarah' && s === 'Mensah') continue;
    list.push({ id: 'd' + (++n), name: `${f} ${s}`, practice: pick(r, PRACTICES), gdc: String(60000 + Math.floor(r() * 39999)), email: `${f}.${s}`.toLowerCase() + '@' + 'practice.example', phone: '01632 ' + String(100000 + Math.floor(r() * 899999)) });
  }
  list.splice(41, 0, { id: 'd901', name: 'Sarah Mensah', practice: 'Harbour Street Dental', gdc: '81243', email: 'sarah.mensah@harbourstreet.example', phone: '01632 448120' });
  list.splice(77, 0, { id: 'd902', name: 'Sarah Mensah', practice: 'Oakfield Dental', gdc: '81234', email: 's.mensah@oakfield.example', phone: '01632 903517' });
  list.splice(90, 0, { id: 'd903', name: 'Sara Mensah', practice: 'Oakfields Family Dentistry', gdc: '70412', email: 'sara.mensah@oakfields.example', phone: '01632 220964' });
  return list.sort((a, b) => a.name.split(' ').pop().localeCompare(b.name.split(' ').pop()) || a.name.localeCompare(b.name));
}

export function seed() {
  return {
    cases: makeCases(),
    documents: makeDocuments(),
    board: makeBoard(),
    remakes: makeRemakes(),
    flags: [],
    uploads: [],
    bookings: [],
    dentists: makeDentists(),
    counters: { booking: 411, qc: 0, upload: 0 },
  };
}
