// Deterministic seed data for the Fenwick & Hale Veterinary Group back office.
export const TODAY = '2027-05-18';

function mulberry32(a) {
  return function () {
    a |= 0; a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const CLINICS = [
  { id: 'harrow', name: 'Harrow Road' },
  { id: 'millbrook', name: 'Millbrook' },
  { id: 'quayside', name: 'Quayside' },
];
export const VETS = ['Dr. Amara Kaur', 'Dr. Felix Brandt', 'Dr. Hannah Ojo', 'Dr. Lewis Penrose', 'Dr. Sofia Marchetti', 'Dr. Owen Tremayne', 'Dr. Ruth Calloway'];
export const STATUSES = ['Booked', 'Confirmed', 'Checked in', 'Completed', 'Cancelled', 'No-show'];

const FIRST = ['Alice', 'Ben', 'Chloe', 'Daniel', 'Eleanor', 'Farah', 'George', 'Harriet', 'Isaac', 'Jasmine', 'Kieran', 'Leah', 'Marcus', 'Nadia', 'Oliver', 'Poppy', 'Rohan', 'Sienna', 'Theo', 'Uma', 'Victor', 'Wendy', 'Yusuf', 'Zara', 'Gareth', 'Imogen', 'Callum', 'Bethany', 'Declan', 'Fiona'];
const LAST = ['Ainsworth', 'Baxter', 'Chowdhury', 'Dalton', 'Ellery', 'Fairweather', 'Gallagher', 'Hollis', 'Iqbal', 'Jennings', 'Kowalski', 'Lindqvist', 'McAllister', 'Nakamura', 'Osei', 'Pritchard', 'Quinlan', 'Rowntree', 'Sutcliffe', 'Thornbury', 'Underwood', 'Vance', 'Whitaker', 'Yardley', 'Zielinski', 'Mbeki', 'Fernsby', 'Hartigan'];
const PETS = {
  Dog: { names: ['Bailey', 'Rolo', 'Maisie', 'Bruno', 'Tilly', 'Archie', 'Nala', 'Otis', 'Ruby', 'Hugo', 'Skye', 'Bramble'], breeds: ['Labrador Retriever', 'Cocker Spaniel', 'Border Collie', 'Dachshund', 'Staffordshire Bull Terrier', 'Cockapoo', 'Whippet', 'German Shepherd'] },
  Cat: { names: ['Luna', 'Milo', 'Smudge', 'Tigger', 'Willow', 'Mochi', 'Pumpkin', 'Salem', 'Olive', 'Jasper'], breeds: ['Domestic Shorthair', 'British Shorthair', 'Maine Coon', 'Ragdoll', 'Bengal', 'Siamese'] },
  Rabbit: { names: ['Thumper', 'Clementine', 'Bun Bun', 'Hazel', 'Biscuit'], breeds: ['Netherland Dwarf', 'Lionhead', 'Mini Lop', 'Rex'] },
  'Guinea pig': { names: ['Peanut', 'Squeak', 'Cinnamon', 'Fudge'], breeds: ['Abyssinian', 'American', 'Teddy'] },
};
const REASONS = ['Annual vaccination', 'Booster vaccination', 'Lameness check', 'Skin irritation', 'Dental check', 'Post-op check', 'Weight clinic', 'Ear infection', 'Vomiting', 'Nail clip', 'Microchip scan', 'Senior wellness', 'Flea & worm review', 'Eye discharge', 'Suture removal', 'Neuter consult'];
const ROOMS = ['Consult 1', 'Consult 2', 'Consult 3', 'Nurse room', 'Prep'];

function pick(r, arr) { return arr[Math.floor(r() * arr.length)]; }
function pad(n, w = 2) { return String(n).padStart(w, '0'); }
function addDays(iso, d) { const t = new Date(iso + 'T12:00:00Z'); t.setUTCDate(t.getUTCDate() + d); return t.toISOString().slice(0, 10); }
function weekday(iso) { return new Date(iso + 'T12:00:00Z').getUTCDay(); }

export function seedAppointments() {
  const r = mulberry32(20270518);
  const rows = [];
  const dates = [];
  for (let d = -15; d <= 25; d++) { const iso = addDays(TODAY, d); if (weekday(iso) !== 0) dates.push(iso); }
  const N = 268;
  for (let i = 0; i < N; i++) {
    const species = pick(r, ['Dog', 'Dog', 'Dog', 'Cat', 'Cat', 'Rabbit', 'Guinea pig']);
    const date = dates[Math.floor((i / N) * dates.length)];
    const mins = 8 * 60 + 30 + 15 * Math.floor(r() * 36);
    const first = pick(r, FIRST), last = pick(r, LAST);
    let status;
    if (date < TODAY) status = pick(r, ['Completed', 'Completed', 'Completed', 'Completed', 'No-show', 'Cancelled']);
    else if (date === TODAY) status = pick(r, ['Checked in', 'Completed', 'Booked', 'Confirmed']);
    else status = pick(r, ['Booked', 'Confirmed', 'Confirmed']);
    const fee = Math.round((38 + r() * 160) * 2) / 2;
    rows.push({
      date, time: `${pad(Math.floor(mins / 60))}:${pad(mins % 60)}`,
      clinic: pick(r, CLINICS).name, vet: pick(r, VETS),
      owner: `${first} ${last}`, phone: `07${pad(Math.floor(r() * 1000), 3)} ${pad(Math.floor(r() * 1000000), 6)}`,
      pet: pick(r, PETS[species].names), species, breed: pick(r, PETS[species].breeds),
      reason: pick(r, REASONS), status, fee,
      paid: status === 'Completed' ? (r() < 0.8 ? 'Yes' : 'No') : 'No',
      room: pick(r, ROOMS), notes: '',
    });
  }
  // Look-alike rows (owner shared, different pets; near-identical owner name).
  const special = [
    { date: '2027-05-24', time: '10:30', clinic: 'Quayside', vet: 'Dr. Sofia Marchetti', owner: 'Priya Raman', phone: '07712 448190', pet: 'Clover', species: 'Rabbit', breed: 'Mini Lop', reason: 'Dental check', status: 'Confirmed', fee: 54.5, paid: 'No', room: 'Consult 2', notes: '' },
    { date: '2027-05-24', time: '10:45', clinic: 'Quayside', vet: 'Dr. Hannah Ojo', owner: 'Priya Raman', phone: '07712 448190', pet: 'Pickle', species: 'Guinea pig', breed: 'Abyssinian', reason: 'Nail clip', status: 'Confirmed', fee: 22, paid: 'No', room: 'Nurse room', notes: '' },
    { date: '2027-05-28', time: '16:15', clinic: 'Harrow Road', vet: 'Dr. Lewis Penrose', owner: 'Priya Raman', phone: '07712 448190', pet: 'Mango', species: 'Cat', breed: 'Bengal', reason: 'Booster vaccination', status: 'Booked', fee: 61, paid: 'No', room: 'Consult 1', notes: '' },
    { date: '2027-05-24', time: '11:00', clinic: 'Millbrook', vet: 'Dr. Felix Brandt', owner: 'Priya Ramanathan', phone: '07938 120557', pet: 'Clover', species: 'Cat', breed: 'Ragdoll', reason: 'Skin irritation', status: 'Confirmed', fee: 58, paid: 'No', room: 'Consult 3', notes: '' },
    { date: '2027-05-12', time: '09:15', clinic: 'Quayside', vet: 'Dr. Owen Tremayne', owner: 'Priya Raman', phone: '07712 448190', pet: 'Clover', species: 'Rabbit', breed: 'Mini Lop', reason: 'Weight clinic', status: 'Completed', fee: 32, paid: 'Yes', room: 'Nurse room', notes: '' },
  ];
  const positions = [37, 121, 150, 188, 233];
  special.forEach((s, k) => rows.splice(positions[k], 0, s));
  rows.sort((a, b) => (a.date + a.time).localeCompare(b.date + b.time));
  rows.forEach((row, i) => { row.id = `A-${10401 + i}`; });
  return rows;
}

export const PROTOCOL_TARGET = 'canine-dental';
export function seedProtocols() {
  return [
    {
      id: 'canine-dental', title: 'Canine dental extraction — peri-operative protocol', owner: 'Dr. Amara Kaur', revision: 6, updated: '2027-04-29',
      html: `<h3>Scope</h3>
<p>Applies to all dogs booked for dental scale, polish and extraction under general anaesthesia at Harrow Road, Millbrook and Quayside.</p>
<h3>Before admission</h3>
<ul>
<li>Withhold food for 12 hours before induction; water may be offered until 2 hours before.</li>
<li>Pre-anaesthetic bloods (haematology and biochemistry) for all patients over 7 years.</li>
<li>Confirm the owner has signed the estimate and the extraction consent form.</li>
</ul>
<h3>Analgesia</h3>
<p>Methadone 0.2 mg/kg IM as premedication unless contraindicated. Meloxicam 0.2 mg/kg SC at the end of the procedure. Do not give NSAIDs to dogs already on corticosteroids. Local nerve blocks (bupivacaine) for all surgical extractions.</p>
<h3>Recovery</h3>
<ol>
<li>Monitor temperature every 15 minutes until above 37.5 °C.</li>
<li>Reassess pain score (CMPS-SF) 12 hours after extubation and record in the clinical notes.</li>
<li>Soft food only for 5 days; no chews or toys for 10 days.</li>
</ol>
<p>Discharge appointment with a registered veterinary nurse; book a 7-day post-op check before the patient leaves.</p>`,
    },
    {
      id: 'feline-dental', title: 'Feline dental extraction — peri-operative protocol', owner: 'Dr. Hannah Ojo', revision: 4, updated: '2027-03-11',
      html: `<h3>Before admission</h3><ul><li>Withhold food for 12 hours before induction.</li><li>Bloods for all cats over 8 years; check T4 if over 10 years.</li></ul><h3>Analgesia</h3><p>Buprenorphine 0.02 mg/kg IV. Robenacoxib only after renal values reviewed.</p><h3>Recovery</h3><ol><li>Reassess pain score (Glasgow feline) 12 hours after extubation.</li><li>Wet food only for 7 days.</li></ol>`,
    },
    {
      id: 'rabbit-gi-stasis', title: 'Rabbit gastrointestinal stasis — inpatient protocol', owner: 'Dr. Sofia Marchetti', revision: 3, updated: '2027-02-02',
      html: `<h3>Assessment</h3><p>Record faecal output every 4 hours. Check blood glucose on admission.</p><h3>Treatment</h3><ul><li>Metoclopramide 0.5 mg/kg SC every 8 hours.</li><li>Critical care feeding 10 ml/kg every 6 hours.</li></ul>`,
    },
  ];
}

export const REMINDER_TARGET = 'r-105';
export function seedReminders() {
  const list = [
    ['r-101', 'Rolo', 'Dog', 'Dachshund', 'Gareth Hollis', 'DHP + Lepto booster', '2027-05-20', 'Harrow Road'],
    ['r-102', 'Luna', 'Cat', 'British Shorthair', 'Imogen Fairweather', 'Feline enteritis booster', '2027-05-21', 'Millbrook'],
    ['r-103', 'Pepper', 'Dog', 'Cocker Spaniel', 'Dana Whitlock', 'Kennel cough (intranasal)', '2027-05-24', 'Quayside'],
    ['r-104', 'Pepper', 'Dog', 'Labrador Retriever', 'Dana Whitmore', 'DHP + Lepto booster', '2027-05-25', 'Quayside'],
    ['r-105', 'Pepper', 'Dog', 'Labrador Retriever', 'Dana Whitlock', 'DHP + Lepto booster', '2027-05-25', 'Quayside'],
    ['r-106', 'Hazel', 'Rabbit', 'Lionhead', 'Callum Osei', 'RHD2 + Myxomatosis', '2027-05-26', 'Millbrook'],
    ['r-107', 'Mochi', 'Cat', 'Ragdoll', 'Yusuf Iqbal', 'Feline leukaemia booster', '2027-05-27', 'Harrow Road'],
    ['r-108', 'Pepper', 'Cat', 'Domestic Shorthair', 'Dana Whitlock', 'Feline enteritis booster', '2027-05-29', 'Quayside'],
    ['r-109', 'Otis', 'Dog', 'Whippet', 'Bethany Rowntree', 'Rabies (travel)', '2027-06-01', 'Harrow Road'],
  ];
  return list.map(([id, pet, species, breed, owner, vaccine, due, clinic]) => ({ id, pet, species, breed, owner, vaccine, due, clinic, lastSent: null, sends: [] }));
}
export function reminderCode(id, n) {
  let h = 2166136261;
  for (const c of `${id}#${n}#fenwick`) { h ^= c.charCodeAt(0); h = Math.imul(h, 16777619) >>> 0; }
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  return `RMD-${String(h % 9000 + 1000)}-${letters[(h >>> 13) % letters.length]}${letters[(h >>> 19) % letters.length]}`;
}

export const REVENUE_MONTHS = ['Dec 2026', 'Jan 2027', 'Feb 2027', 'Mar 2027', 'Apr 2027'];
export const REVENUE_SERIES = ['Consultations', 'Surgery', 'Dental', 'Pharmacy'];
export function revenueFor(clinicId) {
  const seed = { harrow: 11, millbrook: 23, quayside: 37 }[clinicId] || 1;
  const r = mulberry32(seed * 7919);
  const base = { Consultations: 21000, Surgery: 16000, Dental: 8200, Pharmacy: 12500 };
  return REVENUE_MONTHS.map((m) => {
    const o = { month: m };
    for (const s of REVENUE_SERIES) o[s] = Math.round(base[s] * (0.78 + r() * 0.44));
    return o;
  });
}

export const PATIENTS = (() => {
  const r = mulberry32(4242);
  const fixed = [
    ['p-2201', 'Whiskers', 'Cat', 'Tom Ashby'],
    ['p-2202', 'Whiskers', 'Cat', 'Tom Ashbury'],
    ['p-2203', 'Whisky', 'Dog', 'Tom Ashby'],
    ['p-2204', 'Whiskers', 'Rabbit', 'Tamsin Ashby'],
  ];
  const out = fixed.map(([id, name, species, owner]) => ({ id, name, species, owner }));
  for (let i = 0; i < 44; i++) {
    const species = pick(r, ['Dog', 'Dog', 'Cat', 'Cat', 'Rabbit', 'Guinea pig']);
    out.push({ id: `p-${2210 + i}`, name: pick(r, PETS[species].names), species, owner: `${pick(r, FIRST)} ${pick(r, LAST)}` });
  }
  out.sort((a, b) => a.name.localeCompare(b.name) || a.owner.localeCompare(b.owner));
  return out;
})();
export const SERVICES = ['Consultation', 'Booster vaccination', 'Dental scale & polish', 'Dental extraction', 'Pre-anaesthetic bloods', 'Dental radiographs', 'Nail clip', 'Microchip', 'Weight clinic', 'Senior wellness screen', 'Neutering', 'Suture removal'];
export const BOOKING_DISABLED_DATES = ['2027-05-21', '2027-05-26', '2027-06-01', '2027-06-04'];

export function seedSuppliers() {
  const r = mulberry32(777);
  const names = ['Bramble', 'Brambles', 'Bramble & Co', 'Bramblewood Feeds', 'Alder Surgical', 'Ashcombe Pharmacy Wholesale', 'Beacon Diagnostics', 'Birchfield Bedding', 'Blackthorn Laundry Services', 'Calder Lab Partners', 'Castleway Oxygen', 'Cobalt Imaging', 'Copperleaf Dental Supplies', 'Dunmore Waste Management', 'Eastgate Office Supplies', 'Elmstead Sutures', 'Fernhill Animal Feeds', 'Foxglove Pharmaceuticals', 'Glenrock Cleaning', 'Greyfriars Uniforms', 'Harbourside Couriers', 'Heathcote Instruments', 'Hollybank Kennels Equipment', 'Ironbridge IT Services', 'Juniper Vet Wholesale', 'Kestrel Anaesthesia', 'Kingsmead Cremation', 'Larkspur Lab Services', 'Lowther Gloves & PPE', 'Marlow Microchips', 'Meadowgate Bedding', 'Northcliffe Radiology', 'Oakridge Orthopaedics', 'Orchard Printing', 'Pennant Pet Insurance Liaison', 'Quarry Lane Pest Control', 'Redwing Dental Equipment', 'Ridgeway Oxygen', 'Rowan Compounding Pharmacy', 'Saltmarsh Linen', 'Sedgemoor Diagnostics', 'Sheldrake Sterilisation', 'Silverbirch Software', 'Stonecrop Prescription Diets', 'Tamarisk Medical Gases', 'Thistledown Grooming Supplies', 'Torbay Refrigeration', 'Underhill Electrical', 'Valemount Vaccines', 'Wexcombe Consumables', 'Whinfell Suture Co', 'Willowbrook Pet Foods', 'Wren Medical Devices', 'Yarrow Lab Couriers', 'Yew Tree Fencing', 'Zephyr Air Handling', 'Kingfisher Ultrasound', 'Hawthorn Syringes', 'Mallow Wound Care', 'Pimpernel Vet Books', 'Chalkstream Water Coolers', 'Gorse Lane Signage', 'Bryony Theatre Linen', 'Tansy Endoscopy'];
  const cats = ['Pharmacy', 'Surgical', 'Diagnostics', 'Facilities', 'Nutrition', 'Consumables', 'Services'];
  const fixedCat = { 'Bramble': 'Surgical', 'Brambles': 'Nutrition', 'Bramble & Co': 'Consumables', 'Bramblewood Feeds': 'Nutrition' };
  const contacts = ['Helen Marsh', 'Robert Kemp', 'Anita Desai', 'Paul Orwell', 'Grace Lindley', 'Simon Tate', 'Joanna Pike', 'Martin Reyes'];
  return names.map((name, i) => ({
    id: 300 + i * 7 + Math.floor(r() * 5), name, category: fixedCat[name] || pick(r, cats), contact: pick(r, contacts),
    phone: `01${pad(Math.floor(r() * 1000), 3)} ${pad(Math.floor(r() * 1000000), 6)}`, account: `FH-${pad(1000 + Math.floor(r() * 8999), 4)}`,
    lastOrder: addDays(TODAY, -Math.floor(r() * 120)),
  }));
}
export const SUPPLIER_TARGET_NAME = 'Brambles';
