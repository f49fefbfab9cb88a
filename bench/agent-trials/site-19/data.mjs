// Deterministic seed for the Brackenford City Allotments Office back office.
// "Today" in the app is Wednesday 15 September 2027.

export const TODAY = '2027-09-15';
export const TODAY_LABEL = 'Wednesday 15 September 2027';

function mulberry32(a) {
  return function () {
    a |= 0; a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const SITES = [
  { code: 'MBL', name: 'Millbrook Lane', plots: 60, warden: 'Keith Arnott' },
  { code: 'MKL', name: 'Millbank Lane', plots: 60, warden: 'Sunita Arnott' },
  { code: 'HZR', name: 'Hazel Road', plots: 60, warden: 'Tom Wilde' },
  { code: 'HWR', name: 'Hazelwood Road', plots: 60, warden: 'Bernadette Quinn' },
  { code: 'CDP', name: 'Cinder Path', plots: 60, warden: 'Morris Achebe' },
  { code: 'SAG', name: "St Anne's Glebe", plots: 60, warden: 'Lydia Fenwick' },
];
export const siteName = (code) => SITES.find((s) => s.code === code)?.name || code;

const FIRST = ['Alan', 'Beatrice', 'Callum', 'Deborah', 'Eamon', 'Fatima', 'George', 'Helen', 'Imran', 'Joan', 'Kwame',
  'Lorna', 'Martin', 'Nadia', 'Owen', 'Pauline', 'Rashid', 'Sandra', 'Trevor', 'Una', 'Victor', 'Wendy', 'Yusuf', 'Zoe',
  'Amir', 'Bridget', 'Colin', 'Dilys', 'Emeka', 'Frances', 'Gareth', 'Hui', 'Irene', 'Jamal', 'Kath', 'Leon', 'Maureen',
  'Neil', 'Olga', 'Piotr', 'Rosa', 'Stan', 'Tariq', 'Valerie', 'Wojciech', 'Agnes', 'Barry', 'Chloe', 'Derek', 'Eileen'];
const LAST = ['Abbott', 'Bhatt', 'Carver', 'Dunmore', 'Ellery', 'Fairbairn', 'Gill', 'Hartley', 'Iqbal', 'Jenkins', 'Kowalski',
  'Lomax', 'McBride', 'Nuttall', 'Osei', 'Pickering', 'Quigley', 'Rahman', 'Sutcliffe', 'Thorne', 'Underwood', 'Varga',
  'Whitlock', 'Yates', 'Adeyemi', 'Boothroyd', 'Crowther', 'Dhillon', 'Entwistle', 'Fox', 'Greenhalgh', 'Hussain',
  'Ingham', 'Jowett', 'Kaur', 'Lindqvist', 'Mahmood', 'Naylor', 'Ormerod', 'Pollard', 'Rennie', 'Stainton', 'Tranter',
  'Wadsworth', 'Bancroft', 'Clegg', 'Dawes', 'Haigh', 'Lund', 'Mistry'];

const pad = (n, w = 2) => String(n).padStart(w, '0');
const iso = (d) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const addDays = (isoDate, n) => { const d = new Date(isoDate + 'T00:00:00Z'); d.setUTCDate(d.getUTCDate() + n); return iso(d); };

const SIZES = [
  { size: 'Full plot', area: 250, rent: 96 },
  { size: 'Half plot', area: 125, rent: 52 },
  { size: 'Quarter plot', area: 60, rent: 30 },
  { size: 'Raised bed', area: 12, rent: 18 },
];
export const RENT_STATUSES = ['Paid', 'Due', 'Part-paid', 'Overdue', 'Waived'];
const WATER = ['Trough', 'Standpipe', 'Trough', 'None'];
const GRADES = ['A', 'B', 'B', 'C', 'A', 'D'];

function makeTenancies(rnd) {
  const rows = [];
  let fob = 30000;
  for (const site of SITES) {
    for (let n = 1; n <= site.plots; n++) {
      const first = FIRST[Math.floor(rnd() * FIRST.length)];
      const last = LAST[Math.floor(rnd() * LAST.length)];
      const sz = SIZES[Math.floor(rnd() * rnd() * SIZES.length)];
      const startYear = 2009 + Math.floor(rnd() * 18);
      const start = `${startYear}-${pad(1 + Math.floor(rnd() * 12))}-${pad(1 + Math.floor(rnd() * 28))}`;
      const concession = rnd() < 0.22;
      const rent = concession ? Math.round(sz.rent * 0.5) : sz.rent;
      const status = RENT_STATUSES[Math.floor(rnd() * 4)];
      const insp = addDays(TODAY, -Math.floor(20 + rnd() * 300));
      fob += 1 + Math.floor(rnd() * 17);
      const phone = `07${700 + Math.floor(rnd() * 299)} ${pad(Math.floor(rnd() * 1000000), 6)}`;
      rows.push({
        id: `${site.code}-${pad(n)}`,
        plot: `${site.code}-${pad(n)}`,
        site: site.name,
        firstName: first,
        surname: last,
        size: sz.size,
        area: sz.area,
        shed: rnd() < 0.55 ? 'Yes' : 'No',
        greenhouse: rnd() < 0.25 ? 'Yes' : 'No',
        water: WATER[Math.floor(rnd() * WATER.length)],
        start,
        rent,
        concession: concession ? 'Yes' : 'No',
        rentStatus: status,
        lastInspection: insp,
        grade: GRADES[Math.floor(rnd() * GRADES.length)],
        phone,
        email: `${first}.${last}${Math.floor(rnd() * 90 + 10)}@example.org`.toLowerCase(),
        keyFob: `F-${fob}`,
        notes: rnd() < 0.2 ? ['Prefers post', 'Shares with neighbour', 'Bee hives (registered)', 'Key lost 2026', 'Committee member'][Math.floor(rnd() * 5)] : '',
      });
    }
  }
  const set = (id, patch) => Object.assign(rows.find((r) => r.id === id), patch);
  // The Okafors: only these four rows carry the surname.
  set('MKL-23', { firstName: 'Grace', surname: 'Okafor', size: 'Half plot', area: 125, rent: 52, concession: 'No', shed: 'Yes', rentStatus: 'Due', water: 'Standpipe', phone: '07731 440918', email: 'grace.okafor@example.org', keyFob: 'F-31472', notes: '', start: '2019-04-06' });
  set('MKL-08', { firstName: 'Grace', surname: 'Okafor', size: 'Full plot', area: 250, rent: 96, concession: 'No', shed: 'No', rentStatus: 'Due', water: 'Trough', phone: '07958 112604', email: 'g.okafor@example.org', keyFob: 'F-30155', notes: '', start: '2022-10-01' });
  set('MBL-23', { firstName: 'Grace', surname: 'Okafor', size: 'Half plot', area: 125, rent: 52, concession: 'No', shed: 'Yes', rentStatus: 'Due', water: 'Standpipe', phone: '07731 404918', email: 'okafor.grace@example.org', keyFob: 'F-30427', notes: '', start: '2018-03-17' });
  set('MKL-41', { firstName: 'Samuel', surname: 'Okafor', size: 'Half plot', area: 125, rent: 52, concession: 'No', shed: 'Yes', rentStatus: 'Overdue', water: 'Trough', phone: '07812 903311', email: 'sam.okafor@example.org', keyFob: 'F-31930', notes: '', start: '2015-07-12' });
  return rows;
}

export const NOTICE_HTML = `<h2>Winter notice to tenants, 2027</h2>
<p>Dear tenants, as the season turns please read the following rules, which apply from Monday 1 November 2027 until the end of February.</p>
<p>The troughs at all sites will be drained on Monday 1 November 2027. Please do not refill them.</p>
<p>Bonfires are permitted at Millbrook Lane only on the first Sunday of each month.</p>
<p>Bonfires are permitted at Millbank Lane only on the first Sunday of each month.</p>
<p>Bonfires are permitted at Hazel Road only on the first Saturday of each month.</p>
<p>Bonfires are not permitted at Hazelwood Road at any time.</p>
<p>Bonfires are permitted at Cinder Path only on the first Sunday of each month, between 10am and 2pm.</p>
<p>Skips will be delivered to St Anne's Glebe and Millbank Lane in the second week of November.</p>
<p>If you know somebody who would like a plot, they can join the waiting list at the office.</p>
<p>With thanks, the Allotments Office</p>`;

function makeInspections() {
  const c = (id, plot, tenant, due, column) => ({ id, plot, site: siteName(plot.slice(0, 3)), tenant, due, column });
  return [
    c('INS-301', 'HZR-07', 'Priya Shah', '2027-09-15', 'scheduled'),
    c('INS-302', 'HWR-07', 'Priya Shah', '2027-09-15', 'scheduled'),
    c('INS-303', 'HZR-19', 'Priya Shaw', '2027-09-15', 'scheduled'),
    c('INS-304', 'MBL-12', 'Kwame Osei', '2027-09-16', 'scheduled'),
    c('INS-305', 'MKL-12', 'Kwame Osei', '2027-09-16', 'scheduled'),
    c('INS-306', 'CDP-33', 'Lorna Haigh', '2027-09-16', 'scheduled'),
    c('INS-307', 'SAG-04', 'Piotr Kowalski', '2027-09-17', 'scheduled'),
    c('INS-308', 'HWR-21', 'Priya Sharma', '2027-09-17', 'scheduled'),
    c('INS-309', 'MBL-40', 'Eileen Thorne', '2027-09-20', 'scheduled'),
    c('INS-290', 'HZR-02', 'Martin Clegg', '2027-09-08', 'passed'),
    c('INS-291', 'CDP-15', 'Joan Ellery', '2027-09-08', 'passed'),
    c('INS-292', 'MKL-30', 'Rashid Mahmood', '2027-09-09', 'passed'),
    c('INS-293', 'SAG-18', 'Zoe Lund', '2027-09-10', 'passed'),
    c('INS-294', 'HZR-44', 'Priya Shah', '2027-09-10', 'passed'),
    c('INS-295', 'MBL-07', 'Owen Pickering', '2027-09-13', 'needs-work'),
    c('INS-296', 'HWR-52', 'Dilys Jowett', '2027-09-13', 'needs-work'),
    c('INS-297', 'MKL-55', 'Trevor Naylor', '2027-09-14', 'needs-work'),
    c('INS-288', 'CDP-41', 'Barry Stainton', '2027-09-01', 'notice'),
    c('INS-289', 'SAG-27', 'Rosa Varga', '2027-09-02', 'notice'),
  ];
}

function makeWaitingList(rnd) {
  const list = [];
  const siteNames = SITES.map((s) => s.name);
  const prefs = ['Full plot', 'Half plot', 'Quarter plot', 'Any'];
  for (let i = 0; i < 128; i++) {
    const first = FIRST[Math.floor(rnd() * FIRST.length)];
    const last = LAST[Math.floor(rnd() * LAST.length)];
    list.push({
      first, last,
      postcode: `BF${1 + Math.floor(rnd() * 8)} ${1 + Math.floor(rnd() * 9)}${'ABDEFGHJLNPQRSTUWXY'[Math.floor(rnd() * 19)]}${'ABDEFGHJLNPQRSTUWXY'[Math.floor(rnd() * 19)]}`,
      site: siteNames[Math.floor(rnd() * siteNames.length)],
      pref: prefs[Math.floor(rnd() * prefs.length)],
      phone: `07${700 + Math.floor(rnd() * 299)} ${pad(Math.floor(rnd() * 1000000), 6)}`,
    });
  }
  const special = [
    ['Ruth', 'Marsh', 'BF2 4HD', 'Hazel Road', 'Half plot'],
    ['Oliver', 'Marshfield', 'BF5 1TR', 'Millbank Lane', 'Any'],
    ['Daniel', 'Marsh', 'BF3 9QJ', 'Millbrook Lane', 'Half plot'],
    ['Ella', 'Marsham', 'BF1 6PL', 'Cinder Path', 'Quarter plot'],
    ['Danielle', 'Marsh', 'BF3 9QJ', 'Millbank Lane', 'Half plot'],
    ['Ben', 'Marshall', 'BF6 2AW', 'Hazelwood Road', 'Full plot'],
    ['Daniel', 'Marshall', 'BF3 8QJ', 'Millbank Lane', 'Half plot'],
    ['Ivy', 'Marsh', 'BF4 3EE', "St Anne's Glebe", 'Any'],
    ['Tom', 'Marsh', 'BF7 5NB', 'Millbank Lane', 'Full plot'],
    ['Daniel', 'Marsh', 'BF2 7LS', 'Hazel Road', 'Half plot'],
    ['Priya', 'Marsh', 'BF8 1DY', 'Millbrook Lane', 'Quarter plot'],
    ['Daniel', 'Marsh', 'BF3 9QJ', 'Millbank Lane', 'Half plot'],
    ['Hannah', 'Price', 'BF4 2LT', 'Hazelwood Road', 'Half plot'],
    ['Hannah', 'Price', 'BF4 7LT', 'Hazel Road', 'Half plot'],
    ['Hanna', 'Price', 'BF4 2LT', 'Hazelwood Road', 'Any'],
    ['Hannah', 'Pryce', 'BF4 2TL', 'Hazelwood Road', 'Half plot'],
  ];
  // interleave the special entries so most of them land late in the list
  special.forEach((s, k) => {
    const at = 40 + k * 6;
    list.splice(at, 0, { first: s[0], last: s[1], postcode: s[2], site: s[3], pref: s[4], phone: `07${812 + k} ${pad(310400 + k * 7719, 6)}` });
  });
  let day = 0;
  return list.map((e, i) => {
    day += 3 + Math.floor(rnd() * 6);
    const joined = addDays('2024-01-08', day);
    return { id: `WL-${1001 + i}`, name: `${e.first} ${e.last}`, postcode: e.postcode, site: e.site, preference: e.pref, phone: e.phone, joined };
  });
}

function makeWater(rnd) {
  const months = [];
  for (let k = 0; k < 12; k++) { const d = new Date(Date.UTC(2026, 9 + k, 1)); months.push(`${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`); }
  const out = {};
  for (const s of SITES) {
    out[s.code] = months.map((m, k) => {
      const season = Math.max(0.15, Math.sin(((k - 3) / 12) * Math.PI * 2) * 0.5 + 0.55);
      const troughs = Math.round((18 + 60 * season + rnd() * 9) * 10) / 10;
      const standpipes = Math.round((10 + 38 * season + rnd() * 7) * 10) / 10;
      const mains = Math.round((troughs + standpipes + 4 + rnd() * 6) * 10) / 10;
      return { month: m, troughs, standpipes, mains };
    });
  }
  return out;
}

export const SOIL_HISTORY = [
  { id: 'ST-118', file: 'soil-samples-hazel-road-plot-02.csv', uploaded: '2027-08-30', samples: 10, ph: '6.71', nitrate: '28.4', advice: 'No lime needed' },
  { id: 'ST-119', file: 'soil-samples-millbank-lane-plot-30.csv', uploaded: '2027-09-06', samples: 12, ph: '5.62', nitrate: '19.9', advice: 'Apply garden lime, 200 g/m²' },
];

export const CLOSED_DAYS = [
  { date: '2027-09-27', reason: 'Staff training day' },
  { date: '2027-09-28', reason: 'Annual audit' },
  { date: '2027-10-11', reason: 'Water main works' },
  { date: '2027-10-25', reason: 'Office move' },
];

function makeViewings() {
  return [
    { ref: 'VW-27-0407', applicantId: 'WL-1012', applicant: '', site: 'Cinder Path', date: '2027-09-16', time: '11:00', note: 'Wants a raised bed' },
    { ref: 'VW-27-0408', applicantId: 'WL-1020', applicant: '', site: 'Millbrook Lane', date: '2027-09-17', time: '14:30', note: '' },
    { ref: 'VW-27-0409', applicantId: 'WL-1031', applicant: '', site: 'Hazel Road', date: '2027-09-21', time: '10:00', note: 'Bringing partner' },
    { ref: 'VW-27-0410', applicantId: 'WL-1035', applicant: '', site: "St Anne's Glebe", date: '2027-09-22', time: '09:30', note: '' },
    { ref: 'VW-27-0411', applicantId: 'WL-1044', applicant: '', site: 'Hazelwood Road', date: '2027-09-23', time: '15:00', note: 'Needs step-free access' },
  ];
}

export function createSeed() {
  const rnd = mulberry32(19027);
  const tenancies = makeTenancies(rnd);
  const waitingList = makeWaitingList(rnd);
  const water = makeWater(rnd);
  const viewings = makeViewings().map((v) => ({ ...v, applicant: waitingList.find((w) => w.id === v.applicantId).name }));
  return {
    tenancies,
    notice: { title: 'Winter notice to tenants, 2027', html: NOTICE_HTML, updated: '2027-09-02 16:40', updatedBy: 'Sunita Arnott' },
    inspections: makeInspections(),
    waitingList,
    water,
    viewings,
    nextViewing: 412,
    soilReports: SOIL_HISTORY.map((s) => ({ ...s })),
    nextSoil: 120,
  };
}

// Facts the verifier uses.
export const TARGETS = {
  tenancy: { id: 'MKL-23', rentStatus: 'Waived', notes: 'Hardship fund 2027', keyFob: 'F-31472' },
  inspection: { id: 'INS-301', column: 'passed' },
  soil: { file: 'soil-samples-cinder-path-plot-21.csv' },
  water: { site: 'HWR', month: '2027-03', series: 'standpipes' },
  noticeLink: 'https://www.brackenford.gov.uk/allotments/waiting-list',
  viewing: { name: 'Hannah Price', postcode: 'BF4 2LT', site: 'Hazelwood Road', date: '2027-09-29', time: '10:30', note: 'Prefers a half plot near the main gate.', ref: 'VW-27-0412' },
  waiting: { name: 'Daniel Marsh', postcode: 'BF3 9QJ', site: 'Millbank Lane' },
};
