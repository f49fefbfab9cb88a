// Deterministic seed data for the Fernhill Schools Trips Office back office.
export const TODAY = '2026-03-11'; // Wednesday

function rng(seed) {
  let s = seed >>> 0;
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 4294967296; };
}
const pick = (r, a) => a[Math.floor(r() * a.length)];

export const SCHOOLS = ['Ashcombe School', 'Brookfield Academy', 'Kingsmead High', 'Ashcombe Primary', 'Riverside College', 'Hollins Park School'];
export const TRIPS = ['Lake District residential', 'Science Museum day', 'Normandy history tour', 'Snowdonia activity week', 'Globe Theatre visit', 'Cairngorms ski week'];
export const DIETS = ['None', 'Vegetarian', 'Vegan', 'Halal', 'Kosher', 'Gluten-free', 'Nut allergy', 'Dairy-free'];
export const STATUSES = ['Confirmed', 'Provisional', 'Waitlist', 'Withdrawn'];

export const GRID_COLUMNS = [
  { key: 'id', title: 'Ref', width: 70 },
  { key: 'surname', title: 'Surname', width: 100 },
  { key: 'first', title: 'First name', width: 95 },
  { key: 'school', title: 'School', width: 145 },
  { key: 'year', title: 'Year', width: 55 },
  { key: 'trip', title: 'Trip', width: 175 },
  { key: 'dietary', title: 'Dietary', width: 105, list: DIETS },
  { key: 'room', title: 'Room', width: 65 },
  { key: 'dob', title: 'Date of birth', width: 100 },
  { key: 'passport', title: 'Passport / ID no.', width: 130 },
  { key: 'contact', title: 'Emergency contact', width: 140 },
  { key: 'phone', title: 'Emergency phone', width: 120 },
  { key: 'medical', title: 'Medical notes', width: 150 },
  { key: 'seat', title: 'Coach seat', width: 85 },
  { key: 'deposit', title: 'Deposit (£)', width: 90 },
  { key: 'balance', title: 'Balance (£)', width: 90 },
  { key: 'consent', title: 'Consent form', width: 100 },
  { key: 'insurance', title: 'Insurance ref', width: 115 },
  { key: 'status', title: 'Status', width: 100, list: STATUSES },
  { key: 'kittag', title: 'Kit tag', width: 95 },
];

const FIRST = ['Ava', 'Oliver', 'Amelia', 'Noah', 'Isla', 'Leo', 'Freya', 'Arthur', 'Ella', 'Theo', 'Mia', 'Harry', 'Grace', 'Jack', 'Poppy', 'George', 'Lily', 'Alfie', 'Sophie', 'Finley', 'Evie', 'Oscar', 'Ruby', 'Reuben', 'Maya', 'Idris', 'Zara', 'Kian', 'Nia', 'Tomasz'];
const SUR = ['Morgan', 'Hughes', 'Patel', 'Okafor', 'Walsh', 'Bennett', 'Kowalski', 'Ahmed', 'Fletcher', 'Lindqvist', 'Carter', 'Doyle', 'Rahman', 'Evans', 'Price', 'Nakamura', 'Sutton', 'Bryce', 'Quinn', 'Marsh'];
const MED = ['', '', '', 'Asthma (inhaler)', 'Hay fever', 'Eczema', 'Travel sickness', 'Epipen carried', 'Type 1 diabetes', 'Wears glasses'];

function makeTravellers() {
  const r = rng(2704);
  const rows = [];
  for (let i = 0; i < 330; i++) {
    const first = pick(r, FIRST), sur = pick(r, SUR);
    const year = 7 + Math.floor(r() * 5);
    const dobY = 2026 - year - 5 - (r() < 0.6 ? 1 : 0);
    rows.push({
      id: 'T-' + (1001 + i), surname: sur, first, school: pick(r, SCHOOLS), year: String(year), trip: pick(r, TRIPS),
      dietary: r() < 0.6 ? 'None' : pick(r, DIETS), room: pick(r, 'ABCD'.split('')) + String(1 + Math.floor(r() * 20)).padStart(2, '0'),
      dob: `${String(1 + Math.floor(r() * 28)).padStart(2, '0')}/${String(1 + Math.floor(r() * 12)).padStart(2, '0')}/${dobY}`,
      passport: String(500000000 + Math.floor(r() * 99999999)),
      contact: pick(r, FIRST.slice(0, 20)) + ' ' + sur, phone: '07700 9' + String(Math.floor(r() * 100000)).padStart(5, '0'),
      medical: pick(r, MED), seat: String(1 + Math.floor(r() * 52)) + pick(r, ['A', 'B', 'C', 'D']),
      deposit: String(pick(r, [50, 75, 100, 150])), balance: String(Math.floor(r() * 40) * 10),
      consent: r() < 0.85 ? 'Yes' : 'No', insurance: 'FTI-' + String(Math.floor(r() * 900000) + 100000),
      status: r() < 0.75 ? 'Confirmed' : pick(r, STATUSES), kittag: 'KT-' + String(Math.floor(r() * 90000) + 10000),
    });
  }
  // Remove accidental Ava Morgans, then place look-alikes deliberately.
  for (const row of rows) if (row.first === 'Ava' && row.surname === 'Morgan') row.first = 'Amelia';
  const set = (i, o) => Object.assign(rows[i], o);
  set(57, { first: 'Ava', surname: 'Morgan', school: 'Brookfield Academy', year: '9', trip: 'Lake District residential', dietary: 'None', room: 'B11', kittag: 'KT-48120', contact: 'Rhian Morgan' });
  set(143, { first: 'Ava', surname: 'Morgan', school: 'Ashcombe Primary', year: '7', trip: 'Science Museum day', dietary: 'Vegetarian', room: 'A03', kittag: 'KT-48210', contact: 'Dan Morgan' });
  set(214, { first: 'Ava', surname: 'Morgan', school: 'Ashcombe School', year: '9', trip: 'Lake District residential', dietary: 'None', room: 'B12', kittag: 'KT-73915', contact: 'Sian Morgan', insurance: 'FTI-552019' });
  set(215, { first: 'Ella', surname: 'Morgan', school: 'Ashcombe School', year: '9', trip: 'Lake District residential', dietary: 'None', room: 'B12', kittag: 'KT-73951', contact: 'Sian Morgan' });
  set(262, { first: 'Ava', surname: 'Morgans', school: 'Ashcombe School', year: '10', trip: 'Snowdonia activity week', dietary: 'Halal', room: 'C07', kittag: 'KT-37915' });
  return rows;
}

export const LETTER_HTML = [
  '<h2>Lake District residential — letter to parents and carers</h2>',
  '<p>Dear parents and carers,</p>',
  '<p>We are delighted that your child has a place on the Year 9 Lake District residential at Low Bank Outdoor Centre.</p>',
  '<p>The coach leaves Ashcombe School at 8.15 am on Monday 20 April.</p>',
  '<p>The coach leaves Low Bank Outdoor Centre at 8.15 am on Friday 24 April.</p>',
  '<p>The coach returns to Ashcombe School at 4.30 pm on Friday 24 April.</p>',
  '<p>Every pupil needs a packed lunch for the first day and a waterproof jacket for the fell walk.</p>',
  '<p>Please read the kit list carefully and label every item of clothing.</p>',
  '<p>The coach leaves Brookfield Academy at 8.15 am on Monday 20 April for the partner group.</p>',
  '<p>With thanks,<br>Mrs J. Okafor, Trips Coordinator</p>',
].join('');

const BOARD_COLUMNS = [
  { id: 'requested', title: 'Requested' },
  { id: 'awaiting', title: 'Awaiting approval' },
  { id: 'approved', title: 'Approved' },
  { id: 'booked', title: 'Booked' },
];
function makeBoard() {
  const c = (id, title, school, date, pupils, column) => ({ id, title, school, date, pupils, column });
  return {
    columns: BOARD_COLUMNS,
    cards: [
      c('TR-301', 'Year 8 — Science Museum', 'Brookfield Academy', '2026-05-14', 58, 'requested'),
      c('TR-302', 'Year 10 — Globe Theatre matinee', 'Kingsmead High', '2026-06-03', 34, 'requested'),
      c('TR-303', 'Year 7 — Cadbury World', 'Hollins Park School', '2026-06-18', 90, 'requested'),
      c('TR-304', 'Year 8 — Science Museum', 'Ashcombe School', '2026-05-21', 61, 'awaiting'),
      c('TR-305', 'Year 8 — Science Museum', 'Ashcombe Primary', '2026-05-21', 28, 'awaiting'),
      c('TR-306', 'Year 8 — Natural History Museum', 'Ashcombe School', '2026-06-11', 60, 'awaiting'),
      c('TR-307', 'Year 12 — Geography fieldwork, Slapton', 'Riverside College', '2026-04-27', 22, 'awaiting'),
      c('TR-308', 'Year 9 — Lake District residential', 'Ashcombe School', '2026-04-20', 45, 'approved'),
      c('TR-309', 'Year 11 — Normandy history tour', 'Kingsmead High', '2026-07-06', 40, 'approved'),
      c('TR-310', 'Year 10 — Snowdonia activity week', 'Brookfield Academy', '2026-06-22', 36, 'booked'),
      c('TR-311', 'Year 9 — Cairngorms ski week', 'Riverside College', '2027-02-15', 30, 'booked'),
    ],
  };
}

export const STATS = {
  months: ['Sep', 'Oct', 'Nov', 'Dec', 'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul'],
  monthLabels: ['Sep 2025', 'Oct 2025', 'Nov 2025', 'Dec 2025', 'Jan 2026', 'Feb 2026', 'Mar 2026', 'Apr 2026', 'May 2026', 'Jun 2026', 'Jul 2026'],
  series: {
    KS2: [112, 143, 128, 61, 74, 118, 131, 96, 154, 187, 102],
    KS3: [167, 208, 193, 88, 119, 176, 199, 142, 231, 264, 131],
    KS4: [84, 121, 171, 52, 97, 109, 126, 73, 118, 142, 66],
    KS5: [41, 63, 58, 19, 33, 47, 52, 38, 29, 71, 24],
  },
};

export const MEETING_SCHOOLS = [
  { id: 'sch-01', name: "St Mary's C of E Primary, Ashford" },
  { id: 'sch-02', name: "St Mary's C of E Primary, Ashcombe" },
  { id: 'sch-03', name: "St Mary's Catholic Primary, Ashford" },
  { id: 'sch-04', name: "St Mark's C of E Primary, Ashford" },
  { id: 'sch-05', name: 'Ashcombe School' },
  { id: 'sch-06', name: 'Ashcombe Primary' },
  { id: 'sch-07', name: 'Brookfield Academy' },
  { id: 'sch-08', name: 'Brookfield Infant School' },
  { id: 'sch-09', name: 'Kingsmead High' },
  { id: 'sch-10', name: 'Kingsmead Junior School' },
  { id: 'sch-11', name: 'Riverside College' },
  { id: 'sch-12', name: 'Hollins Park School' },
  { id: 'sch-13', name: 'Holy Trinity Primary, Ashford' },
  { id: 'sch-14', name: 'Oakfield Community Primary' },
];
// Office closures (in addition to weekends and past days)
export const CLOSED_DAYS = ['2026-03-13', '2026-03-16', '2026-03-17', '2026-03-25', '2026-04-03', '2026-04-06'];
export const MEETING_TIMES = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '13:30', '14:00', '14:30', '15:00', '15:30'];
export const MEETING_TYPES = ['Risk assessment review', 'Pre-trip briefing', 'Parents\u2019 information evening', 'Post-trip debrief'];

function makeVolunteers() {
  const r = rng(99);
  const ROLES = ['Parent helper', 'First aider', 'Minibus driver', 'Teaching assistant', 'Governor'];
  const out = [];
  for (let i = 0; i < 86; i++) {
    const first = pick(r, FIRST), sur = pick(r, SUR);
    out.push({ id: 'V-' + (401 + i), name: `${first} ${sur}`, school: pick(r, SCHOOLS), role: pick(r, ROLES),
      dbs: `2026-${String(1 + Math.floor(r() * 12)).padStart(2, '0')}-${String(1 + Math.floor(r() * 28)).padStart(2, '0')}`,
      phone: '07700 9' + String(Math.floor(r() * 100000)).padStart(5, '0') });
  }
  for (const v of out) if (v.name === 'Daniel Hughes' || v.name === 'Dan Hughes') v.name = 'Oscar Hughes';
  out.splice(23, 0, { id: 'V-512', name: 'Daniel Hughes', school: 'Brookfield Academy', role: 'Parent helper', dbs: '2027-01-09', phone: '07700 900418' });
  out.splice(61, 0, { id: 'V-538', name: 'Daniel Hughes', school: 'Ashcombe School', role: 'Minibus driver', dbs: '2026-02-02', phone: '07700 900973' });
  out.splice(40, 0, { id: 'V-525', name: 'Danielle Hughes', school: 'Ashcombe School', role: 'First aider', dbs: '2026-09-30', phone: '07700 900551' });
  return out;
}

export function seed() {
  return {
    travellers: makeTravellers(),
    letter: { id: 'LTR-7', title: 'Lake District residential — parent letter', html: LETTER_HTML, savedAt: null },
    board: makeBoard(),
    manifests: [],
    signoffs: [],
    meetings: [],
    volunteers: makeVolunteers(),
    deletedVolunteers: [],
    seq: { approval: 4817, meeting: 2290 },
  };
}
