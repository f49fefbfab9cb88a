// Hollowmere Botanic Garden back office: static SPA + in-memory JSON API.
// node server.mjs   (PORT default 4900, IDLE_MS default 2 h, 127.0.0.1 only)
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  seed, TODAY, HOUSES, STATUSES, GRID_TARGET, NOTICE_TARGET, BOARD_COLUMNS, BOARD_TARGET, moveRef,
  parseStocktake, STOCKTAKE, CLIMATE_HOUSES, CLIMATE_TARGET, CLOSED_DAYS, BOOKING_TARGET, TIMES, VOLUNTEER_TARGET,
} from './data.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.join(here, 'dist');
const PORT = Number(process.env.PORT || 4900);
const IDLE_MS = Number(process.env.IDLE_MS || 2 * 60 * 60 * 1000);
const DELAY_MIN = Number(process.env.DELAY_MIN ?? 300);
const DELAY_MAX = Number(process.env.DELAY_MAX ?? 800);

let db = seed();
let hits = {};

const MIME = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2', '.woff': 'font/woff', '.ttf': 'font/ttf',
  '.json': 'application/json', '.ico': 'image/x-icon', '.csv': 'text/csv; charset=utf-8', '.map': 'application/json',
};

function send(res, status, body, headers = {}) {
  const data = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
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
  const b = await readBody(req);
  if (!b.length) return {};
  try { return JSON.parse(b.toString('utf8')); } catch { return null; }
}
function parseMultipart(buf, contentType) {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType || '');
  if (!m) return [];
  const boundary = Buffer.from('--' + (m[1] || m[2]));
  const parts = [];
  let pos = buf.indexOf(boundary);
  while (pos >= 0) {
    const next = buf.indexOf(boundary, pos + boundary.length);
    if (next < 0) break;
    const part = buf.subarray(pos + boundary.length + 2, next - 2); // skip CRLF after boundary and before next
    const headEnd = part.indexOf('\r\n\r\n');
    if (headEnd > 0) {
      const head = part.subarray(0, headEnd).toString('utf8');
      const name = /name="([^"]*)"/i.exec(head)?.[1];
      const filename = /filename="([^"]*)"/i.exec(head)?.[1];
      parts.push({ name, filename, data: part.subarray(headEnd + 4) });
    }
    pos = next;
  }
  return parts;
}
const delay = () => new Promise((r) => setTimeout(r, DELAY_MIN + Math.random() * Math.max(0, DELAY_MAX - DELAY_MIN)));

// ------------------------------------------------------------------ helpers for /__verify
const stripTags = (html) => html.replace(/<\/(p|h\d|li|div|blockquote)>|<br\s*\/?>/gi, ' ').replace(/<[^>]+>/g, '').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/&#39;|&apos;/g, "'").replace(/&quot;/g, '"').replace(/\s+/g, ' ').trim();
function innerOf(html, tagRe) {
  const out = [];
  const re = new RegExp(`<(${tagRe})(\\s[^>]*)?>([\\s\\S]*?)</\\1>`, 'gi');
  let m; while ((m = re.exec(html))) out.push({ attrs: m[2] || '', text: stripTags(m[3]) });
  return out;
}

function verify() {
  const seedDb = seed();
  const jobs = {};

  // 1. grid
  {
    const target = db.accessions.find((a) => a.taxon === GRID_TARGET.taxon && a.house === GRID_TARGET.house);
    const changed = [];
    for (const a of db.accessions) {
      const s = seedDb.accessions.find((x) => x.id === a.id);
      for (const k of Object.keys(s)) if (s[k] !== a[k]) changed.push(`${a.acc} ${k}: ${JSON.stringify(s[k])} -> ${JSON.stringify(a[k])}`);
    }
    const ok = target && target.status === GRID_TARGET.newStatus && target.note.trim().toLowerCase() === GRID_TARGET.newNote.toLowerCase();
    const others = changed.filter((c) => !c.startsWith(target.acc + ' '));
    jobs.grid = { done: !!ok && others.length === 0, details: { target: target && { acc: target.acc, status: target.status, note: target.note, voucher: target.voucher }, changed, expectedAnswer: target?.voucher } };
  }
  // 2. rich text
  {
    const n = db.notices.find((x) => x.id === NOTICE_TARGET.id);
    const html = n.html;
    const text = stripTags(html);
    const seedText = stripTags(seedDb.notices.find((x) => x.id === NOTICE_TARGET.id).html);
    const expectedText = seedText.replace(NOTICE_TARGET.wrongSentence, NOTICE_TARGET.rightSentence);
    const bolds = innerOf(html, 'strong|b').map((x) => x.text);
    const italics = innerOf(html, 'em|i').map((x) => x.text);
    const links = innerOf(html, 'a').map((x) => ({ text: x.text, href: (/href="([^"]*)"/i.exec(x.attrs) || [])[1] }));
    const textOk = text.replace(/\s+/g, ' ') === expectedText.replace(/\s+/g, ' ');
    const boldOk = bolds.some((b) => b === NOTICE_TARGET.bold);
    const italicOk = italics.some((b) => b === NOTICE_TARGET.italic);
    const linkOk = links.some((l) => l.text === NOTICE_TARGET.linkText && (l.href || '').replace(/\/$/, '') === NOTICE_TARGET.linkUrl);
    const otherNoticesUntouched = db.notices.filter((x) => x.id !== NOTICE_TARGET.id).every((x) => x.html === seedDb.notices.find((y) => y.id === x.id).html);
    jobs.richtext = { done: textOk && boldOk && italicOk && linkOk && otherNoticesUntouched && bolds.length === 1 && italics.length === 1 && links.length === 1, details: { textOk, boldOk, italicOk, linkOk, otherNoticesUntouched, bolds, italics, links, saves: n.saves || 0, text } };
  }
  // 3. board
  {
    const moved = db.works.filter((w) => w.column !== seedDb.works.find((s) => s.id === w.id).column).map((w) => `${w.id} ${w.title} (${w.house}) -> ${w.column}`);
    const t = db.works.find((w) => w.id === BOARD_TARGET.id);
    jobs.board = { done: t.column === BOARD_TARGET.to && moved.length === 1, details: { moved, expectedAnswer: moveRef(BOARD_TARGET.id, BOARD_TARGET.to) } };
  }
  // 4. upload
  {
    const imps = db.shop.imports;
    const last = imps[imps.length - 1];
    jobs.upload = { done: !!last && last.years.length === 1 && last.years[0] === String(STOCKTAKE.year) && last.accepted === STOCKTAKE.accepted, details: { imports: imps, expectedAnswer: STOCKTAKE.accepted } };
  }
  // 5. chart
  {
    const want = db.climate.series[CLIMATE_TARGET.house].find((p) => p.date === CLIMATE_TARGET.date)[CLIMATE_TARGET.metric];
    const v = db.verifications;
    const last = v[v.length - 1];
    jobs.chart = { done: v.length >= 1 && last.house === CLIMATE_TARGET.house && last.date === CLIMATE_TARGET.date && last.metric === CLIMATE_TARGET.metric && Math.abs(Number(last.value) - want) < 0.001, details: { submissions: v, expected: { ...CLIMATE_TARGET, value: want } } };
  }
  // 6. booking
  {
    const g = db.groups.find((x) => x.name === BOOKING_TARGET.group);
    const b = db.bookings;
    const ok = b.find((x) => x.groupId === g.id && x.date === BOOKING_TARGET.date && x.time === BOOKING_TARGET.time && x.note.toLowerCase().includes(BOOKING_TARGET.note.toLowerCase()));
    jobs.booking = { done: !!ok && b.length === 1, details: { bookings: b, expectedAnswer: ok?.ref } };
  }
  // 7. volunteers
  {
    const missing = seedDb.volunteers.filter((s) => !db.volunteers.find((v) => v.id === s.id)).map((v) => `${v.id} ${v.name} (${v.role})`);
    const target = seedDb.volunteers.find((v) => v.name === VOLUNTEER_TARGET.name && v.role === VOLUNTEER_TARGET.role);
    jobs.volunteers = { done: missing.length === 1 && missing[0].startsWith(target.id + ' '), details: { removed: missing, expected: `${target.id} ${target.name} (${target.role})` } };
  }
  return { jobs, hits };
}

// ------------------------------------------------------------------ API
async function api(req, res, url) {
  const method = req.method;
  const p = url.pathname;
  if (method !== 'GET') hits[`${method} ${p}`] = (hits[`${method} ${p}`] || 0) + 1;
  await delay();
  let m;

  if (method === 'GET' && p === '/api/meta') return send(res, 200, { today: TODAY, houses: HOUSES, statuses: STATUSES });
  if (method === 'GET' && p === '/api/dashboard') {
    return send(res, 200, {
      accessions: db.accessions.length, living: db.accessions.filter((a) => a.status === 'Living').length,
      openWorks: db.works.filter((w) => w.column !== 'done').length, volunteers: db.volunteers.length,
      bookings: db.bookings.length, notices: db.notices.length, stockLines: db.shop.items.length,
    });
  }

  // accessions
  if (method === 'GET' && p === '/api/accessions') return send(res, 200, db.accessions);
  if (method === 'POST' && p === '/api/accessions/changes') {
    const body = await readJson(req);
    if (!body || !Array.isArray(body.changes)) return send(res, 400, { error: 'Expected {changes: [...]}' });
    const applied = [];
    for (const ch of body.changes) {
      const a = db.accessions.find((x) => x.id === ch.id);
      if (!a) return send(res, 404, { error: `No accession ${ch.id}` });
      if (ch.status !== undefined) {
        if (!STATUSES.includes(ch.status)) return send(res, 400, { error: `Unknown status ${ch.status}` });
      }
    }
    for (const ch of body.changes) {
      const a = db.accessions.find((x) => x.id === ch.id);
      if (ch.status !== undefined) a.status = ch.status;
      if (ch.note !== undefined) a.note = String(ch.note);
      applied.push(a.acc);
    }
    return send(res, 200, { ok: true, saved: applied.length, accessions: applied });
  }

  // notices
  if (method === 'GET' && p === '/api/notices') return send(res, 200, db.notices);
  if ((m = /^\/api\/notices\/([\w-]+)$/.exec(p)) && method === 'PUT') {
    const n = db.notices.find((x) => x.id === m[1]);
    if (!n) return send(res, 404, { error: 'No such notice' });
    const body = await readJson(req);
    if (!body || typeof body.html !== 'string') return send(res, 400, { error: 'Expected {html}' });
    n.html = body.html; n.updated = TODAY; n.saves = (n.saves || 0) + 1;
    return send(res, 200, { ok: true, notice: n });
  }

  // works board
  if (method === 'GET' && p === '/api/works') return send(res, 200, { columns: BOARD_COLUMNS, cards: db.works });
  if ((m = /^\/api\/works\/([\w-]+)\/move$/.exec(p)) && method === 'POST') {
    const w = db.works.find((x) => x.id === m[1]);
    if (!w) return send(res, 404, { error: 'No such work order' });
    const body = await readJson(req);
    if (!body || !BOARD_COLUMNS.some((c) => c.id === body.column)) return send(res, 400, { error: 'Unknown column' });
    const from = w.column;
    w.column = body.column;
    // reorder: remove and insert before the given card (or at the end)
    db.works = db.works.filter((x) => x !== w);
    const beforeIdx = body.before ? db.works.findIndex((x) => x.id === body.before) : -1;
    if (beforeIdx >= 0) db.works.splice(beforeIdx, 0, w); else db.works.push(w);
    const col = BOARD_COLUMNS.find((c) => c.id === body.column);
    return send(res, 200, { ok: true, from, to: w.column, ref: moveRef(w.id, w.column), message: `${w.title} (${w.house}) moved to ${col.title}` });
  }

  // shop
  if (method === 'GET' && p === '/api/shop') return send(res, 200, db.shop);
  if (method === 'POST' && p === '/api/shop/stocktake') {
    const buf = await readBody(req);
    const parts = parseMultipart(buf, req.headers['content-type']);
    const file = parts.find((x) => x.filename);
    if (!file) return send(res, 400, { error: 'No file received' });
    const result = parseStocktake(file.data.toString('utf8'));
    if (!result.ok) return send(res, 422, { error: result.error });
    const imp = { file: file.filename, at: new Date().toISOString(), accepted: result.accepted, skipped: result.skipped, years: result.years, ref: `ST-${1040 + db.shop.imports.length}` };
    db.shop.imports.push(imp);
    return send(res, 200, { ok: true, import: imp });
  }

  // climate
  if (method === 'GET' && p === '/api/climate') return send(res, 200, { houses: CLIMATE_HOUSES, days: db.climate.days, series: db.climate.series });
  if (method === 'GET' && p === '/api/climate/verifications') return send(res, 200, db.verifications);
  if (method === 'POST' && p === '/api/climate/verifications') {
    const body = await readJson(req);
    if (!body) return send(res, 400, { error: 'Bad JSON' });
    const { house, date, metric } = body;
    const value = Number(body.value);
    if (!CLIMATE_HOUSES.some((h) => h.id === house)) return send(res, 400, { error: 'Choose a glasshouse' });
    if (!db.climate.days.includes(date)) return send(res, 400, { error: 'Choose a date in the last 14 days' });
    if (!['humidity', 'temperature'].includes(metric)) return send(res, 400, { error: 'Choose a reading' });
    if (!Number.isFinite(value)) return send(res, 400, { error: 'Enter the reading as a number' });
    const v = { id: db.verifications.length + 1, house, date, metric, value, by: 'Duty manager', at: new Date().toISOString() };
    db.verifications.push(v);
    return send(res, 200, { ok: true, verification: v });
  }

  // bookings
  if (method === 'GET' && p === '/api/groups') return send(res, 200, db.groups);
  if (method === 'GET' && p === '/api/calendar') return send(res, 200, { today: TODAY, closed: CLOSED_DAYS, times: TIMES });
  if (method === 'GET' && p === '/api/bookings') return send(res, 200, db.bookings);
  if (method === 'POST' && p === '/api/bookings') {
    const body = await readJson(req);
    if (!body) return send(res, 400, { error: 'Bad JSON' });
    const g = db.groups.find((x) => x.id === body.groupId);
    if (!g) return send(res, 400, { error: 'Choose a group from the list' });
    const d = String(body.date || '');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) return send(res, 400, { error: 'Choose a date' });
    const dow = new Date(d + 'T12:00:00Z').getUTCDay();
    if (d <= TODAY) return send(res, 400, { error: 'Tours must be booked for a future date' });
    if (dow === 0 || dow === 6) return send(res, 400, { error: 'Group tours run on weekdays only' });
    const closed = CLOSED_DAYS.find((c) => c.date === d);
    if (closed) return send(res, 400, { error: `The glasshouses are closed on that day (${closed.reason})` });
    if (!TIMES.includes(body.time)) return send(res, 400, { error: 'Choose a time' });
    const ref = `TB-${String(4817 + db.bookings.length * 13)}`;
    const b = { ref, groupId: g.id, group: g.name, date: d, time: body.time, note: String(body.note || ''), createdAt: new Date().toISOString() };
    db.bookings.push(b);
    return send(res, 200, { ok: true, booking: b });
  }

  // volunteers
  if (method === 'GET' && p === '/api/volunteers') {
    const q = (url.searchParams.get('q') || '').trim().toLowerCase();
    const page = Math.max(1, Number(url.searchParams.get('page') || 1));
    const list = q ? db.volunteers.filter((v) => `${v.name} ${v.role} ${v.team}`.toLowerCase().includes(q)) : db.volunteers;
    const pages = Math.max(1, Math.ceil(list.length / 10));
    const pg = Math.min(page, pages);
    return send(res, 200, { total: list.length, page: pg, pages, rows: list.slice((pg - 1) * 10, pg * 10) });
  }
  if ((m = /^\/api\/volunteers\/([\w-]+)$/.exec(p)) && method === 'DELETE') {
    const i = db.volunteers.findIndex((x) => x.id === m[1]);
    if (i < 0) return send(res, 404, { error: 'No such volunteer' });
    const [v] = db.volunteers.splice(i, 1);
    return send(res, 200, { ok: true, removed: v });
  }

  return send(res, 404, { error: 'Not found' });
}

// ------------------------------------------------------------------ static
function serveStatic(req, res, url) {
  let rel = decodeURIComponent(url.pathname);
  let file = path.normalize(path.join(DIST, rel));
  if (!file.startsWith(DIST)) return send(res, 403, { error: 'Forbidden' });
  if (!fs.existsSync(file) || fs.statSync(file).isDirectory()) {
    if (path.extname(rel) && !rel.endsWith('.html')) return send(res, 404, 'Not found', { 'Content-Type': 'text/plain' });
    file = path.join(DIST, 'index.html');
  }
  if (!fs.existsSync(file)) return send(res, 500, 'Build missing: run npm run build', { 'Content-Type': 'text/plain' });
  const ext = path.extname(file);
  res.writeHead(200, { 'Content-Type': MIME[ext] || 'application/octet-stream', 'Cache-Control': ext === '.html' ? 'no-store' : 'public, max-age=3600' });
  fs.createReadStream(file).pipe(res);
}

let idleTimer;
function touch() {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => { console.log(`idle for ${IDLE_MS} ms, exiting`); process.exit(0); }, IDLE_MS);
}

const server = http.createServer(async (req, res) => {
  touch();
  const url = new URL(req.url, `http://${req.headers.host || '127.0.0.1'}`);
  try {
    if (url.pathname === '/__verify' && req.method === 'GET') return send(res, 200, verify());
    if (url.pathname === '/__reset' && req.method === 'POST') { db = seed(); hits = {}; return send(res, 200, { ok: true }); }
    if (url.pathname.startsWith('/api/')) return await api(req, res, url);
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { error: 'Method not allowed' });
    return serveStatic(req, res, url);
  } catch (e) {
    console.error(e);
    if (!res.headersSent) send(res, 500, { error: String(e && e.message || e) });
  }
});
server.listen(PORT, '127.0.0.1', () => {
  console.log(`Hollowmere back office on http://127.0.0.1:${PORT}/`);
  touch();
});
