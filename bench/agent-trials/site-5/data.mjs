// Fixed data of "Saltmarsh Grid Operations" (deterministic: a seeded generator, no Math.random).

export const TODAY = '2026-12-07';
export const USER = { name: 'Alex Marlow', role: 'Control engineer', depot: 'Saltmarsh control room', today: TODAY };

export function rng(seed) {
  let s = seed;
  const r = () => ((s = (s * 16807) % 2147483647) / 2147483647);
  r.pick = (a) => a[Math.floor(r() * a.length)];
  r.int = (lo, hi) => lo + Math.floor(r() * (hi - lo + 1));
  return r;
}
const pad = (n, w = 2) => String(n).padStart(w, '0');
const iso = (y, m, d) => `${y}-${pad(m)}-${pad(d)}`;

const FIRST = ['Alan', 'Amira', 'Barbara', 'Bernard', 'Bethan', 'Brian', 'Carol', 'Colin', 'Dawn', 'Dennis', 'Doreen', 'Edith',
  'Eric', 'Fatima', 'Frank', 'Gillian', 'Gordon', 'Hazel', 'Henry', 'Irene', 'Ivan', 'Janet', 'Jean', 'Keith', 'Kirsty', 'Leonard',
  'Linda', 'Malcolm', 'Maureen', 'Neil', 'Nora', 'Oliver', 'Pauline', 'Peter', 'Priya', 'Ray', 'Rita', 'Roger', 'Sandra', 'Shirley',
  'Stanley', 'Susan', 'Terence', 'Valerie', 'Wendy', 'Yusuf', 'Agnes', 'Derek', 'Evelyn', 'Graham'];
const LAST = ['Abbs', 'Ashworth', 'Bacon', 'Barnard', 'Bishop', 'Bloomfield', 'Brooks', 'Bunting', 'Catchpole', 'Chilvers', 'Cooper',
  'Cushion', 'Dack', 'Eke', 'Ellis', 'Fiddy', 'Gotts', 'Green', 'Hipkin', 'Howlett', 'Jermy', 'Kerrison', 'Lake', 'Larter', 'Mace',
  'Mayes', 'Nobbs', 'Oakes', 'Pegg', 'Platten', 'Pointer', 'Rix', 'Roper', 'Sands', 'Seago', 'Sexton', 'Spinks', 'Thrower', 'Tuck',
  'Utting', 'Vincent', 'Wales', 'Warnes', 'Wright', 'Youngs'];
const STREETS = ['Quarry Lane', 'Gull Road', 'Marsh Side', 'Coastguard Cottages', 'Chapel Yard', 'Mill Road', 'The Street',
  'Harbour Row', 'Fen Lane', 'Saltings Close', 'Holt Road', 'Church Loke', 'Staithe Street', 'Beach Road', 'Wells Road',
  'Eastfield Way', 'Dyke Lane', 'Rectory Hill'];
const TOWNS = [['Saltmarsh Hythe', 'SH4'], ['Saltmarsh Staithe', 'SH5'], ['Fennick Bridge', 'SH7'], ['Harrow Lane', 'SH2'],
  ['Cley Marsh', 'SH9'], ['Westmere', 'SH11'], ['Eastfield', 'SH3']];

// ------------------------------------------------------------------ 1. customer connections (Handsontable)
export const PSR_NEEDS = ['', 'Oxygen concentrator', 'Oxygen (bottled)', 'Home dialysis', 'Stairlift / hoist', 'Chronic illness',
  'Blind or partially sighted', 'Hearing impaired', 'Pensionable age', 'Young children under 5', 'Temporary: post-hospital'];
export const CUSTOMER_TARGET = 'SGA-40731';
export const CUSTOMER_TARGET_NEED = 'Oxygen concentrator';
export function makeCustomers() {
  const r = rng(5501207);
  const feeders = ['F-214 Gull Road', 'F-241 Gull Lane', 'F-317 Quarry', 'F-102 Hythe Town', 'F-118 Staithe', 'F-330 Fen',
    'F-405 Eastfield', 'F-226 Holt Road'];
  const rows = [];
  for (let i = 0; i < 324; i++) {
    const account = 'SGA-' + (40500 + i);
    const [town, pc] = r.pick(TOWNS);
    const meterType = r.pick(['SMETS2', 'SMETS2', 'SMETS2', 'SMETS1', 'Economy 7', 'Credit (legacy)', 'Prepayment']);
    const psr = r() < 0.14;
    rows.push({
      account,
      mpan: `19 ${pad(r.int(0, 9999), 4)} ${pad(r.int(0, 9999), 4)} ${pad(r.int(0, 999), 3)}`,
      title: r.pick(['Mr', 'Mrs', 'Ms', 'Miss', 'Mr', 'Mrs', 'Dr']),
      firstName: r.pick(FIRST),
      surname: r.pick(LAST),
      address: `${r.int(1, 96)} ${r.pick(STREETS)}`,
      town,
      postcode: `${pc} ${r.int(1, 9)}${'ABDEFGHJLNPQRSTUWXY'[r.int(0, 18)]}${'ABDEFGHJLNPQRSTUWXY'[r.int(0, 18)]}`,
      feeder: r.pick(feeders),
      substation: `SS-${r.int(1100, 1999)}`,
      phase: r.pick(['L1', 'L2', 'L3', '3-phase']),
      capacityKva: r.pick([15, 15, 15, 23, 23, 46, 69]),
      meterSerial: `${r.pick(['21L', '19M', '22E', '23P'])}${pad(r.int(0, 9999999), 7)}`,
      meterType,
      tariff: meterType === 'Economy 7' ? 'Economy 7' : r.pick(['Standard', 'Standard', 'Off-peak EV', 'Time of use', 'Export (SEG)']),
      connected: iso(r.int(1968, 2024), r.int(1, 12), r.int(1, 28)),
      lastRead: iso(2026, r.int(9, 11), r.int(1, 28)),
      annualKwh: r.int(1400, 7800),
      pvKw: r() < 0.18 ? r.pick([2.4, 3.2, 3.6, 4.0, 5.1]) : 0,
      evCharger: r() < 0.2 ? 'Yes' : 'No',
      heatPump: r() < 0.12 ? 'Yes' : 'No',
      phone: `01263 ${r.int(500000, 899999)}`,
      email: '',
      lastOutage: r() < 0.4 ? iso(2026, r.int(1, 11), r.int(1, 28)) : '',
      psr,
      psrNeed: psr ? r.pick(PSR_NEEDS.slice(1)) : '',
    });
  }
  const set = (account, o) => Object.assign(rows.find((x) => x.account === account), o);
  // the target (row 232 in account order) and its look-alikes
  set('SGA-40731', { title: 'Mrs', firstName: 'Margaret', surname: 'Ellery', address: '14 Quarry Lane', town: 'Saltmarsh Hythe', postcode: 'SH4 7QL',
    feeder: 'F-317 Quarry', psr: false, psrNeed: '', phone: '01263 741180', meterType: 'SMETS2', tariff: 'Standard' });
  set('SGA-40566', { title: 'Mrs', firstName: 'Margaret', surname: 'Ellery', address: '41 Quarry Lane', town: 'Saltmarsh Hythe', postcode: 'SH4 7QN',
    feeder: 'F-317 Quarry', psr: false, psrNeed: '' });
  set('SGA-40618', { title: 'Mrs', firstName: 'Margaret', surname: 'Ellerby', address: '14 Quarry Lane', town: 'Saltmarsh Hythe', postcode: 'SH4 7QL',
    feeder: 'F-317 Quarry', psr: false, psrNeed: '' });
  set('SGA-40689', { title: 'Ms', firstName: 'Margaret', surname: 'Ellery', address: '14 Quarry Lane', town: 'Saltmarsh Staithe', postcode: 'SH5 2QL',
    feeder: 'F-118 Staithe', psr: false, psrNeed: '' });
  set('SGA-40774', { title: 'Mrs', firstName: 'Marjorie', surname: 'Ellery', address: '14 Quarry Road', town: 'Saltmarsh Hythe', postcode: 'SH4 7QR',
    feeder: 'F-317 Quarry', psr: true, psrNeed: 'Pensionable age' });
  set('SGA-40802', { title: 'Mr', firstName: 'Malcolm', surname: 'Ellery', address: '14 Quarry Lane', town: 'Saltmarsh Hythe', postcode: 'SH4 7QL',
    feeder: 'F-317 Quarry', psr: false, psrNeed: '' });
  for (const c of rows) c.email = `${c.firstName[0]}.${c.surname}${c.account.slice(-3)}@${['mailbox.test', 'coastnet.test', 'example.test'][c.account.charCodeAt(8) % 3]}`.toLowerCase();
  return rows;
}

// ------------------------------------------------------------------ 2. alarm rules (CodeMirror 5, YAML)
function xfmr(name, rating, o = {}) {
  const v = { oilAlarm: 95, oilTrip: 105, wdgAlarm: 105, wdgTrip: 120, ...o };
  return `  - id: ${name}
    rating_mva: ${rating}
    oil_temperature:
      alarm_c: ${v.oilAlarm}
      trip_c: ${v.oilTrip}
      delay_s: 60
    winding_temperature:
      alarm_c: ${v.wdgAlarm}
      trip_c: ${v.wdgTrip}
      delay_s: 30
    buchholz:
      gas_alarm: true
      surge_trip: true
    tap_changer:
      position_min: 1
      position_max: 17
      runaway_alarm: true
      operations_alarm: 60000
    cooling:
      stage_1_start_c: 65
      stage_2_start_c: 75
      fan_failure_alarm: true
`;
}
function ruleFile(site, code, kind, xfmrs, extra = '') {
  return `# Alarm and trip thresholds: ${site}
# Loaded by the SCADA front end at the next configuration push (nightly, 02:00).
# Temperatures in degrees C, delays in seconds. Change control: CC-2026-1184.
site:
  name: ${site}
  code: ${code}
  type: ${kind}
  control_zone: Saltmarsh North
  scada_rtu: RTU-${code}-01
  comms:
    primary: fibre
    backup: licensed radio
    heartbeat_s: 20
    comms_fail_alarm_s: 120

transformers:
${xfmrs.join('\n')}
busbars:
  - id: ${kind.startsWith('Bulk') ? '33 kV main bar' : '11 kV main bar'}
    voltage_high_pct: 106
    voltage_low_pct: 94
    frequency_low_hz: 49.5
  - id: ${kind.startsWith('Bulk') ? '33 kV reserve bar' : '11 kV section 2'}
    voltage_high_pct: 106
    voltage_low_pct: 94
    frequency_low_hz: 49.5

circuit_breakers:
  sf6_low_pressure_alarm_bar: 5.2
  sf6_lockout_bar: 4.9
  spring_charge_fail_alarm: true
  trip_circuit_supervision: true

battery_charger:
  low_voltage_alarm_v: 105
  earth_fault_alarm: true
  mains_fail_alarm_delay_s: 300
${extra}
notifications:
  priority_1: control_room
  priority_2: control_room
  out_of_hours: standby_engineer
`;
}
export const RULES = [
  { id: 'AR-301', site: 'Harrow Lane Bulk Supply Point', code: 'HLB', kind: 'Bulk supply point 132/33 kV', updated: '2026-10-14', by: 'Dev Sharma',
    text: ruleFile('Harrow Lane Bulk Supply Point', 'HLB', 'Bulk supply point 132/33 kV', [xfmr('T1', 90), xfmr('T2', 90), xfmr('T3', 60, { wdgAlarm: 100, wdgTrip: 115 })],
      `
load_management:
  demand_alarm_mw: 150
  reverse_power_alarm_mw: 12
`) },
  { id: 'AR-302', site: 'Harrow Lane Primary', code: 'HLP', kind: 'Primary substation 33/11 kV', updated: '2026-09-02', by: 'Dev Sharma',
    text: ruleFile('Harrow Lane Primary', 'HLP', 'Primary substation 33/11 kV', [xfmr('T1', 24), xfmr('T2', 24)]) },
  { id: 'AR-303', site: 'Harlow Fen Primary', code: 'HFP', kind: 'Primary substation 33/11 kV', updated: '2026-11-20', by: 'Nadia Finch',
    text: ruleFile('Harlow Fen Primary', 'HFP', 'Primary substation 33/11 kV', [xfmr('T1', 12), xfmr('T2', 12)]) },
  { id: 'AR-304', site: 'Saltmarsh North Bulk Supply Point', code: 'SNB', kind: 'Bulk supply point 132/33 kV', updated: '2026-08-27', by: 'Nadia Finch',
    text: ruleFile('Saltmarsh North Bulk Supply Point', 'SNB', 'Bulk supply point 132/33 kV', [xfmr('T1', 120), xfmr('T2', 120)]) },
  { id: 'AR-305', site: 'Fennick Bridge Primary', code: 'FBP', kind: 'Primary substation 33/11 kV', updated: '2026-11-30', by: 'Alex Marlow',
    text: ruleFile('Fennick Bridge Primary', 'FBP', 'Primary substation 33/11 kV', [xfmr('T1', 24, { oilAlarm: 90 }), xfmr('T2', 24)]) },
  { id: 'AR-306', site: 'Fennick Bridge Grid', code: 'FBG', kind: 'Bulk supply point 132/33 kV', updated: '2026-07-19', by: 'Dev Sharma',
    text: ruleFile('Fennick Bridge Grid', 'FBG', 'Bulk supply point 132/33 kV', [xfmr('T1', 60), xfmr('T2', 60)]) },
];
export const RULE_TARGET = 'AR-301';
// expected text: only T2's winding_temperature alarm 105 -> 110
export const RULE_TARGET_EXPECTED = (() => {
  const lines = RULES[0].text.split('\n');
  const t2 = lines.indexOf('  - id: T2');
  const w = lines.indexOf('    winding_temperature:', t2);
  if (lines[w + 1] !== '      alarm_c: 105') throw new Error('rule template changed');
  lines[w + 1] = '      alarm_c: 110';
  return { text: lines.join('\n'), line: w + 2 };
})();

// ------------------------------------------------------------------ 3. network map (D3) + toast
// a fictional stretch of coast: land polygon (lon/lat), circuits, substations
export function makeRegion() {
  const r = rng(881);
  const coast = [];
  for (let i = 0; i <= 60; i++) {
    const lon = 0.70 + (1.20 * i) / 60;
    const lat = 52.985 + 0.025 * Math.sin(i / 5.3) + 0.012 * Math.sin(i / 1.7) + (r() - 0.5) * 0.008 - (i > 44 ? (i - 44) * 0.004 : 0);
    coast.push([+lon.toFixed(4), +lat.toFixed(4)]);
  }
  // west -> east along the coast, then down the east side, back along the south edge (clockwise on the map)
  const ring = [...coast, [1.90, 52.70], [0.70, 52.70], coast[0]];
  const river = [[1.12, 52.72], [1.135, 52.78], [1.16, 52.83], [1.15, 52.88], [1.175, 52.93], [1.19, 52.97]];
  return { land: { type: 'Feature', properties: { name: 'Saltmarsh licence area' }, geometry: { type: 'Polygon', coordinates: [ring] } },
    river: { type: 'Feature', properties: { name: 'River Glaven' }, geometry: { type: 'LineString', coordinates: river } } };
}
export const SUBSTATIONS = [
  // id, name, kind, lon, lat, customers, alarm
  ['SUB-101', 'Harrow Lane Bulk Supply Point', 'BSP 132/33 kV', 0.88, 52.80, 0, null],
  ['SUB-102', 'Saltmarsh North Bulk Supply Point', 'BSP 132/33 kV', 1.32, 52.90, 0, null],
  ['SUB-103', 'Fennick Bridge Grid', 'BSP 132/33 kV', 1.545, 52.805, 0, 'SF6 low pressure, 33 kV CB 405'],
  ['SUB-210', 'Fennick Bridge Primary', 'Primary 33/11 kV', 1.585, 52.822, 4210, 'Transformer T1 Buchholz gas alarm'],
  ['SUB-211', 'Fennick Broad Primary', 'Primary 33/11 kV', 1.66, 52.86, 2980, null],
  ['SUB-212', 'Fenwick Bridge Primary', 'Primary 33/11 kV', 1.02, 52.745, 3105, 'RTU communications failure'],
  ['SUB-213', 'Harrow Lane Primary', 'Primary 33/11 kV', 0.91, 52.835, 5120, null],
  ['SUB-214', 'Harlow Fen Primary', 'Primary 33/11 kV', 0.79, 52.765, 1870, null],
  ['SUB-215', 'Saltmarsh Hythe Primary', 'Primary 33/11 kV', 1.25, 52.945, 6340, null],
  ['SUB-216', 'Saltmarsh Staithe Primary', 'Primary 33/11 kV', 1.405, 52.94, 3880, null],
  ['SUB-217', 'Cley Marsh Primary', 'Primary 33/11 kV', 1.06, 52.93, 2210, null],
  ['SUB-218', 'Gull Road Primary', 'Primary 33/11 kV', 1.18, 52.86, 4475, null],
  ['SUB-219', 'Quarry Lane Primary', 'Primary 33/11 kV', 1.29, 52.82, 2650, null],
  ['SUB-220', 'Eastfield Primary', 'Primary 33/11 kV', 1.75, 52.79, 3390, null],
  ['SUB-221', 'Westmere Primary', 'Primary 33/11 kV', 0.80, 52.90, 1540, null],
  ['SUB-222', 'Holme Dyke Primary', 'Primary 33/11 kV', 1.47, 52.74, 2025, null],
  ['SUB-223', 'Thornage Primary', 'Primary 33/11 kV', 1.14, 52.78, 1760, null],
  ['SUB-224', 'Morston Rise Primary', 'Primary 33/11 kV', 1.52, 52.88, 2890, null],
].map(([id, name, kind, lon, lat, customers, alarm]) => ({ id, name, kind, lon, lat, customers, alarm }));
export const CIRCUITS = [
  ['SUB-101', 'SUB-213'], ['SUB-101', 'SUB-214'], ['SUB-101', 'SUB-221'], ['SUB-101', 'SUB-212'], ['SUB-101', 'SUB-223'],
  ['SUB-102', 'SUB-215'], ['SUB-102', 'SUB-216'], ['SUB-102', 'SUB-217'], ['SUB-102', 'SUB-218'], ['SUB-102', 'SUB-219'],
  ['SUB-103', 'SUB-210'], ['SUB-103', 'SUB-211'], ['SUB-103', 'SUB-220'], ['SUB-103', 'SUB-222'], ['SUB-103', 'SUB-224'],
  ['SUB-101', 'SUB-102'], ['SUB-102', 'SUB-103'], ['SUB-101', 'SUB-103'],
];
export const CREWS = [
  { id: 'H1', label: 'Crew H1 · Hythe depot', status: 'On job until ~16:00' },
  { id: 'H2', label: 'Crew H2 · Hythe depot', status: 'Standby' },
  { id: 'E1', label: 'Crew E1 · Eastfield depot', status: 'Standby' },
  { id: 'E3', label: 'Crew E3 · Eastfield depot', status: 'On job until ~15:30' },
  { id: 'W2', label: 'Crew W2 · Westmere depot', status: 'Standby' },
  { id: 'F1', label: 'Crew F1 · Fennick depot', status: 'Rest period until 19:00' },
];
export const INCIDENT_TARGET = { substation: 'SUB-210', crew: 'H2' };

// ------------------------------------------------------------------ 4. load profile upload
export const UPLOAD_NAME = 'feeder-F214-halfhourly-2026-11.csv';
export const UPLOAD_LOOKALIKE = 'feeder-F241-halfhourly-2026-11.csv';
export const FEEDER_NAMES = { 'F-214': 'F-214 Gull Road', 'F-241': 'F-241 Gull Lane' };

// ------------------------------------------------------------------ 5. demand chart (billboard.js)
export const BSPS = ['Harrow Lane BSP', 'Saltmarsh North BSP', 'Fennick Bridge Grid'];
export function makeDemand() {
  const r = rng(301126);
  const base = [118, 96, 74];
  const days = [];
  const series = Object.fromEntries(BSPS.map((b) => [b, []]));
  for (let d = 1; d <= 30; d++) {
    const date = iso(2026, 11, d);
    days.push(date);
    const dow = new Date(date + 'T12:00:00Z').getUTCDay();
    const weekend = dow === 0 || dow === 6 ? 0.9 : 1;
    const cold = 1 + 0.05 * Math.max(0, 6 - Math.abs(d - 23)) / 6 + d * 0.0025;
    BSPS.forEach((b, i) => series[b].push(+(base[i] * weekend * cold * (0.96 + r() * 0.08)).toFixed(1)));
  }
  return { days, series };
}
export const DEMAND_Q = { bsp: 'Saltmarsh North BSP', date: '2026-11-17' };

// ------------------------------------------------------------------ 6. planned outages (flatpickr + vue-multiselect)
export const FEEDERS = ['F-102 Hythe Town', 'F-118 Staithe', 'F-214 Gull Road', 'F-226 Holt Road', 'F-241 Gull Lane', 'F-317 Quarry',
  'F-318 Quarry Hill', 'F-330 Fen', 'F-371 Quarry Lane East', 'F-405 Eastfield'];
export const WORK_TYPES = ['Pole-mounted transformer replacement', 'Pole-mounted transformer inspection', 'Overhead line refurbishment',
  'Cable jointing', 'Tree cutting near lines', 'Ground-mounted substation maintenance'];
export const CREW_MEMBERS = ['Alex Marlow', 'Bethany Crane', 'Bethan Crane', 'Beth Crowe', 'Callum Rix', 'Dev Sharma', 'Ifeanyi Obi',
  'Ifeanyi Obiora', 'Ife Obi-Jones', 'Jodie Platten', 'Kasia Nowak', 'Nadia Finch', 'Ollie Seago', 'Sam Kerrison', 'Tomas Novak',
  'Tomasz Nowak', 'Tomasz Nowakowski', 'Wes Tuck'];
export const SEEDED_OUTAGES = [
  { id: 'PO-5101', feeder: 'F-317 Quarry', type: 'Pole-mounted transformer replacement', date: '2027-02-20', start: '09:30', end: '13:00',
    crew: ['Tomas Novak', 'Bethan Crane'], notify: true, seeded: true },
  { id: 'PO-5102', feeder: 'F-371 Quarry Lane East', type: 'Pole-mounted transformer replacement', date: '2027-01-20', start: '09:00', end: '12:30',
    crew: ['Kasia Nowak', 'Wes Tuck'], notify: true, seeded: true },
  { id: 'PO-5103', feeder: 'F-226 Holt Road', type: 'Tree cutting near lines', date: '2026-12-15', start: '08:00', end: '15:00',
    crew: ['Callum Rix', 'Ollie Seago', 'Jodie Platten'], notify: true, seeded: true },
];
export const OUTAGE_TARGET = { feeder: 'F-317 Quarry', type: 'Pole-mounted transformer replacement', date: '2027-01-20', start: '09:30', end: '13:00',
  crew: ['Tomasz Nowak', 'Bethany Crane', 'Ifeanyi Obi'] };

// ------------------------------------------------------------------ 7. field staff (new tab + confirm)
export const STAFF_TARGET = 'EMP-2319';
export function makeStaff() {
  const r = rng(7243);
  const depots = ['Hythe depot', 'Eastfield depot', 'Westmere depot', 'Fennick depot'];
  const roles = ['Senior Authorised Person', 'Authorised Person', 'Competent Person', 'Craftsperson (jointer)', 'Linesperson', 'Apprentice'];
  const staff = [];
  const used = new Set();
  for (let i = 0; i < 46; i++) {
    let name;
    do { name = `${r.pick(FIRST)} ${r.pick(LAST)}`; } while (used.has(name));
    used.add(name);
    staff.push({ id: 'EMP-' + (2280 + i * 3), name, depot: r.pick(depots), role: r.pick(roles), cert: 'SRA-' + (60410 + i * 17),
      phone: `07700 9${r.int(10000, 99999)}`, since: iso(r.int(1996, 2024), r.int(1, 12), 1) });
  }
  const set = (id, o) => Object.assign(staff.find((x) => x.id === id), o);
  set('EMP-2319', { name: 'Craig Penhale', depot: 'Hythe depot', role: 'Senior Authorised Person', cert: 'SRA-60631', since: '2009-04-01' });
  set('EMP-2286', { name: 'Craig Penhale', depot: 'Eastfield depot', role: 'Authorised Person', cert: 'SRA-60444', since: '2017-09-01' });
  set('EMP-2346', { name: 'Craig Penhallow', depot: 'Hythe depot', role: 'Senior Authorised Person', cert: 'SRA-60784', since: '2012-02-01' });
  set('EMP-2301', { name: 'Greg Penhale', depot: 'Hythe depot', role: 'Competent Person', cert: 'SRA-60529', since: '2020-06-01' });
  set('EMP-2370', { name: 'Craig Pendle', depot: 'Westmere depot', role: 'Senior Authorised Person', cert: 'SRA-60920', since: '2005-11-01' });
  return staff;
}
export const AUTH_FIXED = {
  'SRA-60631': { holder: 'Craig PENHALE', employee: 'EMP-2319', level: 'Senior Authorised Person (HV, up to 33 kV)', issued: '2024-03-18',
    validUntil: '2027-03-17', lastAssessment: '2024-02-27', refresherDue: '2026-09-30', scope: 'Switching, earthing and issue of safety documents on the 11 kV and 33 kV network; Hythe and Fennick zones' },
  'SRA-60444': { holder: 'Craig PENHALE', employee: 'EMP-2286', level: 'Authorised Person (HV, up to 11 kV)', issued: '2023-06-05',
    validUntil: '2026-06-04', lastAssessment: '2023-05-16', refresherDue: '2025-12-01', scope: 'Switching and earthing on the 11 kV network; Eastfield zone' },
  'SRA-60784': { holder: 'Craig PENHALLOW', employee: 'EMP-2346', level: 'Senior Authorised Person (HV, up to 33 kV)', issued: '2025-01-13',
    validUntil: '2028-01-12', lastAssessment: '2024-12-10', refresherDue: '2027-01-31', scope: 'Switching, earthing and issue of safety documents on the 11 kV and 33 kV network; Hythe zone' },
};
export const AUTH_ANSWER = '17 Mar 2027';
