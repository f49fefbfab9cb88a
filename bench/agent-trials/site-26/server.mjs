import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { seed, TODAY, CLOSED_DAYS, BOARD_COLUMNS, STATUSES, PRACTICES } from './data.mjs';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const WWW = path.join(ROOT, 'www');
const PORT = Number(process.env.PORT || 4900);
const IDLE_MS = Number(process.env.IDLE_MS || 2 * 60 * 60 * 1000);
const TARGET_FILE = path.join(ROOT, 'files', 'riverside-order-june.csv');

let db = seed();
let hits = {};
const initial = seed();

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.map': 'application/json' };

function send(res, status, body) {
  const data = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
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
async function json(req) { const b = await readBody(req); try { return JSON.parse(b.toString('utf8') || '{}'); } catch { return null; } }
const delay = () => new Promise((r) => setTimeout(r, 300 + Math.floor(Math.random() * 500)));

function parseMultipart(buf, contentType) {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType || '');
  if (!m) return [];
  const boundary = Buffer.from('--' + (m[1] || m[2]));
  const parts = [];
  let start = buf.indexOf(boundary);
  while (start !== -1) {
    const next = buf.indexOf(boundary, start + boundary.length);
    if (next === -1) break;
    const part = buf.subarray(start + boundary.length + 2, next - 2);
    const sep = part.indexOf('\r\n\r\n');
    if (sep !== -1) {
      const head = part.subarray(0, sep).toString('utf8');
      const body = part.subarray(sep + 4);
      const name = /name="([^"]*)"/i.exec(head)?.[1];
      const filename = /filename="([^"]*)"/i.exec(head)?.[1];
      parts.push({ name, filename, body });
    }
    start = next;
  }
  return parts;
}

function stripTags(h) { return h.replace(/<[^>]+>/g, '').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim(); }
function tagTexts(h, tags) {
  const out = [];
  const re = new RegExp(`<(${tags})\\b[^>]*>([\\s\\S]*?)</\\1>`, 'gi');
  let m; while ((m = re.exec(h))) out.push(stripTags(m[2]));
  return out;
}
function paragraphs(h) { return (h.match(/<(p|h\d)\b[^>]*>[\s\S]*?<\/\1>/gi) || []).map(stripTags).filter(Boolean); }

function unitsFromCsv(text) {
  const lines = text.split(/\r?\n/).filter((l) => l.trim());
  const header = lines.shift().split(',').map((s) => s.trim().toLowerCase());
  const ui = header.indexOf('units');
  let units = 0; let items = 0;
  for (const l of lines) { const c = l.split(','); const u = Number(c[ui]); if (Number.isFinite(u)) { units += u; items++; } }
  return { items, units };
}

function verify() {
  const jobs = {};
  // 1 grid
  const target = db.cases.find((c) => c.id === 'C-24189');
  const changed = db.cases.filter((c, i) => JSON.stringify(c) !== JSON.stringify(initial.cases[i])).map((c) => c.id);
  jobs.grid = { done: target.status === 'On hold' && target.notes.trim() === 'Awaiting new impression' && changed.length === 1 && (hits['PUT /api/cases'] || 0) >= 1,
    details: { status: target.status, notes: target.notes, changedRows: changed, expectedReport: target.labFee } };
  // 2 editor
  const html = db.documents['zirconia-guide'].html;
  const paras = paragraphs(html);
  const expected = paragraphs(initial.documents['zirconia-guide'].html).map((p) => p === 'Sinter zirconia bridges of five units or more at 1450 °C for 2 hours.' ? 'Sinter zirconia bridges of five units or more at 1450 °C for 4 hours.' : p);
  const bold = tagTexts(html, 'strong|b'); const ital = tagTexts(html, 'em|i');
  const links = []; { const re = /<a\b[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi; let m; while ((m = re.exec(html))) links.push({ href: m[1], text: stripTags(m[2]) }); }
  const textOk = JSON.stringify(paras) === JSON.stringify(expected);
  jobs.editor = { done: textOk && bold.length === 1 && bold[0] === 'Do not quench' && ital.length === 1 && ital[0] === 'green-state' && links.length === 1 && links[0].text === 'shade guide' && links[0].href.replace(/\/$/, '') === 'https://intranet.harrowgate-lab.example/shade-guide',
    details: { textOk, bold, italic: ital, links, paragraphs: paras } };
  // 3 board
  const moved = db.board.find((c) => c.id === 'card-10');
  const others = db.board.filter((c) => c.id !== 'card-10' && c.column !== initial.board.find((x) => x.id === c.id).column).map((c) => c.id);
  jobs.board = { done: moved.column === 'Quality check' && others.length === 0, details: { column: moved.column, otherCardsMoved: others, ticket: moved.ticket || null } };
  // 4 upload
  const targetSha = fs.existsSync(TARGET_FILE) ? crypto.createHash('sha256').update(fs.readFileSync(TARGET_FILE)).digest('hex') : null;
  jobs.upload = { done: db.uploads.length === 1 && db.uploads[0].sha256 === targetSha, details: { uploads: db.uploads.map(({ filename, units, items, ref }) => ({ filename, units, items, ref })) } };
  // 5 chart
  const mar = db.remakes.data.find((d) => d.month === '2025-03');
  jobs.chart = { done: db.flags.length === 1 && db.flags[0].material === 'E.max' && db.flags[0].month === '2025-03' && Number(db.flags[0].count) === mar['E.max'], details: { flags: db.flags, expected: mar['E.max'] } };
  // 6 booking
  const b = db.bookings[0];
  jobs.booking = { done: db.bookings.length === 1 && b.practice === 'Riverside Dental Centre' && b.date === '2025-06-18' && b.time === '10:30' && /patient brings temporary crown/i.test(b.note || ''), details: { bookings: db.bookings } };
  // 7 delete
  const gone = initial.dentists.filter((d) => !db.dentists.find((x) => x.id === d.id)).map((d) => d.id);
  jobs.delete = { done: gone.length === 1 && gone[0] === 'd902', details: { deleted: gone } };
  return { jobs, hits };
}

function isDisabledDate(d) {
  const day = new Date(d + 'T00:00:00Z').getUTCDay();
  return !/^\d{4}-\d{2}-\d{2}$/.test(d) || d < TODAY || day === 0 || day === 6 || CLOSED_DAYS.some((c) => c.date === d);
}

async function api(req, res, url) {
  const p = url.pathname; const m = req.method;
  await delay();
  if (m === 'GET' && p === '/api/meta') return send(res, 200, { today: TODAY, lab: 'Harrowgate Dental Laboratory', statuses: STATUSES, columns: BOARD_COLUMNS, closedDays: CLOSED_DAYS, practices: PRACTICES });
  if (m === 'GET' && p === '/api/dashboard') return send(res, 200, {
    openCases: db.cases.filter((c) => c.status !== 'Dispatched').length, rush: db.cases.filter((c) => c.priority === 'Rush' && c.status !== 'Dispatched').length,
    dueToday: db.cases.filter((c) => c.due === TODAY).length, bookings: db.bookings.length, dentists: db.dentists.length });
  if (m === 'GET' && p === '/api/cases') return send(res, 200, { rows: db.cases });
  if (m === 'PUT' && p === '/api/cases') {
    const body = await json(req);
    if (!body || !Array.isArray(body.changes)) return send(res, 400, { error: 'changes[] required' });
    const allowed = ['status', 'notes', 'technician', 'priority'];
    for (const ch of body.changes) {
      const row = db.cases.find((c) => c.id === ch.id);
      if (!row) return send(res, 404, { error: 'Unknown case ' + ch.id });
      for (const k of Object.keys(ch.fields || {})) if (!allowed.includes(k)) return send(res, 400, { error: 'Field not editable: ' + k });
      if (ch.fields.status && !STATUSES.includes(ch.fields.status)) return send(res, 400, { error: 'Bad status' });
    }
    for (const ch of body.changes) Object.assign(db.cases.find((c) => c.id === ch.id), ch.fields);
    return send(res, 200, { saved: body.changes.length });
  }
  let mm;
  if ((mm = /^\/api\/documents\/([\w-]+)$/.exec(p))) {
    const doc = db.documents[mm[1]];
    if (!doc) return send(res, 404, { error: 'Not found' });
    if (m === 'GET') return send(res, 200, doc);
    if (m === 'PUT') { const body = await json(req); if (!body || typeof body.html !== 'string') return send(res, 400, { error: 'html required' }); doc.html = body.html; doc.updated = TODAY; return send(res, 200, { ok: true, updated: doc.updated }); }
  }
  if (m === 'GET' && p === '/api/documents') return send(res, 200, Object.values(db.documents).map(({ id, title, updated }) => ({ id, title, updated })));
  if (m === 'GET' && p === '/api/board') return send(res, 200, { columns: BOARD_COLUMNS, cards: db.board });
  if ((mm = /^\/api\/board\/cards\/([\w-]+)\/move$/.exec(p)) && m === 'POST') {
    const body = await json(req); const card = db.board.find((c) => c.id === mm[1]);
    if (!card) return send(res, 404, { error: 'Unknown card' });
    if (!body || !BOARD_COLUMNS.includes(body.column)) return send(res, 400, { error: 'Bad column' });
    const from = card.column; card.column = body.column; card.order = Number(body.index) || 0;
    db.counters.qc++;
    const ticket = (body.column === 'Quality check' ? 'QC-' : 'MV-') + (7400 + db.counters.qc * 13) + '-' + card.caseNo.slice(-3);
    card.ticket = ticket;
    return send(res, 200, { ok: true, from, to: card.column, ticket });
  }
  if (m === 'POST' && p === '/api/imports') {
    const buf = await readBody(req);
    const parts = parseMultipart(buf, req.headers['content-type']);
    const file = parts.find((x) => x.filename);
    if (!file) return send(res, 400, { error: 'No file received' });
    const text = file.body.toString('utf8');
    if (!/units/i.test(text.split(/\r?\n/)[0] || '')) return send(res, 422, { error: 'Not an order sheet: no "units" column' });
    const { items, units } = unitsFromCsv(text);
    db.counters.upload++;
    const rec = { ref: 'IMP-' + (3300 + db.counters.upload), filename: file.filename, size: file.body.length, sha256: crypto.createHash('sha256').update(file.body).digest('hex'), items, units, at: TODAY };
    db.uploads.push(rec);
    return send(res, 200, { ref: rec.ref, filename: rec.filename, items, units });
  }
  if (m === 'GET' && p === '/api/imports') return send(res, 200, db.uploads.map(({ sha256, ...r }) => r));
  if (m === 'GET' && p === '/api/remakes') return send(res, 200, db.remakes);
  if (m === 'GET' && p === '/api/remake-flags') return send(res, 200, db.flags);
  if (m === 'POST' && p === '/api/remake-flags') {
    const body = await json(req);
    if (!body || !db.remakes.series.includes(body.material) || !db.remakes.data.find((d) => d.month === body.month) || !(Number(body.count) >= 0) || String(body.count).trim() === '') return send(res, 400, { error: 'Material, month and count are required' });
    const f = { id: 'F-' + (db.flags.length + 51), material: body.material, month: body.month, count: Number(body.count), comment: String(body.comment || '') };
    db.flags.push(f);
    return send(res, 200, f);
  }
  if (m === 'GET' && p === '/api/practices') return send(res, 200, PRACTICES);
  if (m === 'GET' && p === '/api/appointments') return send(res, 200, db.bookings);
  if (m === 'POST' && p === '/api/appointments') {
    const body = await json(req);
    if (!body || !PRACTICES.includes(body.practice)) return send(res, 400, { error: 'Choose a practice' });
    if (isDisabledDate(body.date || '')) return send(res, 400, { error: 'That date is not available' });
    if (!/^\d{2}:\d{2}$/.test(body.time || '')) return send(res, 400, { error: 'Choose a time' });
    db.counters.booking++;
    const bk = { ref: 'SM-' + db.counters.booking + '-' + body.date.slice(8, 10) + body.time.slice(0, 2), practice: body.practice, date: body.date, time: body.time, note: String(body.note || '') };
    db.bookings.push(bk);
    return send(res, 200, bk);
  }
  if (m === 'GET' && p === '/api/dentists') {
    const q = (url.searchParams.get('q') || '').trim().toLowerCase();
    const page = Math.max(1, Number(url.searchParams.get('page')) || 1); const size = Math.min(50, Number(url.searchParams.get('pageSize')) || 10);
    const list = db.dentists.filter((d) => !q || [d.name, d.practice, d.gdc, d.email].some((v) => v.toLowerCase().includes(q)));
    return send(res, 200, { total: list.length, page, pageSize: size, items: list.slice((page - 1) * size, page * size) });
  }
  if ((mm = /^\/api\/dentists\/([\w-]+)$/.exec(p)) && m === 'DELETE') {
    const i = db.dentists.findIndex((d) => d.id === mm[1]);
    if (i === -1) return send(res, 404, { error: 'Not found' });
    const [d] = db.dentists.splice(i, 1);
    return send(res, 200, { deleted: d.id, name: d.name });
  }
  return send(res, 404, { error: 'No such endpoint' });
}

let idleTimer;
function touch() { clearTimeout(idleTimer); idleTimer = setTimeout(() => { console.log('idle, exiting'); process.exit(0); }, IDLE_MS); }

const server = http.createServer(async (req, res) => {
  touch();
  const url = new URL(req.url, 'http://127.0.0.1');
  try {
    if (url.pathname === '/__verify') return send(res, 200, verify());
    if (url.pathname === '/__reset' && req.method === 'POST') { db = seed(); hits = {}; return send(res, 200, { ok: true }); }
    if (url.pathname.startsWith('/api/')) {
      if (req.method !== 'GET') { const key = `${req.method} ${url.pathname}`; hits[key] = (hits[key] || 0) + 1; }
      return await api(req, res, url);
    }
    let file = path.normalize(path.join(WWW, decodeURIComponent(url.pathname)));
    if (!file.startsWith(WWW) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(WWW, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  } catch (e) { console.error(e); if (!res.headersSent) send(res, 500, { error: 'Server error' }); }
});
server.listen(PORT, '127.0.0.1', () => { console.log(`Harrowgate Dental Lab on http://127.0.0.1:${PORT}/`); touch(); });
