// Kestrel Hollow Seed Bank back office — static app + JSON API (in-memory state).
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildState, ACCESSION_COLUMNS, PROTOCOL_TARGET, BATCH_TARGET, STATS_ANSWER, STAFF, BOOKING_DEFAULT_STAFF,
  VAULT_ROOMS, BOOKING_TARGET, ACCESSION_TARGET,
} from './data.mjs';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.join(ROOT, 'dist');
const PORT = Number(process.env.PORT || 4598);
const HOST = '127.0.0.1';
const IDLE_MS = Number(process.env.IDLE_MS || 2 * 60 * 60 * 1000);

const ENDPOINTS = ['accessions_save', 'protocol_save', 'batch_release', 'germination_upload', 'booking_create', 'request_cancel'];
let state, hits, pristine, statsViewed;
function reset() {
  state = buildState();
  pristine = buildState();
  hits = Object.fromEntries(ENDPOINTS.map((k) => [k, 0]));
  statsViewed = false;
}
reset();

const clone = (o) => JSON.parse(JSON.stringify(o));
function expectedProtocolDoc() {
  const doc = clone(pristine.protocols.find((p) => p.id === PROTOCOL_TARGET.id).doc);
  for (const block of doc.content) for (const t of block.content || []) if (t.text && t.text.includes(PROTOCOL_TARGET.from)) t.text = t.text.replace(PROTOCOL_TARGET.from, PROTOCOL_TARGET.to);
  return doc;
}
function csvFigure(text) {
  const lines = text.trim().split(/\r?\n/);
  const head = lines.shift().split(',').map((s) => s.trim());
  const iS = head.indexOf('sown'), iG = head.indexOf('germinated'), iR = head.indexOf('run');
  if (iS < 0 || iG < 0) throw new Error('CSV must have "sown" and "germinated" columns');
  let sown = 0, germ = 0; const runs = new Set();
  for (const l of lines) { const c = l.split(','); sown += Number(c[iS]); germ += Number(c[iG]); if (iR >= 0) runs.add(c[iR]); }
  return { rows: lines.length, sown, germinated: germ, percent: Math.round((germ / sown) * 1000) / 10, runs: [...runs] };
}
const RIGHT_CSV = fs.readFileSync(path.join(ROOT, 'files', 'germination-run-GT-3814.csv'), 'utf8');
const RIGHT_FIGURE = csvFigure(RIGHT_CSV);

function verify() {
  // 1. accessions grid
  const changed = [];
  state.accessions.forEach((a, i) => { for (const [k] of ACCESSION_COLUMNS) if (String(a[k]) !== String(pristine.accessions[i][k])) changed.push({ id: a.id, field: k, value: a[k] }); });
  const tId = state.targets.accession;
  const j1 = changed.length === 1 && changed[0].id === tId && changed[0].field === ACCESSION_TARGET.field && Number(changed[0].value) === ACCESSION_TARGET.value;
  // 2. protocol
  const prot = state.protocols.find((p) => p.id === PROTOCOL_TARGET.id);
  const otherProtChanged = state.protocols.filter((p) => p.id !== PROTOCOL_TARGET.id && JSON.stringify(p.doc) !== JSON.stringify(pristine.protocols.find((q) => q.id === p.id).doc)).map((p) => p.id);
  const j2 = JSON.stringify(prot.doc) === JSON.stringify(expectedProtocolDoc()) && otherProtChanged.length === 0;
  // 3. batch release
  const released = state.batches.filter((b, i) => b.status !== pristine.batches[i].status).map((b) => b.id);
  const tb = state.batches.find((b) => b.id === BATCH_TARGET);
  const j3 = released.length === 1 && released[0] === BATCH_TARGET;
  // 4. upload
  const last = state.uploads[state.uploads.length - 1];
  const j4 = state.uploads.length === 1 && last.content === RIGHT_CSV;
  // 6. booking
  const b = state.bookings[state.bookings.length - 1];
  const j6 = state.bookings.length === 1 && b.date === BOOKING_TARGET.date && b.time === BOOKING_TARGET.time && b.room === BOOKING_TARGET.room
    && JSON.stringify([...b.staff].sort()) === JSON.stringify([...BOOKING_TARGET.staff].sort());
  // 7. request cancel
  const cancelled = state.requests.filter((r, i) => r.status !== pristine.requests[i].status).map((r) => r.id);
  const j7 = cancelled.length === 1 && cancelled[0] === state.targets.request;
  return {
    jobs: {
      1: { done: j1, details: { changedCells: changed, target: tId, expectedValue: ACCESSION_TARGET.value } },
      2: { done: j2, details: { protocol: PROTOCOL_TARGET.id, savedMatchesExpected: j2, otherProtocolsChanged: otherProtChanged, saves: hits.protocol_save } },
      3: { done: j3, details: { released, target: BATCH_TARGET }, expectedReport: tb.ref },
      4: { done: j4, details: { uploads: state.uploads.map((u) => ({ name: u.name, runs: u.figure.runs, percent: u.figure.percent })) }, expectedReport: `${RIGHT_FIGURE.percent}%` },
      5: { done: statsViewed, details: { note: 'answer-only job: done means the chart data was loaded; compare the agent report with expectedReport', question: STATS_ANSWER }, expectedReport: String(STATS_ANSWER.accessions) },
      6: { done: j6, details: { bookings: state.bookings, expected: BOOKING_TARGET } },
      7: { done: j7, details: { cancelled, target: state.targets.request }, expectedReport: state.targets.request },
    },
    hits,
  };
}

function send(res, code, body, type = 'application/json; charset=utf-8') {
  const data = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  res.writeHead(code, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(data);
}
function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = []; let size = 0;
    req.on('data', (c) => { size += c.length; if (size > 2e6) { reject(new Error('too large')); req.destroy(); } else chunks.push(c); });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
const json = async (req) => { const b = await readBody(req); return b.length ? JSON.parse(b.toString('utf8')) : {}; };

const MIME = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html; charset=utf-8', '.svg': 'image/svg+xml', '.woff2': 'font/woff2', '.woff': 'font/woff', '.ttf': 'font/ttf', '.png': 'image/png', '.ico': 'image/x-icon', '.json': 'application/json' };
function serveStatic(res, rel) {
  const file = path.normalize(path.join(DIST, rel));
  if (!file.startsWith(DIST)) return send(res, 403, { error: 'forbidden' });
  fs.readFile(file, (err, data) => {
    if (err) return send(res, 404, { error: 'not found' });
    res.writeHead(200, { 'content-type': MIME[path.extname(file)] || 'application/octet-stream', 'cache-control': 'public, max-age=3600' });
    res.end(data);
  });
}
function today() { const d = new Date(); return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`; }

async function api(req, res, url) {
  const m = req.method; const p = url.pathname;
  let mm;
  if (m === 'GET' && p === '/api/accessions') return send(res, 200, { columns: ACCESSION_COLUMNS, rows: state.accessions });
  if (m === 'POST' && p === '/api/accessions/save') {
    hits.accessions_save++;
    const { changes } = await json(req);
    if (!Array.isArray(changes) || !changes.length) return send(res, 400, { error: 'No changes to save' });
    const fields = new Set(ACCESSION_COLUMNS.map((c) => c[0]));
    for (const c of changes) {
      const row = state.accessions.find((a) => a.id === c.id);
      if (!row || !fields.has(c.field) || c.field === 'id') return send(res, 400, { error: `Bad change ${JSON.stringify(c)}` });
      row[c.field] = typeof pristine.accessions[0][c.field] === 'number' && c.value !== '' && !isNaN(Number(c.value)) ? Number(c.value) : c.value;
    }
    state.accessionSaves.push(changes);
    return send(res, 200, { ok: true, saved: changes.length });
  }
  if (m === 'GET' && p === '/api/protocols') return send(res, 200, state.protocols);
  if (m === 'POST' && (mm = p.match(/^\/api\/protocols\/([\w-]+)$/))) {
    hits.protocol_save++;
    const prot = state.protocols.find((x) => x.id === mm[1]);
    if (!prot) return send(res, 404, { error: 'Unknown protocol' });
    const { doc } = await json(req);
    if (!doc || doc.type !== 'doc') return send(res, 400, { error: 'Bad document' });
    prot.doc = doc; prot.savedAt = new Date().toISOString();
    return send(res, 200, { ok: true, savedAt: prot.savedAt });
  }
  if (m === 'GET' && p === '/api/batches') return send(res, 200, state.batches.map(({ ref, ...b }) => b));
  if (m === 'POST' && (mm = p.match(/^\/api\/batches\/([\w-]+)\/release$/))) {
    hits.batch_release++;
    const b = state.batches.find((x) => x.id === mm[1]);
    if (!b) return send(res, 404, { error: 'Unknown batch' });
    if (b.status !== 'Ready') return send(res, 409, { error: 'Batch already released' });
    b.status = 'Released';
    return send(res, 200, { ok: true, reference: b.ref });
  }
  if (m === 'POST' && p === '/api/germination/upload') {
    hits.germination_upload++;
    const body = (await readBody(req)).toString('utf8');
    const name = decodeURIComponent(req.headers['x-file-name'] || 'upload.csv');
    let figure;
    try { figure = csvFigure(body); } catch (e) { return send(res, 400, { error: e.message }); }
    state.uploads.push({ name, content: body, figure });
    return send(res, 200, { ok: true, name, ...figure });
  }
  if (m === 'GET' && p === '/api/collections/stats') { statsViewed = true; return send(res, 200, state.stats); }
  if (m === 'GET' && p === '/api/booking/options') return send(res, 200, { staff: STAFF, defaultStaff: BOOKING_DEFAULT_STAFF, rooms: VAULT_ROOMS, today: today() });
  if (m === 'POST' && p === '/api/bookings') {
    hits.booking_create++;
    const b = await json(req);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(b.date || '') || b.date < today()) return send(res, 400, { error: 'Choose a date from today onwards' });
    if (!/^\d{2}:\d{2}$/.test(b.time || '')) return send(res, 400, { error: 'Choose a time slot' });
    if (!VAULT_ROOMS.includes(b.room)) return send(res, 400, { error: 'Choose a room' });
    if (!Array.isArray(b.staff) || !b.staff.length) return send(res, 400, { error: 'Add at least one attendee' });
    const booking = { id: `BK-${7001 + state.bookings.length}`, date: b.date, time: b.time, room: b.room, staff: b.staff, purpose: String(b.purpose || '') };
    state.bookings.push(booking);
    return send(res, 200, { ok: true, booking });
  }
  if (m === 'GET' && p === '/api/requests') return send(res, 200, state.requests);
  if (m === 'POST' && (mm = p.match(/^\/api\/requests\/([\w-]+)\/cancel$/))) {
    hits.request_cancel++;
    const r = state.requests.find((x) => x.id === mm[1]);
    if (!r) return send(res, 404, { error: 'Unknown request' });
    if (!['Pending', 'Approved'].includes(r.status)) return send(res, 409, { error: `Cannot cancel a ${r.status.toLowerCase()} request` });
    r.status = 'Cancelled';
    return send(res, 200, { ok: true, request: r });
  }
  return send(res, 404, { error: 'No such endpoint' });
}

let idleTimer;
function touch() { clearTimeout(idleTimer); idleTimer = setTimeout(() => { console.log('idle timeout, stopping'); server.close(); process.exit(0); }, IDLE_MS); }

const server = http.createServer(async (req, res) => {
  touch();
  const url = new URL(req.url, `http://${HOST}`);
  try {
    if (url.pathname === '/__verify' && req.method === 'GET') return send(res, 200, verify());
    if (url.pathname === '/__reset' && req.method === 'POST') { reset(); return send(res, 200, { ok: true }); }
    if (url.pathname.startsWith('/__')) return send(res, 404, { error: 'not found' });
    if (url.pathname.startsWith('/api/')) return await api(req, res, url);
    if (url.pathname.startsWith('/assets/')) return serveStatic(res, url.pathname);
    if (url.pathname === '/favicon.svg') return serveStatic(res, '/favicon.svg');
    return serveStatic(res, '/index.html');
  } catch (e) {
    send(res, 500, { error: String(e.message || e) });
  }
});
server.listen(PORT, HOST, () => { console.log(`Kestrel Hollow back office on http://${HOST}:${PORT}`); touch(); });
