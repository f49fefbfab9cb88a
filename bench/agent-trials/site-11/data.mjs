// Deterministic seeded data for Saltmarsh Boatyard back office.
export const TODAY = '2026-12-06';

function mulberry32(a) {
  return function () {
    a |= 0; a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = (r, arr) => arr[Math.floor(r() * arr.length)];
const pad = (n, w = 2) => String(n).padStart(w, '0');

const BOAT_NAMES = ['Curlew', 'Sandpiper', 'Osprey', 'Cormorant', 'Sea Holly', 'Blue Moon', 'Wanderer', 'Morwenna', 'Seraphina', 'Halcyon', 'Tern', 'Spindrift', 'Fulmar', 'Petrel', 'Gannet', 'Saoirse', 'Bramble', 'Mistral', 'Zephyr', 'Kestrel', 'Moonraker', 'Pipit', 'Dunlin', 'Shearwater', 'Guillemot', 'Razorbill', 'Jenny Wren', 'Lady Anne', 'Carrick Star', 'Helford Belle', 'Tamsin', 'Velella', 'Aurora', 'Nimbus', 'Bluebell', 'Marigold', 'Otter', 'Seal Song', 'Whimbrel', 'Merlin', 'Avocet', 'Redshank', 'Greylag', 'Skua', 'Eider', 'Ptarmigan', 'Solstice', 'Equinox', 'Tideway', 'Driftwood'];
const MAKES = {
  'Sailing yacht': [['Westerly', 'Konsort'], ['Westerly', 'Fulmar'], ['Bavaria', '34 Cruiser'], ['Beneteau', 'Oceanis 35'], ['Jeanneau', 'Sun Odyssey 36i'], ['Hallberg-Rassy', '31'], ['Moody', '33'], ['Sadler', '29'], ['Contessa', '32'], ['Hunter', 'Channel 31']],
  'Motor cruiser': [['Fairline', 'Targa 34'], ['Sealine', 'S34'], ['Princess', '42'], ['Broom', '35'], ['Nelson', '34'], ['Colvic', 'Watson 26']],
  'RIB': [['Ribeye', 'A600'], ['Ballistic', '6.5'], ['Zodiac', 'Medline 7']],
  'Catamaran': [['Prout', 'Snowgoose 37'], ['Lagoon', '380'], ['Catalac', '9m']],
  'Fishing boat': [['Cygnus', 'GM33'], ['Orkney', 'Pilothouse 20'], ['Warrior', '175']],
};
const FIRST = ['Tom', 'Sarah', 'Jago', 'Kerensa', 'Peter', 'Eleanor', 'Mark', 'Tamsin', 'Richard', 'Helen', 'Andrew', 'Lowenna', 'Simon', 'Ruth', 'Neil', 'Claire', 'Gareth', 'Jenna', 'Colin', 'Bryony', 'Dafydd', 'David', 'Ivor', 'Morwenna'];
const LAST = ['Pascoe', 'Trelawny', 'Penrose', 'Hocking', 'Nancarrow', 'Rowe', 'Tregear', 'Jenkin', 'Williams', 'Hawke', 'Curnow', 'Bolitho', 'Pengelly', 'Retallick', 'Vivian', 'Polglase', 'Morgan', 'Carne', 'Tonkin', 'Symons'];
const PORTS = ['Falmouth', 'Fowey', 'Penryn', 'Mylor', 'St Mawes', 'Truro', 'Helford', 'Plymouth', 'Salcombe', 'Newlyn'];
const INSURERS = ['Navigators and General', 'Pantaenius', 'GJW Direct', 'Haven Knox-Johnston', 'Craftinsure', 'Topsail'];
const HULLS = ['GRP', 'GRP', 'GRP', 'Steel', 'Timber', 'Aluminium'];
const ENGINES = ['Yanmar 3YM30', 'Volvo Penta D1-30', 'Beta 25', 'Nanni N3.30', 'Volvo Penta D6-310', 'Yamaha F150', 'Suzuki DF140', 'Beta 38', 'Perkins M92B'];
const PONTOONS = ['A', 'B', 'C', 'D', 'E'];

export function makeVessels() {
  const r = mulberry32(1101);
  const out = [];
  for (let i = 0; i < 250; i++) {
    const type = pick(r, ['Sailing yacht', 'Sailing yacht', 'Sailing yacht', 'Motor cruiser', 'Motor cruiser', 'RIB', 'Catamaran', 'Fishing boat']);
    const [make, model] = pick(r, MAKES[type]);
    const loa = type === 'RIB' ? 5.5 + r() * 2 : 7 + r() * 7;
    const storage = pick(r, ['Afloat', 'Afloat', 'Hardstanding', 'Shed']);
    const berth = storage === 'Afloat' ? `${pick(r, PONTOONS)}-${pad(1 + Math.floor(r() * 30))}` : storage === 'Shed' ? `SH-${1 + Math.floor(r() * 8)}` : `HS-${pad(1 + Math.floor(r() * 60))}`;
    out.push({
      id: `V-${1001 + i}`,
      name: pick(r, BOAT_NAMES),
      type, make, model,
      year: 1972 + Math.floor(r() * 52),
      owner: `${pick(r, FIRST)} ${pick(r, LAST)}`,
      loa: loa.toFixed(2),
      beam: (loa * (0.3 + r() * 0.06)).toFixed(2),
      draft: (type === 'RIB' ? 0.5 : 0.9 + r() * 1.2).toFixed(2),
      hull: pick(r, HULLS),
      engine: pick(r, ENGINES),
      berth, storage,
      insurer: pick(r, INSURERS),
      insuranceExpiry: `2027-${pad(1 + Math.floor(r() * 12))}-${pad(1 + Math.floor(r() * 28))}`,
      lastAntifoul: `20${pad(22 + Math.floor(r() * 5))}-${pad(2 + Math.floor(r() * 4))}-${pad(1 + Math.floor(r() * 28))}`,
      mmsi: String(232000000 + Math.floor(r() * 999999)),
      homePort: pick(r, PORTS),
    });
  }
  // Look-alikes for job 1: Westerly Centaur "Kittiwake"
  const kitti = [
    [37, { year: 1978, owner: 'Ivor Pascoe', homePort: 'Fowey', berth: 'B-07' }],
    [121, { year: 1978, owner: 'Jenna Curnow', homePort: 'Falmouth', berth: 'D-22' }], // TARGET
    [188, { year: 1981, owner: 'Neil Hawke', homePort: 'Falmouth', berth: 'A-19' }],
    [233, { year: 1978, owner: 'Ruth Tregear', homePort: 'Penryn', berth: 'HS-31', storage: 'Hardstanding' }],
  ];
  for (const [idx, o] of kitti) {
    Object.assign(out[idx], { name: 'Kittiwake', type: 'Sailing yacht', make: 'Westerly', model: 'Centaur', loa: '7.92', beam: '2.59', draft: '0.91', hull: 'GRP', engine: 'Beta 25', storage: 'Afloat' }, o);
  }
  out[205] = Object.assign(out[205], { name: 'Kittiwake', type: 'Sailing yacht', make: 'Westerly', model: 'Konsort', year: 1978, homePort: 'Falmouth' });
  // Look-alikes for job 6: "Puffin Lady"
  Object.assign(out[42], { name: 'Puffin Lady', type: 'Motor cruiser', make: 'Fairline', model: 'Targa 34', year: 2004, owner: 'Bryony Carne' });
  Object.assign(out[161], { name: 'Puffin Lady', type: 'Motor cruiser', make: 'Colvic', model: 'Watson 26', year: 1989, owner: 'Colin Symons' });
  return out;
}
export const VESSEL_TARGET = { id: 'V-1122', field: 'berth', value: 'C-14' };

export function makeTariff() {
  return [
    { id: 'h1', type: 'header', data: { text: 'Winter storage tariff 2027', level: 2 } },
    { id: 'p1', type: 'paragraph', data: { text: 'These prices apply to all lifts booked between 1 February 2027 and 31 January 2028. All prices include VAT unless stated.' } },
    { id: 'h2', type: 'header', data: { text: 'Lift and hold (per lift)', level: 3 } },
    { id: 'p2', type: 'paragraph', data: { text: 'Up to 8 m LOA: £245. From 8 m to 10 m: £315. From 10 m to 12 m: £385. From 12 m to 14 m: £455. Over 14 m: by quotation.' } },
    { id: 'h3', type: 'header', data: { text: 'Hardstanding (per metre per month)', level: 3 } },
    { id: 'p3', type: 'paragraph', data: { text: 'October to March: £21.50. April to September: £26.00. Boats left ashore for more than 6 months are charged at the summer rate throughout.' } },
    { id: 'h4', type: 'header', data: { text: 'Rigging', level: 3 } },
    { id: 'p4', type: 'paragraph', data: { text: 'Mast unstepping, deck-stepped: £210. Mast unstepping, keel-stepped: £385. Mast storage in the rigging shed: £6.50 per metre per month.' } },
    { id: 'h5', type: 'header', data: { text: 'Extras', level: 3 } },
    { id: 'p5', type: 'paragraph', data: { text: 'Pressure wash on lift-out: £3.20 per foot. Shore power on the hard: £1.10 per day. Cradle hire: £95 per season.' } },
  ];
}
export const TARIFF_CHANGE = { block: 'p2', from: 'From 10 m to 12 m: £385.', to: 'From 10 m to 12 m: £410.' };

export function makeLifts() {
  const r = mulberry32(7);
  const rows = [
    ['2027-02-08', '08:30', 'Halcyon', 'Haul-out', 'Travel-lift 75t'],
    ['2027-02-08', '10:00', 'Grey Heron', 'Haul-out', 'Travel-lift 35t'],
    ['2027-02-08', '13:30', 'Spindrift', 'Relaunch', 'Travel-lift 35t'],
    ['2027-02-09', '08:30', 'Grey Heron II', 'Relaunch', 'Travel-lift 35t'],
    ['2027-02-09', '09:30', 'Marigold', 'Hold in slings', 'Travel-lift 75t'],
    ['2027-02-09', '11:00', 'Grey Heron', 'Relaunch', 'Travel-lift 35t'], // TARGET
    ['2027-02-09', '14:00', 'Osprey', 'Haul-out', 'Mobile crane'],
    ['2027-02-10', '08:30', 'Grey Heron', 'Hold in slings', 'Travel-lift 35t'],
    ['2027-02-10', '10:30', 'Tern', 'Relaunch', 'Travel-lift 75t'],
    ['2027-02-10', '15:00', 'Solstice', 'Haul-out', 'Travel-lift 35t'],
    ['2027-02-11', '09:00', 'Grey Heron', 'Relaunch', 'Travel-lift 75t'],
    ['2027-02-11', '11:30', 'Bluebell', 'Haul-out', 'Slipway winch'],
    ['2027-02-12', '08:30', 'Whimbrel', 'Relaunch', 'Travel-lift 75t'],
    ['2027-02-12', '13:00', 'Kestrel', 'Haul-out', 'Travel-lift 35t'],
  ];
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return rows.map(([date, time, vessel, operation, equipment], i) => {
    let t = '';
    for (let k = 0; k < 5; k++) t += letters[Math.floor(r() * letters.length)];
    return { id: `L-${3401 + i}`, date, time, vessel, operation, equipment, status: 'Pending', ticket: `SLP-${t}` };
  });
}
export const LIFT_TARGET = 'L-3406';

export function makeLiftStats() {
  const r = mulberry32(55);
  const eq = ['Travel-lift 35t', 'Travel-lift 75t', 'Mobile crane', 'Hydraulic trailer', 'Slipway winch'];
  const base = [410, 236, 88, 150, 64];
  const out = [];
  for (const y of [2022, 2023, 2024, 2025, 2026]) {
    eq.forEach((e, i) => out.push({ year: String(y), equipment: e, lifts: Math.round(base[i] * (0.82 + r() * 0.36)) }));
  }
  return out;
}
export const STATS_QUESTION = { year: '2026', equipment: 'Travel-lift 75t' };

export const SERVICES = ['Pressure wash', 'Antifouling', 'Engine service', 'Anode replacement', 'Osmosis inspection', 'Polish and wax', 'Rigging check', 'Stern gear service', 'Survey access', 'Winterisation'];
export const BOOKING_TARGET = { vesselId: 'V-1043', date: '2027-03-16', time: '09:30', services: ['Anode replacement', 'Engine service', 'Pressure wash'] };

export const INVOICE_TARGET_INDEX = 176;
export function makeInvoices(vessels) {
  const r = mulberry32(4242);
  const out = [];
  for (let i = 0; i < 186; i++) {
    const v = vessels[Math.floor(r() * vessels.length)];
    const m = 1 + Math.floor(r() * 11);
    const issued = `2026-${pad(m)}-${pad(1 + Math.floor(r() * 28))}`;
    const dueM = m + 1;
    const due = `2026-${pad(dueM)}-${issued.slice(8)}`;
    const status = dueM >= 12 ? pick(r, ['Open', 'Paid']) : pick(r, ['Paid', 'Paid', 'Paid', 'Overdue']);
    out.push({ id: `INV-${pad(26)}-${pad(300 + i * 3 + Math.floor(r() * 3), 4)}`, customer: v.owner, vessel: v.name, issued, due, amount: Math.round((80 + r() * 2400) * 100) / 100, status, description: pick(r, ['Lift and hold', 'Hardstanding', 'Berth fees', 'Engine service', 'Antifouling', 'Rigging', 'Cradle hire']) });
  }
  const morgans = [
    [17, { customer: 'Dafydd Morgan', vessel: 'Skylark', issued: '2026-06-12', due: '2026-07-12', amount: 1240, status: 'Overdue', description: 'Hardstanding' }],
    [58, { customer: 'Dafydd Morgan', vessel: 'Skylark', issued: '2026-08-19', due: '2026-09-19', amount: 1420, status: 'Overdue', description: 'Antifouling' }],
    [93, { customer: 'Dafydd Morgan', vessel: 'Skylark', issued: '2026-08-04', due: '2026-09-04', amount: 1240, status: 'Paid', description: 'Lift and hold' }],
    [INVOICE_TARGET_INDEX, { customer: 'Dafydd Morgan', vessel: 'Skylark', issued: '2026-08-04', due: '2026-09-04', amount: 1240, status: 'Overdue', description: 'Engine service' }], // TARGET
    [150, { customer: 'David Morgan', vessel: 'Skylark II', issued: '2026-08-04', due: '2026-09-04', amount: 1240, status: 'Overdue', description: 'Lift and hold' }],
    [170, { customer: 'Dafydd Morgan', vessel: 'Sea Holly', issued: '2026-08-22', due: '2026-09-22', amount: 1240, status: 'Overdue', description: 'Berth fees' }],
  ];
  for (const [idx, o] of morgans) Object.assign(out[idx], o);
  return out;
}

export const FILES = { right: 'fuel-log-2026-10.csv', lookalike: 'fuel-log-2026-01.csv' };
export function makeFuelCsv(seed, month) {
  const r = mulberry32(seed);
  const lines = ['date,pump,fuel,litres,price_per_litre,account'];
  const days = month === 10 ? 31 : 31;
  for (let i = 0; i < 120; i++) {
    const d = 1 + Math.floor((i / 120) * days);
    const fuel = r() < 0.72 ? 'Diesel' : 'Petrol';
    const litres = (fuel === 'Diesel' ? 12 + r() * 140 : 5 + r() * 45).toFixed(1);
    const price = fuel === 'Diesel' ? '1.42' : '1.61';
    lines.push(`2026-${pad(month)}-${pad(d)},P${1 + Math.floor(r() * 2)},${fuel},${litres},${price},${r() < 0.5 ? 'CASH' : 'ACC-' + (100 + Math.floor(r() * 80))}`);
  }
  return lines.join('\n') + '\n';
}
export function summariseFuel(csv) {
  const rows = csv.trim().split(/\r?\n/).slice(1).map((l) => l.split(','));
  let diesel = 0, petrol = 0, takings = 0, n = 0;
  for (const c of rows) {
    if (c.length < 6) continue;
    const l = parseFloat(c[3]); if (!isFinite(l)) continue;
    n++;
    if (c[2] === 'Diesel') diesel += l; else petrol += l;
    takings += l * parseFloat(c[4]);
  }
  return { rows: n, dieselLitres: Math.round(diesel * 10) / 10, petrolLitres: Math.round(petrol * 10) / 10, takings: Math.round(takings * 100) / 100 };
}
