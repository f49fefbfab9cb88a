// Trial site for an agent trial: a few pages built on real widget libraries,
// with a JSON API that records what the agent did. Plain node:http.
//
//   PORT=4517 node server.mjs
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
const PORT = Number(process.env.PORT || 4517);
const HOST = '127.0.0.1';
const IDLE_MS = Number(process.env.IDLE_MS || 2 * 60 * 60 * 1000);

// ---------------------------------------------------------------- fixed data
function mulberry32(seed) {
  return function () {
    seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const GRID_TARGET = 'ORD-1187';
const GRID_TARGET_CUSTOMS = 'HS-8504.40-7731';

function makeOrders() {
  const rnd = mulberry32(20240917);
  const pick = (a) => a[Math.floor(rnd() * a.length)];
  const int = (lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1));
  const customers = ['Acme Corp', 'Borealis GmbH', 'Cobalt Ltd', 'Delta Foods', 'Evergreen SA', 'Fjord AS', 'Granite Inc', 'Helios BV', 'Iberia Trade', 'Juno SpA'];
  const countries = ['DE', 'FR', 'NL', 'ES', 'IT', 'PL', 'SE', 'BE', 'AT', 'CZ'];
  const carriers = ['DHL', 'Kuehne+Nagel', 'DB Schenker', 'Maersk', 'DSV', 'Geodis'];
  const ports = ['Rotterdam', 'Hamburg', 'Antwerp', 'Valencia', 'Genoa', 'Gdansk', 'Le Havre', 'Piraeus'];
  const vessels = ['MSC Aurora', 'Maersk Kobe', 'CMA CGM Tage', 'Ever Given', 'HMM Oslo', 'ONE Apus'];
  const incoterms = ['EXW', 'FCA', 'CPT', 'CIP', 'DAP', 'DDP', 'FOB', 'CIF'];
  const hs = ['8471.30', '8504.40', '8517.62', '9403.20', '3926.90', '7326.90', '8708.99', '6204.62'];
  const ids = [];
  for (let i = 1000; i < 1300; i++) ids.push(`ORD-${i}`);
  // shuffle, then put the target deep down the list (well below the first screen)
  for (let i = ids.length - 1; i > 0; i--) { const j = Math.floor(rnd() * (i + 1)); [ids[i], ids[j]] = [ids[j], ids[i]]; }
  ids.splice(ids.indexOf(GRID_TARGET), 1);
  ids.splice(213, 0, GRID_TARGET);
  return ids.map((id) => {
    const row = {
      id,
      customer: pick(customers),
      country: pick(countries),
      status: 'Pending',
      created: `2024-0${int(1, 9)}-${String(int(1, 28)).padStart(2, '0')}`,
      carrier: pick(carriers),
      weightKg: int(40, 24000),
      volumeM3: (int(10, 680) / 10).toFixed(1),
      incoterm: pick(incoterms),
      warehouse: `WH-${int(1, 9)}`,
      bin: `${String.fromCharCode(65 + int(0, 7))}-${int(10, 99)}-${int(1, 6)}`,
      pallets: int(1, 33),
      hazmat: rnd() < 0.12 ? 'Yes' : 'No',
      insuredValue: int(1000, 250000),
      currency: pick(['EUR', 'EUR', 'EUR', 'USD', 'GBP']),
      portLoading: pick(ports),
      portDischarge: pick(ports),
      vessel: pick(vessels),
      container: `MSKU${int(1000000, 9999999)}`,
      seal: `SL${int(100000, 999999)}`,
      booking: `BK${int(10000000, 99999999)}`,
      billOfLading: `BL-${int(100000, 999999)}`,
      etd: `2024-1${int(0, 1)}-${String(int(1, 28)).padStart(2, '0')}`,
      eta: `2024-1${int(1, 2)}-${String(int(1, 28)).padStart(2, '0')}`,
      consignee: pick(customers),
      shipperRef: `SR-${int(1000, 9999)}`,
      originCity: pick(['Lodz', 'Lyon', 'Milan', 'Porto', 'Brno', 'Graz', 'Ghent']),
      destCity: pick(['Oslo', 'Dublin', 'Riga', 'Lisbon', 'Malmo', 'Split', 'Tallinn']),
      tempRange: pick(['Ambient', 'Ambient', '2-8 °C', '-18 °C']),
      tareKg: int(1500, 3900),
      policy: `POL-${int(10000, 99999)}`,
      invoiceNo: `INV-${int(3000, 9999)}`,
      paymentTerms: pick(['Net 30', 'Net 45', 'Net 60', 'Prepaid']),
      costCentre: `CC-${int(100, 999)}`,
      customsCode: `HS-${pick(hs)}-${int(1000, 9999)}`,
      broker: pick(['Van Dijk Customs', 'Zollservice Nord', 'Agence Douane', 'Aduanas Sur']),
      priority: pick(['Low', 'Normal', 'Normal', 'High']),
    };
    if (id === GRID_TARGET) row.customsCode = GRID_TARGET_CUSTOMS;
    return row;
  });
}
const ORDERS = makeOrders();

// Map: look-alike markers, names only in hover tooltips.
const MAP_TARGET = 'Lyon';
const CITIES = [
  ['Paris', 2.3522, 48.8566], ['Lyon', 4.8357, 45.764], ['Marseille', 5.3698, 43.2965],
  ['Bordeaux', -0.5792, 44.8378], ['Toulouse', 1.4442, 43.6047], ['Nantes', -1.5536, 47.2184],
  ['Lille', 3.0573, 50.6292], ['Strasbourg', 7.7521, 48.5734], ['Nice', 7.262, 43.7102],
  ['Montpellier', 3.8767, 43.6108], ['Rennes', -1.6778, 48.1173], ['Dijon', 5.0415, 47.322],
  ['Grenoble', 5.7245, 45.1885], ['Clermont-Ferrand', 3.087, 45.7772], ['Geneva', 6.1432, 46.2044],
  ['Turin', 7.6869, 45.0703], ['Brussels', 4.3517, 50.8503], ['Limoges', 1.2611, 45.8336],
];

// Code editor: a config where several services share `max_retries: 3`.
const CONFIG_ORIGINAL = `# Platform service configuration
# Managed by the platform team. Edit with care: every change is audited.
version: 7
environment: production

defaults:
  log_level: info
  max_retries: 3
  timeout_ms: 3000
  tls: true

services:
  orders:
    host: orders.internal
    port: 8081
    replicas: 4
    max_retries: 3
    timeout_ms: 2500
    queue: orders-events

  inventory:
    host: inventory.internal
    port: 8083
    replicas: 2
    max_retries: 3
    timeout_ms: 2000
    queue: inventory-events

  shipping:
    host: shipping.internal
    port: 8085
    replicas: 3
    max_retries: 3
    timeout_ms: 6000
    queue: shipping-events

  notifications:
    host: notify.internal
    port: 8087
    replicas: 2
    max_retries: 3
    timeout_ms: 1500
    queue: notify-events

  payments:
    host: payments.internal
    port: 8082
    replicas: 6
    max_retries: 3
    timeout_ms: 4000
    queue: payments-events

  reporting:
    host: reporting.internal
    port: 8089
    replicas: 1
    max_retries: 3
    timeout_ms: 9000
    queue: reporting-events

feature_flags:
  new_checkout: false
  async_invoices: true
`;
const CONFIG_EXPECTED = CONFIG_ORIGINAL.replace(
  /(  payments:\n(?:    .*\n)*?    max_retries: )3/, '$15');

// Invoices (toast job)
const TOAST_TARGET = 'INV-2042';
const INVOICES = [
  ['INV-2031', 'Acme Corp', '1,240.00'], ['INV-2035', 'Borealis GmbH', '860.50'],
  ['INV-2038', 'Cobalt Ltd', '3,115.20'], ['INV-2040', 'Delta Foods', '455.00'],
  ['INV-2041', 'Evergreen SA', '12,980.00'], ['INV-2042', 'Fjord AS', '2,307.75'],
  ['INV-2043', 'Granite Inc', '990.00'], ['INV-2047', 'Helios BV', '7,420.10'],
  ['INV-2052', 'Iberia Trade', '615.35'], ['INV-2054', 'Juno SpA', '5,002.00'],
].map(([id, customer, amount], i) => ({ id, customer, amount, due: `2024-10-${String(3 + i * 2).padStart(2, '0')}` }));

// Upload
const UPLOAD_NAME = 'stock-update.csv';
const UPLOAD_PATH = path.join(ROOT, 'files', UPLOAD_NAME);

// Users (confirm job)
const USER_TARGET = 'dana.kowalski';
const USERS_INITIAL = [
  ['adam.nowak', 'Adam Nowak', 'Editor'], ['dana.kowalska', 'Dana Kowalska', 'Viewer'],
  ['dan.kowalski', 'Dan Kowalski', 'Admin'], ['dana.kowalski', 'Dana Kowalski', 'Editor'],
  ['daniel.kowal', 'Daniel Kowal', 'Viewer'], ['eva.lindqvist', 'Eva Lindqvist', 'Admin'],
  ['felix.braun', 'Felix Braun', 'Editor'], ['grace.obi', 'Grace Obi', 'Viewer'],
  ['hugo.martin', 'Hugo Martin', 'Editor'], ['ines.santos', 'Ines Santos', 'Viewer'],
].map(([login, name, role]) => ({ login, name, role }));

// Reports (popup job)
const REPORT_TARGET = 'q3-2024-regional';
const REPORTS = [
  { id: 'q2-2024-regional', title: 'Q2 2024 Regional Sales', total: '€ 4,106,912.44' },
  { id: 'q3-2024-regional', title: 'Q3 2024 Regional Sales', total: '€ 4,812,337.60' },
  { id: 'q3-2024-online', title: 'Q3 2024 Online Sales', total: '€ 1,977,508.13' },
  { id: 'q3-2023-regional', title: 'Q3 2023 Regional Sales', total: '€ 4,388,020.91' },
];

// ---------------------------------------------------------------- state
let state;
function reset() {
  state = {
    hits: {},
    approved: [],               // order ids approved, in order
    depotSelections: [],        // every city clicked as main depot
    configSaves: [],            // every saved text
    reminders: [],              // {invoice, ref, at}
    uploads: [],                // {name, size, sha256, rows}
    users: USERS_INITIAL.map((u) => ({ ...u })),
    deletedUsers: [],
    previewOpened: {},          // report id -> GET count of the preview page
    signedOff: [],              // report ids signed off
  };
}
reset();

function verify() {
  const uploadSha = fs.existsSync(UPLOAD_PATH)
    ? crypto.createHash('sha256').update(fs.readFileSync(UPLOAD_PATH)).digest('hex') : null;
  const lastConfig = state.configSaves.at(-1);
  const norm = (s) => s.replace(/\r\n/g, '\n').split('\n').map((l) => l.replace(/\s+$/, '')).join('\n').replace(/\n+$/, '');
  const depotFinal = state.depotSelections.at(-1) ?? null;
  const targetReminders = state.reminders.filter((r) => r.invoice === TOAST_TARGET);
  const goodUploads = state.uploads.filter((u) => u.name === UPLOAD_NAME && u.sha256 === uploadSha);
  return {
    jobs: {
      '1-grid-approve': {
        done: state.approved.length === 1 && state.approved[0] === GRID_TARGET,
        approved: state.approved,
        expectedReport: GRID_TARGET_CUSTOMS,
      },
      '2-map-depot': {
        done: depotFinal === MAP_TARGET,
        finalDepot: depotFinal,
        allSelections: state.depotSelections,
      },
      '3-config-edit': {
        done: lastConfig !== undefined && norm(lastConfig) === norm(CONFIG_EXPECTED),
        saves: state.configSaves.length,
        lastSavedDiff: lastConfig === undefined ? null : diffLines(CONFIG_ORIGINAL, lastConfig),
      },
      '4-toast-reminder': {
        done: targetReminders.length === 1 && state.reminders.length === 1,
        reminders: state.reminders,
        expectedReport: targetReminders.length ? targetReminders.map((r) => r.ref) : null,
      },
      '5-upload': {
        done: goodUploads.length >= 1,
        uploads: state.uploads,
        expectedReport: goodUploads.length ? goodUploads[0].rows : null,
      },
      '6-confirm-delete': {
        done: state.deletedUsers.length === 1 && state.deletedUsers[0] === USER_TARGET,
        deletedUsers: state.deletedUsers,
      },
      '7-popup-signoff': {
        done: state.signedOff.length === 1 && state.signedOff[0] === REPORT_TARGET,
        signedOff: state.signedOff,
        previewOpened: state.previewOpened,
        expectedReport: REPORTS.find((r) => r.id === REPORT_TARGET).total,
      },
    },
    hits: state.hits,
  };
}

function diffLines(a, b) {
  const A = a.replace(/\r\n/g, '\n').split('\n'), B = b.replace(/\r\n/g, '\n').split('\n');
  const out = [];
  for (let i = 0; i < Math.max(A.length, B.length); i++) {
    if ((A[i] ?? '').trimEnd() !== (B[i] ?? '').trimEnd()) out.push({ line: i + 1, was: A[i] ?? null, now: B[i] ?? null });
    if (out.length > 20) break;
  }
  return out;
}

// ---------------------------------------------------------------- http
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.map': 'application/json', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2', '.woff': 'font/woff' };

function send(res, status, body, type = 'application/json; charset=utf-8') {
  const data = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body, null, 2);
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(data);
}
function sendFile(res, file) {
  fs.readFile(file, (err, data) => {
    if (err) return send(res, 404, { error: 'not found' });
    send(res, 200, data, TYPES[path.extname(file)] || 'application/octet-stream');
  });
}
function readBody(req, limit = 5 * 1024 * 1024) {
  return new Promise((resolve, reject) => {
    const chunks = []; let n = 0;
    req.on('data', (c) => { n += c.length; if (n > limit) { reject(new Error('too large')); req.destroy(); } else chunks.push(c); });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
const hit = (key) => { state.hits[key] = (state.hits[key] || 0) + 1; };
const PAGES = { '/': 'index.html', '/orders': 'orders.html', '/depots': 'depots.html', '/config': 'config.html', '/invoices': 'invoices.html', '/imports': 'imports.html', '/users': 'users.html', '/reports': 'reports.html', '/reports/preview': 'preview.html' };

let lastActivity = Date.now();

async function handle(req, res) {
  lastActivity = Date.now();
  const url = new URL(req.url, `http://${HOST}`);
  const p = url.pathname;
  const m = req.method;

  if (m === 'GET' && PAGES[p]) {
    if (p === '/reports/preview') {
      const id = url.searchParams.get('id') || '';
      state.previewOpened[id] = (state.previewOpened[id] || 0) + 1;
    }
    return sendFile(res, path.join(ROOT, 'public', PAGES[p]));
  }
  if (m === 'GET' && (p.startsWith('/vendor/') || p.startsWith('/static/'))) {
    const base = p.startsWith('/vendor/') ? path.join(ROOT, 'node_modules') : path.join(ROOT, 'public', 'static');
    const rel = decodeURIComponent(p.replace(/^\/(vendor|static)\//, ''));
    const file = path.resolve(base, rel);
    if (!file.startsWith(base + path.sep)) return send(res, 403, { error: 'forbidden' });
    return sendFile(res, file);
  }

  // ---- harness endpoints
  if (p === '/__verify' && m === 'GET') return send(res, 200, verify());
  if (p === '/__reset' && m === 'POST') { reset(); return send(res, 200, { ok: true }); }

  // ---- API
  if (p === '/api/orders' && m === 'GET') {
    return send(res, 200, ORDERS.map((o) => ({ ...o, status: state.approved.includes(o.id) ? 'Approved' : o.status })));
  }
  let mm;
  if ((mm = p.match(/^\/api\/orders\/([^/]+)\/approve$/)) && m === 'POST') {
    hit('POST /api/orders/:id/approve');
    const id = decodeURIComponent(mm[1]);
    if (!ORDERS.some((o) => o.id === id)) return send(res, 404, { error: 'no such order' });
    state.approved.push(id);
    return send(res, 200, { ok: true, id, status: 'Approved' });
  }
  if (p === '/api/depots' && m === 'GET') {
    return send(res, 200, { cities: CITIES.map(([name, lon, lat]) => ({ name, lon, lat })), mainDepot: state.depotSelections.at(-1) ?? null });
  }
  if (p === '/api/depots/main' && m === 'POST') {
    hit('POST /api/depots/main');
    let body; try { body = JSON.parse(await readBody(req)); } catch { return send(res, 400, { error: 'bad json' }); }
    if (!CITIES.some(([n]) => n === body.city)) return send(res, 404, { error: 'no such city' });
    state.depotSelections.push(body.city);
    return send(res, 200, { ok: true, mainDepot: body.city });
  }
  if (p === '/api/config' && m === 'GET') {
    return send(res, 200, { text: state.configSaves.at(-1) ?? CONFIG_ORIGINAL });
  }
  if (p === '/api/config' && m === 'PUT') {
    hit('PUT /api/config');
    let body; try { body = JSON.parse(await readBody(req)); } catch { return send(res, 400, { error: 'bad json' }); }
    if (typeof body.text !== 'string') return send(res, 400, { error: 'text missing' });
    state.configSaves.push(body.text);
    return send(res, 200, { ok: true, savedAt: new Date().toISOString() });
  }
  if (p === '/api/invoices' && m === 'GET') return send(res, 200, INVOICES);
  if ((mm = p.match(/^\/api\/invoices\/([^/]+)\/remind$/)) && m === 'POST') {
    hit('POST /api/invoices/:id/remind');
    const id = decodeURIComponent(mm[1]);
    if (!INVOICES.some((i) => i.id === id)) return send(res, 404, { error: 'no such invoice' });
    const ref = 'RMD-' + crypto.randomBytes(4).toString('hex').toUpperCase().slice(0, 6);
    state.reminders.push({ invoice: id, ref, at: new Date().toISOString() });
    return send(res, 200, { ok: true, invoice: id, ref });
  }
  if (p === '/api/upload' && m === 'POST') {
    hit('POST /api/upload');
    let buf; try { buf = await readBody(req); } catch { return send(res, 413, { error: 'too large' }); }
    const name = url.searchParams.get('name') || 'unnamed';
    const text = buf.toString('utf8');
    const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
    const rows = Math.max(0, lines.length - 1); // minus header
    const rec = { name, size: buf.length, sha256: crypto.createHash('sha256').update(buf).digest('hex'), rows };
    state.uploads.push(rec);
    return send(res, 200, { ok: true, id: `imp-${state.uploads.length}`, name, rows });
  }
  if (p === '/api/users' && m === 'GET') return send(res, 200, state.users);
  if ((mm = p.match(/^\/api\/users\/([^/]+)$/)) && m === 'DELETE') {
    hit('DELETE /api/users/:login');
    const login = decodeURIComponent(mm[1]);
    const i = state.users.findIndex((u) => u.login === login);
    if (i < 0) return send(res, 404, { error: 'no such user' });
    state.users.splice(i, 1);
    state.deletedUsers.push(login);
    return send(res, 200, { ok: true });
  }
  if (p === '/api/reports' && m === 'GET') {
    return send(res, 200, REPORTS.map(({ id, title }) => ({ id, title, signedOff: state.signedOff.includes(id) })));
  }
  if ((mm = p.match(/^\/api\/reports\/([^/]+)$/)) && m === 'GET') {
    const r = REPORTS.find((x) => x.id === decodeURIComponent(mm[1]));
    if (!r) return send(res, 404, { error: 'no such report' });
    return send(res, 200, { ...r, signedOff: state.signedOff.includes(r.id) });
  }
  if ((mm = p.match(/^\/api\/reports\/([^/]+)\/signoff$/)) && m === 'POST') {
    hit('POST /api/reports/:id/signoff');
    const id = decodeURIComponent(mm[1]);
    if (!REPORTS.some((r) => r.id === id)) return send(res, 404, { error: 'no such report' });
    state.signedOff.push(id);
    return send(res, 200, { ok: true });
  }
  if (p === '/favicon.ico') { res.writeHead(204); return res.end(); }
  return send(res, 404, { error: 'not found' });
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((e) => { try { send(res, 500, { error: String(e) }); } catch {} });
});
server.listen(PORT, HOST, () => {
  console.log(`trial-site listening on http://${HOST}:${PORT}/ (idle stop after ${Math.round(IDLE_MS / 60000)} min)`);
});
const timer = setInterval(() => {
  if (Date.now() - lastActivity > IDLE_MS) {
    console.log('idle limit reached, stopping');
    clearInterval(timer);
    server.close();
    server.closeAllConnections?.();
    process.exit(0);
  }
}, Math.min(60000, Math.max(1000, IDLE_MS / 10)));
