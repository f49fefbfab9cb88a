// Deterministic seed data for the Ridgeway Tool Library back office.
// "Today" in the app is 2027-03-10.
export const TODAY = '2027-03-10';

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
const pad = (n, w = 2) => String(n).padStart(w, '0');

const FIRST = ['Amara', 'Ben', 'Carys', 'Dev', 'Elin', 'Farid', 'Greta', 'Hugo', 'Ines', 'Jonah', 'Kemi', 'Lars', 'Mina', 'Niall', 'Orla', 'Pavel', 'Quinn', 'Rosa', 'Sami', 'Tess', 'Umar', 'Vera', 'Wes', 'Yara', 'Zoltan', 'Aled', 'Bea', 'Cormac', 'Dilys', 'Emeka', 'Freya', 'Gwil', 'Hana', 'Idris', 'Juno', 'Kofi', 'Lena', 'Mateo', 'Nell', 'Oskar'];
const LAST = ['Abbott', 'Baptiste', 'Chen', 'Davies', 'Evans', 'Fischer', 'Garcia', 'Hughes', 'Ito', 'Jensen', 'Khan', 'Lewis', 'Morgan', 'Nowak', 'Owusu', 'Price', 'Quirke', 'Rees', 'Silva', 'Thomas', 'Usman', 'Varga', 'Walsh', 'Xu', 'Young', 'Zielinski', 'Bennett', 'Castillo', 'Doyle', 'Ellis', 'Farah', 'Griffiths', 'Hale', 'Iqbal', 'Jones', 'Kowalski', 'Lindgren', 'Mensah', 'Nash', 'Pryce'];
export const NEIGHBOURHOODS = ['Elm Hollow', 'Millbrook', 'Stonebridge', 'Quarry Bank', 'Ashgrove', 'Canal Side', 'Hilltop', 'Old Town'];
const TIERS = ['Basic', 'Plus', 'Trade'];
const STATUSES = ['Active', 'Active', 'Active', 'Active', 'Paused', 'Lapsed'];

export function seedMembers() {
  const r = rng(1301);
  const rows = [];
  for (let i = 0; i < 240; i++) {
    const id = `M-${1001 + i}`;
    const first = pick(r, FIRST);
    let last = pick(r, LAST);
    const nb = pick(r, NEIGHBOURHOODS);
    const y = 2019 + Math.floor(r() * 8);
    const joined = `${y}-${pad(1 + Math.floor(r() * 12))}-${pad(1 + Math.floor(r() * 28))}`;
    rows.push({
      id, first, last, neighbourhood: nb,
      tier: pick(r, TIERS), joined,
      phone: `07700 9${pad(Math.floor(r() * 100000), 5)}`,
      email: `${first}.${last}${i % 7}@example.org`.toLowerCase(),
      deposit: [20, 40, 60, 100][Math.floor(r() * 4)],
      loansYtd: Math.floor(r() * 18),
      lateReturns: Math.floor(r() * 4),
      volunteerHours: Math.floor(r() * 30),
      status: pick(r, STATUSES),
    });
  }
  // The three Okafors: only one lives in Elm Hollow (the job target).
  const fix = (id, o) => Object.assign(rows.find((x) => x.id === id), o);
  fix('M-1063', { first: 'Chinedu', last: 'Okafor', neighbourhood: 'Millbrook', volunteerHours: 9, status: 'Active' });
  fix('M-1147', { first: 'Adaeze', last: 'Okafor', neighbourhood: 'Elm Hollow', volunteerHours: 6, status: 'Active', email: 'adaeze.okafor@example.org' });
  fix('M-1212', { first: 'Ngozi', last: 'Okafor', neighbourhood: 'Stonebridge', volunteerHours: 3, status: 'Paused' });
  // An Elm Hollow neighbour with a similar-looking surname.
  fix('M-1148', { first: 'Obi', last: 'Okoro', neighbourhood: 'Elm Hollow', volunteerHours: 11 });
  // Make sure nobody else is an Okafor.
  return rows;
}

export const HANDBOOK_HTML = `<h1>Ridgeway Tool Library — Member Handbook</h1>
<p>Welcome to the Ridgeway Tool Library, a member-owned cooperative lending tools to the neighbourhoods of Ridgeway since 2019. This handbook sets out how borrowing works and what we ask of every member.</p>
<h2>Borrowing</h2>
<p>Members in good standing may hold up to 5 tools at once. Standard tools may be borrowed for 14 days and renewed once from the Loans page or at the counter. Power tools are only lent to members who have completed the induction.</p>
<p>Please return tools clean and with all accessories. Batteries should be returned charged where possible.</p>
<h2>Late returns</h2>
<p>A reminder is sent the day before a tool is due. Tools more than 3 days late incur a fee of £1 per day, capped at £15 per tool.</p>
<h2>Deposits</h2>
<p>Basic members pay a £20 deposit, Plus members £40 and Trade members £100. Deposits are refunded within 14 days of a membership being closed, minus any unpaid fees.</p>
<h2>Volunteering</h2>
<p>The library runs on volunteer time. Members who give 10 or more hours a year receive a free Plus upgrade for the following year.</p>`;

export function seedLoans() {
  const r = rng(77);
  const tools = ['Bosch cordless drill', 'DeWalt jigsaw', 'Ryobi hedge trimmer', 'Karcher pressure washer', 'Stanley spirit level 1.2 m', 'Extension ladder 3 m', 'Wallpaper steamer', 'Tile cutter', 'Orbital sander', 'Makita angle grinder', 'Garden fork', 'Lawn aerator', 'Carpet cleaner', 'Stud finder', 'Socket set 94 pc', 'Pipe bender', 'Mitre saw', 'Router 1/4"', 'Plate compactor', 'Log splitter'];
  const people = ['Helen Marsh', 'Tom Adeyemi', 'Sofia Brandt', 'Raj Patel', 'Ciara Flynn', 'Gareth Lloyd', 'Mei Tanaka', 'Olu Bakare', 'Ewa Nowicka', 'Luke Harding', 'Anya Petrova', 'Dan Whitfield', 'Fatima Rahman', 'Iwan Roberts'];
  const loans = [];
  for (let i = 0; i < 26; i++) {
    const d = 11 + Math.floor(r() * 14);
    loans.push({ id: `L-${5300 + i * 3}`, tool: tools[i % tools.length], member: pick(r, people), due: `2027-03-${pad(d)}`, renewed: false });
  }
  loans.splice(7, 0, { id: 'L-5341', tool: 'Makita cordless circular saw', member: 'Priya Natarajan', due: '2027-03-12', renewed: false });
  loans.splice(13, 0, { id: 'L-5344', tool: 'Makita cordless circular saw', member: 'Priya Natterjee', due: '2027-03-15', renewed: false });
  loans.splice(19, 0, { id: 'L-5350', tool: 'Extension ladder 3 m', member: 'Priya Natarajan', due: '2027-03-19', renewed: false });
  loans.splice(3, 0, { id: 'L-5299', tool: 'Makita cordless circular saw', member: 'Dan Whitfield', due: '2027-03-11', renewed: false });
  return loans;
}
export const RENEW_TARGET = 'L-5341';
export function renewalCode(loanId) {
  let h = 2166136261;
  for (const c of `ridgeway:${loanId}`) { h ^= c.charCodeAt(0); h = Math.imul(h, 16777619) >>> 0; }
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let s = '';
  for (let i = 0; i < 6; i++) { s += alphabet[h % alphabet.length]; h = Math.floor(h / alphabet.length) ^ (i * 7919); h >>>= 0; }
  return `RN-${s}`;
}

export const USAGE_MONTHS = ['Mar 2026', 'Apr 2026', 'May 2026', 'Jun 2026', 'Jul 2026', 'Aug 2026', 'Sep 2026', 'Oct 2026', 'Nov 2026', 'Dec 2026', 'Jan 2027', 'Feb 2027'];
export const USAGE_SERIES = ['Hand tools', 'Power tools', 'Garden', 'Kitchen & craft'];
export function seedUsage() {
  const out = {};
  for (const [bi, branch] of ['main', 'riverside'].entries()) {
    const r = rng(500 + bi);
    out[branch] = USAGE_SERIES.map((name, si) => ({
      name,
      data: USAGE_MONTHS.map((_, mi) => {
        const season = si === 2 ? Math.round(30 * Math.sin(((mi + 1) / 12) * Math.PI)) : 0;
        return (bi ? 18 : 34) + si * 5 + season + Math.floor(r() * 20);
      }),
    }));
  }
  // Fixed figures for the job (Garden, Oct 2026)
  out.riverside[2].data[7] = 47;
  out.main[2].data[7] = 63;
  out.riverside[1].data[7] = 29;
  return out;
}

export const BOOKING_EQUIPMENT = ['Soldering station', 'Multimeter', 'Sewing machine', 'Bench vice', 'Pillar drill', '3D printer', 'Bike repair stand', 'Glue gun', 'Oscilloscope', 'Overlocker'];
export const BOOKING_TIMES = ['10:00', '11:30', '13:30', '15:00', '18:30'];
export const FULLY_BOOKED = ['2027-03-18', '2027-03-24', '2027-04-01'];
export const CLOSED_WEEKDAYS = [0, 1, 2]; // Sun, Mon, Tue

export function seedTools() {
  const r = rng(909);
  const names = ['Claw hammer', 'Cordless drill', 'Hedge trimmer', 'Spirit level', 'Pipe wrench', 'Belt sander', 'Circular saw', 'Loppers', 'Wheelbarrow', 'Paint sprayer', 'Sack truck', 'Staple gun', 'Heat gun', 'Jigsaw', 'Step ladder', 'Leaf blower', 'Chisel set', 'Bolt cutters', 'Angle grinder', 'Strimmer'];
  const brands = ['Stanley', 'Makita', 'Ryobi', 'DeWalt', 'Draper', 'Einhell', 'Spear & Jackson', 'Black+Decker', 'Silverline', 'Fiskars'];
  const conds = ['Good', 'Good', 'Fair', 'Worn', 'New'];
  const locs = ['Main Street', 'Riverside shed'];
  const tools = [];
  for (let i = 1; i <= 150; i++) {
    tools.push({ tag: `T-${pad(i, 4)}`, name: `${pick(r, brands)} ${pick(r, names).toLowerCase()}`, condition: pick(r, conds), location: pick(r, locs), added: `${2019 + Math.floor(r() * 8)}-${pad(1 + Math.floor(r() * 12))}-${pad(1 + Math.floor(r() * 28))}` });
  }
  const fix = (tag, o) => Object.assign(tools.find((t) => t.tag === tag), o);
  fix('T-0078', { name: 'Bosch PSB 500 RE hammer drill', condition: 'Good', location: 'Main Street', added: '2022-05-14' });
  fix('T-0087', { name: 'Bosch PSB 500 RE hammer drill', condition: 'Worn', location: 'Riverside shed', added: '2021-09-02' });
  return tools;
}
export const RETIRE_TARGET = 'T-0087';
export const RETIRE_KEEP = 'T-0078';
