// Deterministic seed data for the Kestrel Valley Railway back office ("today" = 2025-10-14).
export const TODAY = '2025-10-14';

function rng(seed) { // mulberry32
  return () => { seed |= 0; seed = (seed + 0x6D2B79F5) | 0; let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t; return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
}
const pick = (r, a) => a[Math.floor(r() * a.length)];
const pad = (n, w = 2) => String(n).padStart(w, '0');
const date = (r, y0, y1) => `${y0 + Math.floor(r() * (y1 - y0 + 1))}-${pad(1 + Math.floor(r() * 12))}-${pad(1 + Math.floor(r() * 28))}`;

const FIRST = ['Ada', 'Bryn', 'Cerys', 'Dafydd', 'Elin', 'Farah', 'Gareth', 'Hana', 'Idris', 'Jess', 'Kit', 'Lowri', 'Marek', 'Nia', 'Owen', 'Priya', 'Rhys', 'Sian', 'Tomos', 'Una', 'Wyn', 'Yusuf'];
const LAST = ['Aldous', 'Bevan', 'Carrow', 'Dunmore', 'Eckley', 'Fenwick', 'Gadd', 'Hollis', 'Ingram', 'Jasper', 'Kemble', 'Lusk', 'Mayhew', 'Norcott', 'Oakes', 'Pryce', 'Quill', 'Rowntree', 'Sallow', 'Thorne', 'Upton', 'Vane'];
export const ROLES = ['Guard', 'Signaller', 'Fireman', 'Driver', 'Booking clerk', 'Carriage cleaner', 'Station porter', 'Track gang'];
export const DEPOTS = ['Ashby Road', 'Kestrel Bridge', 'Ashby Halt', 'Mill Lane'];
export const STATUSES = ['Active', 'On leave', 'Standing by', 'Stood down', 'Trainee'];

export function seed() {
  const r = rng(38);
  const volunteers = [];
  for (let i = 0; i < 264; i++) {
    const id = `V-${1000 + i}`;
    const first = pick(r, FIRST), last = pick(r, LAST);
    volunteers.push({ id, first, last, role: pick(r, ROLES), depot: pick(r, DEPOTS), status: r() < 0.8 ? 'Active' : pick(r, STATUSES),
      phone: `07${pad(Math.floor(r() * 1e9), 9)}`, email: `${first}.${last}${i}@kvr-volunteers.example`.toLowerCase(),
      joined: date(r, 2008, 2024), shifts: Math.floor(r() * 60), hours: Math.floor(r() * 400), grade: pick(r, ['A', 'B', 'C']),
      trainedOn: pick(r, ['Class 08', 'GWR 57xx', 'Austerity', 'DMU', 'Mk1 coach']), badge: `KB${pad(Math.floor(r() * 9999), 4)}`,
      emergency: `${pick(r, FIRST)} ${pick(r, LAST)}`, medicalDue: date(r, 2025, 2027), ptsExpiry: date(r, 2025, 2027), notes: '' });
  }
  // look-alikes for job 1
  const set = (id, o) => Object.assign(volunteers.find(v => v.id === id), o);
  set('V-1107', { first: 'Ellis', last: 'Marrow', role: 'Guard', depot: 'Ashby Road', status: 'Active', ptsExpiry: '2025-09-30' });
  set('V-1170', { first: 'Ellis', last: 'Morrow', role: 'Guard', depot: 'Kestrel Bridge', status: 'Active', ptsExpiry: '2025-10-03' });
  set('V-1171', { first: 'Ellis', last: 'Marrow', role: 'Signaller', depot: 'Kestrel Bridge', status: 'Active', ptsExpiry: '2025-10-06' });
  set('V-1172', { first: 'Ellis', last: 'Marrow', role: 'Guard', depot: 'Kestrel Bridge', status: 'Active', ptsExpiry: '2025-10-09' });
  set('V-1203', { first: 'Elise', last: 'Marrow', role: 'Guard', depot: 'Kestrel Bridge', status: 'Active', ptsExpiry: '2025-10-11' });

  const notice = [
    '## Visitor notice: October half-term',
    '',
    'Trains to Kestrel Bridge leave Ashby Road at 10:15 on Saturdays.',
    'Trains to Kestrel Bridge leave Ashby Road at 10:15 on Sundays.',
    'Trains to Kestrel Bridge leave Ashby Halt at 10:15 on Sundays.',
    '',
    'Tickets must be bought before boarding. Dogs travel free. See the timetable for last trains.',
  ].join('\n');

  const cards = [
    ['WO-311', 'Brake blocks: coach 4211', 'In workshop'], ['WO-312', 'Brake blocks: coach 4217', 'In workshop'],
    ['WO-313', 'Brake hoses: coach 4211', 'In workshop'], ['WO-314', 'Brake blocks: coach 4121', 'Awaiting parts'],
    ['WO-298', 'Door droplight: coach 4211', 'Reported'], ['WO-301', 'Firebox stays: No. 4472', 'In workshop'],
    ['WO-305', 'Lamp brackets: brake van B950', 'Reported'], ['WO-307', 'Brake blocks: coach 4211 (spare set)', 'Reported'],
    ['WO-290', 'Steam heat pipe: coach 4213', 'Testing'], ['WO-288', 'Vacuum gauge: No. 7442', 'Done'],
    ['WO-309', 'Seat moquette: coach 4217', 'Awaiting parts'], ['WO-310', 'Toilet tank: coach 4213', 'Reported'],
  ].map(([id, title, column]) => ({ id, title, column }));

  const months = ['2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10'];
  const ridership = {
    months,
    series: {
      'Valley Explorer': [3120, 3455, 3980, 4690, 4851, 3702, 2910],
      'Valley Express': [2980, 3390, 4015, 4725, 4815, 3690, 2874],
      'Valley Explorer Dining': [610, 702, 815, 960, 1024, 733, 588],
    },
  };

  const locos = ['No. 4472 Kestrel', 'No. 4427 Kestrel', 'No. 4472 Kestrel II', 'No. 7442 Kestrel Lad', 'No. 4472 Kestrel (diesel shunter)'];

  const memberNames = [];
  const r2 = rng(3838);
  for (let i = 0; i < 118; i++) memberNames.push([`${pick(r2, FIRST)} ${pick(r2, LAST)}`, pick(r2, DEPOTS), 2005 + Math.floor(r2() * 20)]);
  for (const f of ['Ann', 'Peter', 'Ruth', 'Sam', 'Dilys', 'Gwen', 'Mark']) memberNames.push([`${f} Whitmore`, pick(r2, DEPOTS), 2010 + Math.floor(r2() * 14)]);
  memberNames.push(['Jon Whitmore', 'Mill Lane', 2021], ['John Whitmore', 'Ashby Road', 2019], ['Jon Whitmoore', 'Ashby Road', 2019],
    ['Joan Whitmore', 'Kestrel Bridge', 2019], ['Jon Whitmore', 'Ashby Road', 2019], ['Jonny Whitmore', 'Ashby Halt', 2018],
    ['Jon Whitmarsh', 'Ashby Road', 2019], ['John Whitmore', 'Kestrel Bridge', 2023], ['Jo Whitmore', 'Mill Lane', 2019],
    ['Jon Whittemore', 'Ashby Road', 2020], ['Jon Whitmore', 'Kestrel Bridge', 2016], ['Jon Witmore', 'Ashby Road', 2019]);
  const members = memberNames.map(([name, branch, since], i) => ({ id: `M-${2100 + i * 7}`, name, branch, since, email: `${name.toLowerCase().replace(/\W+/g, '.')}.${i}@members.example` }));

  return { volunteers, notice, cards, ridership, locos, members, bookings: [], imports: [], readings: [] };
}
