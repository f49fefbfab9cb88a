// Deterministic seed data for Cruxline Climbing back office.
// "Today" is fixed to Tuesday 13 April 2027.

export const TODAY = '2027-04-13';

function mulberry32(a) {
  return function () {
    a |= 0; a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const CENTRES = [
  { id: 'AFM', name: 'Ashford Mill', town: 'Ashford' },
  { id: 'AWY', name: 'Ashworth Yard', town: 'Ashworth' },
  { id: 'KST', name: 'Kelso Street', town: 'Kelso' },
  { id: 'KLQ', name: 'Kelsall Quay', town: 'Kelsall' },
];
const centreName = (id) => CENTRES.find((c) => c.id === id).name;

export const PLANS = ['Peak monthly', 'Off-peak monthly', 'Annual', 'Student monthly', 'Junior monthly', 'Family monthly', '10-visit pass'];
export const STATUSES = ['Active', 'Frozen', 'Lapsed'];
const BELAY = ['None', 'Top-rope', 'Lead'];

const FIRST = ['Aisha', 'Ben', 'Callum', 'Daisy', 'Elliot', 'Farah', 'George', 'Hannah', 'Isla', 'Jamal', 'Keira', 'Liam', 'Maya', 'Noah', 'Olivia', 'Priya', 'Quentin', 'Rosa', 'Sam', 'Tara', 'Umar', 'Vera', 'Will', 'Yusuf', 'Zoe', 'Arjun', 'Bethan', 'Ciaran', 'Delphine', 'Ewan', 'Freya', 'Gareth', 'Hugo', 'Ingrid', 'Jonah', 'Kofi', 'Lena', 'Marek', 'Nadia', 'Owen', 'Petra', 'Rhys', 'Saoirse', 'Tomasz', 'Ursula', 'Wren'];
const LAST = ['Ahmed', 'Barker', 'Chowdhury', 'Doyle', 'Evans', 'Fraser', 'Gill', 'Holt', 'Iqbal', 'Jones', 'Khan', 'Lowe', 'Murray', 'Nowak', "O'Brien", 'Patel', 'Quinn', 'Reid', 'Singh', 'Turner', 'Usman', 'Vaughan', 'Walsh', 'Young', 'Zielinski', 'Brennan', 'Castillo', 'Dunmore', 'Ellery', 'Fenwick', 'Grant', 'Hughes', 'Kowalski', 'Lindqvist', 'Mensah', 'Nakamura', 'Okafor', 'Price', 'Rowe', 'Sutton'];

const pad = (n, w = 2) => String(n).padStart(w, '0');
function addDays(iso, n) {
  const d = new Date(iso + 'T00:00:00Z');
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

function buildMembers() {
  const rnd = mulberry32(1801);
  const pick = (a) => a[Math.floor(rnd() * a.length)];
  const members = [];
  // Look-alikes for job 1: several "Marsh" members.
  const special = {
    23: { first: 'Imogen', last: 'Marsh', centre: 'AFM', belay: 'Lead', joined: '2023-11-20', plan: 'Peak monthly' },
    71: { first: 'Isobel', last: 'Marsh', centre: 'AWY', belay: 'Lead', joined: '2024-06-03', plan: 'Peak monthly' },
    118: { first: 'Imogen', last: 'Marsh', centre: 'AWY', belay: 'Top-rope', joined: '2022-03-02', plan: 'Peak monthly' },
    164: { first: 'Imogen', last: 'Marsh-Reid', centre: 'AWY', belay: 'Lead', joined: '2025-01-17', plan: 'Peak monthly' },
    203: { first: 'Imogen', last: 'Marsh', centre: 'AWY', belay: 'Lead', joined: '2024-09-14', plan: 'Peak monthly', status: 'Active', locker: 'A-06' },
    251: { first: 'Imogen', last: 'Marsh', centre: 'KLQ', belay: 'Lead', joined: '2025-08-09', plan: 'Annual' },
    288: { first: 'Owen', last: 'Marsh', centre: 'AWY', belay: 'Lead', joined: '2021-10-30', plan: 'Off-peak monthly' },
  };
  for (let i = 0; i < 320; i++) {
    const s = special[i] || {};
    const first = s.first || pick(FIRST);
    const last = s.last || pick(LAST);
    const centre = s.centre || pick(CENTRES).id;
    const joinedY = 2019 + Math.floor(rnd() * 8);
    const joined = s.joined || `${joinedY}-${pad(1 + Math.floor(rnd() * 12))}-${pad(1 + Math.floor(rnd() * 28))}`;
    const birth = 1958 + Math.floor(rnd() * 54);
    const handle = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
    const lockerRoll = rnd();
    members.push({
      id: `m${i + 1}`,
      no: `CX-${10000 + ((i * 7919 + 311) % 9000)}`,
      first,
      last,
      plan: s.plan || pick(PLANS),
      status: s.status || (rnd() < 0.8 ? 'Active' : pick(STATUSES)),
      joined,
      visits: Math.floor(rnd() * 60),
      lastVisit: addDays('2027-04-12', -Math.floor(rnd() * 90)),
      phone: `07${pad(Math.floor(rnd() * 1000), 3)} ${pad(Math.floor(rnd() * 1000000), 6)}`,
      email: `${handle}${i % 7 === 0 ? pad(i % 100) : ''}@${pick(['mailbox.example', 'postmail.example', 'inbox.example'])}`,
      emergency: `${pick(FIRST)} ${last} (${pick(['partner', 'parent', 'sibling', 'friend'])})`,
      birthYear: birth,
      locker: s.locker !== undefined ? s.locker : lockerRoll < 0.35 ? `${pick(['A', 'B', 'C'])}-${pad(1 + Math.floor(rnd() * 40))}` : '',
      centre,
      belay: s.belay || pick(BELAY),
    });
  }
  return members;
}

const NOTICES_HTML = `<h2>Weekly centre notices — w/c 12 April 2027</h2>
<p>Please read these out at the morning huddle and pin a printed copy by the front desk.</p>
<p>Ashford Mill: auto-belays are inspected every Monday before opening. Record any faults in the incident log.</p>
<p>Ashworth Yard: auto-belays are inspected every Monday before opening. Record any faults in the incident log.</p>
<p>Kelso Street: auto-belays are inspected every Tuesday before opening. Record any faults in the incident log.</p>
<p>Kelsall Quay: auto-belays are inspected every Monday before opening. Record any faults in the incident log.</p>
<p>All centres: the bouldering mats are vacuumed nightly after close, and chalk buckets are emptied on Fridays.</p>`;

const HANDBOOK_HTML = `<h2>Staff handbook — floor safety</h2>
<p>Every new climber must complete a registration and watch the safety video before climbing.</p>
<p>Ashworth Yard: the lead wall is closed to unaccompanied juniors after 6pm. Record any breaches in the incident log.</p>
<p>Ashford Mill: the lead wall is closed to unaccompanied juniors after 7pm. Record any breaches in the incident log.</p>
<p>Belay checks are carried out by a duty instructor. A failed check means a supervised re-test on the same day.</p>`;

const SETTING_HTML = `<h2>Route setting schedule — April 2027</h2>
<p>Kelso Street: competition wall reset on Friday 16 April; the centre closes to groups that day.</p>
<p>Kelsall Quay: slab and overhang reset on Thursday 22 April, lead wall stays open.</p>
<p>Ashworth Yard: new circuit goes up the week of 26 April.</p>`;

function buildDocuments() {
  return [
    { id: 'weekly-notices', title: 'Weekly centre notices', updated: '2027-04-12T08:10:00', html: NOTICES_HTML, json: null, saves: 0 },
    { id: 'staff-handbook', title: 'Staff handbook — floor safety', updated: '2027-03-29T16:42:00', html: HANDBOOK_HTML, json: null, saves: 0 },
    { id: 'setting-schedule', title: 'Route setting schedule', updated: '2027-04-06T11:05:00', html: SETTING_HTML, json: null, saves: 0 },
  ];
}
export const NOTICES_SEED_PARAGRAPHS = NOTICES_HTML.split('\n').map((l) => l.replace(/<[^>]+>/g, ''));

function buildSessions() {
  const list = [
    ['Intro to Bouldering', 'AFM', 'Sat 17 Apr, 10:00', 'Rhys Holt', 6],
    ['Intro to Bouldering', 'AWY', 'Sat 17 Apr, 10:00', 'Freya Lowe', 4],
    ['Intro to Bouldering', 'KST', 'Sun 18 Apr, 11:00', 'Kofi Mensah', 8],
    ['Intro to Bouldering', 'KLQ', 'Sun 18 Apr, 11:00', 'Petra Nowak', 3],
    ['Learn to Belay', 'AFM', 'Wed 14 Apr, 18:30', 'Rhys Holt', 2],
    ['Learn to Belay', 'AWY', 'Thu 15 Apr, 18:30', 'Gareth Reid', 5],
    ['Learn to Belay', 'KST', 'Wed 14 Apr, 18:30', 'Nadia Khan', 6],
    ['Learn to Belay', 'KLQ', 'Thu 15 Apr, 19:00', 'Owen Price', 1],
    ['Lead Climbing Skills', 'AFM', 'Tue 20 Apr, 19:00', 'Saoirse Quinn', 4],
    ['Lead Climbing Skills', 'AWY', 'Wed 21 Apr, 19:00', 'Gareth Reid', 2],
    ['Lead Climbing Skills', 'KST', 'Thu 22 Apr, 19:00', 'Marek Zielinski', 3],
    ['Lead Climbing Skills', 'KLQ', 'Thu 22 Apr, 19:00', 'Owen Price', 5],
    ['Lead Climbing Skills II', 'KLQ', 'Mon 26 Apr, 19:00', 'Owen Price', 6],
    ['Lead Climbing Skills II', 'KST', 'Mon 26 Apr, 19:00', 'Marek Zielinski', 4],
    ['Lead Climbing Refresher', 'KLQ', 'Sat 24 Apr, 14:00', 'Petra Nowak', 7],
    ['Lead Climbing Refresher', 'AWY', 'Sat 24 Apr, 14:00', 'Freya Lowe', 6],
    ['Youth Squad Trial', 'AFM', 'Fri 16 Apr, 17:00', 'Tara Walsh', 10],
    ['Youth Squad Trial', 'KST', 'Fri 16 Apr, 17:00', 'Nadia Khan', 9],
    ['Technique Clinic: Footwork', 'AWY', 'Tue 20 Apr, 18:00', 'Freya Lowe', 8],
    ['Technique Clinic: Footwork', 'KLQ', 'Tue 20 Apr, 18:00', 'Petra Nowak', 8],
    ['Outdoor Transition Day', 'KST', 'Sat 1 May, 09:00', 'Marek Zielinski', 4],
    ['Outdoor Transition Day', 'KLQ', 'Sun 2 May, 09:00', 'Owen Price', 4],
  ];
  return list.map(([name, centre, when, instructor, spaces], i) => ({
    id: `s${101 + i}`, name, centre, centreName: centreName(centre), when, instructor, spaces,
    price: name.startsWith('Intro') ? '£25.00' : name.startsWith('Outdoor') ? '£85.00' : name.startsWith('Lead Climbing Skills') ? '£120.00' : '£45.00',
  }));
}

function buildCheckins() {
  const out = {};
  CENTRES.forEach((c, ci) => {
    const rnd = mulberry32(900 + ci * 37);
    const rows = [];
    for (let d = 0; d < 43; d++) {
      const day = addDays('2027-03-01', d);
      const dow = new Date(day + 'T00:00:00Z').getUTCDay();
      const weekend = dow === 0 || dow === 6;
      const base = [140, 120, 95, 110][ci];
      rows.push({
        day,
        adults: Math.round(base * (weekend ? 1.45 : dow === 5 ? 0.85 : 1) + rnd() * 40 - 20),
        juniors: Math.round((weekend ? 58 : dow === 3 ? 34 : 18) + rnd() * 16 - 8 + ci * 3),
        guests: Math.round((weekend ? 22 : 8) + rnd() * 10 - 5),
      });
    }
    out[c.id] = rows;
  });
  return out;
}

function buildOrganisations() {
  const names = [
    ["St Agnes' Primary School", 'Kelso'],
    ["St Agnes' Primary School", 'Ashford'],
    ["St Anne's Primary School", 'Kelso'],
    ['St Agnes Catholic Primary School', 'Kelsall'],
    ["St Aidan's Primary School", 'Kelso'],
    ['Kelso High School', 'Kelso'],
    ['Kelsall Academy', 'Kelsall'],
    ['Ashworth Grammar School', 'Ashworth'],
    ['Ashford Community College', 'Ashford'],
    ['1st Kelso Scouts', 'Kelso'],
    ['2nd Kelso Scouts', 'Kelso'],
    ['1st Kelsall Brownies', 'Kelsall'],
    ['Ashworth Explorer Scouts', 'Ashworth'],
    ['Northbank Youth Club', 'Kelso'],
    ['Riverside Home Educators', 'Ashford'],
    ['Brightwater Software Ltd', 'Kelsall'],
    ['Harbour & Finch Solicitors', 'Ashworth'],
    ['Greyfield Engineering', 'Ashford'],
    ['Meadowbank Primary School', 'Kelsall'],
    ['Meadowvale Primary School', 'Kelso'],
    ['Oakfield Junior School', 'Ashford'],
    ['Oakfield Infant School', 'Ashford'],
    ['University of Kelsall Mountaineering Club', 'Kelsall'],
    ['Kelso College Outdoor Society', 'Kelso'],
    ['Hollins Cross Youth Project', 'Ashworth'],
    ['Willowbrook SEN School', 'Ashworth'],
    ['Ashford Rotary Club', 'Ashford'],
    ['Kelso Running Club', 'Kelso'],
    ['Pennant Insurance Ltd', 'Kelsall'],
    ['Thornbury Primary School', 'Kelso'],
    ['Thornby Primary School', 'Kelsall'],
    ['Castlegate Academy', 'Ashworth'],
  ];
  return names.map(([name, town], i) => ({ id: `o${201 + i}`, name, town, label: `${name} (${town})` }));
}

export const CLOSURES = [
  { date: '2027-04-16', reason: 'Kelso Street competition wall reset — all centres closed to groups' },
  { date: '2027-04-22', reason: 'Staff training day' },
  { date: '2027-05-03', reason: 'Early May bank holiday' },
  { date: '2027-05-12', reason: 'Annual auto-belay service' },
  { date: '2027-05-31', reason: 'Spring bank holiday' },
];

function buildBookings() {
  return [
    { ref: 'GRP-27-0412', org: 'o206', centre: 'KST', date: '2027-04-14', time: '10:00', size: 30, note: 'Year 9 PE', created: 'seed' },
    { ref: 'GRP-27-0413', org: 'o216', centre: 'KLQ', date: '2027-04-15', time: '13:30', size: 12, note: 'Team away day', created: 'seed' },
    { ref: 'GRP-27-0414', org: 'o210', centre: 'KST', date: '2027-04-20', time: '18:00', size: 18, note: '', created: 'seed' },
    { ref: 'GRP-27-0415', org: 'o203', centre: 'AWY', date: '2027-04-27', time: '09:30', size: 26, note: 'Year 6', created: 'seed' },
  ];
}

function buildRoutes() {
  const rnd = mulberry32(4242);
  const pick = (a) => a[Math.floor(rnd() * a.length)];
  const A = ['Silent', 'Crimson', 'Golden', 'Broken', 'Hidden', 'Velvet', 'Iron', 'Paper', 'Northern', 'Lazy', 'Wild', 'Salt', 'Copper', 'Midnight', 'Glass', 'Hollow'];
  const B = ['Arete', 'Ladder', 'Groove', 'Crack', 'Lantern', 'Pilot', 'Orbit', 'Fox', 'Harbour', 'Spiral', 'Monkey', 'Slab', 'Echo', 'Wave', 'Rib', 'Tower'];
  const GRADES = ['5', '5+', '6a', '6a+', '6b', '6b+', '6c', '6c+', '7a', '7a+', '7b'];
  const WALLS = { AFM: ['Lead wall', 'Mill slab', 'Cave'], AWY: ['Lead wall', 'Yard arch', 'Top-rope bay'], KST: ['Competition wall', 'Lead wall', 'Slab'], KLQ: ['Lead wall', 'Overhang', 'Quay slab'] };
  const COLOURS = ['Red', 'Blue', 'Green', 'Yellow', 'Purple', 'Orange', 'Black', 'White', 'Pink'];
  const SETTERS = ['Marek Z.', 'Saoirse Q.', 'Owen P.', 'Freya L.', 'Tomasz K.', 'Hugo R.'];
  const routes = [];
  let n = 0;
  const mk = (name, grade, centre, wall, setDate, colour, setter) => {
    n++;
    routes.push({ id: `r${1000 + n}`, name, grade, centre, centreName: centreName(centre), wall, set: setDate, colour, setter });
  };
  for (let i = 0; i < 230; i++) {
    let name = `${pick(A)} ${pick(B)}`;
    if (name.startsWith('Crimson')) name = name.replace('Crimson', 'Scarlet');
    const centre = pick(CENTRES).id;
    mk(name, pick(GRADES), centre, pick(WALLS[centre]), addDays('2027-04-10', -Math.floor(rnd() * 200)), pick(COLOURS), pick(SETTERS));
  }
  // Look-alikes for job 7 (sorted newest first; target is older so it is not on page 1 of a search).
  const crimson = [
    ['Crimson Tide', '6c', 'AFM', 'Lead wall', '2027-04-09'],
    ['Crimson Tide', '6b+', 'AWY', 'Lead wall', '2027-04-07'],
    ['Crimson Tides', '6c', 'AWY', 'Top-rope bay', '2027-04-02'],
    ['Crimson Tide II', '6c', 'AWY', 'Lead wall', '2027-03-30'],
    ['Crimson Tide', '6c', 'AFM', 'Mill slab', '2027-03-26'],
    ['Crimson Tide', '7a', 'AWY', 'Yard arch', '2027-03-21'],
    ['Crimson Tide', '6c', 'KST', 'Lead wall', '2027-03-18'],
    ['Crimson Tide', '6c+', 'AWY', 'Lead wall', '2027-03-15'],
    ['Crimson Tide', '6c', 'KLQ', 'Overhang', '2027-03-11'],
    ['Crimson Tide (Direct)', '6c', 'AWY', 'Lead wall', '2027-03-05'],
    ['Crimson Tide', '6b', 'AWY', 'Top-rope bay', '2027-02-27'],
    ['Crimson Tide', '6c', 'AWY', 'Lead wall', '2027-02-19'], // TARGET
    ['Crimson Tide', '6c', 'AFM', 'Cave', '2027-02-12'],
    ['Crimson Tidal', '6c', 'AWY', 'Yard arch', '2027-01-30'],
  ];
  const colours = ['Red', 'Blue', 'Purple', 'Black', 'Green', 'Orange', 'Yellow', 'Pink', 'White', 'Red', 'Blue', 'Red', 'Green', 'Purple'];
  crimson.forEach(([name, grade, centre, wall, set], i) => mk(name, grade, centre, wall, set, colours[i], SETTERS[i % SETTERS.length]));
  return routes;
}
export const TARGET_ROUTE_INDEX = 230 + 11; // the 12th Crimson route

export function seed() {
  const routes = buildRoutes();
  return {
    members: buildMembers(),
    documents: buildDocuments(),
    sessions: buildSessions(),
    checkins: buildCheckins(),
    organisations: buildOrganisations(),
    bookings: buildBookings(),
    routes,
    inspections: [
      { id: 'INS-0331', centre: 'Ashford Mill', file: 'rope-log-ashford-mill-2027-03.csv', uploaded: '2027-03-31T17:20:00', checked: 22, retire: 2, metres: 85 },
      { id: 'INS-0402', centre: 'Kelso Street', file: 'rope-log-kelso-street-2027-03.csv', uploaded: '2027-04-02T09:02:00', checked: 26, retire: 3, metres: 120 },
    ],
  };
}

export const JOB_TARGETS = {
  member: 'm204',
  document: 'weekly-notices',
  session: 's112',
  route: `r${1000 + 230 + 12}`,
  org: 'o201',
};
