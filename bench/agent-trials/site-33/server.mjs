// Gannet Sound Ferries back office (trial site 33): static files + in-memory JSON API.
import http from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  seed, TODAY, TODAY_LABEL, MANIFEST_COLUMNS, MANIFEST_STATUSES, SUMMER_LINES, CHART_ANSWER,
  CLOSED_DAYS, BOOKING_TIMES, dateLabel, seedCrewCount,
} from './data.mjs';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.join(ROOT, 'dist');
const PORT = Number(process.env.PORT || 4900);
const IDLE_MS = Number(process.env.IDLE_MS || 2 * 60 * 60 * 1000);

const sha = (buf) => createHash('sha256').update(buf).digest('hex');
let SHA_2025 = null;
let SHA_2024 = null;
try {
  SHA_2025 = sha(readFileSync(path.join(ROOT, 'files', 'crew-certificates-2025.csv')));
  SHA_2024 = sha(readFileSync(path.join(ROOT, 'files', 'crew-certificates-2024.csv')));
} catch { /* files missing: upload check will fail */ }

let db = seed();
let hits = {};

// ------------------------------------------------------------------ helpers
const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2', '.woff': 'font/woff', '.ttf': 'font/ttf',
  '.json': 'application/json', '.ico': 'image/x-icon', '.map': 'application/json',
};
function send(res, code, body, type = 'application/json; charset=utf-8') {
  const data = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  res.writeHead(code, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(data);
}
function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
async function readJson(req) {
  const buf = await readBody(req);
  if (!buf.length) return {};
  try { return JSON.parse(buf.toString('utf8')); } catch { return null; }
}
function parseMultipart(buf, contentType) {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType || '');
  if (!m) return [];
  const boundary = Buffer.from('--' + (m[1] || m[2]));
  const parts = [];
  let pos = buf.indexOf(boundary);
  while (pos !== -1) {
    const start = pos + boundary.length;
    if (buf.slice(start, start + 2).toString() === '--') break;
    const next = buf.indexOf(boundary, start);
    if (next === -1) break;
    const part = buf.slice(start + 2, next - 2); // strip CRLF after boundary and before next
    const sep = part.indexOf('\r\n\r\n');
    if (sep !== -1) {
      const head = part.slice(0, sep).toString('utf8');
      const body = part.slice(sep + 4);
      const name = /name="([^"]*)"/i.exec(head)?.[1];
      const filename = /filename="([^"]*)"/i.exec(head)?.[1];
      parts.push({ name, filename, body });
    }
    pos = next;
  }
  return parts;
}
function parseCsv(text) {
  const rows = [];
  for (const raw of text.split(/\r?\n/)) {
    if (!raw.trim()) continue;
    const cells = [];
    let cur = '', q = false;
    for (let i = 0; i < raw.length; i++) {
      const ch = raw[i];
      if (q) {
        if (ch === '"' && raw[i + 1] === '"') { cur += '"'; i++; }
        else if (ch === '"') q = false;
        else cur += ch;
      } else if (ch === '"') q = true;
      else if (ch === ',') { cells.push(cur); cur = ''; }
      else cur += ch;
    }
    cells.push(cur);
    rows.push(cells);
  }
  return rows;
}
const norm = (s) => String(s ?? '').replace(/[\u200B\u00A0]/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase();
const isoDay = (iso) => new Date(iso + 'T12:00:00Z').getUTCDay();

// ------------------------------------------------------------------ rich text checking
// Flatten canvas-editor elements into per-character records.
function flatten(elements, out = [], link = null) {
  for (const el of elements || []) {
    if (!el || typeof el !== 'object') continue;
    if (el.type === 'hyperlink') { flatten(el.valueList, out, el.url || ''); continue; }
    if (Array.isArray(el.valueList) && !('value' in el && el.value)) { flatten(el.valueList, out, link); continue; }
    const v = String(el.value ?? '').replace(/\u200B/g, '');
    for (const ch of v) out.push({ ch, bold: !!el.bold, italic: !!el.italic, link });
  }
  return out;
}
function checkNotice(notice) {
  const d = { saved: !!notice.elements };
  if (!notice.elements) return { done: false, details: d };
  const chars = flatten(notice.elements);
  const text = chars.map((c) => c.ch).join('');
  const lines = text.split('\n').map((l) => l.replace(/\u00A0/g, ' ').replace(/\s+/g, ' ').trim()).filter(Boolean);
  const expected = SUMMER_LINES.map((l, i) => (i === 4 ? l.replace('Berth 2', 'Berth 4') : l));
  d.textOk = JSON.stringify(lines) === JSON.stringify(expected);
  if (!d.textOk) d.lines = lines;
  const flat = text.replace(/\u00A0/g, ' ');
  const span = (phrase) => { const i = flat.indexOf(phrase); return i < 0 ? null : [i, i + phrase.length]; };
  const exact = (phrase, pred) => {
    const s = span(phrase);
    if (!s) return false;
    for (let i = 0; i < chars.length; i++) {
      if (/\s/.test(chars[i].ch)) continue;
      const inside = i >= s[0] && i < s[1];
      if (inside !== pred(chars[i])) return false;
    }
    return true;
  };
  const URL_OK = (u) => /^https?:\/\/gannetsound\.example\/status\/?$/i.test(String(u || '').trim());
  d.boldOk = exact('30 minutes before departure', (c) => c.bold);
  d.italicOk = exact('harbour office', (c) => c.italic);
  d.linkOk = exact('service status page', (c) => c.link !== null && c.link !== undefined) &&
    chars.filter((c) => c.link !== null && c.link !== undefined).every((c) => URL_OK(c.link));
  return { done: d.textOk && d.boldOk && d.italicOk && d.linkOk, details: d };
}

// ------------------------------------------------------------------ verify
const GRID_TARGET = () => db.manifests.find((r) => r.consignment === 'Chilled langoustine' && r.shipper === 'Carrick Holm Fisheries' && r.sailing === '17 Jun 2025');
function verify() {
  const jobs = {};
  // 1 grid
  {
    const t = GRID_TARGET();
    const changed = db.manifests.filter((r, i) => r !== t && (r.status !== db.manifestSeed[i].status || r.note !== db.manifestSeed[i].note)).map((r) => r.manifest);
    const statusOk = t.status === 'Held for inspection';
    const noteOk = norm(t.note).replace(/\.$/, '') === 'seal number does not match';
    jobs.grid = { done: statusOk && noteOk && changed.length === 0, details: { manifest: t.manifest, status: t.status, note: t.note, releaseCode: t.releaseCode, otherRowsChanged: changed, saves: db.manifestSaves || 0 } };
  }
  // 2 rich text
  {
    const n = db.notices.find((x) => x.id === 'n-summer');
    const r = checkNotice(n);
    const othersTouched = db.notices.filter((x) => x.id !== 'n-summer' && x.elements).map((x) => x.id);
    r.details.otherNoticesSaved = othersTouched;
    jobs.richtext = { done: r.done && othersTouched.length === 0, details: r.details };
  }
  // 3 drag and drop
  {
    const b = db.deck.bookings;
    const t = b.find((x) => x.id === 'vb-114');
    const others = b.filter((x) => x.id !== 'vb-114' && (() => { const s = db.deckSeed.find((y) => y.id === x.id); return s.sailing !== x.sailing || s.lane !== x.lane; })()).map((x) => x.id);
    const mv = db.deckMoves.filter((m) => m.booking === 'vb-114');
    jobs.dragdrop = { done: t.sailing === 's1505' && others.length === 0, details: { booking: t, otherBookingsMoved: others, moves: db.deckMoves, expectedRef: mv.length ? mv[mv.length - 1].ref : null } };
  }
  // 4 upload
  {
    const im = db.certificates.imports;
    const last = im[im.length - 1];
    jobs.upload = { done: im.length === 1 && !!last && last.sha === SHA_2025, details: { imports: im.map(({ fileName, count, sha: s }) => ({ fileName, count, is2025: s === SHA_2025, is2024: s === SHA_2024 })) } };
  }
  // 5 chart
  {
    const rs = db.returns;
    const ok = rs.length === 1 && rs[0].route === CHART_ANSWER.route && rs[0].month === CHART_ANSWER.month && rs[0].metric === CHART_ANSWER.metric && Number(rs[0].value) === CHART_ANSWER.value;
    jobs.chart = { done: ok, details: { returns: rs, expected: CHART_ANSWER } };
  }
  // 6 booking
  {
    const bs = db.maintenance.bookings;
    const b = bs[0];
    const ok = bs.length === 1 && b.contractorId === 'ct-01' && b.date === '2025-06-25' && b.time === '10:30' && norm(b.note).replace(/\.$/, '') === 'inspect linkspan hydraulics';
    jobs.booking = { done: ok, details: { bookings: bs } };
  }
  // 7 list
  {
    const gone = db.crewRemoved.map((c) => ({ id: c.id, name: c.name, role: c.role, vessel: c.vessel }));
    const ok = gone.length === 1 && gone[0].name === 'Euan MacLeod' && gone[0].role === 'Deckhand' && db.crew.length === seedCrewCount() - 1;
    jobs.list = { done: ok, details: { removed: gone, remaining: db.crew.length } };
  }
  return { jobs, hits };
}

// ------------------------------------------------------------------ API
function crewPage(q, page) {
  const nq = norm(q);
  const sorted = [...db.crew].sort((a, b) => {
    const sa = a.name.split(' ').slice(-1)[0] + ' ' + a.name, sb = b.name.split(' ').slice(-1)[0] + ' ' + b.name;
    return sa.localeCompare(sb) || a.staffNo.localeCompare(b.staffNo);
  });
  const list = nq ? sorted.filter((c) => norm(`${c.name} ${c.role} ${c.vessel} ${c.staffNo}`).includes(nq)) : sorted;
  const pages = Math.max(1, Math.ceil(list.length / 10));
  const p = Math.min(Math.max(1, page || 1), pages);
  return { total: list.length, page: p, pages, items: list.slice((p - 1) * 10, p * 10) };
}

async function api(req, res, url) {
  const p = url.pathname;
  const m = req.method;
  if (m === 'GET' && p === '/api/summary') {
    return send(res, 200, {
      today: TODAY, todayLabel: TODAY_LABEL,
      manifests: db.manifests.length, notices: db.notices.length, deckBookings: db.deck.bookings.length,
      certificates: db.certificates.current.length, crew: db.crew.length,
      maintenance: db.maintenance.jobs.length + db.maintenance.bookings.length, openComplaints: 7,
    });
  }
  // grid
  if (m === 'GET' && p === '/api/manifests') {
    return send(res, 200, { columns: MANIFEST_COLUMNS.map(([name, header]) => ({ name, header })), statuses: MANIFEST_STATUSES, rows: db.manifests });
  }
  if (m === 'POST' && p === '/api/manifests/save') {
    const body = await readJson(req);
    if (!body || !Array.isArray(body.changes)) return send(res, 400, { error: 'Expected {changes: [...]}' });
    let n = 0;
    for (const c of body.changes) {
      const row = db.manifests.find((r) => r.manifest === c.id);
      if (!row || !['status', 'note'].includes(c.field)) continue;
      if (c.field === 'status' && !MANIFEST_STATUSES.includes(c.value)) continue;
      row[c.field] = String(c.value ?? '');
      n++;
    }
    db.manifestSaves = (db.manifestSaves || 0) + 1;
    return send(res, 200, { saved: n });
  }
  // notices
  if (m === 'GET' && p === '/api/notices') {
    return send(res, 200, db.notices.map(({ id, title, audience, updated }) => ({ id, title, audience, updated: dateLabel(updated) })));
  }
  let mm;
  if ((mm = /^\/api\/notices\/([\w-]+)$/.exec(p))) {
    const n = db.notices.find((x) => x.id === mm[1]);
    if (!n) return send(res, 404, { error: 'No such notice' });
    if (m === 'GET') return send(res, 200, { id: n.id, title: n.title, audience: n.audience, updated: dateLabel(n.updated), lines: n.lines, elements: n.elements });
    if (m === 'PUT') {
      const body = await readJson(req);
      if (!body || !Array.isArray(body.elements)) return send(res, 400, { error: 'Expected {elements: [...]}' });
      n.elements = body.elements; n.html = body.html || null; n.updated = TODAY;
      return send(res, 200, { ok: true, updated: dateLabel(TODAY) });
    }
  }
  // deck plan
  if (m === 'GET' && p === '/api/deck') return send(res, 200, db.deck);
  if (m === 'POST' && p === '/api/deck/move') {
    const body = await readJson(req);
    const b = body && db.deck.bookings.find((x) => x.id === body.booking);
    const s = body && db.deck.sailings.find((x) => x.id === body.sailing);
    if (!b || !s || !db.deck.lanes.includes(body.lane)) return send(res, 400, { error: 'Unknown booking, sailing or lane' });
    if (db.deck.bookings.some((x) => x !== b && x.sailing === s.id && x.lane === body.lane)) return send(res, 409, { error: 'That lane is already taken' });
    const from = { sailing: b.sailing, lane: b.lane };
    b.sailing = s.id; b.lane = body.lane;
    const ref = 'DX-' + (db.counters.deck += 137);
    db.deckMoves.push({ booking: b.id, from, to: { sailing: s.id, lane: body.lane }, ref });
    return send(res, 200, { ok: true, ref });
  }
  // certificates
  if (m === 'GET' && p === '/api/certificates') return send(res, 200, db.certificates);
  if (m === 'POST' && p === '/api/certificates/import') {
    const buf = await readBody(req);
    const parts = parseMultipart(buf, req.headers['content-type']);
    const file = parts.find((x) => x.filename);
    if (!file) return send(res, 400, { error: 'No file received' });
    const rows = parseCsv(file.body.toString('utf8'));
    const header = rows.shift() || [];
    if (!header.includes('certificate') || !header.includes('expires')) return send(res, 422, { error: 'This does not look like a certificate register (missing columns).' });
    const ix = header.indexOf('expires');
    const count = rows.filter((r) => r.length >= header.length && r[0]).length;
    const expiringSoon = rows.filter((r) => r[ix] && r[ix] >= TODAY && r[ix] <= '2025-09-30').length;
    const entry = { fileName: file.filename, count, expiringSoon, sha: sha(file.body), at: TODAY };
    db.certificates.imports.push(entry);
    return send(res, 200, { fileName: entry.fileName, imported: count, expiringSoon });
  }
  // carryings
  if (m === 'GET' && p === '/api/carryings') return send(res, 200, db.carryings);
  if (m === 'GET' && p === '/api/returns') return send(res, 200, db.returns);
  if (m === 'POST' && p === '/api/returns') {
    const body = await readJson(req);
    if (!body || !body.route || !body.month || !body.metric || body.value === '' || body.value == null || isNaN(Number(body.value))) return send(res, 400, { error: 'Route, month, measure and figure are all required.' });
    const ref = 'RT-' + (db.counters.returns += 1);
    db.returns.push({ ref, route: body.route, month: body.month, metric: body.metric, value: Number(body.value) });
    return send(res, 200, { ok: true, ref });
  }
  // maintenance
  if (m === 'GET' && p === '/api/contractors') return send(res, 200, db.contractors);
  if (m === 'GET' && p === '/api/maintenance') {
    return send(res, 200, { today: TODAY, closed: CLOSED_DAYS, times: BOOKING_TIMES, jobs: [...db.maintenance.jobs, ...db.maintenance.bookings.map((b) => ({ ref: b.ref, contractor: b.contractor, date: b.date, time: b.time, note: b.note }))] });
  }
  if (m === 'POST' && p === '/api/maintenance-bookings') {
    const body = await readJson(req);
    const c = body && db.contractors.find((x) => x.id === body.contractorId);
    if (!c) return send(res, 422, { error: 'Choose a contractor from the list.' });
    if (!body.date || !/^\d{4}-\d{2}-\d{2}$/.test(body.date)) return send(res, 422, { error: 'Choose a date.' });
    if (body.date < TODAY) return send(res, 422, { error: 'That date is in the past.' });
    if ([0, 6].includes(isoDay(body.date))) return send(res, 422, { error: 'Maintenance visits can only be booked on weekdays.' });
    const closed = CLOSED_DAYS.find((x) => x.date === body.date);
    if (closed) return send(res, 422, { error: `${dateLabel(body.date)} is not available (${closed.reason}).` });
    if (!BOOKING_TIMES.includes(body.time)) return send(res, 422, { error: 'Choose a time.' });
    const ref = 'HM-25-0' + (db.counters.booking += 1);
    const b = { ref, contractorId: c.id, contractor: c.name, date: body.date, time: body.time, note: String(body.note || '') };
    db.maintenance.bookings.push(b);
    return send(res, 200, { ok: true, ref, booking: b });
  }
  // crew
  if (m === 'GET' && p === '/api/crew') {
    return send(res, 200, crewPage(url.searchParams.get('q') || '', Number(url.searchParams.get('page') || 1)));
  }
  if ((mm = /^\/api\/crew\/([\w-]+)$/.exec(p)) && m === 'DELETE') {
    const i = db.crew.findIndex((c) => c.id === mm[1]);
    if (i < 0) return send(res, 404, { error: 'No such crew member' });
    const [gone] = db.crew.splice(i, 1);
    db.crewRemoved.push(gone);
    return send(res, 200, { ok: true, removed: gone });
  }
  return send(res, 404, { error: 'Not found' });
}

// ------------------------------------------------------------------ static
async function serveStatic(req, res, url) {
  let rel = decodeURIComponent(url.pathname);
  if (rel.includes('..')) return send(res, 400, 'Bad path', 'text/plain');
  let file = path.join(DIST, rel);
  try {
    const st = await stat(file);
    if (st.isDirectory()) file = path.join(file, 'index.html');
  } catch {
    if (path.extname(rel)) return send(res, 404, 'Not found', 'text/plain');
    file = path.join(DIST, 'index.html');
  }
  try {
    const data = await readFile(file);
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream', 'cache-control': 'no-cache' });
    res.end(data);
  } catch {
    send(res, 404, 'Not found (did you run npm run build?)', 'text/plain');
  }
}

// ------------------------------------------------------------------ server
let last = Date.now();
const server = http.createServer(async (req, res) => {
  last = Date.now();
  const url = new URL(req.url, 'http://127.0.0.1');
  try {
    if (url.pathname === '/__verify' && req.method === 'GET') return send(res, 200, verify());
    if (url.pathname === '/__reset' && req.method === 'POST') { db = seed(); hits = {}; return send(res, 200, { ok: true }); }
    if (url.pathname.startsWith('/api/')) {
      if (req.method !== 'GET') {
        const key = `${req.method} ${url.pathname}`;
        hits[key] = (hits[key] || 0) + 1;
      }
      await new Promise((r) => setTimeout(r, 300 + Math.floor(Math.random() * 501)));
      return await api(req, res, url);
    }
    return await serveStatic(req, res, url);
  } catch (e) {
    console.error(e);
    if (!res.headersSent) send(res, 500, { error: 'Server error' });
  }
});
server.listen(PORT, '127.0.0.1', () => console.log(`Gannet Sound Ferries back office on http://127.0.0.1:${PORT}/`));
setInterval(() => {
  if (Date.now() - last > IDLE_MS) { console.log('idle, exiting'); process.exit(0); }
}, Math.min(60000, Math.max(1000, IDLE_MS / 4))).unref();
