// Deterministic seed data for Orchard Lane Property Management.
export const TODAY = '2027-06-09';

function mulberry32(a) {
  return function () {
    a |= 0; a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BUILDINGS = [
  ['quince-house', 'Quince House', '4 Quince Row', 'BS3 4QR', 14],
  ['quince-court', 'Quince Court', '27 Quince Row', 'BS3 4QT', 12],
  ['bramble-court', 'Bramble Court', '3 Bramble Lane', 'BS5 7BL', 18],
  ['linden-court', 'Linden Court', '88 Linden Road', 'BS6 2LR', 24],
  ['linden-gardens', 'Linden Gardens', '90 Linden Road', 'BS6 2LS', 16],
  ['harbour-view', 'Harbour View', '12 Wapping Wharf', 'BS1 6WW', 10],
  ['harbour-views', 'Harbour Views', '41 Quay Street', 'BS1 4QS', 8],
  ['harbour-view-court', 'Harbour View Court', '2 Cumberland Basin', 'BS1 6XL', 20],
  ['harbour-view-lodge', 'Harbour View Lodge', '7 Hotwell Road', 'BS8 4UD', 6],
  ['orchard-mews', 'Orchard Mews', '1 Orchard Lane', 'BS2 8OL', 9],
  ['cider-press-yard', 'Cider Press Yard', '15 Mill Street', 'BS2 9MS', 11],
  ['pippin-place', 'Pippin Place', '62 Pippin Street', 'BS4 1PP', 7],
];

const EXTRA_PROPS = [
  'Ashgrove House', 'Beech Terrace', 'Calder Works', 'Damson Rise', 'Elmfield Lofts', 'Fernbank', 'Glebe Cottages',
  'Hawthorn Rise', 'Ivy Mill', 'Juniper Walk', 'Kestrel Point', 'Larch House', 'Medlar Court', 'Nettlebed Row',
  'Oakapple Yard', 'Pear Tree Close', 'Quarry Steps', 'Rowan Heights', 'Sorrel Place', 'Tannery Wharf',
  'Upper Mill', 'Victoria Wharf', 'Willow Reach', 'Yew Tree Court', 'Alder Street Studios', 'Bishops Gate',
  'Cotswold View', 'Dove Lane', 'Eastgate Lofts', 'Foundry Square', 'Granary Court', 'Highbury Villas',
  'Kingfisher House', 'Lime Kiln Mews', 'Marina Point', 'Northcote House',
];
const STREETS = ['Gloucester Road', 'Cheltenham Road', 'Whiteladies Road', 'North Street', 'East Street', 'Stokes Croft',
  'Park Row', 'St Michael\'s Hill', 'Coronation Road', 'Mina Road', 'Sevier Street', 'Ashley Road'];
const MANAGERS = ['Hannah Cole', 'Rhys Jenkins', 'Amara Osei', 'Tom Whitfield'];

export function seed() {
  const rnd = mulberry32(160609);
  const pick = (arr) => arr[Math.floor(rnd() * arr.length)];
  const int = (a, b) => a + Math.floor(rnd() * (b - a + 1));

  // ---------- properties ----------
  const properties = BUILDINGS.map(([id, name, street, postcode, units], i) => ({
    id, name, address: street + ', Bristol', postcode, units, manager: MANAGERS[i % 4],
  }));
  EXTRA_PROPS.forEach((name, i) => {
    properties.push({
      id: name.toLowerCase().replace(/[^a-z]+/g, '-'), name,
      address: `${int(1, 140)} ${STREETS[i % STREETS.length]}, Bristol`,
      postcode: `BS${int(1, 9)} ${int(1, 9)}${String.fromCharCode(65 + int(0, 25))}${String.fromCharCode(65 + int(0, 25))}`,
      units: int(2, 22), manager: MANAGERS[(i + 1) % 4],
    });
  });
  properties.sort((a, b) => a.name.localeCompare(b.name));

  // ---------- repair jobs (grid) ----------
  const SURNAMES = ['Okafor', 'Hughes', 'Patel', 'Nowak', 'Evans', 'Khan', 'Murphy', 'Bianchi', 'Taylor', 'Adeyemi',
    'Fraser', 'Lindqvist', 'Davies', 'Chen', 'Morgan', 'Silva', 'Price', 'Walsh', 'Kowalski', 'Ahmed'];
  const INITIALS = 'ABCDEGHJKLMNPRST';
  const CATS = ['Plumbing', 'Heating', 'Electrical', 'Damp & mould', 'Roofing', 'Windows', 'Appliances', 'Locks', 'Pest control', 'Decorating'];
  const STATUSES = ['Reported', 'Assigned', 'In progress', 'Awaiting parts', 'Completed', 'Cancelled'];
  const PRIOS = ['Emergency', 'Urgent', 'Routine', 'Planned'];
  const CONTRACTORS = ['Avon Plumbing & Heating', 'BrightSpark Electrical', 'Clifton Roofing Ltd', 'DryWall Damp Solutions',
    'Harbourside Handyman', 'KeyFix Locksmiths', 'Severn Glazing', 'PestAway Bristol', 'Redcliffe Decorators'];
  const ISSUES = {
    Plumbing: ['Leaking kitchen tap', 'Blocked bathroom sink', 'Toilet cistern running', 'Low water pressure'],
    Heating: ['Boiler losing pressure', 'Radiator cold at top', 'No hot water', 'Thermostat not responding'],
    Electrical: ['Tripping RCD', 'Hallway light flickering', 'Socket scorched', 'Extractor fan dead'],
    'Damp & mould': ['Mould in bathroom ceiling', 'Condensation on bedroom wall', 'Damp patch under window'],
    Roofing: ['Slipped tiles', 'Gutter overflowing', 'Leak above landing'],
    Windows: ['Cracked pane', 'Window will not lock', 'Failed double-glazing seal'],
    Appliances: ['Oven not heating', 'Washing machine not draining', 'Fridge freezer noisy'],
    Locks: ['Front door lock stiff', 'Lost keys – replace barrel', 'Window lock broken'],
    'Pest control': ['Mice in kitchen', 'Wasp nest in eaves', 'Ants in bathroom'],
    Decorating: ['Touch-up after leak', 'Repaint hallway', 'Replace damaged skirting'],
  };
  const d = (y, m, dd) => `${y}-${String(m).padStart(2, '0')}-${String(dd).padStart(2, '0')}`;
  const repairs = [];
  for (let i = 0; i < 264; i++) {
    const b = BUILDINGS[int(0, BUILDINGS.length - 1)];
    const cat = pick(CATS);
    const month = int(1, 6);
    const day = int(1, month === 6 ? 8 : 28);
    const est = Math.round((60 + rnd() * 640) * 100) / 100;
    const status = pick(STATUSES);
    repairs.push({
      ref: `RJ-${24107 + i * 3}`,
      property: b[1], unit: `Flat ${int(1, b[4])}`,
      tenant: `${INITIALS[int(0, INITIALS.length - 1)]}. ${pick(SURNAMES)}`,
      category: cat, issue: pick(ISSUES[cat]), priority: pick(PRIOS), status,
      contractor: pick(CONTRACTORS),
      reported: d(2027, month, day), due: d(2027, Math.min(month + 1, 7), Math.min(day + 3, 28)),
      estimate: est,
      actual: status === 'Completed' ? Math.round(est * (0.8 + rnd() * 0.4) * 100) / 100 : null,
      invoice: status === 'Completed' ? `INV-${int(30000, 39999)}` : '',
      access: pick(['Tenant home weekdays', 'Key in office safe', 'Call before visit', 'Mornings only', 'Via concierge', 'Any time']),
      phone: `07${int(700, 999)} ${int(100000, 999999)}`,
    });
  }
  // Look-alike rows: same tenant surname/initial, different property; the target is RJ-24350
  const fix = (idx, patch) => Object.assign(repairs[idx], patch);
  fix(81, { tenant: 'D. Okafor', property: 'Quince House', unit: 'Flat 4', category: 'Heating', issue: 'Boiler losing pressure', status: 'In progress', contractor: 'Avon Plumbing & Heating', priority: 'Urgent', reported: '2027-06-02', due: '2027-06-12', estimate: 240, actual: null, invoice: '' });
  fix(12, { tenant: 'D. Okafor', property: 'Quince Court', unit: 'Flat 4', category: 'Heating', issue: 'Boiler losing pressure', status: 'In progress', contractor: 'Avon Plumbing & Heating', priority: 'Urgent', reported: '2027-06-01', due: '2027-06-11', estimate: 240, actual: null, invoice: '' });
  fix(150, { tenant: 'D. Okafor', property: 'Quince House', unit: 'Flat 9', category: 'Heating', issue: 'Radiator cold at top', status: 'Assigned', contractor: 'Avon Plumbing & Heating', priority: 'Routine', reported: '2027-05-27', due: '2027-06-10', estimate: 95, actual: null, invoice: '' });
  fix(203, { tenant: 'A. Okafor', property: 'Quince House', unit: 'Flat 4', category: 'Plumbing', issue: 'Leaking kitchen tap', status: 'In progress', contractor: 'Avon Plumbing & Heating', priority: 'Routine', reported: '2027-06-03', due: '2027-06-14', estimate: 120, actual: null, invoice: '' });
  // make sure no other random row collides with the target facts
  repairs.forEach((r, i) => {
    if (![81, 12, 150, 203].includes(i) && r.tenant.endsWith('Okafor') && r.property.startsWith('Quince')) r.tenant = r.tenant.replace('Okafor', 'Okoro');
  });

  // ---------- inspection checklist (editor) ----------
  const checklist = {
    html: [
      '<h2>Check-out inspection checklist</h2>',
      '<p>Use this list for every end-of-tenancy inspection. Tick each item off in the inventory app and attach photos.</p>',
      '<ol>',
      '<li>Send written notice of the inspection to the tenant at least 24 hours before the visit.</li>',
      '<li>Photograph every room, including inside kitchen cupboards, the oven and the fridge.</li>',
      '<li>Record meter readings (gas, electricity, water) with a dated photo of each meter.</li>',
      '<li>Confirm the gas safety certificate is on file and in date for the next tenancy.</li>',
      '<li>Test every smoke and carbon monoxide alarm and note the result.</li>',
      '<li>Propose any deposit deductions to the tenant within 14 days of the check-out date.</li>',
      '<li>Refer any disputed deduction to the deposit scheme within 14 days of the tenant\'s reply.</li>',
      '<li>Return all keys and fobs to the office safe on the same day.</li>',
      '</ol>',
      '<p>Questions about this checklist go to Hannah Cole (lettings manager).</p>',
    ].join(''),
    updatedAt: '2027-05-18T10:12:00Z',
    updatedBy: 'Hannah Cole',
  };

  // ---------- arrears cards (toast) ----------
  const arrears = [
    { id: 'ten-3108', tenant: 'Sunita Patel', property: 'Linden Court', unit: 'Flat 21', amount: 975.0, days: 12, code: 'RMD-4K7Q' },
    { id: 'ten-3112', tenant: 'Sunita Patel', property: 'Linden Gardens', unit: 'Flat 12', amount: 1150.0, days: 19, code: 'RMD-8TW2' },
    { id: 'ten-3117', tenant: 'Sunita Patel', property: 'Linden Court', unit: 'Flat 12', amount: 1150.0, days: 19, code: 'RMD-3XH9' },
    { id: 'ten-3120', tenant: 'Sunil Patel', property: 'Linden Court', unit: 'Flat 12', amount: 860.0, days: 9, code: 'RMD-6PJ4' },
    { id: 'ten-2984', tenant: 'Gareth Hughes', property: 'Bramble Court', unit: 'Flat 3', amount: 420.5, days: 6, code: 'RMD-2BN8' },
    { id: 'ten-2990', tenant: 'Gareth Hughes', property: 'Bramble Court', unit: 'Flat 13', amount: 1310.0, days: 33, code: 'RMD-9CF5' },
    { id: 'ten-3051', tenant: 'Marta Kowalski', property: 'Cider Press Yard', unit: 'Flat 7', amount: 690.0, days: 14, code: 'RMD-5VD1' },
    { id: 'ten-3077', tenant: 'Liam Murphy', property: 'Pippin Place', unit: 'Flat 2', amount: 245.0, days: 4, code: 'RMD-7GL3' },
  ];

  // ---------- maintenance spend (chart) ----------
  const months = [];
  for (let k = 0; k < 12; k++) { const m = 6 + k; months.push(d(2026 + Math.floor((m) / 12), (m % 12) + 1, 1)); }
  const spend = {};
  for (const b of BUILDINGS) {
    spend[b[0]] = months.map((m) => ({
      month: m,
      reactive: Math.round((400 + rnd() * 2600) * 100) / 100,
      planned: Math.round((150 + rnd() * 1800) * 100) / 100,
    }));
  }
  spend['bramble-court'][8].reactive = 2417.35; // March 2027
  spend['bramble-court'][8].planned = 1863.2;
  spend['bramble-court'][7].reactive = 2471.53; // Feb 2027 (look-alike digits)
  spend['bramble-court'][9].reactive = 2147.35; // Apr 2027
  spend['quince-court'][8].reactive = 2174.35;

  // ---------- viewing units (booking) ----------
  const viewingUnits = [];
  for (const b of BUILDINGS) {
    for (const f of [1, 2, 5, 12]) if (f <= b[4]) viewingUnits.push({ id: `${b[0]}-f${f}`, label: `${b[1]}, Flat ${f}`, building: b[1] });
  }
  const disabledDates = ['2027-06-11', '2027-06-16', '2027-06-23', '2027-06-30'];

  return {
    properties, repairs, checklist, arrears, spend, viewingUnits, disabledDates,
    reminders: [], uploads: [], viewings: [], deleted: [], repairSaves: [], checklistSaves: 0,
    hits: { 'POST /api/repairs/save': 0, 'PUT /api/checklist': 0, 'POST /api/reminders': 0, 'POST /api/statements/upload': 0, 'POST /api/viewings': 0, 'DELETE /api/properties/:id': 0 },
    reads: {},
  };
}

export const BUILDING_LIST = BUILDINGS.map(([id, name]) => ({ id, name }));
