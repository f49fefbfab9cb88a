// Seed data for the Saltmarsh Quay Boatyard back office.
// Everything here is invented. The generator is deterministic (fixed PRNG seed),
// so every call to seed() returns exactly the same state.

export const TODAY = '2026-04-15'; // Wednesday
export const YARD = {
  name: 'Saltmarsh Quay Boatyard',
  short: 'Saltmarsh Quay',
  today: TODAY,
};

// Days the crane / travel hoist is not available (besides weekends and past days).
export const CLOSED_DAYS = [
  { date: '2026-04-24', reason: 'Staff training day' },
  { date: '2026-05-04', reason: 'Early May bank holiday' },
  { date: '2026-05-05', reason: 'Annual crane inspection (LOLER)' },
  { date: '2026-05-25', reason: 'Spring bank holiday' },
  { date: '2026-06-12', reason: 'Yard stand at the boat jumble' },
  { date: '2026-08-31', reason: 'Summer bank holiday' },
];

function mulberry32(a) {
  return function () {
    a |= 0; a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SURNAMES = ['Abbott', 'Ashworth', 'Bainbridge', 'Barraclough', 'Beckett', 'Blackwood', 'Brannigan', 'Carver', 'Catchpole', 'Chadwick',
  'Coombes', 'Crabtree', 'Dawlish', 'Denholm', 'Drummond', 'Eastwood', 'Fairbairn', 'Fenwick', 'Garside', 'Gilchrist', 'Goodall',
  'Hallworth', 'Hartley', 'Hedley', 'Holroyd', 'Ingleby', 'Jessop', 'Kershaw', 'Kingdon', 'Lockwood', 'Lowther', 'Marchant',
  'Merriman', 'Nettleton', 'Northcott', 'Oakes', 'Ormerod', 'Penrose', 'Pickering', 'Quayle', 'Rainford', 'Redmayne', 'Rowntree',
  'Sandford', 'Scarrott', 'Shackleton', 'Silcock', 'Stainton', 'Tasker', 'Thwaite', 'Trevithick', 'Underhill', 'Varley', 'Wadsworth',
  'Whitlock', 'Winstanley', 'Yardley', 'Okafor', 'Nakamura', 'Kowalski', 'Haddad', 'Fernandes', 'Lindqvist', 'Mbeki', 'Osei', 'Petrova'];
const FIRST = ['Alan', 'Alison', 'Amir', 'Anna', 'Ben', 'Bridget', 'Callum', 'Carol', 'Chloe', 'Colin', 'Daniel', 'Deborah', 'Derek', 'Eleanor',
  'Emma', 'Fiona', 'Frank', 'Gareth', 'Gillian', 'Graham', 'Hannah', 'Hugh', 'Imogen', 'Isaac', 'James', 'Janet', 'Joel', 'Karen', 'Keith',
  'Laura', 'Leon', 'Lucy', 'Malcolm', 'Maria', 'Martin', 'Megan', 'Neil', 'Nina', 'Owen', 'Pauline', 'Peter', 'Priya', 'Rachel', 'Robert',
  'Ruth', 'Sam', 'Sandra', 'Simon', 'Sophie', 'Stuart', 'Tessa', 'Tom', 'Una', 'Victor', 'Wendy', 'Yusuf', 'Zoe'];
const VESSEL_NAMES = ['Albatross', 'Amberjack', 'Avocet', 'Blue Heron', 'Brent Goose', 'Calypso', 'Cormorant', 'Dabchick', 'Dunlin', 'Eider',
  'Estuary Star', 'Fair Wind', 'Fulmar', 'Gannet', 'Godwit', 'Guillemot', 'Halcyon', 'Harrier', 'Jacana', 'Kittiwake', 'Knot', 'Lapwing',
  'Linnet', 'Mallard', 'Marram', 'Merlin', 'Mistral', 'Nightjar', 'Oystercatcher', 'Petrel', 'Plover', 'Puffin', 'Quest', 'Razorbill',
  'Red Admiral', 'Sanderling', 'Sea Holly', 'Sea Pink', 'Shearwater', 'Shelduck', 'Siskin', 'Skylark', 'Snipe', 'Spindrift', 'Stonechat',
  'Swift', 'Teal', 'Thistle', 'Turnstone', 'Wagtail', 'Wayfarer', 'Wigeon', 'Windflower', 'Wren', 'Zephyr', 'Bluebell', 'Foxglove',
  'Saltire', 'Sea Lavender', 'Tidewater', 'Half Moon', 'Morning Tide', 'Northern Light', 'Saffron', 'Solent Belle', 'Silver Dawn'];
const MODELS = [
  ['Westerly Centaur', 'Sloop', 7.9, 2.6, 0.9, 'GRP'], ['Westerly Konsort', 'Sloop', 8.8, 3.0, 1.1, 'GRP'], ['Contessa 26', 'Sloop', 7.9, 2.3, 1.2, 'GRP'],
  ['Moody 33', 'Sloop', 10.0, 3.4, 1.3, 'GRP'], ['Hurley 22', 'Sloop', 6.7, 2.3, 1.1, 'GRP'], ['Sadler 26', 'Sloop', 7.9, 2.7, 1.3, 'GRP'],
  ['Beneteau Oceanis 311', 'Sloop', 9.5, 3.3, 1.8, 'GRP'], ['Jeanneau Sun Odyssey 32', 'Sloop', 9.7, 3.3, 1.9, 'GRP'],
  ['Rival 34', 'Cutter', 10.4, 3.0, 1.7, 'GRP'], ['Nicholson 32', 'Ketch', 9.8, 2.9, 1.7, 'GRP'], ['Colvic Watson 28', 'Ketch', 8.5, 3.0, 1.2, 'GRP'],
  ['Fairline Targa 29', 'Motor cruiser', 9.1, 3.0, 0.9, 'GRP'], ['Broom 35', 'Motor cruiser', 10.7, 3.7, 1.0, 'GRP'],
  ['Nelson 34', 'Motor cruiser', 10.4, 3.5, 1.1, 'GRP'], ['Wharram Tiki 30', 'Catamaran', 9.1, 5.2, 0.7, 'Wood'],
  ['Prout Snowgoose 37', 'Catamaran', 11.3, 4.7, 0.9, 'GRP'], ['Falmouth Working Boat', 'Gaff cutter', 8.5, 2.7, 1.4, 'Wood'],
  ['Dutch barge (Luxe Motor)', 'Barge', 18.0, 4.2, 1.1, 'Steel'], ['Trintella 29', 'Sloop', 8.8, 2.7, 1.5, 'GRP'],
  ['Van de Stadt Seal', 'Sloop', 7.8, 2.6, 1.3, 'Aluminium'], ['Ribeye 650', 'RIB', 6.5, 2.5, 0.5, 'GRP'],
];
const ENGINES = ['Yanmar 2GM20', 'Yanmar 3YM30', 'Volvo Penta MD2030', 'Volvo Penta D1-30', 'Beta 20', 'Beta 30', 'Nanni N3.21', 'Vetus M3.29',
  'Bukh DV24', 'Perkins Prima M50', 'Twin Volvo KAD43', 'Mercury 115 outboard', 'Tohatsu 9.8 outboard'];
const PORTS = ['Saltmarsh Quay', 'Faversham', 'Whitstable', 'Queenborough', 'Harwich', 'Brightlingsea', 'Ramsgate', 'Rochester', 'Maldon', 'West Mersea'];
const STATUSES = ['Afloat', 'Hauled out', 'Ashore – storage', 'Under repair', 'Away cruising'];
const INSURERS = ['Harbourside Mutual', 'Navis Marine', 'Tidewell Underwriting', 'Estuary & Coastal', 'Anchorline Insurance'];
const CONTRACTS = ['Annual berth', 'Winter ashore', 'Summer afloat', 'Swinging mooring', 'Dry stack'];
const TOWNS = ['Faversham', 'Whitstable', 'Canterbury', 'Herne Bay', 'Sittingbourne', 'Margate', 'Rochester', 'Chatham', 'Ashford', 'Maidstone',
  'Deal', 'Sandwich', 'Broadstairs', 'Sheerness'];

export const STATUS_VALUES = STATUSES;

function pad(n, w) { return String(n).padStart(w, '0'); }
function isoDate(y, m, d) { return `${y}-${pad(m, 2)}-${pad(d, 2)}`; }

// ---------------------------------------------------------------- vessels
function makeVessels(rnd) {
  const pick = (arr) => arr[Math.floor(rnd() * arr.length)];
  const pontoons = ['A', 'B', 'C', 'D', 'E', 'F'];
  const rows = [];
  let n = 0;
  for (const p of pontoons) {
    const count = p === 'F' ? 50 : 54;
    for (let b = 1; b <= count; b++) {
      n++;
      const model = pick(MODELS);
      const surname = pick(SURNAMES);
      const first = pick(FIRST);
      const year = 1968 + Math.floor(rnd() * 52);
      const cEnd = isoDate(2026 + (rnd() < 0.3 ? 1 : 0), 1 + Math.floor(rnd() * 12), 1 + Math.floor(rnd() * 28));
      const insEnd = isoDate(2026 + (rnd() < 0.5 ? 1 : 0), 1 + Math.floor(rnd() * 12), 1 + Math.floor(rnd() * 28));
      const status = rnd() < 0.62 ? 'Afloat' : pick(STATUSES);
      rows.push({
        id: `v${pad(n, 3)}`,
        berth: `${p}-${pad(b, 2)}`,
        name: pick(VESSEL_NAMES) + (rnd() < 0.12 ? ' II' : ''),
        ownerSurname: surname,
        ownerFirst: first,
        type: model[1],
        model: model[0],
        pontoon: p,
        loa: +(model[2] + (rnd() - 0.5) * 0.2).toFixed(2),
        beam: +(model[3]).toFixed(2),
        draft: +(model[4]).toFixed(2),
        hull: model[5],
        engine: model[1] === 'RIB' ? 'Mercury 115 outboard' : pick(ENGINES),
        year,
        homePort: rnd() < 0.5 ? 'Saltmarsh Quay' : pick(PORTS),
        contract: pick(CONTRACTS),
        contractEnds: cEnd,
        status,
        note: '',
        insurer: pick(INSURERS),
        policyNo: `${pick(['HM', 'NV', 'TW', 'EC', 'AL'])}-${pad(100000 + Math.floor(rnd() * 899999), 6)}`,
        insuranceExpiry: insEnd,
        keyholderPhone: `07${pad(Math.floor(rnd() * 1e9), 9)}`,
        berthFee: Math.round(model[2] * (380 + rnd() * 60)),
        accountCode: `SQ-${pad(1000 + n * 13 + Math.floor(rnd() * 9), 4)}`,
      });
    }
  }
  const notes = ['Cradle 14', 'Shore power fault reported', 'Spare keys in office', 'Owner abroad until June', 'Antifoul booked',
    'Check bilge pump', 'Tender stored in rack 3', 'Sails in loft'];
  for (let i = 0; i < rows.length; i += 7) rows[i].note = notes[Math.floor(rnd() * notes.length)];

  // Planted rows (the grid job) — overwrite some generated rows in place.
  const plant = (berth, patch) => {
    const r = rows.find((x) => x.berth === berth);
    Object.assign(r, patch);
  };
  plant('D-31', { name: 'Whimbrel', ownerSurname: 'Pennock', ownerFirst: 'Alan', model: 'Westerly Centaur', type: 'Sloop', loa: 7.92, beam: 2.6,
    draft: 0.9, hull: 'GRP', engine: 'Volvo Penta MD2030', year: 1977, status: 'Afloat', note: '', homePort: 'Saltmarsh Quay',
    contract: 'Annual berth', insurer: 'Tidewell Underwriting', policyNo: 'TW-448213', accountCode: 'SQ-4471' });
  plant('B-12', { name: 'Samphire', ownerSurname: 'Pennock', ownerFirst: 'Claire', model: 'Westerly Centaur', type: 'Sloop', loa: 7.88, beam: 2.6,
    draft: 0.9, hull: 'GRP', engine: 'Volvo Penta MD2030', year: 1979, status: 'Afloat', note: '', insurer: 'Tidewell Underwriting',
    policyNo: 'TW-448871', accountCode: 'SQ-4417' });
  plant('F-08', { name: 'Greylag', ownerSurname: 'Pennock', ownerFirst: 'Alan', model: 'Contessa 26', type: 'Sloop', loa: 7.9, beam: 2.3, draft: 1.2,
    hull: 'GRP', engine: 'Yanmar 2GM20', year: 1981, status: 'Afloat', note: '', accountCode: 'SQ-4714' });
  plant('D-13', { name: 'Redshank', ownerSurname: 'Pennick', ownerFirst: 'Alan', model: 'Westerly Centaur', type: 'Sloop', loa: 7.91, beam: 2.6,
    draft: 0.9, hull: 'GRP', engine: 'Volvo Penta MD2030', year: 1976, status: 'Afloat', note: '', accountCode: 'SQ-4174' });
  // Booking look-alikes
  plant('C-22', { name: 'Moonraker', ownerSurname: 'Ellis', ownerFirst: 'Joel', model: 'Moody 33', type: 'Sloop', loa: 10.0, beam: 3.4, draft: 1.3, hull: 'GRP' });
  plant('E-05', { name: 'Moonraker', ownerSurname: 'Ellison', ownerFirst: 'Megan', model: 'Contessa 26', type: 'Sloop', loa: 7.9, beam: 2.3, draft: 1.2, hull: 'GRP' });
  plant('A-40', { name: 'Moonraker II', ownerSurname: 'Ellis', ownerFirst: 'Joel', model: 'Westerly Konsort', type: 'Sloop', loa: 8.8, beam: 3.0, draft: 1.1, hull: 'GRP' });
  plant('B-47', { name: 'Moon Dancer', ownerSurname: 'Ellis', ownerFirst: 'Ruth', model: 'Moody 33', type: 'Sloop', loa: 10.0, beam: 3.4, draft: 1.3, hull: 'GRP' });
  // Workshop look-alikes
  plant('C-03', { name: 'Curlew', ownerSurname: 'Dalby', ownerFirst: 'Robert', model: 'Westerly Centaur', type: 'Sloop' });
  plant('E-19', { name: 'Curlew', ownerSurname: 'Sorensen', ownerFirst: 'Maria', model: 'Hurley 22', type: 'Sloop' });
  plant('A-11', { name: 'Curlew II', ownerSurname: 'Dalby', ownerFirst: 'Robert', model: 'Sadler 26', type: 'Sloop' });
  // Engine-log vessel
  plant('D-02', { name: 'Kestrel', ownerSurname: 'Fairbairn', ownerFirst: 'Hugh', model: 'Nelson 34', type: 'Motor cruiser', engine: 'Perkins Prima M50' });
  plant('F-30', { name: 'Kestrel II', ownerSurname: 'Garside', ownerFirst: 'Nina', model: 'Broom 35', type: 'Motor cruiser', engine: 'Twin Volvo KAD43' });
  // account codes must be unique: move any generated code that clashes with a planted one
  const planted = new Set(['D-31', 'B-12', 'F-08', 'D-13']);
  const used = new Set(rows.filter((r) => planted.has(r.berth)).map((r) => r.accountCode));
  for (const r of rows) {
    if (planted.has(r.berth)) continue;
    let n = Number(r.accountCode.slice(3));
    while (used.has(`SQ-${pad(n, 4)}`)) n++;
    r.accountCode = `SQ-${pad(n, 4)}`;
    used.add(r.accountCode);
  }
  return rows;
}

// ---------------------------------------------------------------- customers
function makeCustomers(rnd) {
  const pick = (arr) => arr[Math.floor(rnd() * arr.length)];
  const list = [];
  const used = new Set();
  let i = 0;
  while (list.length < 196) {
    const first = pick(FIRST);
    const last = pick(SURNAMES);
    const key = first + ' ' + last;
    if (used.has(key) || key === 'Martin Reyes') continue;
    used.add(key);
    i++;
    const town = pick(TOWNS);
    list.push({
      id: `c${pad(i, 3)}`,
      first, last,
      account: `CU-${pad(1000 + i * 7, 4)}`,
      town,
      email: `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '') + `@${pick(['mailbox.example', 'post.example', 'seamail.example'])}`,
      phone: `07${pad(Math.floor(rnd() * 1e9), 9)}`,
      since: 2004 + Math.floor(rnd() * 22),
      balance: Math.round((rnd() < 0.7 ? 0 : rnd() * 1800) * 100) / 100,
    });
  }
  const add = (c) => { i++; list.push({ id: `c${pad(i, 3)}`, ...c }); };
  add({ first: 'Martin', last: 'Reyes', account: 'CU-2893', town: 'Faversham', email: 'martin.reyes@post.example', phone: '07700914382', since: 2011, balance: 0 });
  add({ first: 'Martin', last: 'Reyes', account: 'CU-3127', town: 'Whitstable', email: 'm.reyes@seamail.example', phone: '07700962215', since: 2019, balance: 240.5 });
  add({ first: 'Martina', last: 'Reyes', account: 'CU-3134', town: 'Whitstable', email: 'martina.reyes@mailbox.example', phone: '07700962890', since: 2020, balance: 0 });
  add({ first: 'Martin', last: 'Reye', account: 'CU-2415', town: 'Herne Bay', email: 'martin.reye@post.example', phone: '07700911007', since: 2015, balance: 75 });
  if (new Set(list.map((c) => c.account)).size !== list.length) throw new Error('duplicate customer account numbers in seed');
  return list;
}

// ---------------------------------------------------------------- workshop board
const COLUMNS = [
  { id: 'booked', title: 'Booked in' },
  { id: 'progress', title: 'In progress' },
  { id: 'parts', title: 'Awaiting parts' },
  { id: 'ready', title: 'Ready for launch' },
];
function makeWorkorders() {
  const w = (id, column, task, vessel, model, owner, tech, due) => ({ id, column, task, vessel, model, owner, tech, due });
  return {
    columns: COLUMNS,
    cards: [
      w('WO-2151', 'booked', 'Antifouling & polish', 'Turnstone', 'Sadler 26', 'K. Varley', 'Dan', '2026-04-28'),
      w('WO-2154', 'booked', 'Cutless bearing replacement', 'Godwit', 'Rival 34', 'P. Marchant', 'Sian', '2026-05-02'),
      w('WO-2160', 'booked', 'Antifouling & polish', 'Curlew II', 'Sadler 26', 'R. Dalby', 'Dan', '2026-05-06'),
      w('WO-2163', 'booked', 'Rig inspection', 'Gannet', 'Moody 33', 'L. Ormerod', 'Tomasz', '2026-05-07'),
      w('WO-2138', 'progress', 'Antifouling & polish', 'Curlew', 'Hurley 22', 'M. Sorensen', 'Dan', '2026-04-21'),
      w('WO-2141', 'progress', 'Antifouling & polish', 'Curlew', 'Westerly Centaur', 'R. Dalby', 'Sian', '2026-04-22'),
      w('WO-2143', 'progress', 'Engine service (annual)', 'Curlew', 'Westerly Centaur', 'R. Dalby', 'Tomasz', '2026-04-23'),
      w('WO-2146', 'progress', 'Osmosis treatment', 'Halcyon', 'Contessa 26', 'A. Lowther', 'Sian', '2026-05-15'),
      w('WO-2147', 'progress', 'Antifouling & polish', 'Curlew', 'Westerly Konsort', 'R. Dalton', 'Dan', '2026-04-24'),
      w('WO-2129', 'parts', 'Stern gland repack', 'Petrel', 'Nicholson 32', 'H. Jessop', 'Tomasz', '2026-04-30'),
      w('WO-2132', 'parts', 'Replace seacocks (x3)', 'Eider', 'Beneteau Oceanis 311', 'F. Kershaw', 'Sian', '2026-05-01'),
      w('WO-2135', 'parts', 'Windlass motor', 'Spindrift', 'Broom 35', 'S. Denholm', 'Tomasz', '2026-05-04'),
      w('WO-2117', 'ready', 'Antifouling & polish', 'Dunlin', 'Westerly Centaur', 'C. Hedley', 'Dan', '2026-04-16'),
      w('WO-2121', 'ready', 'Gelcoat repair (port quarter)', 'Marram', 'Hurley 22', 'G. Tasker', 'Sian', '2026-04-17'),
      w('WO-2124', 'ready', 'Engine service (annual)', 'Linnet', 'Contessa 26', 'J. Abbott', 'Tomasz', '2026-04-18'),
    ],
  };
}

// ---------------------------------------------------------------- notice (rich text)
export const NOTICE_HTML = [
  '<h2>Spring launch arrangements 2026</h2>',
  '<p>The travel hoist will run from 07:30 on each launch day, tide permitting. Please make sure your boat is ready the evening before.</p>',
  '<p>Boats on pontoon A will be launched on Tuesday 12 May.</p>',
  '<p>Boats on pontoon B will be launched on Wednesday 13 May.</p>',
  '<p>Boats on pontoon C will be launched on Wednesday 13 May.</p>',
  '<p>Boats on pontoon D will be launched on Friday 15 May.</p>',
  '<p>Before launch, antifouling must be dry for at least 24 hours. Please check the tide tables before booking a lift, and allow extra time on spring tides.</p>',
  '<p>Owners who cannot attend should leave keys at the yard office before 16:00 the day before.</p>',
  '<p>— Yard office, Saltmarsh Quay</p>',
].join('');

// ---------------------------------------------------------------- fuel dock
function makeFuel() {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const diesel2024 = [1180, 1095, 1620, 2410, 3380, 4190, 5120, 5260, 3870, 2240, 1310, 1060];
  const diesel2025 = [1215, 1140, 1705, 2530, 3455, 4310, 5385, 5178, 3990, 2315, 1290, 1105];
  const petrol2024 = [410, 385, 620, 1090, 1680, 2210, 2870, 2795, 1740, 880, 455, 390];
  const petrol2025 = [432, 401, 655, 1148, 1731, 2284, 2913, 2846, 1802, 905, 470, 402];
  return months.map((m, i) => ({
    month: m, monthNo: i + 1,
    diesel2024: diesel2024[i], diesel2025: diesel2025[i], petrol2024: petrol2024[i], petrol2025: petrol2025[i],
  }));
}

// ---------------------------------------------------------------- lift bookings
function makeBookings() {
  return [
    { ref: 'LB-26-0141', vesselId: 'v031', vessel: 'Shearwater', service: 'Lift in', date: '2026-04-16', time: '09:00', note: '' },
    { ref: 'LB-26-0142', vesselId: 'v077', vessel: 'Calypso', service: 'Lift out', date: '2026-04-20', time: '11:30', note: 'Keel inspection' },
    { ref: 'LB-26-0143', vesselId: 'v102', vessel: 'Fulmar', service: 'Mast step', date: '2026-04-22', time: '14:00', note: '' },
    { ref: 'LB-26-0144', vesselId: 'v150', vessel: 'Plover', service: 'Lift in', date: '2026-04-29', time: '08:30', note: 'Owner attending' },
    { ref: 'LB-26-0145', vesselId: 'v203', vessel: 'Wigeon', service: 'Lift out', date: '2026-05-07', time: '10:00', note: '' },
    { ref: 'LB-26-0146', vesselId: 'v260', vessel: 'Puffin', service: 'Lift in', date: '2026-05-12', time: '07:30', note: 'Spring launch' },
  ];
}

export function seed() {
  const rnd = mulberry32(20260415);
  const vessels = makeVessels(rnd);
  const customers = makeCustomers(rnd);
  return {
    vessels,
    customers,
    board: makeWorkorders(),
    notice: { id: 'spring-launch', title: 'Spring launch arrangements 2026', html: NOTICE_HTML, updatedAt: '2026-04-09T10:12:00Z', updatedBy: 'Yard office' },
    fuel: makeFuel(),
    reconciliations: [
      { id: 'r1', month: '2025-06', fuel: 'Diesel', litres: 4310, recordedBy: 'Sian', recordedAt: '2025-07-02' },
      { id: 'r2', month: '2025-06', fuel: 'Petrol', litres: 2284, recordedBy: 'Sian', recordedAt: '2025-07-02' },
      { id: 'r3', month: '2025-07', fuel: 'Diesel', litres: 5385, recordedBy: 'Dan', recordedAt: '2025-08-04' },
      { id: 'r4', month: '2025-07', fuel: 'Petrol', litres: 2913, recordedBy: 'Dan', recordedAt: '2025-08-04' },
    ],
    bookings: makeBookings(),
    nextBookingNo: 147,
    nextMoveRef: 583,
    engineLogs: [
      { id: 'e1', vessel: 'Spindrift', file: 'spindrift-engine-log-2026-02.csv', entries: 6, runningHours: 11.2, meter: 2214.6, nextService: 2250, uploadedAt: '2026-03-03' },
      { id: 'e2', vessel: 'Kestrel', file: 'kestrel-engine-log-2026-02.csv', entries: 5, runningHours: 9.4, meter: 1207.5, nextService: 1250, uploadedAt: '2026-03-02' },
    ],
  };
}

export { COLUMNS };
