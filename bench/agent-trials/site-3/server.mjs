// Trial site #3 ("Harbourline Freight Portal"): a logistics company's internal portal,
// seven pages each built on a real widget library, plus a JSON API that records what the
// agent did. Plain node:http, no framework. Pages are static files in public/, libraries
// are served from node_modules under /vendor/.
//
//   PORT=4537 node server.mjs
//
// GET  /__verify  -> per-job check + hit counts of every mutating endpoint
// POST /__reset   -> back to the initial state
// Stops by itself after IDLE_MS (default 2 h) without any request.

import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const PUBLIC = path.join(ROOT, 'public');
const NODE_MODULES = path.join(ROOT, 'node_modules');
const PORT = Number(process.env.PORT || 4537);
const HOST = '127.0.0.1';
const IDLE_MS = Number(process.env.IDLE_MS || 2 * 60 * 60 * 1000);

function prng(seed) {
  let s = seed;
  const rnd = () => ((s = (s * 16807) % 2147483647) / 2147483647);
  return { rnd, pick: (a) => a[Math.floor(rnd() * a.length)], int: (lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1)) };
}

// ====================================================================== 1. containers
// RevoGrid, 400 rows x 31 columns, rows and columns virtualised. The job changes the
// reefer set-point (a column far to the right) of one container far down the list.
const CONTAINER_TARGET = 'MSCU 471902-3';
const SETPOINT_TARGET = -21.5;
const CONTAINER_COLUMNS = [
  ['container', 'Container no.'], ['booking', 'Booking'], ['customer', 'Customer'], ['shipper', 'Shipper'],
  ['vessel', 'Vessel'], ['voyage', 'Voyage'], ['pol', 'POL'], ['pod', 'POD'], ['etd', 'ETD'], ['eta', 'ETA'],
  ['type', 'Type'], ['status', 'Status'], ['grossKg', 'Gross kg'], ['tareKg', 'Tare kg'], ['vgmKg', 'VGM kg'],
  ['seal', 'Seal no.'], ['imo', 'IMO class'], ['un', 'UN no.'], ['customs', 'Customs'], ['hold', 'Hold'],
  ['freeDays', 'Free days'], ['demurrage', 'Demurrage €/day'], ['yard', 'Yard block'], ['bay', 'Bay'],
  ['row', 'Row'], ['tier', 'Tier'], ['haulier', 'Haulier'], ['slot', 'Delivery slot'],
  ['setpoint', 'Set-point °C'], ['humidity', 'Humidity %'], ['vent', 'Vent m³/h'],
];
function checkDigitless(prefix, n) { return `${prefix} ${String(n).padStart(6, '0')}-${n % 10 === 3 ? 8 : (n * 7) % 10}`; }
function makeContainers() {
  const { rnd, pick, int } = prng(20261205);
  const prefixes = ['MSCU', 'MSKU', 'CMAU', 'HLXU', 'TGHU', 'OOLU', 'MAEU', 'SEGU', 'TCLU', 'CAIU'];
  const customers = ['Kestrel Outdoor Ltd', 'Brightwater Foods', 'Northgate Retail', 'Alder & Finch', 'Meridian Pharma', 'Oakfield Timber',
    'Castlegate Wines', 'Polar Fresh Seafood', 'Harlow Components', 'Greystone Paper', 'Lumen Electronics', 'Saxon Tiles'];
  const shippers = ['Ningbo Haixin Trading', 'Shenzhen Pearl Export', 'Valencia Citrus Coop', 'Santos Café Export', 'Hamburg Maschinen GmbH',
    'Chittagong Knitwear', 'Durban Fruit Exporters', 'Busan Marine Products', 'Izmir Textiles', 'Auckland Dairy Exports'];
  const vessels = [['MSC Aurora', 'AU648W'], ['Maersk Elba', '249N'], ['CMA CGM Tage', '0FLM3W'], ['Ever Gentle', '0721-018W'],
    ['Hapag Lloyd Bremen', '2611E'], ['OOCL Dubai', '118W'], ['ONE Harmony', '063E']];
  const pols = ['CNNGB', 'CNSZX', 'ESVLC', 'BRSSZ', 'DEHAM', 'BDCGP', 'ZADUR', 'KRPUS', 'TRIZM', 'NZAKL'];
  const pods = ['GBFXT', 'GBLGP', 'GBSOU', 'GBTIL'];
  const statuses = ['On vessel', 'Discharged', 'Gated out', 'Awaiting customs', 'Ready for collection', 'Booked'];
  const hauliers = ['Northway Haulage', 'Greenline Transport', 'M. Dwyer & Sons', 'Harbourline Own Fleet', 'Eastern Boxes Ltd'];
  const rows = [];
  const used = new Set();
  for (let i = 0; i < 400; i++) {
    let c;
    do { c = checkDigitless(pick(prefixes), int(100000, 999999)); } while (used.has(c));
    used.add(c);
    const [vessel, voyage] = pick(vessels);
    const type = rnd() < 0.3 ? pick(['20RF', '40RH']) : pick(['20GP', '40GP', '40HC', '45HC']);
    const reefer = type === '20RF' || type === '40RH';
    const tare = type.startsWith('20') ? int(2200, 3050) : int(3700, 4800);
    const gross = tare + int(4000, 24000);
    const haz = !reefer && rnd() < 0.08;
    const etaDay = int(1, 28);
    rows.push({
      container: c, booking: '', customer: pick(customers), shipper: pick(shippers), vessel, voyage, pol: pick(pols), pod: pick(pods),
      etd: `2026-${String(int(9, 10)).padStart(2, '0')}-${String(int(1, 28)).padStart(2, '0')}`,
      eta: `2026-12-${String(etaDay).padStart(2, '0')}`, type, status: pick(statuses), grossKg: gross, tareKg: tare, vgmKg: gross + int(-40, 40),
      seal: pick(['ML', 'CN', 'HL', 'EU']) + int(1000000, 9999999), imo: haz ? pick(['3', '8', '9', '2.1']) : '', un: haz ? String(int(1000, 3500)) : '',
      customs: pick(['Cleared', 'Cleared', 'Cleared', 'Pending', 'Documents requested']), hold: rnd() < 0.1 ? pick(['Customs', 'Line', 'Port health']) : '',
      freeDays: pick([3, 5, 7, 7, 10, 14]), demurrage: pick([45, 60, 75, 90, 120]), yard: pick(['A', 'B', 'C', 'D', 'R']) + int(1, 9),
      bay: String(int(1, 40)).padStart(2, '0'), row: String(int(1, 12)).padStart(2, '0'), tier: String(int(1, 5)),
      haulier: pick(hauliers), slot: `2026-12-${String(Math.min(28, etaDay + int(1, 4))).padStart(2, '0')} ${pick(['06:00', '08:30', '10:00', '13:30', '15:00'])}`,
      setpoint: reefer ? pick([-25, -23, -21, -20, -18, -18, -18, -15, 0, 2, 4, 5, 13]) : '',
      humidity: reefer ? pick([75, 80, 85, 90, 95]) : '', vent: reefer ? pick([0, 0, 10, 15, 25, 40]) : '',
    });
  }
  // the target and its look-alikes (all reefers with a set-point)
  const alike = [
    [CONTAINER_TARGET, 338, -18], ['MSCU 471902-8', 61, -18], ['MSCU 471920-3', 193, -20], ['MSKU 471902-3', 287, -18],
    ['MSCU 417902-3', 352, -21], ['MSCU 471903-2', 371, -25],
  ];
  for (const [c, idx, sp] of alike) {
    const r = rows[idx];
    Object.assign(r, { container: c, type: '40RH', setpoint: sp, humidity: 85, vent: 0, imo: '', un: '', customer: 'Polar Fresh Seafood', shipper: 'Busan Marine Products', pol: 'KRPUS' });
  }
  // booking numbers ascending: the register is listed in booking order
  rows.forEach((r, i) => { r.booking = 'HBK-' + (2611040 + i * 3 + (i % 2)); r.id = 'C' + String(i + 1).padStart(4, '0'); });
  return rows;
}
const CONTAINERS = makeContainers();
const CONTAINER_TARGET_ID = CONTAINERS.find((r) => r.container === CONTAINER_TARGET).id;
const CONTAINER_FIELDS = CONTAINER_COLUMNS.map(([p]) => p);

// ====================================================================== 2. EDI config (Monaco)
const EDI_CONFIG_INITIAL = `# Harbourline EDI gateway — carrier cut-off rules
# Times are local to the port. Changes are picked up by the gateway within 5 minutes.
version: 14
timezone_default: Europe/London
carriers:
  - id: northsea-roro
    name: North Sea Ro-Ro
    scac: NSRR
    lanes:
      - port: NLRTM
        direction: inbound
        cutoff: "16:30"
        retries: 3
      - port: NLRTM
        direction: outbound
        cutoff: "16:30"
        retries: 3
      - port: BEANR
        direction: outbound
        cutoff: "16:30"
        retries: 3
  - id: northsea-roro-express
    name: North Sea Ro-Ro Express
    scac: NSRX
    lanes:
      - port: NLRTM
        direction: outbound
        cutoff: "16:30"
        retries: 5
      - port: BEZEE
        direction: outbound
        cutoff: "18:00"
        retries: 5
  - id: baltic-feeder
    name: Baltic Feeder Lines
    scac: BFLX
    lanes:
      - port: NLRTM
        direction: outbound
        cutoff: "14:00"
        retries: 3
      - port: DEHAM
        direction: outbound
        cutoff: "16:30"
        retries: 3
notifications:
  on_cutoff_missed: ops-desk@harbourline.example
  on_edi_reject: edi-support@harbourline.example
`;
const EDI_CONFIG_EXPECTED = EDI_CONFIG_INITIAL.replace(
  '      - port: NLRTM\n        direction: outbound\n        cutoff: "16:30"\n        retries: 3\n      - port: BEANR',
  '      - port: NLRTM\n        direction: outbound\n        cutoff: "17:45"\n        retries: 3\n      - port: BEANR');
if (EDI_CONFIG_EXPECTED === EDI_CONFIG_INITIAL) throw new Error('EDI expected text not built');
const normText = (t) => String(t).replace(/\r\n/g, '\n').split('\n').map((l) => l.replace(/\s+$/, '')).join('\n').replace(/\n+$/, '');
function textDiff(a, b) {
  const A = normText(a).split('\n'), B = normText(b).split('\n');
  const out = [];
  for (let i = 0; i < Math.max(A.length, B.length); i++) if (A[i] !== B[i]) out.push({ line: i + 1, expected: A[i] ?? null, saved: B[i] ?? null });
  return out;
}

// ====================================================================== 3. quotes (toast)
const DEPOTS = ['Avonmouth DC', 'Basingstoke DC', 'Belfast Harbour', 'Bellshill DC', 'Daventry DC', 'Daventry DIRFT', 'Daventry DIRFT North',
  'Doncaster iPort', 'Felixstowe Port Office', 'Grangemouth DC', 'Hams Hall DC', 'Immingham Cross-dock', 'Leeds Stourton',
  'Liverpool Seaforth', 'Magna Park', 'Manchester Trafford Park', 'Newport DC', 'Southampton Berth 201', 'Thurrock Cross-dock',
  'Thurrock Cross-dock 2', 'Thurrock DC', 'Tilbury Riverside', 'Wakefield Calder Park', 'Warrington Omega'];
const SERVICES = { economy: ['Economy (3–5 days)', 21.4], standard: ['Standard (48 h)', 27.9], 'next-day': ['Next day', 38.65], 'timed-am': ['Next day, before 10:00', 46.2] };
const QUOTE_TARGET = { origin: 'Daventry DIRFT', postcode: 'LS115QA', pallets: 6, service: 'next-day', tailLift: true, hazardous: false };
function zoneCharge(postcode) {
  const area = (/^[A-Z]{1,2}/.exec(postcode) || ['ZZ'])[0];
  const z = { LS: 64.5, WF: 61.0, BD: 66.2, M: 58.9, B: 41.3, NN: 18.0, CV: 24.7, SW: 88.1, EC: 92.4, G: 131.6, EH: 127.3, BT: 182.0, CF: 77.8 };
  return z[area] ?? 95.0;
}
function quotePrice(q) {
  const [, perPallet] = SERVICES[q.service] || SERVICES.standard;
  let p = q.pallets * perPallet + zoneCharge(q.postcode);
  if (q.tailLift) p += 35;
  if (q.hazardous) p += 55;
  if (q.origin.startsWith('Daventry DIRFT')) p += 12.5; // rail terminal handling
  return Math.round(p * 100) / 100;
}
const gbp = (n) => '£ ' + n.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const QUOTE_TARGET_PRICE = gbp(quotePrice(QUOTE_TARGET));

// ====================================================================== 4. carrier invoices (upload)
const UPLOAD_NAME = 'northway-haulage-2026-11.csv';
const UPLOAD_FILE = path.join(ROOT, 'files', UPLOAD_NAME);
function parseInvoiceCsv(text) {
  const lines = text.split(/\r?\n/).filter((l) => l.trim());
  const head = lines[0].split(',').map((h) => h.trim().toLowerCase());
  const iNet = head.indexOf('net_gbp'), iVat = head.indexOf('vat_rate');
  let net = 0, vat = 0, rows = 0;
  for (const l of lines.slice(1)) {
    const c = l.split(',');
    const n = Math.round(Number(c[iNet]) * 100);
    const r = Number(String(c[iVat]).replace('%', ''));
    if (!Number.isFinite(n) || !Number.isFinite(r)) continue;
    net += n; vat += Math.round((n * r) / 100); rows++;
  }
  return { rows, net: net / 100, vat: vat / 100, total: (net + vat) / 100 };
}

// ====================================================================== 5. lanes (ECharts canvas scatter)
const LANE_TARGET_NAME = 'Felixstowe → Rotterdam';
function makeLanes() {
  const { rnd, pick, int } = prng(777);
  const ports = ['Felixstowe', 'Tilbury', 'Southampton', 'Immingham', 'Hull', 'Teesport', 'Liverpool', 'Grangemouth'];
  const cont = ['Rotterdam', 'Antwerp', 'Zeebrugge', 'Hamburg', 'Le Havre', 'Bilbao', 'Gdynia', 'Gothenburg'];
  const inland = ['Daventry', 'Leeds', 'Manchester', 'Glasgow', 'Birmingham', 'Bristol', 'Doncaster'];
  const fixed = [
    // name, mode, shipments, on-time %
    [LANE_TARGET_NAME, 'Short-sea', 212, 88.4],
    ['Rotterdam → Felixstowe', 'Short-sea', 206, 87.6],
    ['Felixstowe → Antwerp', 'Short-sea', 219, 88.9],
    ['Tilbury → Rotterdam', 'Short-sea', 208, 89.5],
    ['Felixstowe → Rotterdam (reefer)', 'Short-sea', 216, 87.1],
  ];
  const names = new Set(fixed.map((f) => f[0]));
  const lanes = [...fixed];
  while (lanes.length < 42) {
    const mode = pick(['Short-sea', 'Road', 'Road', 'Rail']);
    let name;
    if (mode === 'Short-sea') name = rnd() < 0.5 ? `${pick(ports)} → ${pick(cont)}` : `${pick(cont)} → ${pick(ports)}`;
    else if (mode === 'Rail') name = `${pick(ports)} → ${pick(inland)} (rail)`;
    else name = `${pick([...ports, ...inland])} → ${pick(inland)}`;
    if (names.has(name) || /(\w+) → \1/.test(name)) continue;
    let ship = int(40, 390), on = Math.round((72 + rnd() * 27) * 10) / 10;
    if (ship > 185 && ship < 240 && on > 85 && on < 92) continue; // keep the look-alike cluster to itself
    names.add(name);
    lanes.push([name, mode, ship, on]);
  }
  return lanes.map(([name, mode, shipments, onTime], i) => ({
    id: 'LN-' + String(101 + i), name, mode, shipments, onTime, late: Math.round(shipments * (100 - onTime) / 100),
  }));
}
const LANES = makeLanes();
const LANE_TARGET = LANES.find((l) => l.name === LANE_TARGET_NAME);

// ====================================================================== 6. closures (slim-select + air-datepicker)
const CLOSURE_TARGET = { sites: ['Daventry DIRFT', 'Thurrock Cross-dock'], start: '2027-01-29', end: '2027-02-03', reason: 'Stock-take' };
const CLOSURE_REASONS = ['Maintenance', 'Stock-take', 'Public holiday', 'Weather', 'Industrial action', 'Other'];

// ====================================================================== 7. pickups (paged list, detail in new tab, MicroModal)
const PICKUP_TARGET = 'PU-58254';
function makePickups() {
  const { pick, int } = prng(5150);
  const customers = ['Brightwater Foods', 'Northgate Retail', 'Alder & Finch', 'Meridian Pharma', 'Oakfield Timber', 'Castlegate Wines',
    'Harlow Components', 'Greystone Paper', 'Lumen Electronics', 'Saxon Tiles', 'Polar Fresh Seafood', 'Kestrel Outdoor Ltd', 'Kestrel Outdoors Ltd'];
  const sites = ['Leeds (Stourton)', 'Wakefield (Calder Park)', 'Doncaster (iPort)', 'Sheffield (Tinsley)', 'Bradford (Euroway)', 'Hull (Sutton Fields)', 'York (Clifton Moor)'];
  const list = [];
  for (let i = 0; i < 68; i++) {
    const d = int(4, 29);
    const past = i % 9 === 4;
    list.push({
      customer: pick(customers), site: pick(sites), date: past ? `2026-11-${String(int(2, 27)).padStart(2, '0')}` : (d > 22 ? `2026-12-${String(d).padStart(2, '0')}` : `2027-01-${String(d).padStart(2, '0')}`),
      pallets: int(1, 26), window: pick(['07:00–09:00', '09:00–12:00', '12:00–15:00', '15:00–18:00']), status: past ? 'Collected' : 'Booked',
      vehicle: pick(['7.5 t curtain-sider', '18 t tail-lift', '44 t artic', 'Van (LWB)']), contact: pick(['R. Patel', 'D. Morgan', 'S. Hughes', 'A. Nowak', 'J. Ellis']),
    });
  }
  // keep random ones off the target's customer/date, then add target + look-alikes
  for (const p of list) if (p.customer.startsWith('Kestrel')) p.customer = 'Saxon Tiles';
  list.push(
    { customer: 'Kestrel Outdoor Ltd', site: 'Wakefield (Calder Park)', date: '2027-01-14', pallets: 8, window: '09:00–12:00', status: 'Booked', vehicle: '18 t tail-lift', contact: 'M. Shah', target: true },
    { customer: 'Kestrel Outdoor Ltd', site: 'Leeds (Stourton)', date: '2027-01-14', pallets: 8, window: '09:00–12:00', status: 'Booked', vehicle: '18 t tail-lift', contact: 'M. Shah' },
    { customer: 'Kestrel Outdoor Ltd', site: 'Wakefield (Calder Park)', date: '2027-01-17', pallets: 6, window: '12:00–15:00', status: 'Booked', vehicle: '18 t tail-lift', contact: 'M. Shah' },
    { customer: 'Kestrel Outdoors Ltd', site: 'Wakefield (Calder Park)', date: '2027-01-14', pallets: 8, window: '09:00–12:00', status: 'Booked', vehicle: '7.5 t curtain-sider', contact: 'T. Byrne' },
    { customer: 'Kestrel Outdoor Ltd', site: 'Wakefield (Calder Park)', date: '2026-01-14', pallets: 8, window: '09:00–12:00', status: 'Collected', vehicle: '18 t tail-lift', contact: 'M. Shah' },
  );
  list.sort((a, b) => (a.date === b.date ? a.customer.localeCompare(b.customer) : a.date.localeCompare(b.date)));
  // references in list order except the target, which gets the fixed one
  let n = 58190;
  for (const p of list) { if (p.target) { p.id = PICKUP_TARGET; delete p.target; } else { do { n += 1; } while (n === 58254); p.id = 'PU-' + n; } }
  return list.sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id)); // earliest collection date first
}
const PICKUPS = makePickups();

// ====================================================================== state
let state;
function reset() {
  state = {
    containers: CONTAINERS.map((r) => ({ ...r })),
    containerSaves: [],
    ediConfig: EDI_CONFIG_INITIAL,
    ediSaves: 0,
    quotes: [],
    uploads: [],
    flagged: [],
    closures: [],
    pickupStatus: {},
    pickupCancels: [],
    lanesViews: 0,
    hits: {},
  };
}
reset();
function hit(key) { state.hits[key] = (state.hits[key] || 0) + 1; }

// ====================================================================== checks
function containerChanges() {
  const out = [];
  state.containers.forEach((r, i) => {
    const o = CONTAINERS[i];
    for (const f of CONTAINER_FIELDS) if (String(r[f]) !== String(o[f])) out.push({ id: r.id, container: o.container, field: f, from: o[f], to: r[f] });
  });
  return out;
}
function verify() {
  const ch = containerChanges();
  const ediDiff = textDiff(EDI_CONFIG_EXPECTED, state.ediConfig);
  const fileSha = crypto.createHash('sha256').update(fs.readFileSync(UPLOAD_FILE)).digest('hex');
  const inv = parseInvoiceCsv(fs.readFileSync(UPLOAD_FILE, 'utf8'));
  const active = state.closures.filter((c) => !c.cancelled);
  const q = state.quotes;
  const qOk = (x) => Object.keys(QUOTE_TARGET).every((k) => x[k] === QUOTE_TARGET[k]);
  return {
    jobs: {
      '1-grid-setpoint': {
        done: ch.length === 1 && ch[0].id === CONTAINER_TARGET_ID && ch[0].field === 'setpoint' && Number(ch[0].to) === SETPOINT_TARGET,
        changedCells: ch,
        saves: state.containerSaves.length,
      },
      '2-editor-cutoff': {
        done: state.ediSaves > 0 && ediDiff.length === 0,
        saves: state.ediSaves,
        diffFromExpected: ediDiff,
      },
      '3-toast-quote': {
        done: q.length === 1 && qOk(q[0]),
        quotes: q,
        expectedReport: q.length ? `${q[q.length - 1].ref}, ${q[q.length - 1].priceText}` : null,
        expectedPrice: QUOTE_TARGET_PRICE,
      },
      '4-upload-invoice': {
        done: state.uploads.length === 1 && state.uploads[0].name === UPLOAD_NAME && state.uploads[0].sha256 === fileSha,
        uploads: state.uploads,
        expectedReport: gbp(inv.total),
      },
      '5-chart-lane': {
        done: state.flagged.length === 1 && state.flagged[0] === LANE_TARGET.id,
        flagged: state.flagged.map((id) => `${id} ${LANES.find((l) => l.id === id)?.name}`),
        expectedReport: `${LANE_TARGET.onTime.toFixed(1)} %`,
      },
      '6-range-closure': {
        done: active.length === 1 && JSON.stringify([...active[0].sites].sort()) === JSON.stringify(CLOSURE_TARGET.sites)
          && active[0].start === CLOSURE_TARGET.start && active[0].end === CLOSURE_TARGET.end && active[0].reason === CLOSURE_TARGET.reason,
        closures: state.closures,
      },
      '7-modal-pickup': {
        done: state.pickupCancels.length === 1 && state.pickupCancels[0] === PICKUP_TARGET,
        cancelled: state.pickupCancels.map((id) => { const p = PICKUPS.find((x) => x.id === id); return `${id} ${p.customer}, ${p.site}, ${p.date}`; }),
      },
    },
    hits: state.hits,
  };
}

// ====================================================================== http helpers
function send(res, code, body, type = 'text/html; charset=utf-8', extra = {}) {
  res.writeHead(code, { 'content-type': type, 'cache-control': 'no-store', ...extra });
  res.end(body);
}
const json = (res, code, obj) => send(res, code, JSON.stringify(obj), 'application/json');
function readBody(req, limit = 5 * 1024 * 1024) {
  return new Promise((resolve, reject) => {
    const chunks = []; let n = 0;
    req.on('data', (c) => { n += c.length; if (n > limit) { reject(new Error('too large')); req.destroy(); } else chunks.push(c); });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
const readJson = async (req) => JSON.parse((await readBody(req)).toString() || '{}');
function parseMultipart(buf, contentType) {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType || '');
  if (!m) return [];
  const boundary = Buffer.from('--' + (m[1] || m[2]));
  const parts = [];
  let pos = buf.indexOf(boundary);
  while (pos !== -1) {
    const next = buf.indexOf(boundary, pos + boundary.length);
    if (next === -1) break;
    const part = buf.subarray(pos + boundary.length + 2, next - 2);
    const sep = part.indexOf('\r\n\r\n');
    if (sep !== -1) {
      const headers = part.subarray(0, sep).toString('utf8');
      const name = /name="([^"]*)"/i.exec(headers)?.[1];
      const filename = /filename="([^"]*)"/i.exec(headers)?.[1];
      parts.push({ name, filename, data: part.subarray(sep + 4) });
    }
    pos = next;
  }
  return parts;
}
const MIME = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.map': 'application/json',
  '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.gif': 'image/gif', '.woff2': 'font/woff2', '.woff': 'font/woff', '.ttf': 'font/ttf',
};
function serveFile(res, base, rel) {
  const file = path.join(base, path.normalize(rel));
  if (!file.startsWith(base + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return send(res, 404, 'not found', 'text/plain');
  return send(res, 200, fs.readFileSync(file), MIME[path.extname(file)] || 'application/octet-stream', { 'cache-control': 'max-age=300' });
}
const rid = (prefix, n = 6) => prefix + Array.from(crypto.randomBytes(n), (b) => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[b % 32]).join('');

// pages: public/<name>.html, the shared header is put in place of <!--NAV-->
const NAV = [
  ['/containers', 'Containers'], ['/edi-config', 'EDI config'], ['/quotes', 'Rate quotes'], ['/invoices', 'Carrier invoices'],
  ['/lanes', 'Lane performance'], ['/closures', 'Depot closures'], ['/pickups', 'Pickups'],
];
const PAGES = { '/': 'index', '/containers': 'containers', '/edi-config': 'edi-config', '/quotes': 'quotes', '/invoices': 'invoices',
  '/lanes': 'lanes', '/closures': 'closures', '/pickups': 'pickups' };
function page(res, name, active) {
  const html = fs.readFileSync(path.join(PUBLIC, name + '.html'), 'utf8').replace('<!--NAV-->',
    `<header class="top"><a class="brand" href="/">Harbourline <span>Freight Portal</span></a><nav>${NAV.map(([h, t]) =>
      `<a href="${h}"${h === active ? ' class="on"' : ''}>${t}</a>`).join('')}</nav><span class="user">Sam Okoro · Operations</span></header>`);
  return send(res, 200, html);
}

// ====================================================================== server
let lastActivity = Date.now();
const server = http.createServer(async (req, res) => {
  lastActivity = Date.now();
  const url = new URL(req.url, `http://${HOST}`);
  const p = url.pathname; const m = req.method;
  let mm;
  try {
    if (m === 'GET') {
      if (p.startsWith('/vendor/')) return serveFile(res, NODE_MODULES, decodeURIComponent(p.slice('/vendor/'.length)));
      if (p.startsWith('/static/')) return serveFile(res, PUBLIC, decodeURIComponent(p.slice('/static/'.length)));
      if (PAGES[p]) { if (p === '/lanes') state.lanesViews++; return page(res, PAGES[p], p); }
      if (/^\/pickups\/PU-\d+$/.test(p)) return page(res, 'pickup', '/pickups');
      switch (p) {
        case '/api/containers': return json(res, 200, { columns: CONTAINER_COLUMNS, rows: state.containers });
        case '/api/edi-config': return json(res, 200, { text: state.ediConfig });
        case '/api/depots': return json(res, 200, DEPOTS);
        case '/api/lanes': return json(res, 200, LANES.map((l) => ({ ...l, flagged: state.flagged.includes(l.id) })));
        case '/api/closures': return json(res, 200, { reasons: CLOSURE_REASONS, depots: DEPOTS, closures: state.closures.filter((c) => !c.cancelled) });
        case '/api/pickups': {
          const q = (url.searchParams.get('q') || '').trim().toLowerCase();
          const per = 10;
          const all = PICKUPS.map((x) => ({ ...x, status: state.pickupStatus[x.id] || x.status }))
            .filter((x) => !q || [x.id, x.customer, x.site].some((s) => s.toLowerCase().includes(q)));
          const pages = Math.max(1, Math.ceil(all.length / per));
          const pg = Math.min(pages, Math.max(1, Number(url.searchParams.get('page')) || 1));
          return json(res, 200, { page: pg, pages, total: all.length, rows: all.slice((pg - 1) * per, pg * per) });
        }
        case '/__verify': return send(res, 200, JSON.stringify(verify(), null, 2), 'application/json');
        case '/favicon.ico': res.writeHead(204); return res.end();
      }
      if ((mm = /^\/api\/pickups\/(PU-\d+)$/.exec(p))) {
        const x = PICKUPS.find((y) => y.id === mm[1]);
        return x ? json(res, 200, { ...x, status: state.pickupStatus[x.id] || x.status }) : json(res, 404, { error: 'no such pickup' });
      }
    }
    if (m === 'POST') {
      if (p === '/__reset') { reset(); return json(res, 200, { ok: true }); }
      if (p === '/api/containers/save') {
        hit('POST /api/containers/save');
        const body = await readJson(req);
        const applied = [];
        for (const c of body.changes || []) {
          const r = state.containers.find((x) => x.id === c.id);
          if (!r || !CONTAINER_FIELDS.includes(c.field) || c.field === 'container') continue;
          let v = c.value;
          if (typeof CONTAINERS[0][c.field] === 'number' || ['setpoint', 'humidity', 'vent'].includes(c.field)) {
            const s = String(v ?? '').replace(/[\u2212\u2013]/g, '-').replace(/°\s*C?/i, '').replace(',', '.').trim();
            v = s === '' ? '' : (Number.isFinite(Number(s)) ? Number(s) : String(v));
          } else v = String(v ?? '');
          r[c.field] = v;
          applied.push({ id: r.id, container: r.container, field: c.field, value: v });
        }
        state.containerSaves.push(applied);
        return json(res, 200, { saved: applied.length, applied });
      }
      if (p === '/api/edi-config') {
        hit('POST /api/edi-config');
        const body = await readJson(req);
        state.ediConfig = String(body.text ?? '');
        state.ediSaves++;
        return json(res, 200, { ok: true, revision: 14 + state.ediSaves, savedAt: new Date().toISOString() });
      }
      if (p === '/api/quotes') {
        hit('POST /api/quotes');
        const b = await readJson(req);
        const qt = {
          origin: String(b.origin || ''), postcode: String(b.postcode || '').toUpperCase().replace(/\s+/g, ''), pallets: Number(b.pallets),
          service: String(b.service || ''), tailLift: !!b.tailLift, hazardous: !!b.hazardous,
        };
        if (!DEPOTS.includes(qt.origin) || !/^[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}$/.test(qt.postcode) || !(qt.pallets >= 1 && qt.pallets <= 26) || !SERVICES[qt.service]) {
          state.quotes.push({ ...qt, rejected: true });
          return json(res, 400, { error: 'Please check the origin, postcode, pallets and service.' });
        }
        qt.price = quotePrice(qt); qt.priceText = gbp(qt.price); qt.ref = rid('HQ-');
        state.quotes.push(qt);
        return json(res, 200, { ref: qt.ref, priceText: qt.priceText, service: SERVICES[qt.service][0], validUntil: '12 Dec 2026' });
      }
      if (p === '/api/invoices/upload') {
        hit('POST /api/invoices/upload');
        const buf = await readBody(req);
        const parts = parseMultipart(buf, req.headers['content-type']);
        const f = parts.find((x) => x.filename);
        if (!f) return json(res, 400, { success: false, error: 'no file' });
        const nameField = parts.find((x) => x.name === 'qqfilename');
        const name = nameField ? nameField.data.toString('utf8') : f.filename;
        let inv;
        try { inv = parseInvoiceCsv(f.data.toString('utf8')); } catch { inv = { rows: 0, net: 0, vat: 0, total: 0 }; }
        const rec = { name, bytes: f.data.length, sha256: crypto.createHash('sha256').update(f.data).digest('hex'), rows: inv.rows,
          netText: gbp(inv.net), vatText: gbp(inv.vat), totalText: gbp(inv.total), batch: 'CIB-' + (3041 + state.uploads.length) };
        state.uploads.push(rec);
        return json(res, 200, { success: true, ...rec });
      }
      if ((mm = /^\/api\/lanes\/(LN-\d+)\/(flag|unflag)$/.exec(p))) {
        hit(`POST /api/lanes/:id/${mm[2]}`);
        const l = LANES.find((x) => x.id === mm[1]);
        if (!l) return json(res, 404, { error: 'no such lane' });
        state.flagged = state.flagged.filter((id) => id !== l.id);
        if (mm[2] === 'flag') state.flagged.push(l.id);
        return json(res, 200, { id: l.id, name: l.name, flagged: mm[2] === 'flag' });
      }
      if (p === '/api/closures') {
        hit('POST /api/closures');
        const b = await readJson(req);
        const c = { id: 'CL-' + (4401 + state.closures.length), sites: (b.sites || []).map(String), start: String(b.start || ''), end: String(b.end || ''),
          reason: String(b.reason || ''), note: String(b.note || ''), cancelled: false };
        state.closures.push(c);
        return json(res, 200, c);
      }
      if ((mm = /^\/api\/closures\/(CL-\d+)\/cancel$/.exec(p))) {
        hit('POST /api/closures/:id/cancel');
        const c = state.closures.find((x) => x.id === mm[1]);
        if (c) c.cancelled = true;
        return json(res, 200, { ok: !!c });
      }
      if ((mm = /^\/api\/pickups\/(PU-\d+)\/cancel$/.exec(p))) {
        hit('POST /api/pickups/:id/cancel');
        const x = PICKUPS.find((y) => y.id === mm[1]);
        if (!x) return json(res, 404, { error: 'no such pickup' });
        if ((state.pickupStatus[x.id] || x.status) !== 'Booked') return json(res, 409, { error: 'Only booked pickups can be cancelled.' });
        state.pickupStatus[x.id] = 'Cancelled';
        state.pickupCancels.push(x.id);
        return json(res, 200, { id: x.id, status: 'Cancelled' });
      }
    }
    send(res, 404, 'not found', 'text/plain');
  } catch (e) {
    json(res, 500, { error: String((e && e.message) || e) });
  }
});
server.listen(PORT, HOST, () => console.log(`trial-site-3 (Harbourline Freight Portal) on http://${HOST}:${PORT}/ (idle exit after ${IDLE_MS} ms)`));
setInterval(() => { if (Date.now() - lastActivity > IDLE_MS) { console.log('idle, exiting'); process.exit(0); } }, Math.min(60000, IDLE_MS)).unref();

export { CONTAINERS, LANES, PICKUPS }; // for ad-hoc inspection only
