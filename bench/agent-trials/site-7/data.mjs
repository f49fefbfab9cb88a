// Fixed, seeded data for trial-site-7 ("Fernhill Veterinary Group").
export function rng(seed) { let s = seed >>> 0; return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 4294967296; }; }
export const TODAY = '2026-12-07';
export const USER = { name: 'Sam Oduya', role: 'Practice manager' };
export const CLINICS = [
  { code: 'ASR', name: 'Fernhill Ashby Road' }, { code: 'ASB', name: 'Fernhill Ashbury' },
  { code: 'BRK', name: 'Fernhill Brookside' }, { code: 'KGM', name: 'Fernhill Kingsmead' },
];
// ---------------------------------------------------------------- patients (grid)
const PETS = ['Max', 'Poppy', 'Milo', 'Daisy', 'Teddy', 'Luna', 'Alfie', 'Rosie', 'Charlie', 'Molly', 'Bailey', 'Coco', 'Oscar', 'Tilly', 'Buster', 'Ruby', 'Archie', 'Nala', 'Loki', 'Willow', 'Bonnie', 'Ziggy', 'Pepper', 'Murphy'];
const DOGS = ['Labrador Retriever', 'Border Collie', 'Cocker Spaniel', 'Springer Spaniel', 'Jack Russell Terrier', 'Cockapoo', 'Staffordshire Bull Terrier', 'Golden Retriever', 'Whippet', 'Dachshund'];
const CATS = ['Domestic Shorthair', 'Domestic Longhair', 'Maine Coon', 'British Shorthair', 'Ragdoll', 'Siamese'];
const FIRST = ['Joan', 'Peter', 'Ann', 'David', 'Sarah', 'Mark', 'Helen', 'Gareth', 'Ruth', 'Ian', 'Claire', 'Neil', 'Fiona', 'Owen', 'Megan', 'Alan', 'Carol', 'Rhys'];
const SUR = ['Hartwell', 'Harding', 'Hartnell', 'Pryor', 'Lacey', 'Morgan', 'Ellison', 'Baxter', 'Quinn', 'Dawson', 'Fenwick', 'Holt', 'Iqbal', 'Jarvis', 'Kerr', 'Lloyd', 'Marsden', 'Nash'];
const STREETS = ['Mill Lane', 'Church Street', 'Station Road', 'Orchard Close', 'Hill View', 'Brook Street', 'Meadow Way', 'The Green', 'Kings Road', 'Fern Avenue'];
const TOWNS = [['Ashby', 'AB4'], ['Ashbury', 'AB7'], ['Brookside', 'BK2'], ['Kingsmead', 'KM9']];
const VETS = ['Dr Hannah Price', 'Dr Tomasz Nowak', 'Dr Aisha Rahman', 'Dr Ben Cole', 'Dr Lucy Grant'];
export const PATIENT_COLUMNS = ['id', 'pet', 'species', 'breed', 'sex', 'dob', 'colour', 'microchip', 'title', 'first', 'surname', 'address', 'town', 'postcode', 'phone', 'clinic', 'vet', 'lastVisit', 'boosterDue', 'weight', 'insured', 'neutered'];
export const PATIENT_TARGET = 'FV-20731';
export function makePatients() {
  const r = rng(7001); const pick = (a) => a[Math.floor(r() * a.length)]; const p2 = (n) => String(n).padStart(2, '0');
  const out = [];
  for (let i = 0; i < 268; i++) {
    const dog = r() < 0.62; const town = pick(TOWNS);
    out.push({
      id: 'FV-' + (20500 + i), pet: pick(PETS), species: dog ? 'Dog' : 'Cat', breed: dog ? pick(DOGS) : pick(CATS), sex: r() < 0.5 ? 'Female' : 'Male',
      dob: `${2012 + Math.floor(r() * 14)}-${p2(1 + Math.floor(r() * 12))}-${p2(1 + Math.floor(r() * 28))}`, colour: pick(['Black', 'Tan', 'Black and white', 'Ginger', 'Tabby', 'Liver', 'Golden', 'Grey']),
      microchip: '9410000' + String(Math.floor(r() * 1e8)).padStart(8, '0'), title: pick(['Mr', 'Mrs', 'Ms', 'Dr']), first: pick(FIRST), surname: pick(SUR),
      address: `${1 + Math.floor(r() * 60)} ${pick(STREETS)}`, town: town[0], postcode: `${town[1]} ${1 + Math.floor(r() * 9)}${pick(['AB', 'DF', 'HQ', 'LT', 'NW', 'RS'])}`,
      phone: '07' + String(Math.floor(r() * 1e9)).padStart(9, '0'), clinic: CLINICS[TOWNS.indexOf(town)].name, vet: pick(VETS),
      lastVisit: `2026-${p2(1 + Math.floor(r() * 11))}-${p2(1 + Math.floor(r() * 28))}`, boosterDue: `2027-${p2(1 + Math.floor(r() * 12))}-${p2(1 + Math.floor(r() * 28))}`,
      weight: (dog ? 6 + r() * 30 : 3 + r() * 4).toFixed(1), insured: r() < 0.55 ? 'Yes' : 'No', neutered: r() < 0.6,
    });
  }
  const setRow = (id, o) => Object.assign(out.find((p) => p.id === id), { species: 'Dog', breed: 'Cocker Spaniel', pet: 'Bella', title: 'Mrs', first: 'Joan', surname: 'Hartley', address: '12 Mill Lane', town: 'Ashby', postcode: 'AB4 3LT', clinic: 'Fernhill Ashby Road', sex: 'Female', neutered: false, ...o });
  setRow('FV-20541', { address: '21 Mill Lane' });
  setRow('FV-20602', { breed: 'Springer Spaniel', pet: 'Bella', dob: '2019-04-11' });
  setRow('FV-20668', { first: 'Jean' });
  setRow(PATIENT_TARGET, { dob: '2024-03-02', colour: 'Golden', vet: 'Dr Ben Cole', insured: 'Yes' });
  setRow('FV-20749', { town: 'Ashbury', postcode: 'AB7 2HQ', clinic: 'Fernhill Ashbury' });
  setRow('FV-20755', { pet: 'Belle' });
  return out;
}
// ---------------------------------------------------------------- leaflets (editor)
export const LEAFLETS = [
  { id: 'L-210', title: "After your dog's spay operation", updated: '2025-03-14', html: [
    "<p><b>After your dog's spay operation</b></p>", '<p>Your dog may be sleepy tonight. Offer a small, light meal and fresh water.</p>',
    '<p>Keep your dog quiet and on the lead for 10 days.</p>', '<p>Keep the buster collar on for 10 days, day and night, until the stitches are checked.</p>',
    '<p>Give the pain relief (Metacam) once a day with food for 5 days.</p>', '<p>Post-operative check: 3 days after surgery. Stitch removal: 10 days after surgery.</p>',
    '<p>Call Fernhill Vets on 01632 960 410 if the wound is red, swollen or weeping.</p>'].join('') },
  { id: 'L-211', title: "After your cat's spay operation", updated: '2025-03-14', html: [
    "<p><b>After your cat's spay operation</b></p>", '<p>Keep your cat indoors for 10 days.</p>', '<p>Keep the buster collar on for 10 days, day and night, until the stitches are checked.</p>',
    '<p>Post-operative check: 3 days after surgery.</p>'].join('') },
  { id: 'L-212', title: "After your dog's castration", updated: '2024-11-02', html: [
    "<p><b>After your dog's castration</b></p>", '<p>Keep your dog on the lead for 7 days.</p>', '<p>Keep the buster collar on for 10 days, day and night, until the stitches are checked.</p>'].join('') },
  { id: 'L-205', title: 'Dental care for dogs and cats', updated: '2024-06-20', html: '<p><b>Dental care for dogs and cats</b></p><p>Brush your pet\'s teeth daily with a pet toothpaste.</p>' },
];
export const LEAFLET_TARGET = 'L-210';
export const LEAFLET_FROM = 'Keep the buster collar on for 10 days'; export const LEAFLET_TO = 'Keep the buster collar on for 14 days';
// ---------------------------------------------------------------- ward plan (Brookside)
export const INPATIENTS = [
  ['IP-301', 'Luna', 'Labrador Retriever', 'Whitfield', 'K2'], ['IP-302', 'Max', 'Border Collie', 'Dawson', 'K1'], ['IP-303', 'Lunar', 'Domestic Shorthair', 'Whitfield', 'C1'],
  ['IP-304', 'Luna', 'Domestic Shorthair', 'Whitfield', 'C3'], ['IP-305', 'Luna', 'Domestic Longhair', 'Whitfeld', 'C5'], ['IP-306', 'Luma', 'Siamese', 'Whitfield', 'C2'],
  ['IP-307', 'Teddy', 'Cockapoo', 'Lacey', 'K3'], ['IP-308', 'Nala', 'Ragdoll', 'Kerr', 'C4'], ['IP-309', 'Rosie', 'Whippet', 'Holt', 'K5'], ['IP-310', 'Oscar', 'Maine Coon', 'Nash', 'C6'],
  ['IP-311', 'Archie', 'Dachshund', 'Quinn', 'K6'], ['IP-312', 'Ziggy', 'Jack Russell Terrier', 'Iqbal', 'K7'], ['IP-313', 'Willow', 'British Shorthair', 'Fenwick', 'I1'],
  ['IP-314', 'Buster', 'Staffordshire Bull Terrier', 'Marsden', 'K8'], ['IP-315', 'Luna', 'Domestic Shorthair', 'Whitfield-Shaw', 'I2'],
].map(([id, name, breed, owner, pen]) => ({ id, name, breed, owner, pen }));
export const DISCHARGE_TARGET = { id: 'IP-304', outcome: 'Collected by owner' };
export const OUTCOMES = ['Collected by owner', 'Transferred to another Fernhill clinic', 'Referred to specialist centre'];
// ---------------------------------------------------------------- lab import (upload)
export const LAB_CLINICS = { ASB: { name: 'Fernhill Ashbury', seed: 41, samples: 190 }, ASR: { name: 'Fernhill Ashby Road', seed: 43, samples: 205 } };
export const UPLOAD_NAME = 'labs-ASB-2026-11.csv';
// ---------------------------------------------------------------- consultations (chart)
export const MONTHS = ['Jan 2026', 'Feb 2026', 'Mar 2026', 'Apr 2026', 'May 2026', 'Jun 2026', 'Jul 2026', 'Aug 2026', 'Sep 2026', 'Oct 2026', 'Nov 2026'];
export function makeConsults() {
  const r = rng(909); const base = [1480, 1390, 1210, 1040];
  return { months: MONTHS, series: CLINICS.map((c, k) => ({ name: c.name, values: MONTHS.map((_, i) => Math.round(base[k] + 160 * Math.sin(i / 1.7 + k) + r() * 120)) })) };
}
export const CONSULT_Q = { clinic: 'Fernhill Ashbury', month: 'Aug 2026' };
// ---------------------------------------------------------------- vaccination clinics (date picker + chips)
export const SESSION_TYPES = ['Puppy vaccination clinic', 'Puppy vaccination clinic (evening)', 'Kitten vaccination clinic', 'Puppy party'];
export const STAFF = ['Sam Oduya', 'Dr Hannah Price', 'Dr Hannah Pryce', 'Dr Hanna Price', 'Dr Tomasz Nowak', 'Dr Tomas Nowak', 'Dr Tomasz Novak', 'RVN Ellie Marsh', 'RVN Ellie Marshall', 'RVN Elly Marsh', 'Dr Aisha Rahman', 'Dr Ben Cole', 'RVN Kate Doyle'];
export const SESSION_TARGET = { clinic: 'Fernhill Kingsmead', type: 'Puppy vaccination clinic', date: '2027-01-16', start: '09:30', end: '12:00', staff: ['Dr Hannah Price', 'Dr Tomasz Nowak', 'RVN Ellie Marsh'] };
export const SEEDED_SESSIONS = [
  { id: 'VC-5101', clinic: 'Fernhill Kingsmead', type: 'Puppy vaccination clinic', date: '2027-01-23', start: '09:30', end: '12:00', staff: ['Dr Hannah Price', 'RVN Kate Doyle'], seeded: true },
  { id: 'VC-5102', clinic: 'Fernhill Brookside', type: 'Puppy vaccination clinic', date: '2027-01-16', start: '09:30', end: '12:00', staff: ['Dr Ben Cole'], seeded: true },
  { id: 'VC-5103', clinic: 'Fernhill Kingsmead', type: 'Kitten vaccination clinic', date: '2027-01-16', start: '14:00', end: '16:00', staff: ['Dr Aisha Rahman'], seeded: true },
];
// ---------------------------------------------------------------- pharmacy batches (new tab + confirm)
export function makeBatches() {
  const r = rng(77); const p2 = (n) => String(n).padStart(2, '0');
  const PRODUCTS = ['Nobivac L4', 'Nobivac DHP', 'Nobivac KC', 'Purevax RCP', 'Metacam 1.5 mg/ml oral suspension', 'Synulox 250 mg tablets', 'Nobivac Rabies', 'Versifel FeLV'];
  const out = [];
  for (let i = 0; i < 44; i++) {
    const prod = PRODUCTS[i % PRODUCTS.length]; const cl = CLINICS[Math.floor(r() * 4)];
    out.push({ batch: `B${String(240310 + i * 7)}`, product: prod, clinic: cl.name, qty: 2 + Math.floor(r() * 30), status: 'In stock',
      expiry: `${2027 + Math.floor(r() * 2)}-${p2(1 + Math.floor(r() * 12))}-${p2(1 + Math.floor(r() * 28))}`, received: `2026-${p2(1 + Math.floor(r() * 11))}-${p2(1 + Math.floor(r() * 28))}` });
  }
  const add = (b) => out.push({ qty: 12, ...b });
  add({ batch: 'B240588', product: 'Nobivac L4', clinic: 'Fernhill Ashbury', status: 'Cold chain breach', expiry: '2027-08-19', received: '2026-10-02' });
  add({ batch: 'B240585', product: 'Nobivac L4', clinic: 'Fernhill Ashby Road', status: 'Cold chain breach', expiry: '2027-06-30', received: '2026-09-12' });
  add({ batch: 'B240589', product: 'Nobivac L4', clinic: 'Fernhill Ashbury', status: 'In stock', expiry: '2027-11-04', received: '2026-11-20' });
  add({ batch: 'B240591', product: 'Nobivac DHP', clinic: 'Fernhill Ashbury', status: 'Cold chain breach', expiry: '2027-05-13', received: '2026-10-02' });
  for (const b of out) if (b.product === 'Nobivac L4' && b.clinic === 'Fernhill Ashbury' && !['B240588', 'B240589'].includes(b.batch)) b.clinic = 'Fernhill Brookside';
  return out.sort((a, b) => a.product.localeCompare(b.product) || a.batch.localeCompare(b.batch));
}
export const BATCH_TARGET = 'B240588';
export const BATCH_ANSWER = '19 August 2027';
