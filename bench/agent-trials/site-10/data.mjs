// Deterministic seed data for the Kestrel Hollow Seed Bank back office.
function mulberry32(a) {
  return function () {
    a |= 0; a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = (r, arr) => arr[Math.floor(r() * arr.length)];
const pad = (n, w = 2) => String(n).padStart(w, '0');

const SPECIES = [
  ['Primula veris', 'Cowslip', 'Primulaceae'],
  ['Primula vulgaris', 'Primrose', 'Primulaceae'],
  ['Gentiana pneumonanthe', 'Marsh gentian', 'Gentianaceae'],
  ['Pulsatilla vulgaris', 'Pasqueflower', 'Ranunculaceae'],
  ['Dianthus armeria', 'Deptford pink', 'Caryophyllaceae'],
  ['Silene flos-cuculi', 'Ragged-robin', 'Caryophyllaceae'],
  ['Centaurea cyanus', 'Cornflower', 'Asteraceae'],
  ['Succisa pratensis', "Devil's-bit scabious", 'Caprifoliaceae'],
  ['Knautia arvensis', 'Field scabious', 'Caprifoliaceae'],
  ['Anthyllis vulneraria', 'Kidney vetch', 'Fabaceae'],
  ['Lotus corniculatus', "Bird's-foot trefoil", 'Fabaceae'],
  ['Rhinanthus minor', 'Yellow rattle', 'Orobanchaceae'],
  ['Campanula rotundifolia', 'Harebell', 'Campanulaceae'],
  ['Filipendula ulmaria', 'Meadowsweet', 'Rosaceae'],
  ['Sanguisorba officinalis', 'Great burnet', 'Rosaceae'],
];
export const COLLECTORS = ['M. Okonkwo', 'M. Okonkwa', 'I. Valdivia', 'I. Valdés', 'H. Brandt', 'H. Brant', 'S. Achterberg', 'J. Fairweather'];
const SITES = [
  ['Harrow Down', 'Oxfordshire'], ['Harrow Dene', 'Wiltshire'], ['Lynch Ridge', 'Somerset'], ['Wicken Fen', 'Cambridgeshire'],
  ['Cothill Bog', 'Oxfordshire'], ['Barnack Hills', 'Cambridgeshire'], ['Ashdown Heath', 'East Sussex'], ['Kenfig Dunes', 'Glamorgan'],
  ['Moor Copse', 'Berkshire'], ['Ebbor Gorge', 'Somerset'],
];
const VAULTS = ['A', 'B', 'C', 'D'];
const STATUSES = ['Banked', 'Banked', 'Banked', 'Quarantine', 'Drying', 'Low stock'];
export const DONORS = ['Meadow Futures', 'Meadow Futures II', 'Coronation Meadows', 'Farm Edge Trust', 'Fen Revival', 'Downland Partnership', 'Heathland Heritage', 'Kestrel Hollow core'];

export const ACCESSION_COLUMNS = [
  ['id', 'Accession'], ['species', 'Species'], ['common', 'Common name'], ['family', 'Family'], ['collector', 'Collector'],
  ['site', 'Collection site'], ['county', 'County'], ['collected', 'Collected'], ['lot', 'Lot'], ['seedCount', 'Seed count'],
  ['viability', 'Viability %'], ['moisture', 'Moisture %'], ['vault', 'Vault'], ['shelf', 'Shelf'], ['lastTest', 'Last test'],
  ['germination', 'Germ. %'], ['status', 'Status'], ['donor', 'Donor programme'],
];

function buildAccessions() {
  const r = mulberry32(1042);
  const rows = [];
  for (let i = 0; i < 250; i++) {
    const [species, common, family] = pick(r, SPECIES);
    const [site, county] = pick(r, SITES);
    const y = 2019 + Math.floor(r() * 7);
    const row = {
      id: `KH-${pad(18000 + i * 7 + Math.floor(r() * 5), 5)}`,
      species, common, family,
      collector: pick(r, COLLECTORS), site, county,
      collected: `${y}-${pad(4 + Math.floor(r() * 6))}-${pad(1 + Math.floor(r() * 28))}`,
      lot: `L${pad(1 + Math.floor(r() * 9), 1)}`,
      seedCount: 500 + Math.floor(r() * 9000),
      viability: 60 + Math.floor(r() * 39),
      moisture: (3 + r() * 4).toFixed(1),
      vault: pick(r, VAULTS), shelf: `${pick(r, VAULTS)}${pad(1 + Math.floor(r() * 40))}`,
      lastTest: `${Math.min(2026, y + 1 + Math.floor(r() * 3))}-${pad(1 + Math.floor(r() * 12))}-${pad(1 + Math.floor(r() * 28))}`,
      germination: 40 + Math.floor(r() * 58),
      status: pick(r, STATUSES), donor: pick(r, DONORS),
    };
    rows.push(row);
  }
  // Plant the target and its look-alikes (same species/collector/site/year, differ in the far-right donor column).
  const plant = (idx, donor, date, count, extra = {}) => Object.assign(rows[idx], {
    species: 'Primula veris', common: 'Cowslip', family: 'Primulaceae', collector: 'M. Okonkwo', site: 'Harrow Down', county: 'Oxfordshire',
    collected: date, seedCount: count, donor, ...extra,
  });
  plant(37, 'Meadow Futures II', '2024-05-14', 4210, { vault: 'B', shelf: 'B17', status: 'Banked' });
  plant(118, 'Meadow Futures', '2024-05-21', 3780, { vault: 'B', shelf: 'B17', status: 'Banked' }); // TARGET
  plant(164, 'Coronation Meadows', '2024-05-21', 3870, { vault: 'B', shelf: 'B18', status: 'Banked' });
  plant(203, 'Meadow Futures', '2023-05-19', 2950, { vault: 'B', shelf: 'B16', status: 'Banked' });
  Object.assign(rows[229], { species: 'Primula veris', common: 'Cowslip', family: 'Primulaceae', collector: 'M. Okonkwa', site: 'Harrow Down', county: 'Oxfordshire', collected: '2024-05-21', donor: 'Meadow Futures', seedCount: 3640 });
  return rows;
}
export const ACCESSION_TARGET = { id: null, field: 'seedCount', value: 3870 };

// ---- Protocol documents (ProseMirror JSON, schema-basic) ----
const p = (text) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const h = (level, text) => ({ type: 'heading', attrs: { level }, content: [{ type: 'text', text }] });
function buildProtocols() {
  return [
    { id: 'PR-GEN-02', title: 'Marsh gentian (Gentiana pneumonanthe) germination', doc: { type: 'doc', content: [
      h(2, 'Germination protocol — Gentiana pneumonanthe'),
      p('Applies to all marsh gentian accessions held in vault B. Revision 4, approved by the seed biology lead.'),
      h(3, 'Pre-treatment'),
      p('Soak seed in 250 ppm gibberellic acid (GA3) for 48 hours at room temperature, then rinse twice in distilled water.'),
      p('Sow 50 seeds per 9 cm Petri dish on 1% water agar, four replicate dishes per accession.'),
      h(3, 'Stratification and incubation'),
      p('Cold-stratify the dishes in the dark at 4 °C for 48 days before moving them to the incubator.'),
      p('Incubate at 20/10 °C with a 12 hour photoperiod. Score radicle emergence of 2 mm or more twice weekly for 42 days.'),
      p('Record the final germination percentage and cut-test any ungerminated seed.'),
    ] } },
    { id: 'PR-PUL-01', title: 'Pasqueflower (Pulsatilla vulgaris) germination', doc: { type: 'doc', content: [
      h(2, 'Germination protocol — Pulsatilla vulgaris'),
      p('Remove the feathery styles before sowing. No pre-treatment is required for fresh seed.'),
      p('Sow 25 seeds per dish on 1% water agar, four replicates. Incubate at 15 °C with an 8 hour photoperiod for 28 days.'),
    ] } },
    { id: 'PR-PRI-03', title: 'Cowslip (Primula veris) germination', doc: { type: 'doc', content: [
      h(2, 'Germination protocol — Primula veris'),
      p('Cold-stratify moist seed at 4 °C for 56 days. Sow 50 seeds per dish, four replicates.'),
      p('Incubate at 15 °C with a 12 hour photoperiod; score twice weekly for 35 days.'),
    ] } },
  ];
}
export const PROTOCOL_TARGET = { id: 'PR-GEN-02', from: 'at 4 °C for 48 days', to: 'at 4 °C for 84 days' };

// ---- Dispatch batches ----
function buildBatches() {
  return [
    { id: 'DB-2291', project: 'Wicken Fen wet meadow restoration', recipient: 'Fen Revival Trust', species: 'Gentiana pneumonanthe', packets: 18, status: 'Ready', ref: 'REL-58K2-QW' },
    { id: 'DB-2294', project: 'Wicken Fen wet meadow restoration', recipient: 'Fen Revival Trust', species: 'Silene flos-cuculi', packets: 24, status: 'Ready', ref: 'REL-73J9-PA' },
    { id: 'DB-2297', project: 'Wicken Fen sedge fen plots', recipient: 'Fen Revival Trust', species: 'Gentiana pneumonanthe', packets: 12, status: 'Ready', ref: 'REL-41D6-ZT' },
    { id: 'DB-2302', project: 'Cothill heath margin', recipient: 'Oxford Wildlife Group', species: 'Gentiana pneumonanthe', packets: 6, status: 'Ready', ref: 'REL-26H3-MX' },
    { id: 'DB-2305', project: 'Barnack chalk grassland', recipient: 'Downland Partnership', species: 'Pulsatilla vulgaris', packets: 30, status: 'Ready', ref: 'REL-90B4-KC' },
    { id: 'DB-2308', project: 'Harrow Down hay meadow', recipient: 'Meadow Futures', species: 'Primula veris', packets: 40, status: 'Ready', ref: 'REL-15N8-RV' },
    { id: 'DB-2311', project: 'Ashdown heath edge', recipient: 'Heathland Heritage', species: 'Succisa pratensis', packets: 20, status: 'Ready', ref: 'REL-67F1-LS' },
    { id: 'DB-2288', project: 'Kenfig dune slack', recipient: 'Glamorgan Dunes Project', species: 'Anthyllis vulneraria', packets: 15, status: 'Released', ref: 'REL-02A7-YB' },
  ];
}
export const BATCH_TARGET = 'DB-2291';

// ---- Collections per collector per year (chart) ----
export const CHART_COLLECTORS = ['Ines Valdivia', 'Ines Valdés', 'Hugo Brandt', 'Hugo Brant', 'Mara Okonkwo', 'Sanne Achterberg', 'Jem Fairweather', 'Priya Raman'];
function buildStats() {
  const r = mulberry32(77);
  const out = [];
  for (let year = 2021; year <= 2026; year++) for (const c of CHART_COLLECTORS) out.push({ year: String(year), collector: c, accessions: 18 + Math.floor(r() * 60) });
  const set = (c, y, v) => { out.find((d) => d.collector === c && d.year === y).accessions = v; };
  set('Ines Valdivia', '2025', 47); set('Ines Valdés', '2025', 45); set('Ines Valdivia', '2026', 49); set('Ines Valdivia', '2024', 44); set('Hugo Brandt', '2025', 48);
  return out;
}
export const STATS_ANSWER = { collector: 'Ines Valdivia', year: '2025', accessions: 47 };

// ---- Staff (booking) ----
export const STAFF = ['Tomás Reyes', 'Tomás Reyna', 'Ada Lindqvist', 'Ada Lindgren', 'Ruth Okafor', 'Ruth Okafer', 'Mara Okonkwo', 'Hugo Brandt', 'Ines Valdivia', 'Priya Raman', 'Jem Fairweather', 'Sanne Achterberg'];
export const BOOKING_DEFAULT_STAFF = ['Tomás Reyes', 'Ruth Okafor'];
export const VAULT_ROOMS = ['Cold vault A (−20 °C)', 'Cold vault B (−20 °C)', 'Drying room (15 % RH)', 'Germination lab'];
export const BOOKING_TARGET = { date: '2027-01-14', time: '10:30', room: 'Cold vault B (−20 °C)', staff: ['Ada Lindqvist', 'Tomás Reyes'] };

// ---- Distribution requests (list) ----
const INSTITUTIONS = ['Lund University', 'Lund Botanic Garden', 'Uppsala University', 'University of Leeds', 'Royal Botanic Garden Edinburgh', 'Meise Botanic Garden', 'Aarhus University', 'University of Reading', 'Natural England', 'Plantlife'];
function buildRequests() {
  const r = mulberry32(9090);
  const rows = [];
  for (let i = 0; i < 140; i++) {
    const [species] = pick(r, SPECIES);
    const month = 1 + Math.floor(r() * 11);
    rows.push({
      id: `RQ-${pad(40110 + i * 3 + Math.floor(r() * 3), 5)}`,
      institution: pick(r, INSTITUTIONS),
      contact: pick(r, ['Dr A. Berg', 'Dr L. Sjöberg', 'Prof. K. Holm', 'Dr E. Nilsson', 'J. Marsh', 'Dr P. Ahmed', 'Dr R. Costa']),
      species, packets: pick(r, [5, 8, 10, 12, 15, 20, 25]),
      requested: `2026-${pad(month)}-${pad(1 + Math.floor(r() * 28))}`,
      purpose: pick(r, ['Research', 'Restoration', 'Education', 'Conservation genetics']),
      status: pick(r, ['Pending', 'Pending', 'Approved', 'Shipped']),
    });
  }
  const plant = (idx, o) => Object.assign(rows[idx], { institution: 'Lund University', species: 'Pulsatilla vulgaris', status: 'Pending', ...o });
  plant(12, { packets: 12, requested: '2026-05-03', contact: 'Dr L. Sjöberg', purpose: 'Research' });
  plant(47, { packets: 10, requested: '2026-03-11', contact: 'Dr L. Sjöberg', purpose: 'Research' });
  plant(83, { packets: 12, requested: '2026-03-18', contact: 'Dr L. Sjöberg', purpose: 'Conservation genetics' }); // TARGET
  plant(101, { packets: 12, requested: '2026-03-18', contact: 'Dr L. Sjöberg', purpose: 'Research', status: 'Approved' });
  plant(126, { packets: 12, requested: '2026-03-25', institution: 'Lund Botanic Garden', contact: 'Dr A. Berg' });
  plant(133, { packets: 12, requested: '2026-02-26', contact: 'Prof. K. Holm', purpose: 'Research' });
  return rows;
}

export function buildState() {
  const accessions = buildAccessions();
  const requests = buildRequests();
  return {
    accessions, protocols: buildProtocols(), batches: buildBatches(), stats: buildStats(), requests, bookings: [],
    uploads: [], accessionSaves: [],
    targets: { accession: accessions[118].id, request: requests[83].id },
  };
}
