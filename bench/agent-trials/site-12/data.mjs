// Deterministic seed data for the Larkspur Music School back office.
// "Today" in the app is 2027-02-15.
export const TODAY = '2027-02-15';

function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = (r, arr) => arr[Math.floor(r() * arr.length)];
const addDays = (iso, n) => {
  const d = new Date(iso + 'T00:00:00Z');
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

const FIRST = ['Ada', 'Ben', 'Chloe', 'Dmitri', 'Elif', 'Finn', 'Grace', 'Hugo', 'Isla', 'Jonas', 'Keira', 'Luca', 'Maya', 'Nikhil', 'Orla', 'Pavel', 'Quinn', 'Rosa', 'Samir', 'Tilda', 'Umar', 'Vera', 'Wren', 'Xavi', 'Yara', 'Zofia', 'Aoife', 'Bruno', 'Cosima', 'Dara'];
const LAST = ['Okafor', 'Brennan', 'Castillo', 'Duval', 'Eriksen', 'Fitzgerald', 'Gallo', 'Haddad', 'Iqbal', 'Jansen', 'Kowalski', 'Lindgren', 'Moreau', 'Nakamura', 'Oduya', 'Petrov', 'Quigley', 'Rahman', 'Silva', 'Tanaka', 'Ueda', 'Varga', 'Whitlock', 'Yilmaz', 'Zeller'];

// ---------- 1. Instrument inventory (grid) ----------
const TYPES = [
  ['Violin', ['Gliga', 'Yamaha', 'Stentor', 'Eastman', 'Hidersine'], ['4/4', '3/4', '1/2', '1/4']],
  ['Viola', ['Gliga', 'Stentor', 'Eastman', 'Hidersine'], ['15"', '15.5"', '16"', '14"']],
  ['Cello', ['Gliga', 'Stentor', 'Eastman', 'Yamaha'], ['4/4', '3/4', '1/2']],
  ['Flute', ['Yamaha', 'Trevor James', 'Pearl', 'Jupiter'], ['C', 'Curved head']],
  ['Clarinet', ['Buffet', 'Yamaha', 'Jupiter', 'Trevor James'], ['B♭', 'E♭']],
  ['Trumpet', ['Bach', 'Yamaha', 'Jupiter'], ['B♭', 'C']],
  ['Saxophone', ['Yamaha', 'Jupiter', 'Trevor James', 'Selmer'], ['Alto', 'Tenor']],
  ['Guitar', ['Yamaha', 'Admira', 'Cort', 'Eastman'], ['4/4', '3/4', '1/2']],
  ['Keyboard', ['Yamaha', 'Roland', 'Casio', 'Korg'], ['61-key', '76-key', '88-key']],
];
const LOCATIONS = ['Room 1', 'Room 2', 'Room 3', 'Room 4', 'Room 5', 'Store A', 'Store B', 'Annex A', 'Annex B', 'Recital Hall'];
const CONDITIONS = ['Excellent', 'Good', 'Fair', 'Worn'];
const STATUSES = ['Available', 'On loan', 'On loan', 'Reserved', 'In repair'];
const NOTES = ['', '', 'New strings fitted', 'Case handle loose', 'Bow rehaired', 'Pads replaced', 'Spare reeds in case', 'Tuning pegs stiff', 'Cleaned', ''];

function makeInstruments() {
  const r = rng(1201);
  const rows = [];
  for (let i = 0; i < 240; i++) {
    const [type, makers, sizes] = TYPES[Math.floor(r() * TYPES.length)];
    const maker = pick(r, makers);
    const status = pick(r, STATUSES);
    const onLoan = status === 'On loan';
    rows.push({
      id: 'LMS-' + (1001 + i),
      type,
      maker,
      model: maker.slice(0, 2).toUpperCase() + '-' + (100 + Math.floor(r() * 800)),
      size: pick(r, sizes),
      serial: 'S' + Math.floor(100000 + r() * 899999),
      condition: pick(r, CONDITIONS),
      location: pick(r, LOCATIONS),
      status,
      borrower: onLoan ? pick(r, FIRST) + ' ' + pick(r, LAST) : '',
      dueBack: onLoan ? addDays(TODAY, 3 + Math.floor(r() * 90)) : '',
      lastService: addDays('2026-03-01', Math.floor(r() * 340)),
      value: 150 + Math.floor(r() * 60) * 25,
      notes: pick(r, NOTES),
    });
  }
  // The target: the only Gliga instrument kept in Annex B.
  for (const row of rows) if (row.maker === 'Gliga' && row.location === 'Annex B') row.location = 'Annex A';
  const t = rows[173];
  Object.assign(t, { type: 'Viola', maker: 'Gliga', model: 'GL-415', size: '15.5"', condition: 'Fair', location: 'Annex B', status: 'Available', borrower: '', dueBack: '', notes: 'Seam opening near chinrest' });
  return rows;
}
export const INSTRUMENT_TARGET = { id: 'LMS-1174', field: 'status', value: 'In repair' };

// ---------- 2. Newsletter document (rich text) ----------
const NEWSLETTER = [
  '<h2>Larkspur Music School — Spring Term Newsletter</h2>',
  '<p>Welcome back to the second half of the spring term. Lessons resume on Monday 22 February 2027 and run to the end of March. Thank you to every family who helped during the winter open day.</p>',
  '<p>Our Spring Recital takes place on Saturday 20 March 2027 in the Recital Hall at 18:00. Tickets cost €12 for adults and entry is free for all enrolled pupils. Doors open thirty minutes before the first piece.</p>',
  '<p>Instrument lockers remain available in the Annex. A locker costs €12 per half-term and keys are collected from reception.</p>',
  '<p>The ensemble timetable has changed: the junior string orchestra now rehearses on Thursdays at 17:15 in Room 4, and the wind band moves to Tuesdays.</p>',
  '<p>Please remember to label all cases and music folders clearly. Lost property is held at reception until the end of term.</p>',
].join('');

// ---------- 3. Payment reminders (toast) ----------
function makeInvoices() {
  const r = rng(303);
  const out = [];
  for (let i = 0; i < 28; i++) {
    const last = LAST[(i * 7 + 3) % LAST.length];
    out.push({
      id: 'INV-' + (4410 + i * 3),
      family: last + ' family',
      pupil: pick(r, FIRST) + ' ' + last,
      amount: 85 + Math.floor(r() * 20) * 15,
      due: addDays('2027-02-02', Math.floor(r() * 12)),
      reminded: false,
    });
  }
  // make the target unique and specific
  out[17] = { id: 'INV-4461', family: 'Moreau family', pupil: 'Tilda Moreau', amount: 240, due: '2027-02-08', reminded: false };
  for (let i = 0; i < out.length; i++) if (i !== 17 && out[i].family === 'Moreau family') { out[i].family = 'Marchetti family'; out[i].pupil = out[i].pupil.replace('Moreau', 'Marchetti'); }
  return out;
}
export const REMINDER_TARGET = 'INV-4461';
export function reminderCode(invoiceId) {
  let h = 2166136261;
  for (const ch of 'larkspur:' + invoiceId) { h ^= ch.charCodeAt(0); h = Math.imul(h, 16777619) >>> 0; }
  const A = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let s = '';
  for (let i = 0; i < 6; i++) { s += A[h % A.length]; h = Math.floor(h / A.length) ^ (i * 2654435761 >>> 0); h >>>= 0; }
  return 'RMD-' + s;
}

// ---------- 5. Room load chart ----------
const DEPTS = ['Strings', 'Keys', 'Winds', 'Voice'];
function makeStats() {
  const r = rng(505);
  const out = [];
  for (const campus of ['northside', 'riverside']) {
    for (let w = 0; w < 11; w++) {
      const week = addDays(TODAY, w * 7);
      for (const dept of DEPTS) {
        const base = { Strings: 42, Keys: 36, Winds: 24, Voice: 18 }[dept] * (campus === 'riverside' ? 0.8 : 1);
        out.push({ campus, week, dept, hours: Math.round((base + r() * 14 - 5) * 2) / 2 });
      }
    }
  }
  const t = out.find((x) => x.campus === 'riverside' && x.week === '2027-03-08' && x.dept === 'Strings');
  t.hours = 38.5;
  return out;
}
export const CHART_TARGET = { campus: 'riverside', week: '2027-03-08', dept: 'Strings' };

// ---------- 6. Room booking ----------
export const ROOMS = ['Room 1', 'Room 2', 'Room 3', 'Room 4', 'Room 5', 'Recital Hall'];
export const EQUIPMENT = ['Grand piano', 'Upright piano', 'Music stands', 'Drum kit', 'Guitar amplifier', 'PA system', 'Recording kit', 'Harpsichord', 'Metronome'];
export const FULLY_BOOKED = ['2027-02-24', '2027-03-03', '2027-03-05', '2027-03-11', '2027-03-18'];
export const BOOKING_TARGET = { booker: 'Fairhaven String Quartet', room: 'Room 4', date: '2027-03-04', time: '16:30', equipment: ['Music stands', 'Recording kit'], notes: 'Rehearsal for the Spring Recital' };

// ---------- 7. Waiting list ----------
const INSTR = ['Piano', 'Violin', 'Cello', 'Flute', 'Clarinet', 'Guitar', 'Voice', 'Trumpet', 'Saxophone', 'Drums', 'Viola'];
function makeWaitlist() {
  const r = rng(707);
  const out = [];
  for (let i = 0; i < 132; i++) {
    out.push({
      id: 'WL-' + (2001 + i),
      pupil: pick(r, FIRST) + ' ' + pick(r, LAST),
      age: 6 + Math.floor(r() * 40),
      instrument: pick(r, INSTR),
      campus: r() < 0.5 ? 'Northside' : 'Riverside',
      joined: addDays('2026-05-01', Math.floor(i * 2.1)),
      contact: 'guardian' + (i + 1) + '@example.org',
    });
  }
  out[22] = { ...out[22], pupil: 'Tobias Lindqvist', instrument: 'Piano', age: 11, campus: 'Northside' };
  out[57] = { ...out[57], pupil: 'Tobias Lindqvist', instrument: 'Clarinet', age: 14, campus: 'Riverside' };
  return out;
}
export const WAITLIST_TARGET = 'WL-2058';
export const WAITLIST_DECOY = 'WL-2023';

export function seed() {
  return {
    instruments: makeInstruments(),
    instrumentEdits: [],
    newsletter: { html: NEWSLETTER, savedAt: null, saves: 0 },
    invoices: makeInvoices(),
    reminders: [],
    uploads: {},
    imports: [],
    stats: makeStats(),
    statsViews: [],
    bookings: [],
    waitlist: makeWaitlist(),
    removed: [],
  };
}
export { DEPTS, INSTR };
