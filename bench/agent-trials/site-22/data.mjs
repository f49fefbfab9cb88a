// Deterministic seed data for Ridgeback Brewing Co. back office. All names invented.
export const TODAY = '2025-05-14'; // Wednesday

function rng(seed) {
  let s = seed >>> 0;
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 4294967296; };
}
const pick = (r, a) => a[Math.floor(r() * a.length)];

const PUBS = ['The Red Lion', 'The Kings Arms', 'The Fleece', 'The Old Bell', 'The White Hart', 'The Black Bull', 'The Fox & Hounds', 'The Royal Oak', 'The Woolpack', 'The Malt Shovel', 'The Three Horseshoes', 'The Packhorse', 'The Bay Horse', 'The New Inn', 'The Rose & Crown', 'The Swan', 'The Ship', 'The George', 'The Plough', 'The Wheatsheaf', 'The Junction', 'The Cross Keys', 'The Dog & Gun', 'The Golden Fleece'];
const TOWNS = { Otley: 'Harrogate', Ilkley: 'Skipton', Haworth: 'Keighley', Keighley: 'Keighley', Bingley: 'Keighley', Skipton: 'Skipton', Settle: 'Skipton', Harrogate: 'Harrogate', Knaresborough: 'Harrogate', Ripon: 'Harrogate', Wetherby: 'Harrogate', Shipley: 'Keighley', Addingham: 'Skipton', Silsden: 'Keighley', Grassington: 'Skipton', Masham: 'Harrogate' };
const POST = { Otley: 'LS21', Ilkley: 'LS29', Haworth: 'BD22', Keighley: 'BD21', Bingley: 'BD16', Skipton: 'BD23', Settle: 'BD24', Harrogate: 'HG1', Knaresborough: 'HG5', Ripon: 'HG4', Wetherby: 'LS22', Shipley: 'BD18', Addingham: 'LS29', Silsden: 'BD20', Grassington: 'BD23', Masham: 'HG4' };
const FIRST = ['Alan', 'Brenda', 'Carl', 'Denise', 'Eddie', 'Fiona', 'Gary', 'Hannah', 'Ian', 'Joanne', 'Keith', 'Linda', 'Mark', 'Nadia', 'Owen', 'Paula', 'Ravi', 'Sandra', 'Tom', 'Una', 'Vince', 'Wendy', 'Yusuf', 'Zoe', 'Gwen', 'Dale', 'Maureen', 'Colin'];
const SUR = ['Ackroyd', 'Barraclough', 'Crabtree', 'Dobson', 'Earnshaw', 'Firth', 'Greenwood', 'Holdsworth', 'Illingworth', 'Jowett', 'Kershaw', 'Lister', 'Midgley', 'Naylor', 'Oldroyd', 'Pearson', 'Riley', 'Sutcliffe', 'Thwaite', 'Utley', 'Verity', 'Wainwright', 'Yeadon', 'Ashworth', 'Booth', 'Clegg', 'Hirst', 'Moorhouse'];
const REPS = ['J. Hebden', 'S. Calvert', 'R. Mistry', 'K. Lund'];
export const DELIVERY_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
export const STATUSES = ['Active', 'On hold', 'Closed'];
const NOTES = ['', '', 'Drop at cellar hatch', 'Call ahead 30 min', 'Narrow lane, small dray only', 'Key with neighbour', 'No deliveries before 9am', 'Cellar steps steep'];

function makeAccounts() {
  const r = rng(2217);
  const rows = [];
  const towns = Object.keys(TOWNS);
  const used = new Set();
  for (let i = 0; i < 326; i++) {
    let pub, town;
    do { pub = pick(r, PUBS); town = pick(r, towns); } while (used.has(pub + town));
    used.add(pub + town);
    const n = 10001 + i;
    rows.push({
      id: 'TA-' + n,
      pub, town, depot: TOWNS[town] + ' depot',
      landlordFirst: pick(r, FIRST), landlordSurname: pick(r, SUR),
      phone: '01' + (500 + Math.floor(r() * 499)) + ' ' + String(100000 + Math.floor(r() * 899999)),
      rep: pick(r, REPS), tier: pick(r, ['Gold', 'Silver', 'Silver', 'Bronze', 'Bronze']),
      deliveryDay: pick(r, DELIVERY_DAYS), status: r() < 0.85 ? 'Active' : (r() < 0.6 ? 'On hold' : 'Closed'),
      creditLimit: 500 * (2 + Math.floor(r() * 18)), balance: Math.round(r() * 420000) / 100,
      lastOrder: '2025-0' + (1 + Math.floor(r() * 4)) + '-' + String(1 + Math.floor(r() * 28)).padStart(2, '0'),
      casksPerWeek: 1 + Math.floor(r() * 14), handpulls: 1 + Math.floor(r() * 8),
      cellarNotes: pick(r, NOTES),
      postcode: POST[town] + ' ' + (1 + Math.floor(r() * 9)) + pick(r, ['AB', 'DE', 'HJ', 'NP', 'QT', 'WX']),
      openedYear: 1780 + Math.floor(r() * 240),
      vatNo: 'GB ' + (100 + Math.floor(r() * 899)) + ' ' + (1000 + Math.floor(r() * 8999)) + ' ' + (10 + Math.floor(r() * 89)),
      dutyRef: 'XBD-' + (TOWNS[town].slice(0, 3).toUpperCase()) + '-' + String(10000 + Math.floor(r() * 89999)),
    });
  }
  const plant = (idx, o) => Object.assign(rows[idx], o);
  // look-alikes for the grid job
  plant(146, { pub: 'The Kings Arms', town: 'Haworth', depot: 'Keighley depot', landlordFirst: 'Gwen', landlordSurname: 'Pickles', deliveryDay: 'Tuesday', status: 'Active', cellarNotes: 'Cellar steps steep', postcode: 'BD22 8QT', dutyRef: 'XBD-KEI-48213' });
  plant(211, { pub: 'The Fleece', town: 'Haworth', depot: 'Keighley depot', landlordFirst: 'Dale', landlordSurname: 'Pickles', deliveryDay: 'Tuesday', status: 'Active', cellarNotes: 'Cellar steps steep', postcode: 'BD22 8HJ', dutyRef: 'XBD-KEI-48231' });
  plant(88, { pub: 'The Kings Arms', town: 'Keighley', depot: 'Keighley depot', landlordFirst: 'Maureen', landlordSurname: 'Pickles', deliveryDay: 'Tuesday', status: 'Active', cellarNotes: '', postcode: 'BD21 3DE', dutyRef: 'XBD-KEI-84213' });
  plant(262, { pub: 'The Swan', town: 'Skipton', depot: 'Skipton depot', landlordFirst: 'Gwen', landlordSurname: 'Pickles', deliveryDay: 'Tuesday', status: 'Active', cellarNotes: 'Call ahead 30 min', postcode: 'BD23 1AB', dutyRef: 'XBD-SKI-48213' });
  // make sure no other generated row is a Pickles or a second Kings Arms in Haworth
  rows.forEach((row, i) => {
    if (![146, 211, 88, 262].includes(i)) {
      if (row.landlordSurname === 'Pickles') row.landlordSurname = 'Riley';
      if (row.town === 'Haworth' && (row.pub === 'The Kings Arms' || row.pub === 'The Fleece')) row.town = 'Silsden', row.depot = 'Keighley depot', row.postcode = 'BD20 1NP';
    }
  });
  return rows;
}

const DOC_HTML = [
  '<h2>Cellar care guide for trade customers</h2>',
  '<p>Rest Copper Kettle Bitter on the stillage for 48 hours before venting, then tap and check clarity.</p>',
  '<p>Rest Harvest Mild on the stillage for 48 hours before venting, then tap and check clarity.</p>',
  '<p>Rest Ridgeback Gold on the stillage for 24 hours before venting, then tap and check clarity.</p>',
  '<p>Keep the cellar between 11 and 13 degrees at all times.</p>',
  '<p>Never re-use spiles once they have been removed from a cask. Hard spiles should always go in overnight.</p>',
  '<p>Return empty casks with the returns form signed by the licensee.</p>',
].join('');

function makeBatches() {
  return [
    { id: 'B-2409', beer: 'Harvest Mild', vessel: 'FV1', stage: 'conditioning', brewer: 'Ola Brennan' },
    { id: 'B-2412', beer: 'Ridgeback Gold', vessel: 'FV2', stage: 'fermenting', brewer: 'Ola Brennan' },
    { id: 'B-2417', beer: 'Copper Kettle Bitter', vessel: 'FV3', stage: 'fermenting', brewer: 'Dev Sharma' },
    { id: 'B-2471', beer: 'Copper Kettle Bitter', vessel: 'FV5', stage: 'fermenting', brewer: 'Dev Sharma' },
    { id: 'B-2474', beer: 'Copper Kettle Bitter', vessel: 'CT2', stage: 'conditioning', brewer: 'Ola Brennan' },
    { id: 'B-2420', beer: 'Moorland Porter', vessel: 'FV4', stage: 'fermenting', brewer: 'Kit Hollis' },
    { id: 'B-2423', beer: 'Ridgeback Gold', vessel: '—', stage: 'planned', brewer: 'Kit Hollis' },
    { id: 'B-2425', beer: 'Copper Kettle Bitter', vessel: '—', stage: 'planned', brewer: 'Dev Sharma' },
    { id: 'B-2426', beer: 'Harvest Mild', vessel: 'Mash tun', stage: 'brewing', brewer: 'Ola Brennan' },
    { id: 'B-2401', beer: 'Moorland Porter', vessel: 'CT1', stage: 'packaging', brewer: 'Kit Hollis' },
    { id: 'B-2404', beer: 'Ridgeback Gold', vessel: 'CT3', stage: 'packaging', brewer: 'Dev Sharma' },
    { id: 'B-2428', beer: 'Winter Warmer (seasonal)', vessel: '—', stage: 'planned', brewer: 'Kit Hollis' },
  ];
}

export const SALES_MONTHS = ['2024-06', '2024-07', '2024-08', '2024-09', '2024-10', '2024-11', '2024-12', '2025-01', '2025-02', '2025-03', '2025-04', '2025-05'];
function makeSales() {
  const series = {
    'Copper Kettle Bitter': [212, 231, 240, 218, 205, 196, 228, 171, 178, 190, 204, 101],
    'Harvest Mild':         [98, 92, 95, 108, 121, 137, 149, 133, 127, 119, 104, 52],
    'Ridgeback Gold':       [187, 226, 251, 203, 160, 131, 142, 118, 126, 149, 181, 95],
    'Moorland Porter':      [64, 58, 55, 79, 118, 139, 171, 152, 140, 111, 83, 37],
  };
  const out = [];
  for (const [beer, vals] of Object.entries(series)) vals.forEach((hl, i) => out.push({ beer, month: SALES_MONTHS[i], hl }));
  return out;
}

function makeCustomers(accounts) {
  // booking form customers: trade accounts (subset) incl. look-alike names
  const c = [
    { id: 'TA-10503', name: 'The Red Lion (Ilkley)', contact: 'Priya Naylor' },
    { id: 'TA-10504', name: 'The Red Lion (Otley)', contact: 'Stan Earnshaw' },
    { id: 'TA-10505', name: 'The Red Lion Inn (Ilkley)', contact: 'Bev Thwaite' },
    { id: 'TA-10506', name: 'The Red Lion Hotel (Skipton)', contact: 'Harold Firth' },
    { id: 'TA-10507', name: 'The Red House (Ilkley)', contact: 'Mo Clegg' },
  ];
  for (const a of accounts.slice(0, 60)) c.push({ id: a.id, name: `${a.pub} (${a.town})`, contact: a.landlordFirst + ' ' + a.landlordSurname });
  return c.filter((x, i, arr) => arr.findIndex(y => y.name === x.name) === i).sort((a, b) => a.name.localeCompare(b.name));
}

export const CLOSED_DAYS = [
  { date: '2025-05-26', reason: 'Spring bank holiday' },
  { date: '2025-05-27', reason: 'Annual stocktake' },
  { date: '2025-06-13', reason: 'Boiler service' },
];
export const TOUR_TIMES = ['10:00', '11:30', '14:00', '15:30'];

function makeContacts() {
  const r = rng(911);
  const roles = ['Licensee', 'Bar manager', 'Cellar manager', 'Owner', 'Area manager', 'Bookkeeper'];
  const list = [];
  for (let i = 0; i < 134; i++) {
    list.push({
      id: 'C-' + (3001 + i),
      first: pick(r, FIRST), last: pick(r, SUR),
      role: pick(r, roles),
      pub: pick(r, PUBS), town: pick(r, Object.keys(TOWNS)),
      phone: '07' + (700 + Math.floor(r() * 299)) + ' ' + String(100000 + Math.floor(r() * 899999)),
    });
  }
  list.forEach(p => { if (p.last === 'Whitaker') p.last = 'Booth'; });
  Object.assign(list[41], { first: 'Sam', last: 'Whitaker', role: 'Licensee', pub: 'The Old Bell', town: 'Otley', phone: '07712 448190' });
  Object.assign(list[97], { first: 'Sam', last: 'Whitaker', role: 'Cellar manager', pub: 'The Fleece', town: 'Bingley', phone: '07745 310662' });
  Object.assign(list[12], { first: 'Samantha', last: 'Whitaker', role: 'Bar manager', pub: 'The Fleece', town: 'Ilkley', phone: '07790 215547' });
  return list.sort((a, b) => (a.last + a.first + a.id).localeCompare(b.last + b.first + b.id));
}

export function seed() {
  const accounts = makeAccounts();
  return {
    accounts,
    document: { id: 'cellar-guide', title: 'Cellar care guide', html: DOC_HTML, updatedAt: '2025-04-30' },
    batches: makeBatches(),
    sales: makeSales(),
    baseline: null,
    customers: makeCustomers(accounts),
    tours: [
      { ref: 'TOUR-3140', customerId: 'TA-10504', date: '2025-05-20', time: '11:30', note: '' },
    ],
    contacts: makeContacts(),
    gravityLogs: [],
    moves: [],
    seq: { tour: 3141, move: 58210, lab: 771 },
  };
}
