// Deterministic seed data for Brackenfell Community Wind Co-operative (trial site 35).
export const TODAY = '2025-06-12'; // Thursday

function rng(seed) { let s = seed >>> 0; return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 4294967296; }; }
const pick = (r, a) => a[Math.floor(r() * a.length)];

export const FAULT_STATUSES = ['Open', 'Awaiting parts', 'In hand', 'Resolved', 'Closed'];

function faults() {
  const r = rng(35);
  const titles = ['Yaw motor overheating', 'Anemometer drift', 'Converter trip', 'Blade leading-edge erosion', 'Hydraulic pressure low',
    'Tower door seal', 'Gearbox oil temperature', 'Nacelle lighting failure', 'SCADA comms dropout', 'Brake pad wear', 'Generator bearing vibration'];
  const comps = ['Yaw system', 'Met mast', 'Power electronics', 'Blades', 'Hydraulics', 'Tower', 'Gearbox', 'Nacelle', 'Comms', 'Brakes', 'Generator'];
  const techs = ['R. Haworth', 'J. Okonjo', 'S. Pickles', 'M. Dabrowski', 'L. Greenwood', 'A. Sutcliffe'];
  const rows = [];
  for (let i = 0; i < 300; i++) {
    const t = Math.floor(r() * titles.length);
    const day = 1 + Math.floor(r() * 60);
    const d = new Date(Date.UTC(2025, 3, day));
    rows.push({
      id: 'F-' + (2100 + i), turbine: 'T' + String(1 + Math.floor(r() * 12)).padStart(2, '0'), title: titles[t], component: comps[t],
      severity: pick(r, ['Low', 'Medium', 'High']), status: pick(r, ['Open', 'Awaiting parts', 'In hand', 'Closed']), assignee: pick(r, techs),
      logged: d.toISOString().slice(0, 10), alarmCode: 'A' + (100 + Math.floor(r() * 800)), downtimeH: Math.floor(r() * 96),
      windMs: (3 + r() * 18).toFixed(1), powerKw: Math.floor(r() * 2300), rotorRpm: (r() * 16).toFixed(1), nacelleTempC: (8 + r() * 40).toFixed(1),
      oilTempC: (30 + r() * 45).toFixed(1), warranty: pick(r, ['Yes', 'No']), supplier: pick(r, ['Enercon', 'Vestas', 'Siemens Gamesa', 'Local']),
      partNo: 'P-' + (10000 + Math.floor(r() * 89999)), costGbp: Math.floor(r() * 9000), insurer: pick(r, ['NFU Mutual', 'Zurich', 'None']),
      notes: '', workOrder: 'WO-' + (50000 + Math.floor(r() * 49999)),
    });
  }
  // look-alikes: "Pitch bearing noise" on three turbines
  const la = [[37, 'T03', 'Open'], [142, 'T08', 'Open'], [231, 'T11', 'Open'], [268, 'T08', 'Closed']];
  for (const [idx, tb, st] of la) Object.assign(rows[idx], { title: 'Pitch bearing noise', component: 'Pitch system', turbine: tb, status: st });
  rows[142].workOrder = 'WO-73418'; rows[37].workOrder = 'WO-73481'; rows[231].workOrder = 'WO-73148'; rows[268].workOrder = 'WO-71834';
  rows[142].logged = '2025-06-09'; rows[268].logged = '2025-04-22';
  return rows;
}

const NOTICE = `<h2>Site safety notice — June</h2>
<p>All visitors must sign in at the Hollin Lane gate before entering the site. All contractors must sign in at the Hollin Lane gate before entering the site. All volunteers must sign in at the Hollin Lane gate before entering the site.</p>
<p>Hard hats and high-visibility vests must be worn beyond the car park. Nobody may enter the substation compound without an authorised person. In an emergency, follow the emergency plan posted in the welfare cabin.</p>
<p>Turbine towers are locked at all times. Report any damage to fencing to the operations office on 01535 640 221.</p>`;

function visits() {
  return [
    { id: 'V1', title: 'Gearbox oil change · T04', due: '2025-06-20', column: 'Requested' },
    { id: 'V2', title: 'Blade inspection · T09', due: '2025-06-18', column: 'Requested' },
    { id: 'V3', title: 'Gearbox oil change · T04', due: '2025-06-17', column: 'Scheduled' },
    { id: 'V4', title: 'Gearbox oil change · T07', due: '2025-06-17', column: 'Scheduled' },
    { id: 'V5', title: 'Yaw brake service · T02', due: '2025-06-16', column: 'Scheduled' },
    { id: 'V6', title: 'Fire extinguisher check · substation', due: '2025-06-12', column: 'In progress' },
    { id: 'V7', title: 'Gearbox oil change · T04', due: '2025-05-14', column: 'Done' },
    { id: 'V8', title: 'Anemometer swap · T11', due: '2025-06-02', column: 'Done' },
  ];
}

function readings() {
  const r = rng(77); const out = [];
  for (let d = 1; d <= 11; d++) {
    const date = `2025-06-${String(d).padStart(2, '0')}`;
    out.push({ date, feeders: { 'Feeder A': +(30 + r() * 25).toFixed(1), 'Feeder B': +(30 + r() * 25).toFixed(1), 'Feeder C': +(30 + r() * 25).toFixed(1) } });
  }
  // look-alike values around the target (6 June, Feeder B)
  out[5].feeders = { 'Feeder A': 41.7, 'Feeder B': 47.1, 'Feeder C': 44.7 };
  out[4].feeders['Feeder B'] = 47.4; out[6].feeders['Feeder B'] = 41.1;
  return out;
}

export const SCHOOLS = ["St Aidan's CE Primary", "St Aidan's Catholic Primary", "St Aiden's Catholic Primary", "St Aidan's Catholic High",
  'Oakworth Primary', 'Haworth Primary', 'Oxenhope CE Primary', 'Cullingworth Village Primary', 'Denholme Primary', 'Keighley St Andrew\'s CE Primary',
  'Holycroft Primary', 'Parkside School', 'Beckfoot Oakbank', 'Laycock Primary', 'Lees Primary'];
export const CLOSED_DAYS = ['2025-06-16', '2025-06-17', '2025-06-27'];
export const TIMES = ['09:30', '10:00', '11:00', '13:00', '13:30'];

function people() {
  const r = rng(9);
  const first = ['Hannah', 'Owen', 'Priya', 'Tom', 'Beth', 'Imran', 'Carys', 'Dev', 'Martha', 'Joe', 'Sian', 'Kofi', 'Nell', 'Rhys', 'Amara', 'Will'];
  const last = ['Ackroyd', 'Barraclough', 'Hussain', 'Murgatroyd', 'Shackleton', 'Whiteley', 'Holdsworth', 'Patel', 'Feather', 'Clegg', 'Mensah', 'Rowe'];
  const roles = ['Site steward', 'Education volunteer', 'Board member', 'Share register clerk', 'Landowner liaison', 'Tour guide'];
  const out = [];
  for (let i = 0; i < 54; i++) out.push({ id: 'P' + (300 + i), name: pick(r, first) + ' ' + pick(r, last), role: pick(r, roles), email: '', since: 2012 + Math.floor(r() * 13) });
  const la = [['P900', 'Gareth Lloyd', 'Site steward', 2016], ['P901', 'Gareth Lloyd', 'Education volunteer', 2021], ['P902', 'Gareth Floyd', 'Education volunteer', 2019], ['P903', 'Gareth Lloyd-Jones', 'Tour guide', 2023]];
  const pos = [5, 19, 33, 47];
  la.forEach(([id, name, role, since], k) => out.splice(pos[k], 0, { id, name, role, since, email: '' }));
  for (const p of out) p.email = p.name.toLowerCase().replace(/[^a-z]+/g, '.') + (p.id === 'P901' ? '2' : '') + '@brackenfell.coop';
  return out;
}

export function seed() {
  return { faults: faults(), notice: { html: NOTICE, savedAt: null }, visits: visits(), imports: [], readings: readings(),
    reconciliations: [], bookings: [], people: people(), moves: [] };
}
