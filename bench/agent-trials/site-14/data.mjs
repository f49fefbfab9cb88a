// Deterministic seed data for Lantern Press (a small print shop). "Today" is 2027-04-12.
export const TODAY = '2027-04-12';

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

export const CUSTOMER_NAMES = [
  'Halden Bakery', 'Ferncliff Outdoor', 'Marlow Gin Co.', 'Brightwater Florists', 'Corrie Street Dental',
  'Northgate Theatre', 'Pell & Daughters Solicitors', 'Quayside Yoga', 'Thistle Cycle Works', 'Greyfriars Books',
  'Ashby Architects', 'Blackhall Brewing', 'Cobble Lane Deli', 'Dunmore Primary PTA', 'Elm Row Gallery',
  'Fairmilehead Golf Club', 'Glenbrae Whisky', 'Hopetoun Vets', 'Inverleith Allotments', 'Juniper Hair Studio',
  'Kestrel Estate Agents', 'Lochend Community Hall', 'Morningside Opticians', 'Newhaven Fish Bar',
];
const PRODUCTS = ['Flyer', 'Poster', 'Business cards', 'Booklet', 'Letterhead', 'Banner', 'Sticker sheet', 'Menu', 'Postcard', 'Catalogue'];
const PAPERS = ['Silk 130gsm', 'Silk 170gsm', 'Gloss 150gsm', 'Uncoated 120gsm', 'Uncoated 300gsm', 'Recycled 100gsm', 'Vinyl 440gsm', 'Kraft 280gsm'];
const SIZES = ['A6', 'A5', 'A4', 'A3', 'A2', 'DL', '85x55mm', '1000x2000mm'];
const COLOURS = ['4/0', '4/4', '1/0', '1/1', '2/0'];
const FINISHES = ['None', 'Matt laminate', 'Gloss laminate', 'Soft-touch', 'Spot UV', 'Folded', 'Stapled'];
export const STATUSES = ['Quoted', 'Approved', 'In proof', 'On press', 'Finishing', 'Ready', 'Dispatched'];
const REPS = ['Aileen', 'Bruno', 'Carys', 'Dev', 'Esme'];
const QTYS = [50, 100, 150, 200, 250, 300, 500, 750, 1000, 1500, 2000, 2500, 5000];

function isoDate(d) { return d.toISOString().slice(0, 10); }

export const ORDER_TARGET = { id: 'PO-3174', customer: 'Halden Bakery', product: 'Menu', qty: 300, newQty: 450 };

function makeOrders() {
  const r = rng(14001);
  const out = [];
  for (let i = 0; i < 240; i++) {
    const id = 'PO-' + (3001 + i);
    let customer = pick(r, CUSTOMER_NAMES);
    let product = pick(r, PRODUCTS);
    if (customer === ORDER_TARGET.customer && product === ORDER_TARGET.product) product = 'Postcard';
    const due = new Date(Date.UTC(2027, 3, 13) + Math.floor(r() * 50) * 86400000);
    const qty = pick(r, QTYS);
    out.push({
      id, customer, product,
      paper: pick(r, PAPERS), size: pick(r, SIZES), qty,
      colours: pick(r, COLOURS), finish: pick(r, FINISHES),
      due: isoDate(due), status: pick(r, STATUSES),
      price: Math.round((40 + qty * (0.08 + r() * 0.4)) * 100) / 100,
      rep: pick(r, REPS), proof: r() < 0.6 ? 'Yes' : 'No',
    });
  }
  // the single target row, plus guaranteed decoys (same customer / same product)
  const t = out.find((o) => o.id === ORDER_TARGET.id);
  Object.assign(t, { customer: 'Halden Bakery', product: 'Menu', qty: 300, paper: 'Uncoated 300gsm', size: 'A4', status: 'In proof', due: '2027-04-28' });
  Object.assign(out[40], { customer: 'Halden Bakery', product: 'Flyer', qty: 300 });
  Object.assign(out[95], { customer: 'Newhaven Fish Bar', product: 'Menu', qty: 300 });
  Object.assign(out[201], { customer: 'Halden Bakery', product: 'Poster', qty: 250 });
  return out;
}

export const BRIEF_ID = 'ferncliff-catalogue';
const BRIEF_HTML = [
  '<h2>Ferncliff Outdoor — spring catalogue</h2>',
  '<p id="p-overview">Ferncliff Outdoor needs 2,500 copies of the spring catalogue, delivered to their Dundee warehouse by 30 April 2027.</p>',
  '<p id="p-binding">The catalogue is 48 pages plus cover, saddle-stitched, on 130gsm silk text with a 300gsm silk cover.</p>',
  '<p id="p-proofs">Proofs must be approved within 48 hours of being sent, otherwise the press slot moves back one week.</p>',
  '<p id="p-finish">Cover finish: soft-touch matt laminate on the outside only. Spot UV is not required.</p>',
  '<p id="p-contact">Client contact: Rhona Baird (marketing). Invoice to accounts@ferncliff.example.</p>',
].join('\n');

const PRESSES = [
  { id: 'sm52', name: 'Heidelberg SM 52', kind: 'Offset litho, 2 colour', bay: 'Bay 1', code: 'TS-4417' },
  { id: 'sm74', name: 'Heidelberg SM 74', kind: 'Offset litho, 4 colour', bay: 'Bay 1', code: 'TS-5096' },
  { id: 'r700', name: 'Roland 700', kind: 'Offset litho, 5 colour + coater', bay: 'Bay 2', code: 'TS-7382' },
  { id: 'indigo', name: 'HP Indigo 7K', kind: 'Digital, sheet-fed', bay: 'Bay 3', code: 'TS-2261' },
  { id: 'c14000', name: 'Konica Minolta C14000', kind: 'Digital, toner', bay: 'Bay 3', code: 'TS-8830' },
  { id: 'mimaki', name: 'Mimaki UJF-7151', kind: 'UV flatbed', bay: 'Bay 4', code: 'TS-6148' },
  { id: 'roland-vg', name: 'Roland VG3-540', kind: 'Wide-format eco-solvent', bay: 'Bay 4', code: 'TS-3905' },
];
export const PRESS_TARGET = 'r700';

const MONTHS = ['Oct 2026', 'Nov 2026', 'Dec 2026', 'Jan 2027', 'Feb 2027', 'Mar 2027'];
const REVENUE = {
  flyers: [3120, 3480, 2960, 3315, 3590, 3877],
  posters: [2245, 2610, 3390, 1987, 2372, 2808],
  cards: [1410, 1505, 1190, 1642, 1588, 1721],
  booklets: [4020, 3865, 4410, 3733, 4157, 4496],
  largeformat: [2890, 2205, 1760, 2534, 2718, 3102],
};
export const ANALYTICS_TARGET = { line: 'posters', month: 'Jan 2027', value: 1987 };

function makeCustomers() {
  const r = rng(1414);
  const areas = ['Leith', 'Portobello', 'Stockbridge', 'Bruntsfield', 'Gorgie', 'Morningside', 'Newington', 'Corstorphine', 'Dalry', 'Canonmills'];
  const extra = ['Abbeyhill Pottery', 'Bellevue Tailors', 'Calton Hill Tours', 'Dean Village Café', 'Easter Road Barbers', 'Fountainbridge Climbing',
    'Gayfield Print Studio', 'Haymarket Hostel', 'Joppa Sailing School', 'King\'s Theatre Bar', 'Leamington Lofts', 'Meadows Tennis Club',
    'Nicolson Square Chapel', 'Old Town Escape Rooms', 'Powderhall Forge', 'Restalrig Church', 'Sciennes Music Shop', 'Tollcross Taxis',
    'Union Canal Boats', 'Viewforth Swim Club', 'Warriston Nursery', 'Young Street Wine', 'Albion Tea Rooms', 'Bonnington Mill Studios',
    'Cramond Kayaks', 'Drum Brae Garage', 'Eyre Place Physio', 'Ferry Road Pharmacy', 'Granton Harbour Market', 'Holyrood Dental', 'Iona Street Surgery',
    'Jock\'s Lodge Bowls', 'Lauriston Pilates', 'Marchmont Laundry', 'Brightwater Florist', 'Brightwater Flowers'];
  const names = [...CUSTOMER_NAMES.filter((n) => n !== 'Brightwater Florists'), ...extra];
  const out = names.map((name) => ({ name, area: pick(r, areas) }));
  // shuffle deterministically
  for (let i = out.length - 1; i > 0; i--) { const j = Math.floor(r() * (i + 1)); [out[i], out[j]] = [out[j], out[i]]; }
  out.splice(43, 0, { name: 'Brightwater Florists', area: 'Leith' });
  const dupIdx = out.findIndex((c) => c.name === 'Brightwater Florist');
  out[dupIdx].area = 'Portobello';
  const flowers = out.find((c) => c.name === 'Brightwater Flowers'); flowers.area = 'Leith';
  return out.map((c, i) => ({
    id: 'C-' + (1101 + i), name: c.name, area: c.area,
    email: c.name.toLowerCase().replace(/[^a-z]+/g, '.').replace(/^\.|\.$/g, '') + '@example.com',
    openOrders: Math.floor(r() * 6), since: String(2012 + Math.floor(r() * 14)),
  }));
}

export function seed() {
  const customers = makeCustomers();
  const target = customers.find((c) => c.name === 'Brightwater Florists');
  const dup = customers.find((c) => c.name === 'Brightwater Florist');
  return {
    orders: makeOrders(),
    briefs: { [BRIEF_ID]: { id: BRIEF_ID, title: 'Ferncliff Outdoor — spring catalogue', html: BRIEF_HTML, updatedAt: '2027-04-09T16:20:00Z' } },
    presses: PRESSES.map((p) => ({ ...p, tests: 0 })),
    stockCounts: [],
    analytics: { months: MONTHS, revenue: REVENUE, requested: [] },
    bookings: [
      { id: 'BK-201', customer: 'Northgate Theatre', date: '2027-04-14', time: '11:00', checks: ['Colour match'], notes: 'Programme covers' },
    ],
    customers,
    customerTarget: target.id,
    customerDup: dup.id,
  };
}

export const BOOKING_TARGET = { customer: 'Ferncliff Outdoor', date: '2027-04-22', time: '10:30', checks: ['Colour match', 'Trim & folding'], notes: 'Bring the approved cover proof' };
export const BOOKING_CHECKS = ['Colour match', 'Registration', 'Trim & folding', 'Paper stock', 'Varnish / coating', 'Barcode scan'];
export const CLOSED_DATES = ['2027-04-16', '2027-04-21', '2027-04-29'];
export const BOOKING_TIMES = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00'];
