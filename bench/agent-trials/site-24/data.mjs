// Deterministic seed data for the Harbourline Removals back office.
// Everything here is invented. `seed()` returns a fresh deep copy every call.

export const TODAY = '2026-04-08'; // Wednesday

function mulberry32(a) {
  return function () {
    a |= 0; a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shortHash(str, len = 4) {
  // FNV-1a, rendered in an unambiguous alphabet
  let h = 0x811c9dc5;
  for (let i = 0; i < str.length; i++) { h ^= str.charCodeAt(i); h = Math.imul(h, 0x01000193) >>> 0; }
  const abc = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let out = '';
  for (let i = 0; i < len; i++) { out += abc[h % abc.length]; h = (Math.floor(h / abc.length) ^ Math.imul(h, 2654435761)) >>> 0; }
  return out;
}

export const TOWNS = ['Ashby Parva', 'Brackenford', 'Coldharbour Mill', 'Dunmere', 'Eastwick Green', 'Fennick', 'Galloway Cross',
  'Hollin Bank', 'Kettleby', 'Larkhill Ford', 'Marston Vale', 'Northcote', 'Oakhanger', 'Pellingham', 'Quarry Bank',
  'Rushmere', 'Stanbridge', 'Thornbury Heath', 'Upton Lacey', 'Wrexley'];

const SURNAMES = ['Abernethy', 'Bellamy', 'Carrow', 'Delacroix', 'Eastham', 'Fairweather', 'Gallagher', 'Hartigan', 'Ibbotson',
  'Jessop', 'Kowalczyk', 'Lindqvist', 'Mabry', 'Nakamura', 'Ormerod', 'Penhaligon', 'Quennell', 'Rasmussen', 'Szabo',
  'Trelawney', 'Underwood', 'Varga', 'Whitlock', 'Yardley', 'Zielinski', 'Achterberg', 'Brannigan', 'Coutinho', 'Dimitriou',
  'Esterhuizen', 'Ferreira', 'Grimshaw', 'Hallworth', 'Iqbal', 'Jankowski', 'Kavanagh', 'Lombardi', 'Moreau', 'Nwosu',
  'Oduya', 'Pettigrew', 'Quayle', 'Rowntree', 'Sørensen', 'Thackeray', 'Ubaldi', 'Vasquez', 'Winterbottom'];

const FIRST = ['Aisha', 'Bartholomew', 'Cerys', 'Declan', 'Elodie', 'Finlay', 'Gwen', 'Hamish', 'Imogen', 'Jasper', 'Keziah',
  'Lorcan', 'Maud', 'Niamh', 'Orson', 'Priya', 'Quentin', 'Rosalind', 'Soren', 'Tamsin', 'Ulrich', 'Verity', 'Wilf', 'Yusuf',
  'Zara', 'Anouk', 'Bram', 'Clemency', 'Dov', 'Esme', 'Fergus', 'Greer', 'Hugo', 'Ines', 'Joss', 'Kit', 'Leontine', 'Magnus'];

export const CREWS = ['Unassigned', 'Kestrel', 'Heron', 'Osprey', 'Wren', 'Merlin', 'Curlew'];
const VEHICLES = ['Luton 1', 'Luton 2', 'Luton 3', '7.5t Atlas', '7.5t Titan', '18t Goliath'];
const STATUSES = ['Enquiry', 'Surveyed', 'Quoted', 'Booked', 'Deposit paid'];
const PACKING = ['None', 'Fragile only', 'Full pack', 'Full pack + unpack'];
const SURVEYORS = ['R. Tindall', 'P. Okafor', 'M. Hendry', 'S. Varley', 'J. Aldous'];

function isoAdd(iso, days) {
  const d = new Date(iso + 'T00:00:00Z');
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function buildMoves() {
  const rnd = mulberry32(240401);
  const pick = (arr) => arr[Math.floor(rnd() * arr.length)];
  const rows = [];
  for (let i = 0; i < 320; i++) {
    let surname = pick(SURNAMES);
    let fromTown = pick(TOWNS);
    let toTown = pick(TOWNS);
    while (toTown === fromTown || (fromTown === 'Brackenford' && toTown === 'Dunmere')) toTown = pick(TOWNS);
    let moveDate = isoAdd(TODAY, 1 + Math.floor(rnd() * 80));
    if (moveDate === '2026-04-10') moveDate = '2026-04-13';
    const bedrooms = 1 + Math.floor(rnd() * 5);
    const volume = Math.round((bedrooms * 9 + rnd() * 12) * 10) / 10;
    const quote = Math.round((volume * 38 + 250 + rnd() * 400) / 5) * 5;
    const deposit = Math.round(quote * 0.2 / 5) * 5;
    const status = pick(STATUSES);
    rows.push({
      ref: `MV-${24001 + i}`,
      surname,
      firstName: pick(FIRST),
      fromTown,
      toTown,
      moveDate,
      crew: status === 'Enquiry' ? 'Unassigned' : pick(CREWS),
      vehicle: volume > 40 ? '18t Goliath' : volume > 25 ? pick(['7.5t Atlas', '7.5t Titan']) : pick(['Luton 1', 'Luton 2', 'Luton 3']),
      status,
      bedrooms,
      volume,
      floorsFrom: Math.floor(rnd() * 4),
      liftAtDest: rnd() < 0.3 ? 'Yes' : 'No',
      piano: rnd() < 0.12 ? (rnd() < 0.5 ? 'Upright' : 'Baby grand') : 'No',
      packing: pick(PACKING),
      storageWeeks: rnd() < 0.25 ? 1 + Math.floor(rnd() * 12) : 0,
      accessNotes: rnd() < 0.35 ? pick(['Permit parking only', 'Shared driveway', 'Gravel track, no HGV', 'Steep steps to door',
        'Ring ahead - dog on site', 'Key with neighbour at no. 4', 'Loading bay behind shop']) : '',
      surveyor: pick(SURVEYORS),
      quote,
      deposit: status === 'Deposit paid' || status === 'Booked' ? deposit : 0,
      balance: 0,
      phone: `07${700 + Math.floor(rnd() * 299)} ${String(100000 + Math.floor(rnd() * 899999))}`,
      insuranceCert: `HRL-${String(30000 + Math.floor(rnd() * 69999))}-${'ABCDEFGHJKLMNPQRSTUVWXYZ'[Math.floor(rnd() * 24)]}`,
    });
    // keep the planted surname unique to the planted rows
    if (rows[i].surname === 'Okonkwo' || rows[i].surname === 'Okoye') rows[i].surname = 'Ormerod';
  }
  const plant = (ref, patch) => Object.assign(rows.find((r) => r.ref === ref), patch);
  // the target and its look-alikes
  plant('MV-24213', { surname: 'Okonkwo', firstName: 'Chidi', fromTown: 'Brackenford', toTown: 'Dunmere', moveDate: '2026-05-14',
    crew: 'Osprey', status: 'Booked', accessNotes: 'Parking bay suspended 08:00-12:00', insuranceCert: 'HRL-77314-K', volume: 27.5, bedrooms: 3 });
  plant('MV-24057', { surname: 'Okonkwo', firstName: 'Adaeze', fromTown: 'Brackenford', toTown: 'Fennick', moveDate: '2026-05-14',
    crew: 'Heron', status: 'Booked', insuranceCert: 'HRL-71374-K' });
  plant('MV-24144', { surname: 'Okonkwo', firstName: 'Chidi', fromTown: 'Hollin Bank', toTown: 'Dunmere', moveDate: '2026-05-21',
    crew: 'Wren', status: 'Quoted', insuranceCert: 'HRL-77341-R' });
  plant('MV-24288', { surname: 'Okonkwo', firstName: 'Ngozi', fromTown: 'Dunmere', toTown: 'Brackenford', moveDate: '2026-06-02',
    crew: 'Osprey', status: 'Booked', insuranceCert: 'HRL-73714-K' });
  plant('MV-24251', { surname: 'Okoye', firstName: 'Chidi', fromTown: 'Brackenford', toTown: 'Dunmere', moveDate: '2026-05-14',
    crew: 'Merlin', status: 'Booked', insuranceCert: 'HRL-77134-H' });
  plant('MV-24190', { surname: 'Pettigrew', firstName: 'Maud', fromTown: 'Brackenford', toTown: 'Dunmere', moveDate: '2026-05-19',
    crew: 'Kestrel', status: 'Deposit paid', insuranceCert: 'HRL-47713-K' });
  // the upload job's move and its look-alike
  plant('MV-24187', { surname: 'Lindqvist', firstName: 'Esme', fromTown: 'Oakhanger', toTown: 'Stanbridge', moveDate: '2026-05-06', status: 'Surveyed' });
  plant('MV-24178', { surname: 'Lindqvist', firstName: 'Soren', fromTown: 'Oakhanger', toTown: 'Wrexley', moveDate: '2026-05-08', status: 'Surveyed' });
  for (const r of rows) r.balance = r.quote - r.deposit;
  return rows;
}

export const MOVE_COLUMNS = [
  ['ref', 'Job ref'], ['surname', 'Surname'], ['firstName', 'First name'], ['fromTown', 'From'], ['toTown', 'To'],
  ['moveDate', 'Move date'], ['crew', 'Crew'], ['vehicle', 'Vehicle'], ['status', 'Status'], ['bedrooms', 'Bedrooms'],
  ['volume', 'Volume (m³)'], ['floorsFrom', 'Floor (origin)'], ['liftAtDest', 'Lift at destination'], ['piano', 'Piano'],
  ['packing', 'Packing'], ['storageWeeks', 'Storage (weeks)'], ['accessNotes', 'Access notes'], ['surveyor', 'Surveyor'],
  ['quote', 'Quote (£)'], ['deposit', 'Deposit (£)'], ['balance', 'Balance (£)'], ['phone', 'Phone'], ['insuranceCert', 'Insurance certificate'],
];

// ---------- letters (mobiledoc 0.3.2) ----------
function md(sections) {
  return {
    version: '0.3.2', atoms: [], cards: [], markups: [],
    sections: sections.map(([tag, text]) => [1, tag, [[0, [], 0, text]]]),
  };
}

export const GUIDE_SECTIONS = [
  ['h2', 'Before moving day'],
  ['p', 'Thank you for choosing Harbourline Removals. This guide explains what happens before, during and after your move.'],
  ['p', 'Please defrost your freezer and disconnect your washing machine before the crew arrives.'],
  ['p', 'Pack fragile items in double-walled cartons and label every box with the room it is going to.'],
  ['h2', 'On moving day'],
  ['p', 'For local moves, the crew arrives between 8 am and 10 am.'],
  ['p', 'For long-distance moves, the crew arrives between 7 am and 9 am.'],
  ['p', 'Our crew will wrap any fragile items you have not packed yourself.'],
  ['h2', 'Storage collections'],
  ['p', 'For storage collections, the crew arrives between 7 am and 9 am.'],
  ['p', 'Items going into storage must be packed the evening before collection.'],
  ['h2', 'After the move'],
  ['p', 'If anything is damaged, please complete our damage claim form within 14 days of your move.'],
  ['p', 'Our office is open Monday to Friday, 8 am to 6 pm.'],
];

function buildLetters() {
  return [
    { id: 'moving-day-guide', title: 'Moving day guide', audience: 'Sent with every booking confirmation', updatedAt: '2026-03-02T10:14:00Z', updatedBy: 'R. Tindall', mobiledoc: md(GUIDE_SECTIONS) },
    { id: 'quote-cover-letter', title: 'Quote cover letter', audience: 'Sent with every written quote', updatedAt: '2026-02-11T15:40:00Z', updatedBy: 'S. Varley', mobiledoc: md([
      ['h2', 'Your quotation'],
      ['p', 'Thank you for inviting us to survey your home. Your quotation is enclosed.'],
      ['p', 'The price includes loading, transport, unloading and placing furniture in the rooms you choose.'],
      ['p', 'To confirm your move date, please pay the 20% deposit within 7 days.'],
      ['h2', 'What is not included'],
      ['p', 'Disconnecting appliances, dismantling fitted furniture and parking permits are not included unless listed.'],
    ]) },
    { id: 'storage-terms', title: 'Storage terms summary', audience: 'Sent to storage customers', updatedAt: '2026-01-20T09:05:00Z', updatedBy: 'M. Hendry', mobiledoc: md([
      ['h2', 'Storage at our Northcote depot'],
      ['p', 'Your goods are stored in sealed wooden containers in our alarmed depot.'],
      ['p', 'Storage is charged every four weeks in advance.'],
      ['p', 'Please give us five working days notice before redelivery.'],
    ]) },
  ];
}

// ---------- dispatch board ----------
export const DISPATCH_DATE = '2026-04-10';
export const DISPATCH_COLUMNS = [
  { id: 'unassigned', title: 'Unassigned' },
  { id: 'kestrel', title: 'Crew Kestrel' },
  { id: 'heron', title: 'Crew Heron' },
  { id: 'osprey', title: 'Crew Osprey' },
  { id: 'wren', title: 'Crew Wren' },
];

function buildDispatch() {
  const c = (ref, surname, from, to, volume, column, start) => ({ ref, surname, from, to, volume, column, start });
  return [
    c('MV-23941', 'Brannigan', 'Northcote', 'Fennick', 22, 'unassigned', '08:00'),
    c('MV-23962', 'Achterberg', 'Pellingham', 'Rushmere', 18, 'unassigned', '08:30'),
    c('MV-23948', 'Sørensen', 'Kettleby', 'Oakhanger', 9, 'unassigned', '09:00'),
    c('MV-23977', 'Achterberg', 'Pellingham', 'Rushmere', 13, 'unassigned', '10:00'),
    c('MV-23955', 'Dimitriou', 'Larkhill Ford', 'Upton Lacey', 31, 'unassigned', '13:00'),
    c('MV-23930', 'Hallworth', 'Rushmere', 'Marston Vale', 26, 'kestrel', '08:00'),
    c('MV-23951', 'Quayle', 'Wrexley', 'Ashby Parva', 12, 'kestrel', '14:00'),
    c('MV-23937', 'Ferreira', 'Eastwick Green', 'Dunmere', 24, 'heron', '08:00'),
    c('MV-23969', 'Achterberg-Lowe', 'Pellingham', 'Rushmere', 18, 'heron', '13:30'),
    c('MV-23944', 'Achterberg', 'Pellingham', 'Kettleby', 18, 'osprey', '08:00'),
    c('MV-23958', 'Grimshaw', 'Thornbury Heath', 'Galloway Cross', 15, 'osprey', '13:00'),
    c('MV-23933', 'Nwosu', 'Stanbridge', 'Coldharbour Mill', 35, 'wren', '07:30'),
    c('MV-23972', 'Achterberg', 'Rushmere', 'Pellingham', 18, 'wren', '14:00'),
  ];
}

export function dispatchReference(ref, column) {
  return `DN-${shortHash(`${ref}|${column}|2026-04-10`, 5)}`;
}

// ---------- fleet mileage ----------
export const FLEET_WEEKS = ['2026-01-12', '2026-01-19', '2026-01-26', '2026-02-02', '2026-02-09', '2026-02-16', '2026-02-23',
  '2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30'];
export const FLEET_SERIES = [
  { vehicle: 'Luton 1', miles: [512, 488, 530, 547, 501, 566, 590, 541, 603, 588, 617, 574] },
  { vehicle: 'Luton 2', miles: [455, 472, 498, 463, 520, 534, 509, 577, 612, 678, 640, 598] },
  { vehicle: 'Luton 3', miles: [430, 461, 447, 495, 482, 519, 551, 538, 668, 687, 702, 655] },
  { vehicle: '7.5t Atlas', miles: [612, 640, 598, 655, 671, 630, 688, 702, 694, 721, 690, 733] },
  { vehicle: '7.5t Titan', miles: [380, 402, 415, 398, 441, 456, 437, 470, 489, 468, 501, 479] },
];

// ---------- survey booking ----------
export const SURVEY_CLOSED = [
  { date: '2026-04-10', reason: 'Fully booked' },
  { date: '2026-04-16', reason: 'Fully booked' },
  { date: '2026-04-20', reason: 'Office closed - staff training' },
  { date: '2026-04-21', reason: 'Fully booked' },
  { date: '2026-04-29', reason: 'Fully booked' },
  { date: '2026-05-04', reason: 'Bank holiday' },
  { date: '2026-05-12', reason: 'Fully booked' },
  { date: '2026-05-25', reason: 'Bank holiday' },
];
export const SURVEY_EARLIEST = '2026-04-09'; // surveys need one day's notice
export const SURVEY_LATEST = '2026-06-30';
export const SURVEY_SLOTS = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '13:30', '14:00', '14:30', '15:00', '15:30'];

export function surveyReference(customerId, date, time) {
  return `SV-${shortHash(`${customerId}|${date}|${time}`, 5)}`;
}

function buildCustomers() {
  const rnd = mulberry32(88120);
  const pick = (arr) => arr[Math.floor(rnd() * arr.length)];
  const list = [];
  const used = new Set();
  let n = 1101;
  while (list.length < 66) {
    const name = `${pick(FIRST)} ${pick(SURNAMES)}`;
    if (used.has(name)) continue;
    used.add(name);
    list.push({ id: `C-${n++}`, name, town: pick(TOWNS) });
  }
  const plant = (idx, name, town) => { list[idx].name = name; list[idx].town = town; };
  plant(20, 'Marguerite Oyelaran', 'Kettleby');
  plant(44, 'Marguerite Oyelaran-Fitch', 'Rushmere');
  plant(31, 'Margaret Oyelaran-Fitch', 'Rushmere');
  plant(57, 'Marguerite Oyelade', 'Rushmere');
  return list.sort((a, b) => a.name.localeCompare(b.name));
}

// ---------- staff directory ----------
const ROLES = ['Porter', 'Driver', 'Packer', 'Crew lead', 'Surveyor', 'Storage clerk', 'Estimator'];
const DEPOTS = ['Northcote', 'Pellingham', 'Rushmere', 'Kettleby'];

function buildStaff() {
  const rnd = mulberry32(5150);
  const pick = (arr) => arr[Math.floor(rnd() * arr.length)];
  const staff = [];
  for (let i = 0; i < 124; i++) {
    const firstName = pick(FIRST);
    let lastName = pick(SURNAMES);
    staff.push({
      id: `S-${1001 + i}`,
      firstName,
      lastName,
      role: pick(ROLES),
      depot: pick(DEPOTS),
      phone: `07${800 + Math.floor(rnd() * 199)} ${String(100000 + Math.floor(rnd() * 899999))}`,
      started: isoAdd('2014-01-06', Math.floor(rnd() * 4300)),
    });
  }
  const plant = (id, patch) => Object.assign(staff.find((s) => s.id === id), patch);
  plant('S-1047', { firstName: 'Luca', lastName: 'Marchetti', role: 'Porter', depot: 'Northcote', started: '2021-09-13' });
  plant('S-1082', { firstName: 'Luca', lastName: 'Marchetti', role: 'Driver', depot: 'Pellingham', started: '2018-03-05' });
  plant('S-1019', { firstName: 'Lucia', lastName: 'Marchetti', role: 'Packer', depot: 'Northcote', started: '2023-01-16' });
  plant('S-1103', { firstName: 'Gianni', lastName: 'Marchetti', role: 'Porter', depot: 'Northcote', started: '2022-06-27' });
  for (const s of staff) s.email = `${s.firstName}.${s.lastName}`.toLowerCase().replace(/[^a-z.]/g, '') + `.${s.id.slice(2)}@harbourline.example`;
  return staff;
}

export function seed() {
  return structuredClone({
    moves: buildMoves(),
    letters: buildLetters(),
    dispatch: buildDispatch(),
    fleetChecks: [],
    customers: buildCustomers(),
    surveys: [],
    staff: buildStaff(),
    uploads: [],
    dispatchLog: [],
    movesSaves: [],
    letterSaves: [],
  });
}
