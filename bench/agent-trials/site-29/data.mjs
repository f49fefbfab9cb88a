// Deterministic seed data for the Hollowmere Beekeepers' Co-operative back office.
export const TODAY = '2026-06-10';

function rng(seed) {
  let s = seed >>> 0;
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 4294967296; };
}
const pick = (r, a) => a[Math.floor(r() * a.length)];

export const APIARIES = ['Ferry Lane', 'Orchard End', 'Kiln Common', 'Heron Marsh', 'Mill Hollow', 'Rookery Field'];
export const QUEEN_STATUSES = ['Queenright', 'Queenless', 'Virgin queen', 'Drone layer', 'Superseding'];
const FIRST = ['Alba', 'Bram', 'Cora', 'Dev', 'Elin', 'Fen', 'Greta', 'Hal', 'Isla', 'Jory', 'Kit', 'Lorna', 'Milo', 'Nell', 'Osian', 'Pru', 'Quin', 'Rhea', 'Sol', 'Tess', 'Ulla', 'Vik', 'Wren', 'Yara', 'Zeb'];
const LAST = ['Abbott', 'Barrow', 'Cotter', 'Dunmore', 'Ellery', 'Fairlie', 'Gaskin', 'Holloway', 'Ingram', 'Jessop', 'Kettle', 'Lumley', 'Moffat', 'Nuttall', 'Orme', 'Pryor', 'Quayle', 'Rudd', 'Sayer', 'Tolley', 'Upton', 'Varley', 'Wadham', 'Yeo'];
const HIVE_TYPES = ['National', 'WBC', 'Langstroth', 'Warré', 'Top bar', 'Commercial'];
const TEMPER = ['Calm', 'Steady', 'Nervy', 'Defensive'];
const MARKS = ['White', 'Yellow', 'Red', 'Green', 'Blue', 'Unmarked'];
const STRAINS = ['Buckfast', 'Carniolan', 'Native black', 'Italian', 'Local mongrel'];
const FEED = ['None', 'Fondant', '1:1 syrup', '2:1 syrup', 'Pollen patty'];
const RISK = ['Low', 'Medium', 'High'];
const TREAT = ['None due', 'Oxalic (winter)', 'Apiguard', 'MAQS', 'Drone brood removal'];
const NOTES = ['Calm, good brood pattern', 'Added super', 'Play cups only', 'Light on stores', 'Chalkbrood on 2 frames', 'Strong, consider split', 'Laying well', 'Moved to new floor', 'Wax moth on floor', ''];
const AP_CODE = { 'Ferry Lane': 'FL', 'Orchard End': 'OE', 'Kiln Common': 'KC', 'Heron Marsh': 'HM', 'Mill Hollow': 'MH', 'Rookery Field': 'RF' };

function makeHive(r, i, over = {}) {
  const apiary = over.apiary || pick(r, APIARIES);
  const h = {
    id: `H-${1000 + i}`,
    surname: pick(r, LAST), firstName: pick(r, FIRST), apiary,
    hiveType: pick(r, HIVE_TYPES), queenStatus: pick(r, ['Queenright', 'Queenright', 'Queenright', 'Superseding', 'Virgin queen']),
    inspectionNote: pick(r, NOTES), broodFrames: 2 + Math.floor(r() * 9), storeFrames: 1 + Math.floor(r() * 8),
    varroa: Math.floor(r() * 40), temperament: pick(r, TEMPER), supers: Math.floor(r() * 4),
    lastInspected: `2026-0${5 + Math.floor(r() * 2)}-${String(1 + Math.floor(r() * 28)).padStart(2, '0')}`,
    queenYear: 2022 + Math.floor(r() * 5), queenMark: pick(r, MARKS), strain: pick(r, STRAINS), feed: pick(r, FEED),
    honeyKg: Math.round(r() * 400) / 10, swarmRisk: pick(r, RISK), treatment: pick(r, TREAT),
  };
  Object.assign(h, over);
  if (h.lastInspected > TODAY) h.lastInspected = '2026-06-0' + (1 + (i % 9));
  h.insuranceRef = over.insuranceRef || `BBKA-${AP_CODE[h.apiary]}-${String(30000 + Math.floor(r() * 69999))}`;
  return h;
}

export function seed() {
  const r = rng(29029);
  const hives = [];
  const specials = {
    57: { surname: 'Marsh', firstName: 'Ida', apiary: 'Orchard End', queenStatus: 'Queenright', inspectionNote: 'Play cups only', insuranceRef: 'BBKA-OE-55170' },
    140: { surname: 'Marsh', firstName: 'Tom', apiary: 'Ferry Lane', queenStatus: 'Queenright', inspectionNote: 'Added super', insuranceRef: 'BBKA-FL-55713' },
    212: { surname: 'Marsh', firstName: 'Ida', apiary: 'Ferry Lane', queenStatus: 'Queenright', inspectionNote: 'Strong, consider split', insuranceRef: 'BBKA-FL-57113' },
    261: { surname: 'Marsham', firstName: 'Ida', apiary: 'Ferry Lane', queenStatus: 'Superseding', inspectionNote: 'Calm, good brood pattern', insuranceRef: 'BBKA-FL-51773' },
    298: { surname: 'Marsh', firstName: 'Ida', apiary: 'Kiln Common', queenStatus: 'Queenright', inspectionNote: 'Laying well', insuranceRef: 'BBKA-KC-57131' },
  };
  for (let i = 0; i < 324; i++) hives.push(makeHive(r, i, specials[i] || {}));

  const bulletin = [
    '<h2>Swarm season bulletin</h2>',
    '<p>Swarm season has started early this year across all of our apiaries.</p>',
    '<p>At Ferry Lane, inspect every colony every seven days until the end of July.</p>',
    '<p>At Orchard End, inspect every colony every ten days until the end of July.</p>',
    '<p>At Kiln Common, inspect every colony every ten days until the end of June.</p>',
    '<p>Report any sealed queen cells to the swarm coordinator the same day.</p>',
    '<p>Report any open queen cups in your inspection notes as usual.</p>',
    '<p>Spare nucleus boxes can be borrowed from the store on Saturdays.</p>',
    '<p>Read the swarm control guide before your next visit.</p>',
  ].join('\n');

  const swarms = [
    { id: 'SW-301', title: 'Swarm in apple tree, Church Street', reporter: 'K. Oduya', column: 'reported' },
    { id: 'SW-302', title: 'Swarm on fence post, Mill Road', reporter: 'A. Finch', column: 'reported' },
    { id: 'SW-303', title: 'Swarm in apple tree, Church Lane', reporter: 'K. Oduya', column: 'reported' },
    { id: 'SW-304', title: 'Swarm in apple tree, Church Street', reporter: 'P. Oduya', column: 'assigned' },
    { id: 'SW-305', title: 'Bees in chimney, Station Road', reporter: 'J. Hartley', column: 'assigned' },
    { id: 'SW-306', title: 'Swarm under bench, Kiln Common car park', reporter: 'M. Doyle', column: 'reported' },
    { id: 'SW-307', title: 'Swarm in hedge, Orchard End', reporter: 'S. Bright', column: 'collected' },
    { id: 'SW-308', title: 'Swarm in plum tree, Church Street', reporter: 'K. Oduya', column: 'collected' },
    { id: 'SW-309', title: 'Swarm on wheelie bin, Heron Close', reporter: 'R. Amis', column: 'rehomed' },
    { id: 'SW-310', title: 'Swarm in apple tree, Chapel Street', reporter: 'K. Oduyo', column: 'reported' },
  ];

  const MF = ['Ada', 'Ben', 'Cass', 'Dora', 'Eli', 'Faye', 'Gil', 'Hana', 'Ivo', 'Jude', 'Kira', 'Lev', 'Maud', 'Nico', 'Orla', 'Pip', 'Rosa', 'Seth', 'Tam', 'Vera'];
  const ML = ['Ashdown', 'Birch', 'Colley', 'Drury', 'Eames', 'Frome', 'Gower', 'Hythe', 'Iles', 'Judd', 'Keble', 'Lowe', 'Mercer', 'Nash', 'Oakes', 'Penn', 'Rusk', 'Stow', 'Thorne', 'Vance'];
  const members = [];
  const mr = rng(4242);
  const memberSpecials = {
    9: { name: 'Ida Marsh', apiary: 'Ferry Lane', joined: 2016 },
    23: { name: 'Ida Marsham', apiary: 'Ferry Lane', joined: 2021 },
    38: { name: 'Ada Marsh', apiary: 'Orchard End', joined: 2018 },
    51: { name: 'Ida Marshall', apiary: 'Heron Marsh', joined: 2023 },
    64: { name: 'Rowan Pike', apiary: 'Ferry Lane', joined: 2022 },
    97: { name: 'Rowan Pike', apiary: 'Kiln Common', joined: 2019 },
    110: { name: 'Rowena Pike', apiary: 'Kiln Common', joined: 2020 },
    12: { name: 'Tom Marsh', apiary: 'Ferry Lane', joined: 2017 },
  };
  for (let i = 0; i < 132; i++) {
    const s = memberSpecials[i];
    members.push({
      id: `MB-${String(300 + i * 7).padStart(4, '0')}`,
      name: s ? s.name : `${pick(mr, MF)} ${pick(mr, ML)}`,
      apiary: s ? s.apiary : pick(mr, APIARIES),
      joined: s ? s.joined : 2010 + Math.floor(mr() * 16),
      tier: pick(mr, ['Full', 'Full', 'Associate', 'Junior']),
      colonies: 1 + Math.floor(mr() * 6),
      phone: `07700 9${String(Math.floor(mr() * 100000)).padStart(5, '0')}`,
    });
  }
  members.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));

  const months = ['2025-01', '2025-02', '2025-03', '2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12'];
  const yields = {
    months,
    series: [
      { apiary: 'Ferry Lane', kg: [0, 0, 0, 12.5, 61.0, 98.5, 151.0, 134.5, 48.0, 6.5, 0, 0] },
      { apiary: 'Orchard End', kg: [0, 0, 0, 18.0, 72.5, 104.0, 145.3, 143.5, 41.5, 4.0, 0, 0] },
      { apiary: 'Kiln Common', kg: [0, 0, 0, 9.5, 55.5, 87.0, 138.0, 145.3, 52.5, 8.0, 0, 0] },
    ],
  };

  const room = {
    times: ['09:00', '10:00', '11:00', '13:00', '14:00', '15:00'],
    closed: [
      { date: '2026-06-15', reason: 'Extraction room deep clean' },
      { date: '2026-06-16', reason: 'Fully booked (open day)' },
      { date: '2026-06-25', reason: 'Fully booked' },
      { date: '2026-07-01', reason: 'Inspection by food safety officer' },
    ],
  };

  return { hives, bulletin, swarms, members, yields, room, bookings: [], batches: [], declarations: [], moves: [], refCounter: 4817, bookingCounter: 412 };
}
