// Hollinvale Orchards Co-operative — Orchard Office (trial site 37)
// Plain node:http server: static files from dist/ with SPA fallback, an
// in-memory JSON API seeded by data.mjs, /__verify and /__reset.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  seed, TODAY, TREE_STATUSES, TREE_EXPECT, NOTICE_EXPECT, WO_COLUMNS, WO_EXPECT, moveRef,
  UPLOAD_EXPECT, UPLOAD_DECOY, YIELD_WEEKS, YIELD_EXPECT, EQUIPMENT, BOOKING_CALENDAR,
  BOOKING_EXPECT, bookingRef, MEMBER_EXPECT,
} from './data.mjs';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.join(ROOT, 'dist');
const PORT = Number(process.env.PORT || 4900);
const HOST = '127.0.0.1';
const IDLE_MS = Number(process.env.IDLE_MS || 2 * 60 * 60 * 1000);

let db;
let pristine;
let hits;
let uploadSerial;
function reset() {
  db = seed();
  pristine = seed();
  hits = {};
  uploadSerial = 413;
}
reset();

// ------------------------------------------------------------------ helpers
const MIME = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json; charset=utf-8', '.svg': 'image/svg+xml',
  '.png': 'image/png', '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.woff': 'font/woff', '.map': 'application/json',
};

function send(res, status, body, headers = {}) {
  const isBuf = Buffer.isBuffer(body);
  const payload = isBuf || typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': isBuf || typeof body === 'string' ? headers['content-type'] || 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(payload);
}

function readBody(req, limit = 5 * 1024 * 1024) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (c) => {
      size += c.length;
      if (size > limit) { reject(new Error('too large')); req.destroy(); return; }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

async function readJson(req) {
  const buf = await readBody(req);
  if (!buf.length) return {};
  return JSON.parse(buf.toString('utf8'));
}

// Minimal multipart/form-data parser (enough for one file field).
function parseMultipart(buf, contentType) {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType || '');
  if (!m) return [];
  const boundary = '--' + (m[1] || m[2]);
  const text = buf.toString('latin1');
  const parts = [];
  for (const raw of text.split(boundary)) {
    if (!raw || raw === '--\r\n' || raw.startsWith('--')) continue;
    const headerEnd = raw.indexOf('\r\n\r\n');
    if (headerEnd < 0) continue;
    const head = raw.slice(0, headerEnd);
    let body = raw.slice(headerEnd + 4);
    if (body.endsWith('\r\n')) body = body.slice(0, -2);
    const name = /name="([^"]*)"/i.exec(head)?.[1];
    const filename = /filename="([^"]*)"/i.exec(head)?.[1];
    parts.push({ name, filename, data: Buffer.from(body, 'latin1') });
  }
  return parts;
}

const delay = () => new Promise((r) => setTimeout(r, 300 + Math.floor(Math.random() * 501)));

// ------------------------------------------------------------------ verification
function normaliseMarkdownToText(md) {
  return md
    .replace(/\[([^\]]*)\]\(([^)]*)\)/g, '$1')
    .replace(/[*_]/g, '')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim();
}

function verify() {
  const jobs = {};

  // 1. tree register grid
  {
    const t = db.trees.find((x) => x.id === TREE_EXPECT.id);
    const changedOthers = db.trees.filter((x) => {
      if (x.id === TREE_EXPECT.id) return false;
      const p = pristine.trees.find((y) => y.id === x.id);
      return !p || p.status !== x.status || p.note !== x.note;
    }).map((x) => x.id);
    const ok = !!t && t.status === TREE_EXPECT.status && t.note.toLowerCase().includes(TREE_EXPECT.noteIncludes);
    jobs.tree_status = {
      done: ok && changedOthers.length === 0,
      details: { tree: TREE_EXPECT.id, status: t?.status, note: t?.note, otherTreesChanged: changedOthers },
    };
  }

  // 2. notice editor
  {
    const n = db.notices.find((x) => x.id === NOTICE_EXPECT.id);
    const body = n.body;
    const lines = body.split('\n').map((l) => l.replace(/^\s*[-*]\s+/, '').trim());
    const hasChanged = lines.includes(NOTICE_EXPECT.changedLine);
    const keptOk = NOTICE_EXPECT.keptLines.every((l) => lines.includes(l));
    const boldOk = body.includes(`**${NOTICE_EXPECT.bold}**`) || body.includes(`__${NOTICE_EXPECT.bold}__`);
    const italicOk = new RegExp(`(^|[^*])\\*${NOTICE_EXPECT.italic}\\*(?!\\*)|(^|[^_])_${NOTICE_EXPECT.italic}_(?!_)`).test(body);
    const linkOk = body.includes(`[${NOTICE_EXPECT.linkText}](${NOTICE_EXPECT.linkUrl})`);
    const expectedText = normaliseMarkdownToText(
      NOTICE_EXPECT.originalBody.replace('Block B pickers bring fruit to the press yard on Saturday 24 October from 8:30.', NOTICE_EXPECT.changedLine),
    );
    const restUnchanged = normaliseMarkdownToText(body) === expectedText;
    const othersChanged = db.notices.filter((x) => x.id !== NOTICE_EXPECT.id && x.body !== pristine.notices.find((y) => y.id === x.id).body).map((x) => x.id);
    jobs.notice_edit = {
      done: hasChanged && keptOk && boldOk && italicOk && linkOk && restUnchanged && othersChanged.length === 0,
      details: { notice: NOTICE_EXPECT.id, blockBLineChanged: hasChanged, otherLinesKept: keptOk, bold: boldOk, italic: italicOk, link: linkOk, restOfTextUnchanged: restUnchanged, otherNoticesChanged: othersChanged },
    };
  }

  // 3. work-order board
  {
    const moved = db.workOrders.filter((w) => w.column !== pristine.workOrders.find((p) => p.id === w.id).column).map((w) => `${w.id}→${w.column}`);
    const target = db.workOrders.find((w) => w.id === WO_EXPECT.id);
    jobs.work_order_move = {
      done: target.column === WO_EXPECT.to && moved.length === 1,
      details: { workOrder: WO_EXPECT.id, column: target.column, moves: moved, ref: moveRef(WO_EXPECT.id, WO_EXPECT.to) },
    };
  }

  // 4. weighbridge upload
  {
    const added = db.uploads.filter((u) => !pristine.uploads.some((p) => p.id === u.id));
    const right = added.find((u) => u.filename === UPLOAD_EXPECT.filename && u.rows === UPLOAD_EXPECT.rows && u.firstDate === UPLOAD_EXPECT.date);
    jobs.weighbridge_upload = {
      done: !!right && added.length === 1,
      details: { uploaded: added.map((u) => ({ filename: u.filename, rows: u.rows, firstDate: u.firstDate })) },
    };
  }

  // 5. yield spot check from the chart
  {
    const checks = db.yieldChecks;
    const match = (c) => c.series === YIELD_EXPECT.series && c.week === YIELD_EXPECT.week && c.kg === YIELD_EXPECT.kg;
    jobs.yield_check = {
      done: checks.length === 1 && match(checks[0]),
      details: { logged: checks },
    };
  }

  // 6. press booking
  {
    const added = db.bookings.filter((b) => !pristine.bookings.some((p) => p.ref === b.ref));
    const match = (b) => b.equipment === BOOKING_EXPECT.equipment && b.date === BOOKING_EXPECT.date && b.session === BOOKING_EXPECT.session && b.member.trim().toLowerCase() === BOOKING_EXPECT.member.toLowerCase();
    jobs.press_booking = {
      done: added.length === 1 && match(added[0]),
      details: { newBookings: added, expectedRef: bookingRef(BOOKING_EXPECT) },
    };
  }

  // 7. member removal
  {
    const removed = pristine.members.filter((p) => !db.members.some((m) => m.id === p.id)).map((m) => `${m.id} ${m.name} (${m.block})`);
    jobs.member_removal = {
      done: removed.length === 1 && !db.members.some((m) => m.id === MEMBER_EXPECT.id),
      details: { removed },
    };
  }
  return { jobs, hits };
}

// ------------------------------------------------------------------ API
async function api(req, res, url) {
  const method = req.method;
  const p = url.pathname;
  let m;

  if (method === 'GET' && p === '/api/summary') {
    return send(res, 200, {
      today: TODAY,
      trees: db.trees.length,
      treesToWatch: db.trees.filter((t) => t.status !== 'Healthy').length,
      notices: db.notices.filter((n) => n.status === 'Published').length,
      openWorkOrders: db.workOrders.filter((w) => w.column !== 'done').length,
      uploads: db.uploads.length,
      bookings: db.bookings.length,
      members: db.members.length,
    });
  }

  // 1. trees
  if (method === 'GET' && p === '/api/trees') return send(res, 200, { statuses: TREE_STATUSES, trees: db.trees });
  if (method === 'PATCH' && p === '/api/trees') {
    const body = await readJson(req);
    const changes = Array.isArray(body.changes) ? body.changes : [];
    const saved = [];
    for (const c of changes) {
      const t = db.trees.find((x) => x.id === c.id);
      if (!t) continue;
      if (typeof c.status === 'string' && TREE_STATUSES.includes(c.status)) t.status = c.status;
      if (typeof c.note === 'string') t.note = c.note.slice(0, 300);
      saved.push(t.id);
    }
    return send(res, 200, { saved });
  }

  // 2. notices
  if (method === 'GET' && p === '/api/notices') return send(res, 200, db.notices.map(({ body, ...rest }) => rest));
  if ((m = /^\/api\/notices\/([\w-]+)$/.exec(p))) {
    const n = db.notices.find((x) => x.id === m[1]);
    if (!n) return send(res, 404, { error: 'Notice not found' });
    if (method === 'GET') return send(res, 200, n);
    if (method === 'PUT') {
      const body = await readJson(req);
      if (typeof body.body !== 'string') return send(res, 400, { error: 'body required' });
      n.body = body.body;
      n.updated = TODAY;
      return send(res, 200, n);
    }
  }

  // 3. work orders
  if (method === 'GET' && p === '/api/work-orders') return send(res, 200, { columns: WO_COLUMNS, cards: db.workOrders });
  if (method === 'POST' && (m = /^\/api\/work-orders\/([\w-]+)\/move$/.exec(p))) {
    const w = db.workOrders.find((x) => x.id === m[1]);
    const body = await readJson(req);
    if (!w) return send(res, 404, { error: 'Work order not found' });
    if (!WO_COLUMNS.some((c) => c.key === body.to)) return send(res, 400, { error: 'Unknown column' });
    const from = w.column;
    w.column = body.to;
    // keep the requested position in the target column
    const idx = db.workOrders.indexOf(w);
    db.workOrders.splice(idx, 1);
    const inTarget = db.workOrders.filter((x) => x.column === body.to);
    const before = inTarget[Math.max(0, Math.min(Number(body.index) || 0, inTarget.length))];
    const at = before ? db.workOrders.indexOf(before) : db.workOrders.length;
    db.workOrders.splice(at, 0, w);
    return send(res, 200, { id: w.id, from, to: w.column, ref: moveRef(w.id, w.column) });
  }

  // 4. weighbridge uploads
  if (method === 'GET' && p === '/api/intake/uploads') return send(res, 200, [...db.uploads].sort((a, b) => b.receivedAt.localeCompare(a.receivedAt)));
  if (method === 'POST' && p === '/api/intake/uploads') {
    const buf = await readBody(req);
    const parts = parseMultipart(buf, req.headers['content-type']);
    const file = parts.find((x) => x.filename);
    if (!file) return send(res, 400, { error: 'No file received' });
    if (!/\.csv$/i.test(file.filename)) return send(res, 400, { error: 'The sheet must be a CSV file' });
    const lines = file.data.toString('utf8').split(/\r?\n/).filter((l) => l.trim() !== '');
    const rows = Math.max(0, lines.length - 1);
    const firstDate = (lines[1] || '').split(',')[1] || '';
    const u = { id: 'UP-' + String(uploadSerial++).padStart(4, '0'), filename: path.basename(file.filename), rows, firstDate, receivedAt: `${TODAY}T${new Date().toTimeString().slice(0, 5)}`, by: 'You' };
    db.uploads.push(u);
    return send(res, 201, u);
  }

  // 5. yields
  if (method === 'GET' && p === '/api/yields') return send(res, 200, { weeks: YIELD_WEEKS, series: db.yields });
  if (method === 'GET' && p === '/api/yield-checks') return send(res, 200, db.yieldChecks);
  if (method === 'POST' && p === '/api/yield-checks') {
    const body = await readJson(req);
    const series = String(body.series || '');
    const week = Number(body.week);
    const kg = Number(String(body.kg ?? '').replace(/[, ]/g, ''));
    if (!db.yields.some((s) => s.name === series) || !YIELD_WEEKS.includes(week) || !Number.isFinite(kg) || kg <= 0) {
      return send(res, 400, { error: 'Choose a block, a week and a weight in kg' });
    }
    const c = { id: 'SC-' + (901 + db.yieldChecks.length), series, week, kg, loggedAt: TODAY };
    db.yieldChecks.push(c);
    return send(res, 201, c);
  }

  // 6. bookings
  if (method === 'GET' && p === '/api/equipment') return send(res, 200, EQUIPMENT);
  if (method === 'GET' && p === '/api/booking-calendar') return send(res, 200, BOOKING_CALENDAR);
  if (method === 'GET' && p === '/api/bookings') return send(res, 200, [...db.bookings].sort((a, b) => a.date.localeCompare(b.date)));
  if (method === 'POST' && p === '/api/bookings') {
    const body = await readJson(req);
    const b = { member: String(body.member || '').trim(), equipment: String(body.equipment || ''), date: String(body.date || ''), session: String(body.session || '') };
    const errors = [];
    if (!b.member) errors.push('Enter the member the booking is for');
    if (!EQUIPMENT.includes(b.equipment)) errors.push('Choose equipment from the list');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(b.date)) errors.push('Choose a date');
    else {
      const d = new Date(b.date + 'T12:00:00Z');
      if (b.date < BOOKING_CALENDAR.minDate || b.date > BOOKING_CALENDAR.maxDate || BOOKING_CALENDAR.closedWeekDays.includes(d.getUTCDay()) || BOOKING_CALENDAR.fullyBooked.includes(b.date)) errors.push('That date is not available');
    }
    if (!['Morning', 'Afternoon'].includes(b.session)) errors.push('Choose a session');
    if (errors.length) return send(res, 400, { error: errors.join('. ') });
    b.ref = bookingRef(b);
    if (db.bookings.some((x) => x.ref === b.ref)) return send(res, 409, { error: 'That booking already exists', ref: b.ref });
    db.bookings.push(b);
    return send(res, 201, b);
  }

  // 7. members
  if (method === 'GET' && p === '/api/members') {
    const q = (url.searchParams.get('q') || '').trim().toLowerCase();
    const per = 10;
    const surname = (n) => n.split(' ').slice(-1)[0];
    let list = db.members.filter((mm) => !q || mm.name.toLowerCase().includes(q) || mm.id.toLowerCase().includes(q));
    list = list.sort((a, b) => surname(a.name).localeCompare(surname(b.name)) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    const pages = Math.max(1, Math.ceil(list.length / per));
    const page = Math.min(pages, Math.max(1, Number(url.searchParams.get('page')) || 1));
    return send(res, 200, { total: list.length, page, pages, per, items: list.slice((page - 1) * per, page * per) });
  }
  if (method === 'DELETE' && (m = /^\/api\/members\/([\w-]+)$/.exec(p))) {
    const idx = db.members.findIndex((x) => x.id === m[1]);
    if (idx < 0) return send(res, 404, { error: 'Member not found' });
    const [gone] = db.members.splice(idx, 1);
    return send(res, 200, { removed: gone });
  }

  return send(res, 404, { error: 'Not found' });
}

// ------------------------------------------------------------------ static
function serveStatic(req, res, url) {
  let rel = decodeURIComponent(url.pathname);
  const file = path.normalize(path.join(DIST, rel));
  if (!file.startsWith(DIST)) return send(res, 403, 'Forbidden');
  if (rel !== '/' && fs.existsSync(file) && fs.statSync(file).isFile()) {
    const ext = path.extname(file);
    res.writeHead(200, { 'content-type': MIME[ext] || 'application/octet-stream', 'cache-control': 'no-cache' });
    fs.createReadStream(file).pipe(res);
    return;
  }
  if (path.extname(rel) && rel.startsWith('/assets/')) return send(res, 404, 'Not found');
  // SPA fallback
  const index = path.join(DIST, 'index.html');
  if (!fs.existsSync(index)) return send(res, 500, 'dist/index.html missing — run npm run build');
  res.writeHead(200, { 'content-type': MIME['.html'], 'cache-control': 'no-cache' });
  fs.createReadStream(index).pipe(res);
}

// ------------------------------------------------------------------ server
let lastRequest = Date.now();
const server = http.createServer(async (req, res) => {
  lastRequest = Date.now();
  const url = new URL(req.url, `http://${HOST}:${PORT}`);
  try {
    if (url.pathname === '/__verify' && req.method === 'GET') return send(res, 200, verify());
    if (url.pathname === '/__reset' && req.method === 'POST') { reset(); return send(res, 200, { ok: true }); }
    if (url.pathname.startsWith('/api/')) {
      if (req.method !== 'GET') {
        const key = `${req.method} ${url.pathname}`;
        hits[key] = (hits[key] || 0) + 1;
      }
      await delay();
      return await api(req, res, url);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'Method not allowed');
    return serveStatic(req, res, url);
  } catch (err) {
    if (!res.headersSent) send(res, 500, { error: String(err && err.message || err) });
  }
});

server.listen(PORT, HOST, () => {
  console.log(`Orchard Office listening on http://${HOST}:${PORT}/ (idle exit after ${IDLE_MS} ms)`);
});

const idleTimer = setInterval(() => {
  if (Date.now() - lastRequest > IDLE_MS) {
    console.log('Idle timeout reached, exiting.');
    server.close();
    process.exit(0);
  }
}, Math.max(1000, Math.min(30000, Math.floor(IDLE_MS / 4))));
idleTimer.unref();

for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => { server.close(); process.exit(0); });
