// Deterministic seed data for the Kestrel Isles Ferries back office (trial site 17).
// "Today" in the app is Tuesday 16 March 2027.

export const TODAY = '2027-03-16';

function mulberry32(a) {
  return function () {
    a |= 0; a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export function fmtDate(iso) {
  const d = new Date(iso + 'T12:00:00Z');
  return `${DAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}
function addDays(iso, n) {
  const d = new Date(iso + 'T12:00:00Z');
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
function addMinutes(hhmm, m) {
  const [h, mm] = hhmm.split(':').map(Number);
  const t = h * 60 + mm + m;
  return `${String(Math.floor(t / 60) % 24).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
}

export const ROUTES = [
  { code: 'SKQ-ANH', name: 'Skerrow Quay – Anvil Harbour', mins: 55, times: ['07:40', '12:10', '16:15'], pier: 'Pier 2' },
  { code: 'SKN-ANP', name: 'Skerrow North – Anvil Point', mins: 50, times: ['07:40', '16:15'], pier: 'North slip' },
  { code: 'SKQ-FEN', name: 'Skerrow Quay – Fennick', mins: 85, times: ['09:30', '16:15'], pier: 'Pier 1' },
  { code: 'ANH-FEN', name: 'Anvil Harbour – Fennick', mins: 40, times: ['11:00'], pier: 'Linkspan A' },
];

const VESSELS = [
  { name: 'MV Corran', cars: 36 },
  { name: 'MV Corrie', cars: 32 },
  { name: 'MV Kestrel', cars: 60 },
  { name: 'MV Fennick Isle', cars: 24 },
  { name: 'MV Anvil Star', cars: 40 },
];
const MASTERS = ['Capt. Alasdair Munro', 'Capt. Alison Munro', 'Capt. Hamish Grant', 'Capt. Niamh Byrne', 'Capt. Ruaridh Shaw', 'Capt. Rhona Shaw'];
const WEATHER = ['Fair', 'Fresh breeze', 'Showers', 'Overcast', 'Strong breeze', 'Fog patches'];

export function seedSailings() {
  const rnd = mulberry32(1717);
  const rows = [];
  let n = 100;
  for (let day = 0; day < 46; day++) {
    const date = addDays('2027-03-01', day);
    for (const r of ROUTES) {
      for (const t of r.times) {
        n++;
        const v = VESSELS[Math.floor(rnd() * VESSELS.length)];
        const past = date < TODAY;
        const cancelled = past && rnd() < 0.06;
        const cars = cancelled ? 0 : Math.floor(v.cars * (0.35 + rnd() * 0.6));
        rows.push({
          id: `S${n}`,
          sailingNo: `KI-${date.slice(5, 7)}${date.slice(8, 10)}-${r.code.slice(0, 3)}${t.replace(':', '')}`,
          date,
          dateLabel: fmtDate(date),
          route: r.name,
          routeCode: r.code,
          depart: t,
          arrive: addMinutes(t, r.mins),
          vessel: v.name,
          master: MASTERS[Math.floor(rnd() * MASTERS.length)],
          status: cancelled ? 'Cancelled' : past ? 'Completed' : 'Scheduled',
          carsBooked: cars,
          carCapacity: v.cars,
          footPassengers: cancelled ? 0 : Math.floor(20 + rnd() * 180),
          freight: cancelled ? 0 : Math.floor(rnd() * 12),
          crew: 6 + Math.floor(rnd() * 5),
          fuel: Math.round((1.2 + rnd() * 2.4) * 10) / 10,
          pier: r.pier,
          highWater: addMinutes('00:15', Math.floor(rnd() * 700)),
          weather: WEATHER[Math.floor(rnd() * WEATHER.length)],
          notes: '',
        });
      }
    }
  }
  return rows;
}
export const SAILING_TARGET = { date: '2027-03-18', routeCode: 'SKQ-ANH', depart: '16:15', status: 'Delayed', freight: 14 };

export const NOTICES_SEED = [
  {
    id: 'spring-timetable',
    title: 'Spring timetable changes',
    updated: '2027-03-11',
    html:
      '<p>From Monday 22 March the 07:40 sailing from Skerrow Quay to Anvil Harbour will leave from Pier 2 on weekdays.</p>' +
      '<p>From Monday 22 March the 07:40 sailing from Skerrow North to Anvil Point will leave from Pier 2 on weekdays.</p>' +
      '<p>From Saturday 27 March the 07:40 sailing from Skerrow North to Anvil Point will leave from Pier 2 on Saturdays.</p>' +
      '<p>From Monday 22 March the 09:30 sailing from Skerrow Quay to Fennick will leave from Pier 1 on weekdays.</p>' +
      '<p>All sailings are subject to tide and weather. Please check the timetable page before you travel.</p>',
  },
  {
    id: 'easter-closures',
    title: 'Easter office closures',
    updated: '2027-03-02',
    html:
      '<p>The Skerrow Quay ticket office will be closed on Good Friday and Easter Monday.</p>' +
      '<p>The Anvil Harbour ticket office will be open as normal.</p>',
  },
  {
    id: 'car-deck-rules',
    title: 'Car deck rules',
    updated: '2027-01-20',
    html:
      '<p>Passengers may not remain on the car deck while the vessel is at sea.</p>' +
      '<p>Pets must stay in vehicles or in the pet lounge on the upper deck.</p>',
  },
];
export const NOTICE_TARGET = {
  id: 'spring-timetable',
  index: 1,
  text: 'From Monday 22 March the 07:40 sailing from Skerrow North to Anvil Point will leave from Pier 4 on weekdays.',
  bold: 'Pier 4',
  italic: 'subject to tide',
  linkText: 'timetable page',
  href: 'https://kestrel-isles.example/timetable',
};

export const CREW = [
  ['C01', 'Fiona MacLeod', 'Deckhand', 'Skerrow Quay', 'MV Corran'],
  ['C02', 'Alasdair Munro', 'Master', 'Anvil Harbour', 'MV Kestrel'],
  ['C03', 'Fiona McLeod', 'Purser', 'Anvil Harbour', 'MV Anvil Star'],
  ['C04', 'Calum Grant', 'Chief Engineer', 'Skerrow Quay', 'MV Corrie'],
  ['C05', 'Alison Munro', 'Master', 'Skerrow North', 'MV Corran'],
  ['C06', 'Fiona MacLeod', 'Deckhand', 'Skerrow North', 'MV Corrie'],
  ['C07', 'Morag Shaw', 'Catering Lead', 'Fennick', 'MV Fennick Isle'],
  ['C08', 'Donald MacLeod', 'Bosun', 'Skerrow North', 'MV Corrie'],
  ['C09', 'Eilidh Byrne', 'Deckhand', 'Anvil Point', 'MV Kestrel'],
  ['C10', 'Fionn MacLeod', 'Deckhand', 'Skerrow North', 'MV Anvil Star'],
  ['C11', 'Hamish Grant', 'Master', 'Skerrow Quay', 'MV Kestrel'],
  ['C12', 'Kirsty Ross', 'Purser', 'Skerrow Quay', 'MV Corran'],
  ['C13', 'Niamh Byrne', 'Master', 'Fennick', 'MV Fennick Isle'],
  ['C14', 'Ruaridh Shaw', 'Master', 'Anvil Point', 'MV Anvil Star'],
  ['C15', 'Iain Ross', 'Second Engineer', 'Anvil Harbour', 'MV Kestrel'],
  ['C16', 'Fiona MacLean', 'Deckhand', 'Skerrow North', 'MV Corran'],
  ['C17', 'Shona Mackay', 'Deckhand', 'Fennick', 'MV Fennick Isle'],
  ['C18', 'Rhona Shaw', 'Master', 'Skerrow Quay', 'MV Corrie'],
  ['C19', 'Lachlan Mackay', 'Bosun', 'Anvil Harbour', 'MV Anvil Star'],
  ['C20', 'Catriona Ross', 'Catering Lead', 'Skerrow North', 'MV Kestrel'],
  ['C21', 'Ewan Drummond', 'Deckhand', 'Anvil Point', 'MV Corran'],
  ['C22', 'Fiona MacLeod', 'Purser', 'Fennick', 'MV Fennick Isle'],
  ['C23', 'Gregor Munro', 'Chief Engineer', 'Anvil Point', 'MV Anvil Star'],
  ['C24', 'Isla Mackay', 'Deckhand', 'Skerrow Quay', 'MV Kestrel'],
].map(([id, name, role, base, vessel], i) => ({
  id, name, role, base, vessel,
  certExpiry: addDays('2027-04-01', (i * 37) % 300),
  phone: `07700 9${String(10000 + i * 4219).slice(-5)}`,
}));
export const CREW_TARGET = 'C06';
export function gangwayPin(id) {
  let h = 2166136261;
  for (const c of 'gangway:' + id) { h ^= c.charCodeAt(0); h = Math.imul(h, 16777619) >>> 0; }
  const n = String(h % 1000000).padStart(6, '0');
  return `${n.slice(0, 3)} ${n.slice(3)}`;
}

export const HAULIERS = [
  ['H01', 'MacAskill Haulage', 'Oban'],
  ['H02', 'MacAskill Haulage', 'Mallaig'],
  ['H03', 'McAskill Freight', 'Mallaig'],
  ['H04', 'Anvil Agricultural Supplies', 'Anvil Harbour'],
  ['H05', 'Brodie Bros Transport', 'Inverness'],
  ['H06', 'Brodie Transport', 'Fort William'],
  ['H07', 'Fennick Fish Merchants', 'Fennick'],
  ['H08', 'Highland Fuel Distributors', 'Oban'],
  ['H09', 'Island Builders Merchants', 'Skerrow Quay'],
  ['H10', 'Kerr & Sons Logistics', 'Glasgow'],
  ['H11', 'Lochside Dairies', 'Skerrow North'],
  ['H12', 'MacAskill Haulage Contracts', 'Oban'],
  ['H13', 'Morrison Refrigerated', 'Mallaig'],
  ['H14', 'North Isles Removals', 'Skerrow North'],
  ['H15', 'Skerrow Co-operative', 'Skerrow Quay'],
  ['H16', 'Stewart Timber', 'Fort William'],
  ['H17', 'West Coast Parcels', 'Oban'],
  ['H18', 'Wilson Livestock Haulage', 'Anvil Point'],
].map(([id, name, town]) => ({ id, name, town }));

export const CLOSED_DAYS = [
  { date: '2027-03-24', reason: 'Linkspan inspection' },
  { date: '2027-03-26', reason: 'Good Friday' },
  { date: '2027-03-29', reason: 'Easter Monday' },
  { date: '2027-04-09', reason: 'Annual harbour dredging' },
];
export const BOOKINGS_SEED = [
  { ref: 'FB-27-0408', haulierId: 'H07', route: 'SKQ-FEN', date: '2027-03-17', time: '09:00', note: 'Chilled boxes x 40' },
  { ref: 'FB-27-0409', haulierId: 'H01', route: 'SKQ-ANH', date: '2027-03-18', time: '07:00', note: '' },
  { ref: 'FB-27-0410', haulierId: 'H11', route: 'SKN-ANP', date: '2027-03-19', time: '07:15', note: 'Milk tanker' },
  { ref: 'FB-27-0411', haulierId: 'H09', route: 'SKQ-ANH', date: '2027-03-22', time: '11:30', note: 'Timber and blocks' },
];
export const BOOKING_TARGET = { haulierId: 'H02', route: 'SKQ-FEN', date: '2027-04-07', time: '06:45', note: 'Two refrigerated trailers' };
export const NEXT_BOOKING_SEQ = 412;

export function seedTickets() {
  const rnd = mulberry32(4242);
  const first = ['Ailsa', 'Angus', 'Bethany', 'Calum', 'Donna', 'Eilidh', 'Fraser', 'Gillian', 'Hector', 'Iona', 'Jamie', 'Kenny', 'Lorna', 'Murdo', 'Neil', 'Orla', 'Peigi', 'Roddy', 'Sorcha', 'Tam'];
  const last = ['Campbell', 'MacKinnon', 'Stewart', 'Robertson', 'Fraser', 'MacDonald', 'Morrison', 'Paterson', 'Reid', 'Watson', 'Sinclair'];
  const ports = ['Skerrow Quay', 'Skerrow North', 'Anvil Harbour', 'Anvil Point', 'Fennick'];
  const types = ['Car', 'Foot', 'Car', 'Commercial'];
  const letters = 'ABCDEFGHJKLMNPRSTVWXY';
  const reg = () => {
    const l = () => letters[Math.floor(rnd() * letters.length)];
    return `${['SN', 'SK', 'SV', 'SF'][Math.floor(rnd() * 4)]}${String(17 + Math.floor(rnd() * 9)).padStart(2, '0')} ${l()}${l()}${l()}`;
  };
  const list = [];
  for (let i = 0; i < 150; i++) {
    const type = types[Math.floor(rnd() * types.length)];
    list.push({
      holder: `${first[Math.floor(rnd() * first.length)]} ${last[Math.floor(rnd() * last.length)]}`,
      port: ports[Math.floor(rnd() * ports.length)],
      type,
      vehicle: type === 'Foot' ? '' : reg(),
      validUntil: addDays('2027-03-20', Math.floor(rnd() * 330)),
    });
  }
  // Drummonds: spread through the list so that the target is on the second page of a search too.
  const drummonds = [
    ['Ewan Drummond', 'Skerrow Quay', 'Car', 'SK22 RDW'],
    ['Ewen Drummond', 'Skerrow North', 'Car', 'SN23 HLT'],
    ['Euan Drummond', 'Skerrow North', 'Foot', ''],
    ['Ewan Drummond', 'Anvil Point', 'Commercial', 'SV21 KMA'],
    ['Ailsa Drummond', 'Skerrow North', 'Car', 'SN19 EPB'],
    ['Ewan Drummond', 'Fennick', 'Foot', ''],
    ['Ewen Drummond', 'Skerrow Quay', 'Car', 'SK24 FWN'],
    ['Evan Drummond', 'Skerrow North', 'Car', 'SN20 CRX'],
    ['Euan Drummond', 'Anvil Harbour', 'Car', 'SF18 TGA'],
    ['Ewan Drummond', 'Anvil Harbour', 'Car', 'SF22 PYL'],
    ['Ewen Drummond', 'Skerrow North', 'Foot', ''],
    ['Ewan Drummond', 'Skerrow North', 'Car', 'SN21 KXP'],
    ['Ewan Drummond-Hay', 'Skerrow North', 'Car', 'SN24 JBD'],
  ];
  drummonds.forEach((d, k) => {
    list.splice(8 + k * 10, 0, { holder: d[0], port: d[1], type: d[2], vehicle: d[3], validUntil: addDays('2027-04-02', k * 23) });
  });
  return list.map((t, i) => ({ id: `ST-${10400 + i * 3}`, ...t }));
}
export const TICKET_TARGET = { holder: 'Ewan Drummond', port: 'Skerrow North' };

export function weeklyReport(routeCode) {
  const seed = { 'SKQ-ANH': 11, 'SKN-ANP': 22, 'SKQ-FEN': 33, 'ANH-FEN': 44 }[routeCode] || 1;
  const rnd = mulberry32(seed * 7919);
  const weeks = [];
  for (let w = 1; w <= 10; w++) {
    const start = addDays('2027-01-04', (w - 1) * 7);
    const end = addDays(start, 6);
    weeks.push({
      week: w,
      label: `Week ${w}`,
      range: `${Number(start.slice(8))} ${MONTHS[Number(start.slice(5, 7)) - 1]} – ${Number(end.slice(8))} ${MONTHS[Number(end.slice(5, 7)) - 1]}`,
      foot: 600 + Math.floor(rnd() * 900),
      cars: 180 + Math.floor(rnd() * 260),
      freight: 20 + Math.floor(rnd() * 60),
    });
  }
  return weeks;
}
export const REPORT_TARGET = { routeCode: 'SKN-ANP', week: 7, series: 'cars' };

export const MANIFEST_FILES = {
  'manifest-SKN-2027-03-18-0740.csv': 'target',
  'manifest-SKQ-2027-03-18-0740.csv': 'decoy',
};
