// Fixed data of "Quayside Clinic Scheduler" (deterministic: a seeded generator, no Math.random).

export const CLINICS = ['Harbour Street', 'Pier Road', 'Chandlers Wharf', 'Lighthouse Lane'];

function rng(seed) {
  let s = seed;
  const r = () => ((s = (s * 16807) % 2147483647) / 2147483647);
  r.pick = (a) => a[Math.floor(r() * a.length)];
  r.int = (lo, hi) => lo + Math.floor(r() * (hi - lo + 1));
  return r;
}
const pad = (n, w = 2) => String(n).padStart(w, '0');
const iso = (y, m, d) => `${y}-${pad(m)}-${pad(d)}`;

// ------------------------------------------------------------------ 1. patients (data grid)
export const PATIENT_TARGET_ID = 'QC-100469';
export function makePatients() {
  const r = rng(20261205);
  const first = ['Aisha', 'Alan', 'Amelia', 'Bernard', 'Bethan', 'Callum', 'Carys', 'Declan', 'Dorothy', 'Edward', 'Elsie', 'Fergus',
    'Fiona', 'Gareth', 'Grace', 'Harriet', 'Hugo', 'Imran', 'Isla', 'Jack', 'Joan', 'Kofi', 'Lara', 'Leon', 'Maeve', 'Malcolm',
    'Nadia', 'Niall', 'Olive', 'Owen', 'Patrick', 'Poppy', 'Quentin', 'Rhona', 'Rory', 'Sadia', 'Seren', 'Tariq', 'Tessa',
    'Una', 'Vera', 'Walter', 'Wendy', 'Yasmin', 'Zak', 'Bridget', 'Colm', 'Dilys', 'Ewan', 'Frances'];
  const last = ['Abbott', 'Ahmed', 'Barker', 'Bell', 'Brennan', 'Carr', 'Cartwright', 'Chowdhury', 'Costa', 'Davies', 'Duffy',
    'Evans', 'Farrell', 'Fitzgerald', 'Gallagher', 'Griffiths', 'Hughes', 'Iqbal', 'Jenkins', 'Kaur', 'Kelly', 'Lewis', 'Lynch',
    'McBride', 'Morgan', 'Murphy', 'Nolan', 'Novak', 'Owusu', 'Parry', 'Pritchard', 'Quinn', 'Rees', 'Rowlands', 'Shah', 'Sheridan',
    'Thomas', 'Tierney', 'Vaughan', 'Walsh', 'Whelan', 'Williams', 'Wojcik', 'Young'];
  const streets = ['Quay Street', 'Harbour Row', 'Ropewalk', 'Anchor Lane', 'Mariners Way', 'Dock Road', 'Sail Loft Court',
    'Customs House Lane', 'Net Street', 'Tide Mill Close', 'Breakwater Terrace', 'Gull Crescent'];
  const conditions = ['None recorded', 'Hypertension', 'Type 2 diabetes', 'Asthma', 'COPD', 'Atrial fibrillation', 'Hypothyroidism',
    'Osteoarthritis', 'Depression', 'CKD stage 3', 'Hypertension; Type 2 diabetes', 'Asthma; Eczema'];
  const allergies = ['NKDA', 'NKDA', 'NKDA', 'Penicillin', 'Latex', 'Codeine', 'Sulfonamides', 'Peanuts', 'Aspirin'];
  const langs = ['English', 'English', 'English', 'English', 'Welsh', 'Polish', 'Urdu', 'Bengali', 'Portuguese', 'Irish'];
  const gps = ['Dr H. Marsh', 'Dr K. Mensah', 'Dr S. Hollis', 'Dr P. Okonjo', 'Dr L. Varga', 'Dr A. Costa', 'Dr R. Iqbal'];
  const out = [];
  for (let i = 0; i < 300; i++) {
    const y = r.int(1932, 2008), m = r.int(1, 12), d = r.int(1, 28);
    const fn = r.pick(first), sn = r.pick(last);
    out.push({
      id: 'QC-' + (100201 + i),
      surname: sn,
      firstName: fn,
      dob: iso(y, m, d),
      sex: r.pick(['F', 'M']),
      clinic: r.pick(CLINICS),
      nhsNumber: `${r.int(400, 499)} ${r.int(100, 999)} ${r.int(1000, 9999)}`,
      phone: `07${r.int(100, 999)} ${r.int(100000, 999999)}`,
      email: `${fn}.${sn}${r.int(1, 99)}@example.org`.toLowerCase(),
      address: `${r.int(1, 140)} ${r.pick(streets)}`,
      postcode: `QY${r.int(1, 9)} ${r.int(1, 9)}${r.pick(['AB', 'DF', 'HJ', 'LN', 'PR', 'TW'])}`,
      gp: r.pick(gps),
      lastVisit: iso(2026, r.int(1, 11), r.int(1, 28)),
      nextRecall: iso(r.pick([2026, 2027]), r.int(1, 12), r.int(1, 28)),
      conditions: r.pick(conditions),
      allergies: r.pick(allergies),
      medications: r.int(0, 9),
      language: r.pick(langs),
      interpreter: r() < 0.1 ? 'Yes' : 'No',
      carer: r() < 0.15 ? 'Yes' : 'No',
      emergencyContact: `${r.pick(first)} ${r.pick(last)} (${r.pick(['spouse', 'daughter', 'son', 'friend', 'sister', 'brother'])})`,
      consentShare: r() < 0.8 ? 'Yes' : 'No',
      portal: r() < 0.55 ? 'Registered' : 'Not registered',
      emailReminders: r() < 0.5,
      smsReminders: r() < 0.75,
    });
  }
  // look-alikes and the target (same surname, same first name, near-identical dates)
  const put = (idx, o) => Object.assign(out[idx], o);
  put(38, { surname: 'Doyle', firstName: 'Eileen', dob: '1984-09-02', clinic: 'Harbour Street', sex: 'F', smsReminders: true, emailReminders: false });
  put(121, { surname: 'Boyle', firstName: 'Eileen', dob: '1948-09-02', clinic: 'Pier Road', sex: 'F', smsReminders: true, emailReminders: true });
  put(203, { surname: 'Doyle', firstName: 'Aileen', dob: '1948-09-20', clinic: 'Pier Road', sex: 'F', smsReminders: true, emailReminders: true });
  put(268, { surname: 'Doyle', firstName: 'Eileen', dob: '1948-09-02', clinic: 'Pier Road', sex: 'F', smsReminders: true, emailReminders: true,
    language: 'English', interpreter: 'No', conditions: 'Atrial fibrillation', allergies: 'Penicillin' });
  put(287, { surname: 'Doyle-Marsh', firstName: 'Eileen', dob: '1948-02-09', clinic: 'Pier Road', sex: 'F', smsReminders: true, emailReminders: false });
  return out;
}

// ------------------------------------------------------------------ 2. letters (rich text)
export const LETTER_TARGET_ID = 'L-2207';
const para = (t) => `<p>${t}</p>`;
const TOBIAS_HEADER = 'Re: Tobias Wren, born 11/04/1962, QC-100417';
const TOBIAS_BODY = [
  'Dear Dr Okonjo,',
  'Thank you for referring Mr Wren, who attended the Harbour Street respiratory clinic on 24 November 2026 with a persistent dry cough that he reports has troubled him for the past six weeks, together with breathlessness on climbing stairs.',
  'On examination his chest was clear and his oxygen saturation was 97% on room air. His blood pressure was 138/84. Spirometry showed a mild obstructive pattern with good reversibility after salbutamol, in keeping with late-onset asthma.',
  'We have started a low-dose inhaled corticosteroid, to be taken twice daily through a spacer, and continued his salbutamol inhaler as required. He was shown how to use the spacer and given written information about inhaler technique and common triggers.',
  'He is a former smoker (20 pack-years, stopped in 2015) and works as a boat builder, where he is exposed to resin and wood dust. We have advised him to wear a fitted mask at work and to keep a symptom diary.',
  'Before his next appointment, please arrange a fasting blood test through your practice, including lipids and HbA1c, as his last results are more than a year old.',
  'We would like to review in six weeks at the Harbour Street clinic, with repeat spirometry on the same day. If his symptoms worsen before then, or he needs his reliever more than three times a week, he should contact the surgery or call 111.',
  'A copy of this letter has been sent to Mr Wren.',
  'Kind regards,',
  'Dr Helen Marsh',
  'Respiratory Physician, Quayside Clinic Group',
];
export const LETTER_TARGET_INITIAL_HTML = `<p><strong>${TOBIAS_HEADER}</strong></p>` + TOBIAS_BODY.map(para).join('');
export const LETTER_TARGET_EXPECTED_TEXT = [TOBIAS_HEADER, ...TOBIAS_BODY]
  .map((t) => t.replace('review in six weeks', 'review in three months')).join('\n');
export const LETTER_TARGET_EXPECTED_BOLD = [TOBIAS_HEADER, 'fasting blood test'];

export const LETTERS = [
  { id: 'L-2203', type: 'Clinic letter', patient: 'Martha Quill', patientId: 'QC-100233', author: 'Dr K. Mensah', updated: '2026-12-01',
    html: `<p><strong>Re: Martha Quill, born 03/07/1958, QC-100233</strong></p>` + ['Dear Dr Varga,', 'Mrs Quill was seen in the diabetes clinic at Pier Road on 30 November 2026. Her HbA1c has improved to 52 mmol/mol since starting metformin.', 'We will review in six weeks, after her retinal screening.', 'Kind regards,', 'Dr Kwame Mensah'].map(para).join('') },
  { id: 'L-2205', type: 'Referral letter', patient: 'Tobias Wren', patientId: 'QC-100417', author: 'Dr H. Marsh', updated: '2026-11-24',
    html: `<p><strong>${TOBIAS_HEADER}</strong></p>` + ['Dear Physiotherapy team,', 'Please see Mr Wren for breathing-pattern training. He has late-onset asthma and is anxious about breathlessness at work.', 'He would prefer appointments after 16:00. A fasting blood test has been requested separately.', 'Kind regards,', 'Dr Helen Marsh'].map(para).join('') },
  { id: 'L-2207', type: 'Discharge letter', patient: 'Tobias Wren', patientId: 'QC-100417', author: 'Dr H. Marsh', updated: '2026-11-25',
    html: LETTER_TARGET_INITIAL_HTML },
  { id: 'L-2208', type: 'Discharge letter', patient: 'Tobias Wrenn', patientId: 'QC-100452', author: 'Dr L. Varga', updated: '2026-11-27',
    html: `<p><strong>Re: Tobias Wrenn, born 19/10/1971, QC-100452</strong></p>` + ['Dear Dr Costa,', 'Mr Wrenn attended Chandlers Wharf minor injuries on 26 November 2026 with a sprained left ankle. X-ray showed no fracture.', 'We suggest a review in six weeks if he is still unable to bear weight.', 'Kind regards,', 'Dr Laszlo Varga'].map(para).join('') },
  { id: 'L-2210', type: 'Clinic letter', patient: 'Imran Shah', patientId: 'QC-100305', author: 'Dr R. Iqbal', updated: '2026-12-03',
    html: `<p><strong>Re: Imran Shah, born 22/01/1980, QC-100305</strong></p>` + ['Dear Dr Hollis,', 'Mr Shah was reviewed in the hypertension clinic. His home readings average 132/82 on amlodipine 5 mg.', 'No change to treatment; annual review.', 'Kind regards,', 'Dr Rukhsana Iqbal'].map(para).join('') },
];

// ------------------------------------------------------------------ 3. waiting list (toast with a booking reference)
export const WAIT_TARGET_ID = 'WL-5186';
export const WAITLIST = [
  ['WL-5171', 'Dorothy Evans', 'QC-100214', 'Podiatry', 'Harbour Street', 'J. Rowlands', '2026-12-09T09:40', '2026-08-12', 'Routine'],
  ['WL-5174', 'Arjun Mehta', 'QC-100377', 'Dermatology', 'Chandlers Wharf', 'Dr A. Costa', '2026-12-10T11:20', '2026-07-30', 'Routine'],
  ['WL-5175', 'Callum Nolan', 'QC-100290', 'Physiotherapy', 'Pier Road', 'M. Okafor', '2026-12-10T14:00', '2026-09-02', 'Soon'],
  ['WL-5179', 'Arjun Mehra', 'QC-100481', 'Physiotherapy', 'Chandlers Wharf', 'S. Lindqvist', '2026-12-10T11:20', '2026-08-21', 'Routine'],
  ['WL-5180', 'Grace Walsh', 'QC-100333', 'Audiology', 'Lighthouse Lane', 'P. Devlin', '2026-12-11T10:00', '2026-06-18', 'Routine'],
  ['WL-5183', 'Arjun Mehta', 'QC-100377', 'Physiotherapy', 'Harbour Street', 'M. Okafor', '2026-12-14T09:00', '2026-08-05', 'Routine'],
  ['WL-5184', 'Seren Parry', 'QC-100402', 'Dietetics', 'Harbour Street', 'R. Calloway', '2026-12-14T13:30', '2026-09-15', 'Routine'],
  ['WL-5186', 'Arjun Mehta', 'QC-100377', 'Physiotherapy', 'Chandlers Wharf', 'S. Lindqvist', '2026-12-10T11:40', '2026-08-05', 'Routine'],
  ['WL-5188', 'Hugo Tierney', 'QC-100258', 'Podiatry', 'Pier Road', 'J. Rowlands', '2026-12-15T15:10', '2026-09-28', 'Soon'],
  ['WL-5190', 'Nadia Iqbal', 'QC-100366', 'Physiotherapy', 'Chandlers Wharf', 'S. Lindqvist', '2026-12-15T10:20', '2026-10-01', 'Routine'],
  ['WL-5191', 'Rory Kelly', 'QC-100241', 'Dermatology', 'Lighthouse Lane', 'Dr A. Costa', '2026-12-16T09:30', '2026-10-04', 'Urgent'],
  ['WL-5193', 'Arjan Mehta', 'QC-100498', 'Physiotherapy', 'Chandlers Wharf', 'S. Lindqvist', '2026-12-16T11:40', '2026-10-09', 'Routine'],
  ['WL-5195', 'Olive Duffy', 'QC-100312', 'Audiology', 'Harbour Street', 'P. Devlin', '2026-12-17T14:45', '2026-10-12', 'Routine'],
  ['WL-5197', 'Patrick Lynch', 'QC-100429', 'Dietetics', 'Pier Road', 'R. Calloway', '2026-12-18T10:15', '2026-10-20', 'Routine'],
  ['WL-5198', 'Tessa Vaughan', 'QC-100275', 'Physiotherapy', 'Lighthouse Lane', 'M. Okafor', '2026-12-18T16:00', '2026-10-27', 'Soon'],
].map(([id, patient, patientId, service, clinic, clinician, slot, since, priority]) => ({ id, patient, patientId, service, clinic, clinician, slot, since, priority }));

// ------------------------------------------------------------------ 4. lab results import (upload)
export const UPLOAD_NAME = 'lab-results-november.csv';
export const REF_RANGES = {
  'HbA1c': ['mmol/mol', 20, 41], 'Total cholesterol': ['mmol/L', 0, 5], 'Potassium': ['mmol/L', 3.5, 5.3],
  'Sodium': ['mmol/L', 133, 146], 'eGFR': ['mL/min/1.73m2', 60, 200], 'TSH': ['mU/L', 0.27, 4.2],
  'Haemoglobin': ['g/L', 115, 165], 'Ferritin': ['ug/L', 15, 300], 'ALT': ['U/L', 0, 40], 'Vitamin D': ['nmol/L', 50, 200],
};

// ------------------------------------------------------------------ 5. reports (chart, values only in tooltip)
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const DNA = {
  'Harbour Street': [52, 48, 55, 49, 45, 41, 39, 44, 46, 51, 58, 0],
  'Pier Road': [61, 57, 59, 53, 50, 48, 45, 74, 47, 44, 49, 0],
  'Chandlers Wharf': [33, 31, 36, 30, 29, 27, 25, 28, 74, 35, 38, 0],
  'Lighthouse Lane': [22, 25, 21, 24, 19, 18, 20, 23, 26, 22, 27, 0],
};
export const DNA_MONTHS = 11; // Jan..Nov (December not complete)
export const ATTENDED = {
  'Harbour Street': [1412, 1380, 1455, 1398, 1420, 1366, 1290, 1302, 1477, 1502, 1530],
  'Pier Road': [1188, 1152, 1201, 1176, 1169, 1120, 1074, 1098, 1247, 1263, 1282],
  'Chandlers Wharf': [902, 876, 915, 899, 887, 860, 821, 845, 947, 959, 972],
  'Lighthouse Lane': [611, 598, 630, 604, 612, 590, 566, 577, 642, 655, 661],
};
export const CHART_ANSWER = DNA['Pier Road'][8]; // September

// ------------------------------------------------------------------ 6. clinic sessions (date + time picker, multi-select)
export const SESSION_TYPES = ['Diabetes education (group)', 'Diabetes review', 'Asthma education (group)', 'Weight management (group)',
  'Smoking cessation (group)', 'Child immunisation clinic', 'Phlebotomy'];
export const SESSION_STAFF = [
  'Aoife Brennan', 'Aoife Brennen', 'Eva Brennan', 'Kwame Mensah', 'Kwame Mensa', 'Kwabena Mensah', 'Ruth Calloway', 'Ruth Galloway',
  'Ruth Callaway', 'Jordan Pike', 'Helen Marsh', 'Laszlo Varga', 'Ana Costa', 'Rukhsana Iqbal', 'Samuel Hollis', 'Samantha Hollis',
  'Martin Okafor', 'Sara Lindqvist', 'Jon Rowlands', 'Paula Devlin', 'Peter Okonjo', 'Bethan Morgan', 'Gwen Pritchard', 'Niamh Sheridan',
  'Tomasz Wojcik', 'Kofi Owusu', 'Isla McBride', 'Dilys Rees', 'Fergus Whelan', 'Maeve Gallagher', 'Harriet Cartwright', 'Yasmin Shah',
];
export const SESSION_TARGET = {
  clinic: 'Harbour Street', type: 'Diabetes education (group)', date: '2027-03-11', start: '14:30',
  staff: ['Aoife Brennan', 'Kwame Mensah', 'Ruth Calloway'],
};
export const SEEDED_SESSIONS = [
  { id: 'CS-880', clinic: 'Harbour Street', type: 'Diabetes education (group)', date: '2027-02-11', start: '14:30', staff: ['Aoife Brennen', 'Kwame Mensah'], seeded: true },
  { id: 'CS-881', clinic: 'Pier Road', type: 'Asthma education (group)', date: '2027-01-20', start: '10:00', staff: ['Helen Marsh', 'Bethan Morgan'], seeded: true },
  { id: 'CS-882', clinic: 'Harbour Street', type: 'Diabetes review', date: '2027-03-11', start: '09:00', staff: ['Kwame Mensah'], seeded: true },
];

// ------------------------------------------------------------------ 7. staff accounts (filtered list + confirm, register link in a new tab)
export const STAFF_TARGET_ID = 'ST-1042';
export function makeStaff() {
  const r = rng(777);
  const rows = [
    ['ST-1042', 'Dr Samuel Hollis', 'GP', 'Pier Road', 'Locum', 'GMC', '7184420'],
    ['ST-1011', 'Dr Samuel Hollis', 'GP', 'Harbour Street', 'Salaried', 'GMC', '6093317'],
    ['ST-1057', 'Dr Samuel Hollins', 'GP', 'Pier Road', 'Locum', 'GMC', '7302915'],
    ['ST-1049', 'Dr Samantha Hollis', 'GP', 'Pier Road', 'Locum', 'GMC', '7411086'],
    ['ST-1060', 'Dr Sam Hollister', 'GP', 'Chandlers Wharf', 'Locum', 'GMC', '7520043'],
  ];
  const people = [
    ['Dr Helen Marsh', 'Respiratory physician', 'GMC'], ['Dr Kwame Mensah', 'GP', 'GMC'], ['Dr Peter Okonjo', 'GP', 'GMC'],
    ['Dr Laszlo Varga', 'GP', 'GMC'], ['Dr Ana Costa', 'Dermatologist', 'GMC'], ['Dr Rukhsana Iqbal', 'GP', 'GMC'],
    ['Aoife Brennan', 'Practice nurse', 'NMC'], ['Aoife Brennen', 'Healthcare assistant', '—'], ['Eva Brennan', 'Practice nurse', 'NMC'],
    ['Ruth Calloway', 'Dietitian', 'HCPC'], ['Ruth Galloway', 'Receptionist', '—'], ['Martin Okafor', 'Physiotherapist', 'HCPC'],
    ['Sara Lindqvist', 'Physiotherapist', 'HCPC'], ['Jon Rowlands', 'Podiatrist', 'HCPC'], ['Paula Devlin', 'Audiologist', 'HCPC'],
    ['Bethan Morgan', 'Asthma nurse', 'NMC'], ['Gwen Pritchard', 'Receptionist', '—'], ['Niamh Sheridan', 'Practice nurse', 'NMC'],
    ['Tomasz Wojcik', 'Pharmacist', 'GPhC'], ['Kofi Owusu', 'Healthcare assistant', '—'], ['Isla McBride', 'Receptionist', '—'],
    ['Dilys Rees', 'Practice nurse', 'NMC'], ['Fergus Whelan', 'Paramedic', 'HCPC'], ['Maeve Gallagher', 'Receptionist', '—'],
    ['Harriet Cartwright', 'Medical secretary', '—'], ['Yasmin Shah', 'Pharmacist', 'GPhC'], ['Dr Owen Parry', 'GP', 'GMC'],
    ['Dr Lara Sheridan', 'GP', 'GMC'], ['Dr Imran Chowdhury', 'GP', 'GMC'], ['Dr Frances Tierney', 'GP', 'GMC'],
    ['Dr Declan Farrell', 'GP', 'GMC'], ['Dr Una Whelan', 'GP', 'GMC'], ['Carys Jenkins', 'Practice manager', '—'],
    ['Jordan Pike', 'Practice manager', '—'], ['Walter Hughes', 'IT support', '—'], ['Dr Rhona Griffiths', 'GP', 'GMC'],
    ['Dr Tariq Ahmed', 'GP', 'GMC'], ['Dr Vera Novak', 'GP', 'GMC'], ['Dr Hollie Samuels', 'GP', 'GMC'], ['Leon Abbott', 'Receptionist', '—'],
  ];
  people.forEach(([name, role, body], i) => {
    const reg = body === '—' ? '' : (body === 'GMC' ? String(r.int(6000000, 7600000)) : body === 'NMC' ? `${r.int(80, 99)}${r.pick(['A', 'B', 'C', 'I', 'Y'])}${r.int(1000, 9999)}${r.pick(['E', 'W', 'S', 'O'])}` : `${body === 'GPhC' ? '' : 'PH'}${r.int(10000, 99999)}`);
    rows.push(['ST-' + (1101 + i), name, role, r.pick(CLINICS), name.startsWith('Dr') && r() < 0.3 ? 'Locum' : 'Salaried', body, reg]);
  });
  return rows.map(([id, name, role, clinic, contract, body, reg]) => ({
    id, name, role, clinic, contract, body: body === '—' ? '' : body, reg,
    email: name.replace(/^Dr /, '').toLowerCase().replace(/[^a-z]+/g, '.') + '@quayside-clinics.example',
    lastSignIn: `2026-${pad(r.int(9, 11))}-${pad(r.int(1, 28))}`,
  }));
}
export const REGISTER = {
  '7184420': { name: 'Samuel James HOLLIS', gender: 'Male', registeredSince: '2011-06-14', status: 'Registered with a licence to practise',
    licenceUntil: '2027-01-31', revalidation: '2027-02-28', gpRegister: 'On the GP Register from 2015-08-03', qualification: 'MB ChB, University of Bristol, 2010' },
  '6093317': { name: 'Samuel Peter HOLLIS', gender: 'Male', registeredSince: '1998-08-05', status: 'Registered with a licence to practise',
    licenceUntil: '2029-04-30', revalidation: '2028-05-31', gpRegister: 'On the GP Register from 2003-08-06', qualification: 'MB BS, University of London, 1997' },
  '7302915': { name: 'Samuel HOLLINS', gender: 'Male', registeredSince: '2012-08-01', status: 'Registered with a licence to practise',
    licenceUntil: '2027-01-13', revalidation: '2027-03-31', gpRegister: 'On the GP Register from 2017-08-02', qualification: 'MB BCh, Cardiff University, 2011' },
  '7411086': { name: 'Samantha Jane HOLLIS', gender: 'Female', registeredSince: '2013-08-07', status: 'Registered with a licence to practise',
    licenceUntil: '2028-01-31', revalidation: '2027-11-30', gpRegister: 'On the GP Register from 2018-08-01', qualification: 'MB ChB, University of Bristol, 2012' },
  '7520043': { name: 'Samuel Thomas HOLLISTER', gender: 'Male', registeredSince: '2014-08-06', status: 'Registered with a licence to practise',
    licenceUntil: '2027-06-30', revalidation: '2027-06-30', gpRegister: 'On the GP Register from 2019-08-07', qualification: 'MB BS, Newcastle University, 2013' },
};
export const REGISTER_ANSWER = '31 January 2027';
