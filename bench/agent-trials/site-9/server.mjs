// Trial site #9 ("Ridgeline Green Coffee" importer back office): a Preact single-page app (built by Vite into dist/)
// served with a JSON API by this plain node:http server, which also records what the agent did.
//
//   npm run build && PORT=4597 node server.mjs
//
// GET  /__verify  -> per-job check + hit counts of every mutating endpoint
// POST /__reset   -> back to the initial state
// Stops by itself after IDLE_MS (default 2 h) without any request.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import * as D from './data.mjs';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const PORT = Number(process.env.PORT || 4597);
const HOST = '127.0.0.1';
const IDLE_MS = Number(process.env.IDLE_MS || 2 * 60 * 60 * 1000);
const DIST = path.join(ROOT, 'dist');
const UPLOAD_FILE = path.join(ROOT, 'files', D.UPLOAD_NAME);
if (!fs.existsSync(path.join(DIST, 'index.html'))) { console.error('dist/index.html missing: run `npm run build` first'); process.exit(1); }

const LOTS0 = D.makeLots();
const RES0 = D.makeReservations();

let state;
function reset() {
  state = {
    lots: LOTS0.map((l) => ({ ...l })), lotSaves: [],
    sheets: Object.fromEntries(D.SHEETS.map((s) => [s.id, { html: s.html, saves: [] }])),
    contracts: D.CONTRACTS.map((c) => ({ ...c })), confirmed: [], arrivals: [], mapViews: 0,
    sessions: D.SEEDED_SESSIONS.map((s) => ({ ...s, coffees: [...s.coffees] })), nextSession: 121,
    reservations: RES0.map((r) => ({ ...r })), released: [], hits: {},
  };
}
reset();

// ---------------------------------------------------------------- checks
function csvRow(line) {
  const out = []; let cur = ''; let q = false;
  for (const ch of line) { if (ch === '"') q = !q; else if (ch === ',' && !q) { out.push(cur); cur = ''; } else cur += ch; }
  out.push(cur); return out.map((s) => s.trim());
}
function packingSummary(buf) {
  const lines = buf.toString('utf8').split(/\r?\n/).filter((l) => l.trim());
  const head = csvRow(lines[0] || '').map((h) => h.toLowerCase());
  const ix = (k) => { const i = head.indexOf(k); if (i < 0) throw new Error('missing column ' + k); return i; };
  const [iC, iL, iB, iN, iK] = ['container', 'lot', 'bags', 'net_kg', 'condition'].map(ix);
  const lots = new Set(); const containers = new Set(); let rows = 0, bags = 0, damaged = 0, net = 0;
  for (const l of lines.slice(1)) {
    const c = csvRow(l); rows++; containers.add(c[iC]); lots.add(c[iL]); const b = Number(c[iB]) || 0; bags += b;
    if (/damaged/i.test(c[iK])) damaged += b; else net += Number(c[iN]) || 0;
  }
  if (!rows) throw new Error('no rows');
  return { container: [...containers].join(' + '), rows, lots: lots.size, bags, sound: bags - damaged, damaged, acceptedKg: Math.round(net * 10) / 10 };
}
const kg = (n) => n.toLocaleString('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 }) + ' kg';
const EXPECTED_PACKING = packingSummary(fs.readFileSync(UPLOAD_FILE));
const PRODUCER = D.PRODUCERS.find((p) => p.name === D.PRODUCER_Q.name && p.region === D.PRODUCER_Q.region);
const htmlText = (h) => String(h).replace(/<br\s*\/?>/gi, '\n').replace(/<\/(div|p|h\d|li|blockquote)>/gi, '\n').replace(/<[^>]+>/g, '')
  .replace(/&nbsp;|\u00a0/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/\u200b|\ufeff/g, '')
  .split('\n').map((l) => l.replace(/\s+/g, ' ').trim()).filter(Boolean).join('\n');
const SHEET0 = D.SHEETS.find((s) => s.id === D.SHEET_TARGET);
const SHEET_EXPECTED = htmlText(SHEET0.html).replace(D.SHEET_FROM, D.SHEET_TO);
function lineDiff(a, b) {
  const A = a.split('\n'), B = b.split('\n'); const out = [];
  for (let i = 0; i < Math.max(A.length, B.length); i++) if (A[i] !== B[i]) out.push({ line: i + 1, was: A[i] ?? null, now: B[i] ?? null });
  return out.slice(0, 20);
}
const sameSet = (a, b) => JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());
function verify() {
  const l0 = Object.fromEntries(LOTS0.map((l) => [l.id, l]));
  const changed = state.lots.filter((l) => l.score !== l0[l.id].score);
  const st = state.sheets[D.SHEET_TARGET]; const last = st.saves[st.saves.length - 1];
  const otherSheets = Object.entries(state.sheets).filter(([id, s]) => id !== D.SHEET_TARGET && s.saves.length).map(([id]) => id);
  const sha = crypto.createHash('sha256').update(fs.readFileSync(UPLOAD_FILE)).digest('hex');
  const user = state.sessions.filter((s) => !s.seeded); const T = D.SESSION_TARGET;
  const sessOk = user.length === 1 && user[0].client === T.client && user[0].date === T.date && user[0].time === T.time && sameSet(user[0].coffees, T.coffees);
  const tgt = state.confirmed.filter((c) => c.contract === D.CONTRACT_TARGET);
  const co = (id) => { const c = D.CONTRACTS.find((x) => x.id === id); return c ? `${id} ${c.buyer}, ${c.bags} bags ${c.coffee}, ${c.date}` : id; };
  const rv = (ref) => { const r = RES0.find((x) => x.ref === ref); return r ? `${ref} ${r.customer}, ${r.bags} bags ${r.coffee}, reserved ${r.date}` : ref; };
  return {
    jobs: {
      '1-grid-cup-score': {
        done: changed.length === 1 && changed[0].id === D.LOT_TARGET.id && changed[0].score === D.LOT_TARGET.to,
        changedLots: changed.map((l) => ({ id: l.id, lot: `${l.producer}, ${l.region}, ${l.country}, ${l.process} ${l.variety}, arrived ${l.arrival}, ${l.warehouse}`, score: `${l0[l.id].score} -> ${l.score}` })),
        saves: state.lotSaves,
      },
      '2-editor-offer-sheet': {
        done: !!last && htmlText(last) === SHEET_EXPECTED && otherSheets.length === 0,
        saves: st.saves.length, lastSaveDiff: last ? lineDiff(htmlText(SHEET0.html), htmlText(last)) : null,
        expectedDiff: lineDiff(htmlText(SHEET0.html), SHEET_EXPECTED), otherSheetsSaved: otherSheets,
      },
      '3-toast-contract': {
        done: state.confirmed.length === 1 && tgt.length === 1,
        confirmed: state.confirmed.map((c) => ({ ...c, contract: co(c.contract) })), expectedReport: tgt.map((c) => c.shippingRef).pop() ?? null,
      },
      '4-upload-packing-list': {
        done: state.arrivals.some((u) => u.name === D.UPLOAD_NAME && u.sha256 === sha),
        uploads: state.arrivals.map(({ name, bytes, sha256, summary, id }) => ({ id, name, bytes, sha256: sha256.slice(0, 12), summary })),
        expectedReport: kg(EXPECTED_PACKING.acceptedKg),
      },
      '5-map-producer': {
        done: state.mapViews > 0, note: 'answer-only job: done just means the map data was loaded; compare the reported number',
        mapViews: state.mapViews, expectedReport: `${PRODUCER.bags2026.toLocaleString('en-GB')} bags`,
      },
      '6-datepicker-multiselect-cupping': { done: sessOk, target: T, scheduled: state.sessions },
      '7-confirm-release-reservation': {
        done: state.released.length === 1 && state.released[0] === D.RESERVATION_TARGET,
        released: state.released.map(rv), expectedReport: D.RESERVATION_TARGET,
      },
    },
    hits: state.hits,
  };
}

// ---------------------------------------------------------------- helpers
function send(res, code, body, type = 'text/html; charset=utf-8', extra = {}) { res.writeHead(code, { 'content-type': type, 'cache-control': 'no-store', ...extra }); res.end(body); }
const json = (res, code, obj) => send(res, code, JSON.stringify(obj, null, 2), 'application/json');
function readBody(req, limit = 5 * 1024 * 1024) {
  return new Promise((resolve, reject) => { const chunks = []; let n = 0;
    req.on('data', (c) => { n += c.length; if (n > limit) { reject(new Error('too large')); req.destroy(); } else chunks.push(c); });
    req.on('end', () => resolve(Buffer.concat(chunks))); req.on('error', reject); });
}
const readJson = async (req) => JSON.parse((await readBody(req)).toString() || '{}');
function parseMultipart(buf, contentType) {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType || ''); if (!m) return [];
  const boundary = Buffer.from('--' + (m[1] || m[2])); const parts = []; let pos = buf.indexOf(boundary);
  while (pos !== -1) { const next = buf.indexOf(boundary, pos + boundary.length); if (next === -1) break;
    const part = buf.subarray(pos + boundary.length + 2, next - 2); const sep = part.indexOf('\r\n\r\n');
    if (sep !== -1) { const h = part.subarray(0, sep).toString('utf8'); parts.push({ name: /name="([^"]*)"/i.exec(h)?.[1], filename: /filename="([^"]*)"/i.exec(h)?.[1], data: part.subarray(sep + 4) }); }
    pos = next; }
  return parts;
}
function hit(k) { state.hits[k] = (state.hits[k] || 0) + 1; }
const rid = (n) => Array.from(crypto.randomBytes(n), (b) => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[b % 32]).join('');
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.woff2': 'font/woff2', '.woff': 'font/woff', '.png': 'image/png', '.ico': 'image/x-icon' };
function serveFile(res, f) {
  const type = TYPES[path.extname(f)] || 'application/octet-stream';
  send(res, 200, fs.readFileSync(f), type, { 'cache-control': type.startsWith('text/html') ? 'no-store' : 'public, max-age=3600' });
}

// ---------------------------------------------------------------- API
async function api(req, res, p, m, url) {
  let mm;
  if (m === 'GET') {
    if (p === '/api/me') return json(res, 200, { user: D.USER, today: D.TODAY });
    if (p === '/api/dashboard') return json(res, 200, { lots: state.lots.length, contractsAwaiting: state.contracts.filter((c) => !c.confirmed).length,
      activeReservations: state.reservations.filter((r) => r.status === 'Active').length, cuppings: state.sessions.length, arrivals: state.arrivals.length });
    if (p === '/api/lots') return json(res, 200, state.lots);
    if (p === '/api/offer-sheets') return json(res, 200, D.SHEETS.map((s) => ({ id: s.id, title: s.title, updated: state.sheets[s.id].saves.length ? D.TODAY : s.updated })));
    if ((mm = /^\/api\/offer-sheets\/([\w-]+)$/.exec(p))) { const s = D.SHEETS.find((x) => x.id === mm[1]); if (!s) return json(res, 404, { error: 'no such sheet' });
      return json(res, 200, { id: s.id, title: s.title, html: state.sheets[s.id].html, version: 2 + state.sheets[s.id].saves.length }); }
    if (p === '/api/contracts') return json(res, 200, state.contracts);
    if (p === '/api/arrivals') return json(res, 200, state.arrivals.map(({ id, name, summary }) => ({ id, name, ...summary })));
    if (p === '/api/producers') { state.mapViews++; return json(res, 200, D.PRODUCERS); }
    if (p === '/api/cuppings') return json(res, 200, { today: D.TODAY, clients: D.CLIENTS, times: D.SESSION_TIMES, coffees: D.COFFEES, defaults: D.SESSION_DEFAULT,
      scheduled: [...state.sessions].sort((a, b) => (a.date + a.time).localeCompare(b.date + b.time)) });
    if (p === '/api/reservations') {
      const q = (url.searchParams.get('q') || '').trim().toLowerCase(); const st = url.searchParams.get('status') || '';
      const rows = state.reservations.filter((r) => (!q || (r.ref + ' ' + r.customer + ' ' + r.coffee).toLowerCase().includes(q)) && (!st || r.status === st));
      const per = 12; const pages = Math.max(1, Math.ceil(rows.length / per)); const page = Math.min(pages, Math.max(1, Number(url.searchParams.get('page')) || 1));
      return json(res, 200, { total: rows.length, page, pages, rows: rows.slice((page - 1) * per, page * per) });
    }
    return json(res, 404, { error: 'not found' });
  }
  if (m !== 'POST') return json(res, 405, { error: 'method not allowed' });
  if (p === '/api/lots/save') {
    hit('POST /api/lots/save');
    const body = await readJson(req); const applied = [];
    for (const ch of Array.isArray(body.changes) ? body.changes : []) {
      const x = state.lots.find((y) => y.id === ch.id); const v = Number(String(ch.score).trim());
      if (!x || !Number.isFinite(v) || v < 0 || v > 100) continue;
      x.score = v.toFixed(2); applied.push({ id: x.id, score: x.score });
    }
    state.lotSaves.push(applied); return json(res, 200, { saved: applied.length, lots: applied });
  }
  if ((mm = /^\/api\/offer-sheets\/([\w-]+)$/.exec(p))) {
    hit('POST /api/offer-sheets/:id');
    const s = state.sheets[mm[1]]; if (!s) return json(res, 404, { error: 'no such sheet' });
    const body = await readJson(req); if (typeof body.html !== 'string') return json(res, 400, { error: 'html required' });
    s.saves.push(body.html); s.html = body.html; return json(res, 200, { ok: true, version: 2 + s.saves.length });
  }
  if ((mm = /^\/api\/contracts\/([\w-]+)\/confirm$/.exec(p))) {
    hit('POST /api/contracts/:id/confirm');
    const c = state.contracts.find((x) => x.id === mm[1]); if (!c) return json(res, 404, { error: 'no such contract' });
    if (c.confirmed) return json(res, 409, { error: 'this contract has already been confirmed' });
    const shippingRef = `SHP-${rid(4)}-${rid(2)}`; c.confirmed = true; state.confirmed.push({ contract: c.id, shippingRef });
    return json(res, 200, { contract: c.id, buyer: c.buyer, shippingRef });
  }
  if (p === '/api/arrivals') {
    hit('POST /api/arrivals');
    const raw = await readBody(req); const f = parseMultipart(raw, req.headers['content-type']).find((x) => x.filename !== undefined);
    if (!f) return json(res, 400, { error: 'no file' });
    let summary; try { summary = packingSummary(f.data); } catch (e) { return json(res, 422, { error: 'not a packing list: ' + e.message }); }
    const rec = { id: 'AR-' + (3310 + state.arrivals.length), name: f.filename, bytes: f.data.length, sha256: crypto.createHash('sha256').update(f.data).digest('hex'), summary };
    state.arrivals.push(rec); return json(res, 200, { id: rec.id, name: rec.name, ...summary, acceptedText: kg(summary.acceptedKg) });
  }
  if (p === '/api/cuppings') {
    hit('POST /api/cuppings');
    const b = await readJson(req); const coffees = Array.isArray(b.coffees) ? b.coffees.map(String) : [];
    const s = { id: 'CS-' + state.nextSession, client: String(b.client || ''), date: String(b.date || ''), time: String(b.time || ''), coffees, seeded: false };
    if (!D.CLIENTS.includes(s.client) || !/^\d{4}-\d\d-\d\d$/.test(s.date) || s.date < D.TODAY || !D.SESSION_TIMES.some(([t]) => t === s.time)
      || !coffees.length || coffees.some((c) => !D.COFFEES.includes(c))) return json(res, 400, { error: 'Choose a client, a date (today or later), a time and at least one coffee.' });
    state.nextSession++; state.sessions.push(s); return json(res, 200, s);
  }
  if ((mm = /^\/api\/reservations\/([\w-]+)\/release$/.exec(p))) {
    hit('POST /api/reservations/:ref/release');
    const r = state.reservations.find((x) => x.ref === mm[1]); if (!r) return json(res, 404, { error: 'no such reservation' });
    if (r.status !== 'Active') return json(res, 409, { error: 'reservation is already ' + r.status.toLowerCase() });
    r.status = 'Released'; state.released.push(r.ref); return json(res, 200, r);
  }
  return json(res, 404, { error: 'not found' });
}

// ---------------------------------------------------------------- server
let lastActivity = Date.now();
const server = http.createServer(async (req, res) => {
  lastActivity = Date.now();
  const url = new URL(req.url, `http://${HOST}`); const p = url.pathname; const m = req.method;
  try {
    if (p === '/__verify' && m === 'GET') return json(res, 200, verify());
    if (p === '/__reset' && m === 'POST') { reset(); return json(res, 200, { ok: true }); }
    if (p.startsWith('/api/')) return await api(req, res, p, m, url);
    if (m !== 'GET' && m !== 'HEAD') return send(res, 405, 'method not allowed', 'text/plain');
    if (p === '/favicon.ico') { res.writeHead(204); return res.end(); }
    if (p.startsWith('/assets/')) {
      const f = path.join(DIST, path.normalize(p).replace(/^(\.\.[/\\])+/, ''));
      if (f.startsWith(DIST + path.sep) && fs.existsSync(f) && fs.statSync(f).isFile()) return serveFile(res, f);
      return send(res, 404, 'not found', 'text/plain');
    }
    return serveFile(res, path.join(DIST, 'index.html')); // client-side routes
  } catch (e) { json(res, 500, { error: String((e && e.message) || e) }); }
});
server.listen(PORT, HOST, () => console.log(`trial-site-9 on http://${HOST}:${PORT}/ (idle exit after ${IDLE_MS} ms)`));
setInterval(() => { if (Date.now() - lastActivity > IDLE_MS) { console.log('idle, exiting'); process.exit(0); } }, Math.min(60000, IDLE_MS)).unref();
