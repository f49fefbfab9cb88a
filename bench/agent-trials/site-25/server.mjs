import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seed, TODAY, BASES, STATUSES, BOATS, COLUMNS, CLOSED_DAYS, SLOTS } from './data.mjs';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.join(ROOT, 'dist');
const PORT = Number(process.env.PORT || 4900);
const IDLE_MS = Number(process.env.IDLE_MS || 2 * 60 * 60 * 1000);

let db = seed();
let hits = {};
const SEED = seed();

const TARGET = {
  bookingId: 188, status: 'Confirmed', notes: 'Late arrival, keys in safe',
  cardId: 2, cardTo: 'scheduled',
  fuelTotal: 156.8,
  ret: { base: 'Gayton', week: 21, nights: 43 },
  visit: { boat: 'Kingfisher Lady', date: '2026-06-24', time: '10:30' },
  hirerId: 358,
};

const strip = (h) => h.replace(/<[^>]+>/g, '').replace(/&nbsp;|\u00a0/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ');

function verify() {
  const jobs = {};
  // 1 grid
  {
    const b = db.bookings.find((x) => x.id === TARGET.bookingId);
    const others = db.bookings.filter((x) => x.id !== TARGET.bookingId && JSON.stringify(x) !== JSON.stringify(SEED.bookings.find((s) => s.id === x.id)));
    const done = b.status === TARGET.status && b.notes.trim() === TARGET.notes && others.length === 0;
    jobs.bookings_grid = { done, details: { status: b.status, notes: b.notes, otherRowsChanged: others.map((o) => o.ref), keySafe: b.keySafe } };
  }
  // 2 editor
  {
    const html = db.document.html;
    const text = strip(html);
    const checks = {
      gaytonFixed: /Gayton must be moored on the service pontoon by 9:30am\./.test(text),
      othersUntouched: /Braunston must be moored on the service pontoon by 9am\./.test(text) && /Stoke Bruerne must be moored on the service pontoon by 10am\./.test(text) && /Market Harborough must be moored on the service pontoon by 9am\./.test(text),
      bold: /<strong>\s*emergency breakdown line\s*<\/strong>/.test(html),
      italic: /<em>\s*never\s*<\/em>/.test(html),
      link: /<a [^>]*href="https:\/\/notices\.waterways\.example\/stoppages"[^>]*>\s*stoppage notices\s*<\/a>/.test(html),
    };
    jobs.handover_editor = { done: Object.values(checks).every(Boolean), details: { ...checks, linkParagraph: (html.match(/<p>[^\n]*stoppage[^\n]*<\/p>/) || [''])[0] } };
  }
  // 3 board
  {
    const moved = db.maintenance.filter((c) => c.column !== SEED.maintenance.find((s) => s.id === c.id).column);
    const done = moved.length === 1 && moved[0].id === TARGET.cardId && moved[0].column === TARGET.cardTo;
    jobs.maintenance_board = { done, details: { moved: moved.map((c) => ({ id: c.id, boat: c.boat, column: c.column, workOrder: c.workOrder })) } };
  }
  // 4 upload
  {
    const last = db.fuelLogs[db.fuelLogs.length - 1];
    jobs.fuel_upload = { done: !!last && last.boat === 'Kingfisher Lady' && last.totalLitres === TARGET.fuelTotal, details: { uploads: db.fuelLogs.map(({ filename, boat, totalLitres }) => ({ filename, boat, totalLitres })) } };
  }
  // 5 chart
  {
    const last = db.returns[db.returns.length - 1];
    const t = TARGET.ret;
    jobs.weekly_chart = { done: !!last && last.base === t.base && last.week === t.week && last.nights === t.nights, details: { returns: db.returns } };
  }
  // 6 booking form
  {
    const v = db.visits.filter((x) => !SEED.visits.some((s) => s.ref === x.ref));
    const t = TARGET.visit;
    const done = v.length === 1 && v[0].boat === t.boat && v[0].date === t.date && v[0].time === t.time && /stern gland/i.test(v[0].note);
    jobs.engineer_booking = { done, details: { newVisits: v } };
  }
  // 7 delete
  {
    const gone = SEED.hirers.filter((s) => !db.hirers.some((h) => h.id === s.id));
    jobs.hirer_delete = { done: gone.length === 1 && gone[0].id === TARGET.hirerId, details: { deleted: gone } };
  }
  return { jobs, hits };
}

const MIME = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png', '.gif': 'image/gif', '.json': 'application/json', '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.txt': 'text/plain' };

function send(res, code, obj) {
  const body = JSON.stringify(obj);
  res.writeHead(code, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(body);
}
const readBody = (req) => new Promise((resolve) => { const ch = []; req.on('data', (c) => ch.push(c)); req.on('end', () => resolve(Buffer.concat(ch))); });
const delay = () => new Promise((r) => setTimeout(r, 300 + Math.floor(Math.random() * 500)));

function parseMultipart(buf, ctype) {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/.exec(ctype || '');
  if (!m) return [];
  const boundary = '--' + (m[1] || m[2]);
  const parts = buf.toString('latin1').split(boundary).slice(1, -1);
  return parts.map((p) => {
    const idx = p.indexOf('\r\n\r\n');
    const head = p.slice(0, idx);
    const body = p.slice(idx + 4, p.length - 2);
    const name = /name="([^"]*)"/.exec(head)?.[1];
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    return { name, filename, data: Buffer.from(body, 'latin1').toString('utf8') };
  });
}

function isOpenDay(iso) {
  const d = new Date(iso + 'T00:00:00Z');
  if (isNaN(d)) return false;
  const wd = d.getUTCDay();
  return iso >= TODAY && wd !== 0 && wd !== 6 && !CLOSED_DAYS.some((c) => c.date === iso);
}

async function api(req, res, url) {
  const p = url.pathname;
  const m = req.method;
  let json = null;
  if (m !== 'GET' && m !== 'DELETE' && !(req.headers['content-type'] || '').startsWith('multipart/')) {
    const raw = (await readBody(req)).toString('utf8');
    try { json = raw ? JSON.parse(raw) : {}; } catch { await delay(); return send(res, 400, { error: 'Invalid JSON' }); }
  }
  await delay();
  let mm;
  if (m === 'GET' && p === '/api/meta') return send(res, 200, { today: TODAY, bases: BASES, statuses: STATUSES, boats: BOATS, columns: COLUMNS, closedDays: CLOSED_DAYS, slots: SLOTS });
  if (m === 'GET' && p === '/api/summary') return send(res, 200, {
    today: TODAY,
    bookingsOut: db.bookings.filter((b) => b.status === 'Checked in').length,
    provisional: db.bookings.filter((b) => b.status === 'Provisional').length,
    openJobs: db.maintenance.filter((c) => c.column !== 'done').length,
    visits: db.visits.length, hirers: db.hirers.length,
  });
  if (m === 'GET' && p === '/api/bookings') return send(res, 200, db.bookings);
  if (m === 'POST' && p === '/api/bookings/bulk') {
    const changes = Array.isArray(json?.changes) ? json.changes : null;
    if (!changes || !changes.length) return send(res, 400, { error: 'No changes' });
    const editable = ['status', 'notes'];
    for (const c of changes) {
      const b = db.bookings.find((x) => x.id === c.id);
      if (!b || !editable.includes(c.field)) return send(res, 400, { error: 'Invalid change' });
      if (c.field === 'status' && !STATUSES.includes(c.value)) return send(res, 400, { error: 'Invalid status' });
    }
    for (const c of changes) db.bookings.find((x) => x.id === c.id)[c.field] = String(c.value);
    return send(res, 200, { saved: changes.length });
  }
  if (m === 'GET' && p === '/api/documents/handover') return send(res, 200, db.document);
  if (m === 'PUT' && p === '/api/documents/handover') {
    if (typeof json?.html !== 'string' || !json.html.trim()) return send(res, 400, { error: 'Empty document' });
    db.document = { ...db.document, html: json.html, updatedAt: new Date().toISOString() };
    return send(res, 200, db.document);
  }
  if (m === 'GET' && p === '/api/maintenance') return send(res, 200, { columns: COLUMNS, cards: db.maintenance });
  if (m === 'POST' && (mm = /^\/api\/maintenance\/(\d+)\/move$/.exec(p))) {
    const card = db.maintenance.find((c) => c.id === Number(mm[1]));
    if (!card) return send(res, 404, { error: 'No such job' });
    if (!COLUMNS.some((c) => c.id === json?.column)) return send(res, 400, { error: 'Unknown column' });
    card.column = json.column;
    card.workOrder = 'WO-' + (7300 + card.id * 17);
    return send(res, 200, { card, workOrder: card.workOrder });
  }
  if (m === 'GET' && p === '/api/fuel-logs') return send(res, 200, db.fuelLogs);
  if (m === 'POST' && p === '/api/fuel-logs') {
    const parts = parseMultipart(await readBody(req), req.headers['content-type']);
    const f = parts.find((x) => x.filename);
    if (!f) return send(res, 400, { error: 'No file received' });
    const lines = f.data.trim().split(/\r?\n/);
    const head = lines.shift().split(',').map((s) => s.trim());
    const li = head.indexOf('litres'), bi = head.indexOf('boat');
    if (li < 0 || bi < 0) return send(res, 422, { error: 'File is not a fuel log (needs boat and litres columns)' });
    const rows = lines.map((l) => l.split(','));
    const total = Math.round(rows.reduce((s, r) => s + Number(r[li]), 0) * 10) / 10;
    const log = { id: db.fuelLogs.length + 1, filename: f.filename, boat: rows[0]?.[bi] || '', fills: rows.length, totalLitres: total, uploadedAt: TODAY };
    db.fuelLogs.push(log);
    return send(res, 200, log);
  }
  if (m === 'GET' && p === '/api/weekly-nights') return send(res, 200, { bases: BASES, weeks: db.weekly });
  if (m === 'GET' && p === '/api/returns') return send(res, 200, db.returns);
  if (m === 'POST' && p === '/api/returns') {
    const { base, week, nights } = json || {};
    if (!BASES.includes(base) || !Number.isInteger(week) || !Number.isFinite(nights)) return send(res, 400, { error: 'Base, week and nights are required' });
    const r = { id: db.returns.length + 1, base, week, nights };
    db.returns.push(r);
    return send(res, 200, r);
  }
  if (m === 'GET' && p === '/api/engineer-visits') return send(res, 200, db.visits);
  if (m === 'POST' && p === '/api/engineer-visits') {
    const { boat, date, time, note } = json || {};
    if (!BOATS.includes(boat)) return send(res, 400, { error: 'Choose a boat' });
    if (!isOpenDay(date)) return send(res, 400, { error: 'The office cannot offer that date' });
    if (!SLOTS.includes(time)) return send(res, 400, { error: 'Choose a time slot' });
    const v = { ref: 'EV-' + (4100 + db.visits.length * 7 + 3), boat, date, time, note: String(note || '') };
    db.visits.push(v);
    return send(res, 200, v);
  }
  if (m === 'GET' && p === '/api/hirers') {
    const q = (url.searchParams.get('q') || '').toLowerCase().trim();
    const page = Math.max(1, Number(url.searchParams.get('page') || 1));
    const size = 10;
    const all = db.hirers.filter((h) => !q || h.name.toLowerCase().includes(q) || h.email.toLowerCase().includes(q) || h.town.toLowerCase().includes(q));
    return send(res, 200, { total: all.length, page, pageSize: size, items: all.slice((page - 1) * size, page * size) });
  }
  if (m === 'DELETE' && (mm = /^\/api\/hirers\/(\d+)$/.exec(p))) {
    const i = db.hirers.findIndex((h) => h.id === Number(mm[1]));
    if (i < 0) return send(res, 404, { error: 'Not found' });
    const [gone] = db.hirers.splice(i, 1);
    return send(res, 200, { deleted: gone });
  }
  return send(res, 404, { error: 'Not found' });
}

let idleTimer;
function touch() { clearTimeout(idleTimer); idleTimer = setTimeout(() => { console.log('idle, exiting'); process.exit(0); }, IDLE_MS); }
touch();

const server = http.createServer(async (req, res) => {
  touch();
  const url = new URL(req.url, 'http://127.0.0.1');
  try {
    if (url.pathname === '/__verify') return send(res, 200, verify());
    if (url.pathname === '/__reset' && req.method === 'POST') { db = seed(); hits = {}; return send(res, 200, { ok: true }); }
    if (url.pathname.startsWith('/api/')) {
      if (req.method !== 'GET') { const k = `${req.method} ${url.pathname}`; hits[k] = (hits[k] || 0) + 1; }
      return await api(req, res, url);
    }
    let file = path.normalize(path.join(DIST, decodeURIComponent(url.pathname)));
    if (!file.startsWith(DIST)) { res.writeHead(403); return res.end(); }
    if (!fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      if (path.extname(url.pathname) && !url.pathname.endsWith('.html')) { res.writeHead(404); return res.end('Not found'); }
      file = path.join(DIST, 'index.html');
    }
    res.writeHead(200, { 'content-type': MIME[path.extname(file)] || 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  } catch (e) {
    console.error(e);
    if (!res.headersSent) send(res, 500, { error: 'Server error' });
  }
});
server.listen(PORT, '127.0.0.1', () => console.log(`Lockside yard office on http://127.0.0.1:${PORT}/`));
