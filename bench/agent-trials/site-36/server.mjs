// Kestrel Vale Beekeepers' Cooperative — Hive Office back office server (trial site 36).
// Plain node:http. Serves dist/ with SPA fallback and an in-memory JSON API.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  seed, TODAY, ORG, CURRENT_USER, HIVE_STATUSES, HIVE_TARGET_TAG, NOTICE_TARGET_ID, NOTICE_ORIGINAL,
  BATCH_COLUMNS, BATCH_TARGET, moveRef, INSPECTION_TARGET, YIELD_MONTHS, YIELD_SERIES, YIELD_TARGET,
  EQUIPMENT, BOOKED_DATES, BOOKING_RULES, BOOKING_TARGET, bookingRef, MEMBER_TARGET_ID, APIARIES,
} from './data.mjs';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.join(ROOT, 'dist');
const PORT = Number(process.env.PORT || 4900);
const HOST = '127.0.0.1';
const IDLE_MS = Number(process.env.IDLE_MS || 2 * 60 * 60 * 1000);

let db = seed();
let hits = {};
const SEED = seed(); // pristine copy for comparisons

function reset() { db = seed(); hits = {}; }

// ------------------------------------------------------------------ idle shutdown
let idleTimer = null;
function touch() {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    console.log(`[hive-office] idle for ${IDLE_MS} ms, exiting`);
    process.exit(0);
  }, IDLE_MS);
}
touch();

// ------------------------------------------------------------------ helpers
const MIME = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json; charset=utf-8', '.svg': 'image/svg+xml',
  '.png': 'image/png', '.gif': 'image/gif', '.jpg': 'image/jpeg', '.woff': 'font/woff', '.woff2': 'font/woff2',
  '.ttf': 'font/ttf', '.eot': 'application/vnd.ms-fontobject', '.ico': 'image/x-icon', '.map': 'application/json',
};
function sendJson(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}
function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (c) => { size += c.length; if (size > 5e6) { reject(new Error('too large')); req.destroy(); } else chunks.push(c); });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
async function readJson(req) {
  const buf = await readBody(req);
  if (!buf.length) return {};
  return JSON.parse(buf.toString('utf8'));
}
const delay = () => new Promise((r) => setTimeout(r, 300 + Math.floor(Math.random() * 501)));
const norm = (s) => String(s ?? '').replace(/\s+/g, ' ').trim();
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// ------------------------------------------------------------------ verification
function stripMarkdown(md) {
  return md
    .replace(/\[([^\]]*)\]\(([^)]*)\)/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^*_\w])([*_])(?!\s)(.+?)(?<!\s)\2(?![*_\w])/g, '$1$3');
}
function verify() {
  const jobs = {};
  // 1 hives grid
  {
    const target = db.hives.find((h) => h.tag === HIVE_TARGET_TAG);
    const changed = db.hives.filter((h) => !same(h, SEED.hives.find((s) => s.id === h.id)));
    const others = changed.filter((h) => h !== target);
    const okStatus = target.status === 'Queenless';
    const okNotes = norm(target.notes).toLowerCase().replace(/\.$/, '') === 'no eggs 15 jun, test frame given';
    jobs.hive_status = {
      done: okStatus && okNotes && others.length === 0,
      details: `${target.id} (${target.tag}) status=${target.status} notes="${target.notes}"; other hives changed: ${others.map((h) => h.id).join(', ') || 'none'}`,
    };
  }
  // 2 notice editor
  {
    const n = db.notices.find((x) => x.id === NOTICE_TARGET_ID);
    const c = n.content;
    const checks = {
      mondayLine: c.includes('Wet supers must be returned to the store by Monday evening.'),
      oldLineGone: !c.includes('Wet supers must be returned to the store by Sunday evening.'),
      dryLineKept: c.includes('Dry supers must be returned to the store by Sunday evening.'),
      shedLineKept: c.includes('Wet supers must be returned to the shed by Sunday evening.'),
      bold: /(\*\*|__)honey house\1/.test(c),
      italic: /(^|[^*_\w])([*_])at your own risk\2(?![*_\w])/.test(c),
      link: /\[extraction calendar\]\(https:\/\/kestrelvale\.coop\/extraction\/?\)/.test(c),
    };
    const expectedPlain = NOTICE_ORIGINAL.replace('Wet supers must be returned to the store by Sunday evening.', 'Wet supers must be returned to the store by Monday evening.');
    checks.restUnchanged = norm(stripMarkdown(c)) === norm(expectedPlain);
    const othersUnchanged = db.notices.filter((x) => x.id !== NOTICE_TARGET_ID).every((x) => same(x, SEED.notices.find((s) => s.id === x.id)));
    checks.otherNoticesUnchanged = othersUnchanged;
    jobs.notice_edit = {
      done: Object.values(checks).every(Boolean),
      details: Object.entries(checks).map(([k, v]) => `${k}:${v ? 'ok' : 'NO'}`).join(' '),
    };
  }
  // 3 kanban
  {
    const t = db.batches.find((b) => b.id === BATCH_TARGET.id);
    const moved = db.batches.filter((b) => b.column !== SEED.batches.find((s) => s.id === b.id).column);
    jobs.batch_move = {
      done: t.column === BATCH_TARGET.to && moved.length === 1,
      details: `${t.id} is in ${t.column}; moved cards: ${moved.map((b) => `${b.id}->${b.column}`).join(', ') || 'none'}`,
    };
  }
  // 4 upload
  {
    const imp = db.imports;
    const good = imp.length === 1 && imp[0].rows === INSPECTION_TARGET.rows && imp[0].years.length === 1 && imp[0].years[0] === INSPECTION_TARGET.year && imp[0].months.join() === '06';
    jobs.inspection_upload = {
      done: good,
      details: imp.length ? imp.map((i) => `${i.fileName}: ${i.rows} rows, years ${i.years.join('/')}`).join('; ') : 'nothing imported',
    };
  }
  // 5 chart value
  {
    const log = db.yieldLog;
    const good = log.length === 1 && log[0].apiary === YIELD_TARGET.apiary && log[0].month === YIELD_TARGET.month && Math.abs(Number(log[0].kg) - YIELD_TARGET.kg) < 0.05;
    jobs.yield_reading = {
      done: good,
      details: log.length ? log.map((l) => `${l.apiary} ${l.month} ${l.kg} kg`).join('; ') : 'no reading recorded',
    };
  }
  // 6 booking
  {
    const mine = db.bookings.filter((b) => b.member === CURRENT_USER);
    const good = mine.length === 1 && mine[0].date === BOOKING_TARGET.date && mine[0].equipmentId === BOOKING_TARGET.equipmentId && Number(mine[0].supers) === BOOKING_TARGET.supers;
    jobs.extraction_booking = {
      done: good,
      details: mine.length ? mine.map((b) => `${b.ref} ${b.date} ${b.equipmentId} ${b.supers} supers`).join('; ') : 'no booking made',
    };
  }
  // 7 member removal
  {
    const gone = SEED.members.filter((m) => !db.members.find((x) => x.id === m.id));
    jobs.member_removal = {
      done: gone.length === 1 && gone[0].id === MEMBER_TARGET_ID,
      details: `removed: ${gone.map((m) => `${m.id} ${m.first} ${m.last} (${m.village}, paid ${m.lastPaid})`).join(', ') || 'none'}`,
    };
  }
  return { jobs, hits };
}

// ------------------------------------------------------------------ API
function inspectCsv(text) {
  const lines = text.replace(/\r/g, '').split('\n').filter((l) => l.trim() !== '');
  if (!lines.length) return { error: 'The file is empty.' };
  const header = lines[0].split(',').map((h) => h.trim().toLowerCase());
  if (header[0] !== 'date' || !header.includes('hive')) return { error: 'That does not look like an inspection sheet (first column must be "date").' };
  const rows = lines.slice(1);
  const years = new Set();
  const months = new Set();
  for (const r of rows) {
    const m = /^(\d{4})-(\d{2})-\d{2}/.exec(r);
    if (m) { years.add(Number(m[1])); months.add(m[2]); }
  }
  return { rows: rows.length, years: [...years].sort(), months: [...months].sort() };
}

async function api(req, res, url) {
  const p = url.pathname;
  const m = req.method;
  if (m !== 'GET' && m !== 'HEAD') {
    const key = `${m} ${p}`;
    hits[key] = (hits[key] || 0) + 1;
  }
  await delay();

  if (m === 'GET' && p === '/api/meta') {
    return sendJson(res, 200, { org: ORG, today: TODAY, user: CURRENT_USER });
  }
  if (m === 'GET' && p === '/api/dashboard') {
    return sendJson(res, 200, {
      hives: db.hives.length, watch: db.hives.filter((h) => h.status !== 'Active').length,
      notices: db.notices.length, batches: db.batches.length, imports: db.imports.length,
      members: db.members.length, bookings: db.bookings.filter((b) => b.date >= TODAY).length,
    });
  }
  // hives
  if (m === 'GET' && p === '/api/hives') return sendJson(res, 200, { statuses: HIVE_STATUSES, hives: db.hives });
  if (m === 'POST' && p === '/api/hives/changes') {
    const body = await readJson(req);
    const changes = Array.isArray(body.changes) ? body.changes : [];
    let updated = 0;
    for (const c of changes) {
      const h = db.hives.find((x) => x.id === c.id);
      if (!h) continue;
      if (c.status !== undefined) {
        if (!HIVE_STATUSES.includes(c.status)) return sendJson(res, 400, { error: `Unknown status ${c.status}` });
        h.status = c.status;
      }
      if (c.notes !== undefined) h.notes = String(c.notes).slice(0, 200);
      updated++;
    }
    return sendJson(res, 200, { ok: true, updated });
  }
  // notices
  if (m === 'GET' && p === '/api/notices') return sendJson(res, 200, db.notices.map(({ content, ...rest }) => rest));
  let mm = /^\/api\/notices\/([\w-]+)$/.exec(p);
  if (mm) {
    const n = db.notices.find((x) => x.id === mm[1]);
    if (!n) return sendJson(res, 404, { error: 'No such notice' });
    if (m === 'GET') return sendJson(res, 200, n);
    if (m === 'PUT') {
      const body = await readJson(req);
      if (typeof body.content !== 'string') return sendJson(res, 400, { error: 'content missing' });
      n.content = body.content;
      n.updated = TODAY;
      return sendJson(res, 200, { ok: true, notice: n });
    }
  }
  // batches
  if (m === 'GET' && p === '/api/batches') return sendJson(res, 200, { columns: BATCH_COLUMNS, batches: db.batches });
  mm = /^\/api\/batches\/([\w-]+)\/move$/.exec(p);
  if (mm && m === 'POST') {
    const b = db.batches.find((x) => x.id === mm[1]);
    const body = await readJson(req);
    if (!b) return sendJson(res, 404, { error: 'No such batch' });
    if (!BATCH_COLUMNS.find((c) => c.id === body.to)) return sendJson(res, 400, { error: 'Unknown column' });
    b.column = body.to;
    return sendJson(res, 200, { ok: true, ref: moveRef(b.id, body.to), batch: b });
  }
  // inspections import
  if (m === 'GET' && p === '/api/inspections/imports') return sendJson(res, 200, db.imports);
  if (m === 'POST' && p === '/api/inspections/import') {
    const buf = await readBody(req);
    const fileName = decodeURIComponent(req.headers['x-file-name'] || url.searchParams.get('name') || 'upload.csv');
    const r = inspectCsv(buf.toString('utf8'));
    if (r.error) return sendJson(res, 400, { error: r.error });
    const rec = { id: `IMP-${db.imports.length + 1}`, fileName, rows: r.rows, years: r.years, months: r.months, at: TODAY };
    db.imports.push(rec);
    return sendJson(res, 200, { ok: true, ...rec });
  }
  // yields
  if (m === 'GET' && p === '/api/yields') return sendJson(res, 200, { months: YIELD_MONTHS, series: YIELD_SERIES, apiaries: APIARIES });
  if (m === 'GET' && p === '/api/yield-log') return sendJson(res, 200, db.yieldLog);
  if (m === 'POST' && p === '/api/yield-log') {
    const body = await readJson(req);
    const kg = Number(body.kg);
    if (!body.apiary || !body.month || !Number.isFinite(kg)) return sendJson(res, 400, { error: 'apiary, month and kg are required' });
    const rec = { id: `YL-${db.yieldLog.length + 1}`, apiary: String(body.apiary), month: String(body.month), kg, by: CURRENT_USER };
    db.yieldLog.push(rec);
    return sendJson(res, 200, { ok: true, entry: rec });
  }
  // bookings
  if (m === 'GET' && p === '/api/bookings/options') {
    const taken = [...new Set(db.bookings.map((b) => b.date))].sort();
    return sendJson(res, 200, { equipment: EQUIPMENT, unavailable: taken, ...BOOKING_RULES, user: CURRENT_USER });
  }
  if (m === 'GET' && p === '/api/bookings/mine') return sendJson(res, 200, db.bookings.filter((b) => b.member === CURRENT_USER));
  if (m === 'POST' && p === '/api/bookings') {
    const body = await readJson(req);
    const eq = EQUIPMENT.find((e) => e.id === body.equipmentId);
    const supers = Number(body.supers);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(body.date || '')) return sendJson(res, 400, { error: 'Pick a date.' });
    if (!eq) return sendJson(res, 400, { error: 'Pick the equipment from the list.' });
    if (!Number.isInteger(supers) || supers < 1 || supers > 20) return sendJson(res, 400, { error: 'Supers must be 1-20.' });
    if (db.bookings.some((b) => b.date === body.date)) return sendJson(res, 409, { error: 'That day is already booked.' });
    const dow = new Date(body.date + 'T12:00:00Z').getUTCDay();
    if (dow === 0 || body.date < BOOKING_RULES.minDate || body.date > BOOKING_RULES.maxDate) return sendJson(res, 400, { error: 'The honey house is closed that day.' });
    const rec = { ref: bookingRef(body.date, eq.id, supers), date: body.date, equipmentId: eq.id, supers, member: CURRENT_USER };
    db.bookings.push(rec);
    return sendJson(res, 200, { ok: true, booking: rec, equipment: eq.name });
  }
  // members
  if (m === 'GET' && p === '/api/members') {
    const q = norm(url.searchParams.get('q')).toLowerCase();
    const page = Math.max(1, Number(url.searchParams.get('page') || 1));
    const per = 10;
    const list = db.members.filter((x) => !q || `${x.first} ${x.last} ${x.village} ${x.id}`.toLowerCase().includes(q));
    const pages = Math.max(1, Math.ceil(list.length / per));
    const pg = Math.min(page, pages);
    return sendJson(res, 200, { total: list.length, page: pg, pages, per, items: list.slice((pg - 1) * per, pg * per) });
  }
  mm = /^\/api\/members\/([\w-]+)$/.exec(p);
  if (mm && m === 'DELETE') {
    const i = db.members.findIndex((x) => x.id === mm[1]);
    if (i < 0) return sendJson(res, 404, { error: 'No such member' });
    const [gone] = db.members.splice(i, 1);
    return sendJson(res, 200, { ok: true, removed: gone });
  }
  return sendJson(res, 404, { error: 'Not found' });
}

// ------------------------------------------------------------------ static
function serveStatic(req, res, url) {
  let rel = decodeURIComponent(url.pathname);
  if (rel.includes('\0')) { res.writeHead(400); return res.end(); }
  let file = path.normalize(path.join(DIST, rel));
  if (!file.startsWith(DIST)) { res.writeHead(403); return res.end(); }
  let stat = null;
  try { stat = fs.statSync(file); } catch { /* missing */ }
  if (stat && stat.isDirectory()) { file = path.join(file, 'index.html'); try { stat = fs.statSync(file); } catch { stat = null; } }
  if (!stat) {
    // SPA fallback for app routes (paths without a file extension)
    if (path.extname(rel) && !rel.endsWith('.html')) { res.writeHead(404, { 'content-type': 'text/plain' }); return res.end('Not found'); }
    file = path.join(DIST, 'index.html');
    if (!fs.existsSync(file)) { res.writeHead(500, { 'content-type': 'text/plain' }); return res.end('dist/ missing: run npm run build'); }
  }
  const type = MIME[path.extname(file).toLowerCase()] || 'application/octet-stream';
  res.writeHead(200, { 'content-type': type, 'cache-control': file.endsWith('index.html') ? 'no-store' : 'public, max-age=300' });
  if (req.method === 'HEAD') return res.end();
  fs.createReadStream(file).pipe(res);
}

const server = http.createServer(async (req, res) => {
  touch();
  const url = new URL(req.url, `http://${HOST}:${PORT}`);
  try {
    if (url.pathname === '/__verify' && req.method === 'GET') return sendJson(res, 200, verify());
    if (url.pathname === '/__reset' && req.method === 'POST') { reset(); return sendJson(res, 200, { ok: true }); }
    if (url.pathname.startsWith('/api/')) return await api(req, res, url);
    if (req.method !== 'GET' && req.method !== 'HEAD') { res.writeHead(405); return res.end(); }
    return serveStatic(req, res, url);
  } catch (err) {
    console.error(err);
    if (!res.headersSent) sendJson(res, 500, { error: String(err.message || err) });
    else res.end();
  }
});

server.listen(PORT, HOST, () => {
  console.log(`[hive-office] ${ORG} back office on http://${HOST}:${PORT}/ (idle exit after ${IDLE_MS} ms)`);
});
