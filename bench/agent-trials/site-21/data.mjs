// Deterministic seed data for the Gale Ridge Wind maintenance office.
// Everything here is invented.

export const TODAY = '2026-04-08'; // Wednesday

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
const pick = (r, arr) => arr[Math.floor(r() * arr.length)];
const pad = (n, w = 2) => String(n).padStart(w, '0');

export const SITES = [
  { code: 'CM', name: 'Carrow Moor', turbines: 48 },
  { code: 'HE', name: 'Hollin Edge', turbines: 36 },
  { code: 'NF', name: 'Northfell', turbines: 30 },
  { code: 'SR', name: 'Skelwith Rigg', turbines: 24 },
];

export const STATUSES = ['Open', 'Scheduled', 'In progress', 'On hold', 'Completed'];

export const WO_COLUMNS = [
  { key: 'turbine', label: 'Turbine' },
  { key: 'site', label: 'Site' },
  { key: 'surname', label: 'Surname' },
  { key: 'firstName', label: 'First name' },
  { key: 'component', label: 'Component' },
  { key: 'task', label: 'Task' },
  { key: 'priority', label: 'Priority' },
  { key: 'status', label: 'Status', editor: 'select' },
  { key: 'planned', label: 'Planned' },
  { key: 'crew', label: 'Crew' },
  { key: 'estHours', label: 'Est. hours' },
  { key: 'crane', label: 'Crane' },
  { key: 'supplier', label: 'Supplier' },
  { key: 'po', label: 'PO number' },
  { key: 'partsCost', label: 'Parts cost (£)' },
  { key: 'lastInspection', label: 'Last inspection' },
  { key: 'access', label: 'Access' },
  { key: 'note', label: 'Engineer note', editor: 'text' },
  { key: 'hubHeight', label: 'Hub height (m)' },
  { key: 'permit', label: 'Permit ref' },
];

const SURNAMES = ['Patel', 'Nowak', 'Fraser', 'Hughes', 'Lindqvist', 'Mensah', 'Reid', 'Kowalski', 'Byrne', 'Sato',
  'Haddad', 'Moreno', 'Clarke', 'Dunmore', 'Achterberg', 'Pryce', 'Walsh', 'Ibrahim', 'Yates', 'Ferreira', 'Okonjo', 'Kerr'];
const FIRST = ['Aisha', 'Tom', 'Marta', 'Callum', 'Priya', 'Jonas', 'Elif', 'Rory', 'Nadia', 'Sean', 'Hana', 'Luis',
  'Megan', 'Kofi', 'Ingrid', 'Dev', 'Orla', 'Piotr', 'Yusuf', 'Beth'];
const COMPONENTS = ['Gearbox', 'Blade set', 'Yaw drive', 'Pitch system', 'Generator', 'Main bearing', 'Converter', 'Tower ladder', 'Anemometer', 'Hydraulics'];
const TASKS = ['Inspection', 'Oil change', 'Bolt torque check', 'Repair', 'Replacement', 'Calibration', 'Borescope', 'Cleaning'];
const PRIORITIES = ['Low', 'Normal', 'High', 'Urgent'];
const SUPPLIERS = ['Tyneside Bearings', 'Pennine Hydraulics', 'Solway Electrical', 'Kielder Composites', 'Eden Valley Gears', 'Borrowdale Spares'];
const ACCESS = ['Track OK', '4x4 only', 'Gate code needed', 'Escort required', 'Seasonal closure'];

function dateAdd(iso, days) {
  const d = new Date(iso + 'T00:00:00Z');
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function makeWorkOrders() {
  const r = rng(2104);
  const rows = [];
  for (let i = 0; i < 320; i++) {
    const site = pick(r, SITES);
    const tnum = 1 + Math.floor(r() * site.turbines);
    rows.push({
      id: 'WO-' + (24001 + i),
      turbine: `${site.code}-${pad(tnum)}`,
      site: site.name,
      surname: pick(r, SURNAMES),
      firstName: pick(r, FIRST),
      component: pick(r, COMPONENTS),
      task: pick(r, TASKS),
      priority: pick(r, PRIORITIES),
      status: pick(r, STATUSES),
      planned: dateAdd('2026-03-02', Math.floor(r() * 70)),
      crew: 2 + Math.floor(r() * 4),
      estHours: 2 + Math.floor(r() * 30),
      crane: r() < 0.25 ? 'Yes' : 'No',
      supplier: pick(r, SUPPLIERS),
      po: 'PO-' + (71000 + Math.floor(r() * 9000)),
      partsCost: (Math.floor(r() * 480) * 25).toLocaleString('en-GB'),
      lastInspection: dateAdd('2025-03-01', Math.floor(r() * 380)),
      access: pick(r, ACCESS),
      note: r() < 0.3 ? pick(r, ['Check torque log', 'Parts on site', 'Weather window needed', 'Follow-up from audit']) : '',
      hubHeight: pick(r, [80, 85, 92, 105]),
      permit: 'PTW-' + (50000 + Math.floor(r() * 20000)),
    });
  }
  // Targets and look-alikes (Okafor appears nowhere else).
  const fixed = [
    [203, { turbine: 'CM-14', site: 'Carrow Moor', surname: 'Okafor', firstName: 'Imani', component: 'Gearbox', task: 'Inspection', status: 'Scheduled', note: '', permit: 'PTW-60418', crane: 'Yes' }],
    [88, { turbine: 'CM-41', site: 'Carrow Moor', surname: 'Okafor', firstName: 'Imani', component: 'Gearbox', task: 'Inspection', status: 'Scheduled', note: '', permit: 'PTW-61814', crane: 'Yes' }],
    [147, { turbine: 'CM-14', site: 'Carrow Moor', surname: 'Okafor', firstName: 'Daniel', component: 'Yaw drive', task: 'Inspection', status: 'Open', note: '', permit: 'PTW-60481' }],
    [261, { turbine: 'HE-14', site: 'Hollin Edge', surname: 'Okafor', firstName: 'Imani', component: 'Gearbox', task: 'Inspection', status: 'Scheduled', note: '', permit: 'PTW-64018' }],
    [302, { turbine: 'NF-14', site: 'Northfell', surname: 'Okafor', firstName: 'Grace', component: 'Gearbox', task: 'Oil change', status: 'Scheduled', note: '', permit: 'PTW-60148' }],
  ];
  for (const [i, o] of fixed) Object.assign(rows[i], o);
  return rows;
}

export const DOC_ORIGINAL = [
  '<h2>Weekly safety briefing — week 15</h2>',
  '<p>Carrow Moor: rescue kits in the nacelle must be inspected every six months.</p>',
  '<p>Hollin Edge: rescue kits in the nacelle must be inspected every six months.</p>',
  '<p>Northfell: rescue kits in the nacelle must be inspected every six months.</p>',
  '<p>Skelwith Rigg: rescue kits in the nacelle must be inspected every six months.</p>',
  '<p>All technicians must carry a charged radio when climbing.</p>',
  '<p>Anyone on site can use the stop work authority if conditions change.</p>',
  '<p>Every climb is logged in the permit register before work starts.</p>',
].join('');

function makeBoard() {
  const cols = [
    { id: 'plan', name: 'To plan' },
    { id: 'scheduled', name: 'Scheduled' },
    { id: 'progress', name: 'In progress' },
    { id: 'done', name: 'Done' },
  ];
  const cards = [
    ['c1', 'Blade inspection', 'CM-07', 'Carrow Moor', 'plan', 'Rope access team, 2 days'],
    ['c2', 'Blade inspection', 'CM-17', 'Carrow Moor', 'plan', 'Rope access team, 2 days'],
    ['c3', 'Blade inspection', 'HE-07', 'Hollin Edge', 'plan', 'Drone survey first'],
    ['c4', 'Gearbox oil sample', 'NF-03', 'Northfell', 'plan', 'Lab kit in van 2'],
    ['c5', 'Yaw brake pads', 'SR-11', 'Skelwith Rigg', 'plan', 'Parts arrived'],
    ['c6', 'Anemometer swap', 'CM-22', 'Carrow Moor', 'scheduled', 'Mon 13 Apr'],
    ['c7', 'Converter fault trace', 'HE-19', 'Hollin Edge', 'scheduled', 'Needs HV authorised person'],
    ['c8', 'Blade repair', 'CM-07', 'Carrow Moor', 'progress', 'Leading edge erosion'],
    ['c9', 'Tower ladder check', 'NF-12', 'Northfell', 'progress', 'Annual'],
    ['c10', 'Pitch battery test', 'SR-04', 'Skelwith Rigg', 'progress', 'Hub entry'],
    ['c11', 'Main bearing grease', 'HE-02', 'Hollin Edge', 'done', 'Signed off by S. Walsh'],
    ['c12', 'Blade inspection', 'CM-70', 'Carrow Moor', 'done', 'No defects'],
  ].map(([id, title, turbine, site, column, detail]) => ({ id, title, turbine, site, column, detail }));
  const refs = { c1: 'DSP-7Q4K2', c2: 'DSP-7Q2K4', c3: 'DSP-4K7Q2' };
  return { columns: cols, cards, refs, moves: [] };
}

function makePerformance() {
  const months = ['2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03'];
  const series = {
    'Carrow Moor': [95.8, 96.3, 97.2, 96.5, 96.9, 97.4, 95.9, 94.8, 93.9, 94.6, 95.2, 96.1],
    'Hollin Edge': [96.1, 95.7, 96.8, 96.2, 96.7, 97.1, 96.0, 95.1, 94.2, 94.4, 95.8, 96.3],
    'Northfell': [94.9, 95.4, 96.5, 96.9, 96.4, 96.6, 95.3, 94.5, 93.6, 94.9, 95.5, 95.7],
  };
  return { months, series, signoffs: [] };
}

const CONTRACTORS = [
  'Harlow Lifting Ltd — Carlisle depot', 'Harlow Lifting Ltd — Hexham depot', 'Harlowe Rigging & Lifting — Carlisle',
  'Pennine Hydraulics — Kendal', 'Solway Electrical — Workington', 'Solway Electrical — Dumfries',
  'Kielder Composites — Bellingham', 'Eden Valley Gears — Penrith', 'Borrowdale Spares — Keswick',
  'Northfell Cabling Ltd — Alston', 'Tyneside Bearings — Gateshead', 'Crossfell Access & Rope — Appleby',
  'Lune Valley Cranes — Lancaster', 'Haltwhistle Plant Hire — Haltwhistle', 'Allen Gorge Surveys — Allendale',
  'Cheviot Drone Inspections — Wooler', 'Irthing Civil Works — Brampton', 'Harrow Lift & Shift — Newcastle',
].map((name, i) => ({ id: 'k' + (101 + i), name }));

const CLOSED_DAYS = {
  '2026-04-10': 'Site safety stand-down',
  '2026-04-20': 'Annual crane audit',
  '2026-04-21': 'Annual crane audit',
  '2026-05-04': 'Bank holiday',
  '2026-05-25': 'Bank holiday',
  '2026-05-26': 'Office training day',
};

function makePersonnel() {
  const r = rng(77);
  const FN = ['Owen', 'Olivia', 'Hamza', 'Kirsty', 'Ben', 'Chloe', 'Tariq', 'Ewan', 'Sofia', 'Liam', 'Grace', 'Mateusz', 'Ruth', 'Alfie', 'Nina', 'Declan', 'Zara', 'Gareth'];
  const SN = ['Armstrong', 'Bell', 'Carr', 'Dixon', 'Elliot', 'Forster', 'Graham', 'Hetherington', 'Irving', 'Johnstone', 'Kirkup', 'Lowes', 'Milburn', 'Nixon', 'Oliver', 'Pattinson', 'Robson', 'Scott', 'Thompson', 'Wilkinson'];
  const COMPANIES = ['Harlow Lifting Ltd', 'Northfell Cabling Ltd', 'Pennine Hydraulics', 'Solway Electrical', 'Crossfell Access & Rope', 'Kielder Composites', 'Lune Valley Cranes'];
  const ROLES = ['Rigger', 'Crane operator', 'Cable jointer', 'Rope access technician', 'HV engineer', 'Site supervisor', 'Banksman', 'Composite technician'];
  const people = [];
  for (let i = 0; i < 148; i++) {
    people.push({
      id: 'p' + (1001 + i),
      firstName: pick(r, FN.filter((f) => f !== 'Owen')),
      surname: pick(r, SN),
      company: pick(r, COMPANIES),
      role: pick(r, ROLES),
      inductionExpires: dateAdd('2026-04-01', Math.floor(r() * 400)),
      phone: '07' + String(700000000 + Math.floor(r() * 99999999)).slice(0, 9),
    });
  }
  Object.assign(people[23], { firstName: 'Owen', surname: 'Bright', company: 'Harlow Lifting Ltd', role: 'Rigger', inductionExpires: '2026-09-14', phone: '07712 448 190' });
  Object.assign(people[97], { firstName: 'Owen', surname: 'Bright', company: 'Northfell Cabling Ltd', role: 'Cable jointer', inductionExpires: '2026-06-02', phone: '07845 301 772' });
  Object.assign(people[51], { firstName: 'Olivia', surname: 'Bright', company: 'Northfell Cabling Ltd', role: 'HV engineer', inductionExpires: '2026-11-20', phone: '07790 552 014' });
  Object.assign(people[130], { firstName: 'Owen', surname: 'Brightwell', company: 'Northfell Cabling Ltd', role: 'Cable jointer', inductionExpires: '2027-01-08', phone: '07403 118 642' });
  for (const p of people) if (!p.phone.includes(' ')) p.phone = p.phone.slice(0, 5) + ' ' + p.phone.slice(5, 8) + ' ' + p.phone.slice(8);
  return people;
}

export function seed() {
  return {
    today: TODAY,
    workOrders: makeWorkOrders(),
    woSaves: [],
    document: { html: DOC_ORIGINAL, savedAt: null, saves: 0 },
    board: makeBoard(),
    imports: [],
    performance: makePerformance(),
    contractors: CONTRACTORS.map((c) => ({ ...c })),
    closedDays: { ...CLOSED_DAYS },
    bookings: [],
    nextBooking: 30417,
    personnel: makePersonnel(),
    deletedPeople: [],
  };
}
