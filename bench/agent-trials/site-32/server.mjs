// Fellwing Air Ambulance back office — trial site 32.
// Plain node:http server: serves the Vite build (SPA fallback) and an in-memory JSON API.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createSeed, TODAY, KIT_STATUSES, KIT_TARGET, NOTICE_LINK, FOLLOWUP_COLUMNS, FOLLOWUP_TARGET, closureRef,
  SHOPS, STOCK_TARGET, INCOME_MONTHS, INCOME_CHANNELS, INCOME_TARGET, TOUR_SLOTS, TOUR_CLOSED, TOUR_GROUPS,
  TOUR_TARGET, VOL_TARGET,
} from './data.mjs';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.join(ROOT, 'dist');
const PORT = Number(process.env.PORT || 4900);
const IDLE_MS = Number(process.env.IDLE_MS || 2 * 60 * 60 * 1000);
const MIN_DELAY = Number(process.env.MIN_DELAY ?? 300);
const MAX_DELAY = Number(process.env.MAX_DELAY ?? 800);

let db = createSeed();
let seedSnapshot = createSeed();
let hits = {};
let tourSeq = 420;
let importSeq = 119;

let lastRequest = Date.now();
setInterval(() => {
  if (Date.now() - lastRequest > IDLE_MS) {
    console.log(`idle for ${IDLE_MS} ms, exiting`);
    process.exit(0);
  }
}, Math.min(30000, Math.max(1000, Math.floor(IDLE_MS / 4)))).unref();

const MIME = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.wasm': 'application/wasm', '.svg': 'image/svg+xml',
  '.png': 'image/png', '.jpg': 'image/jpeg', '.gif': 'image/gif', '.ico': 'image/x-icon', '.woff': 'font/woff',
  '.woff2': 'font/woff2', '.ttf': 'font/ttf', '.txt': 'text/plain; charset=utf-8', '.csv': 'text/csv; charset=utf-8',
  '.map': 'application/json',
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const delay = () => sleep(MIN_DELAY + Math.floor(Math.random() * Math.max(0, MAX_DELAY - MIN_DELAY + 1)));

function send(res, status, body, headers = {}) {
  const data = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': typeof body === 'string' || Buffer.isBuffer(body) ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(data);
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

// minimal multipart/form-data parser (fields + files)
function parseMultipart(buf, contentType) {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType || '');
  if (!m) throw new Error('no boundary');
  const boundary = Buffer.from('--' + (m[1] || m[2]));
  const parts = {};
  let pos = buf.indexOf(boundary);
  while (pos !== -1) {
    const start = pos + boundary.length;
    if (buf.slice(start, start + 2).toString() === '--') break;
    const next = buf.indexOf(boundary, start);
    if (next === -1) break;
    let part = buf.slice(start + 2, next - 2); // strip CRLF after boundary and before next
    const headerEnd = part.indexOf('\r\n\r\n');
    const head = part.slice(0, headerEnd).toString('utf8');
    const body = part.slice(headerEnd + 4);
    const name = /name="([^"]*)"/i.exec(head)?.[1];
    const filename = /filename="([^"]*)"/i.exec(head)?.[1];
    if (name) parts[name] = filename !== undefined ? { filename, data: body } : body.toString('utf8');
    pos = next;
  }
  return parts;
}

function parseCsv(text) {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = (lines.shift() || '').split(',').map((s) => s.trim().toLowerCase());
  const qi = header.indexOf('quantity');
  let count = 0; let units = 0;
  for (const line of lines) {
    if (!line.trim()) continue;
    count++;
    // naive split that respects one level of quotes
    const cells = line.match(/("([^"]|"")*"|[^,]*)(,|$)/g).map((c) => c.replace(/,$/, ''));
    const q = Number(cells[qi]);
    if (Number.isFinite(q)) units += q;
  }
  return { header, count, units };
}

function kitChangedRows() {
  const seedById = new Map(seedSnapshot.kit.map((r) => [r.id, r]));
  const changed = [];
  for (const r of db.kit) {
    const s = seedById.get(r.id);
    const diffs = Object.keys(s).filter((k) => s[k] !== r[k]);
    if (diffs.length) changed.push({ id: r.id, item: r.item, location: r.location, fields: Object.fromEntries(diffs.map((k) => [k, r[k]])) });
  }
  return changed;
}

const stripTags = (h) => h
  .replace(/<\/?(p|li|ul|ol|h[1-6]|br|div|blockquote|hr|pre|table|tr|td|th)\b[^>]*>/gi, ' ')
  .replace(/<[^>]+>/g, '')
  .replace(/&nbsp;|\u200b/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'")
  .replace(/\s+/g, ' ').trim();

function noticeCheck() {
  const { html, markdown } = db.notice;
  const text = stripTags(html);
  const checks = {
    harrowbyWednesday: /Crew at Harrowby base must log fuel bowser water checks every Wednesday\./.test(text),
    pennbridgeStillTuesday: /Crew at Pennbridge base must log fuel bowser water checks every Tuesday\./.test(text),
    deicingStillTuesday: /Crew at Harrowby base must log de-icing fluid stock every Tuesday\./.test(text),
    noHarrowbyBowserTuesday: !/Harrowby base must log fuel bowser water checks every Tuesday/.test(text),
    bold: /<(strong|b)>\s*until further notice\s*<\/(strong|b)>/i.test(html),
    italic: /<(em|i)>\s*both bases\s*<\/(em|i)>/i.test(html),
    link: new RegExp(`<a [^>]*href="${NOTICE_LINK.replace(/[.]/g, '\\.')}/?"[^>]*>\\s*winter operations guide\\s*</a>`, 'i').test(html),
  };
  // everything else unchanged: the text must equal the seed text with only that one word changed
  const expected = stripTags(seedSnapshot.notice.html).replace(
    'Crew at Harrowby base must log fuel bowser water checks every Tuesday.',
    'Crew at Harrowby base must log fuel bowser water checks every Wednesday.');
  checks.restUnchanged = text === expected;
  const extraBold = (html.match(/<(strong|b)>/gi) || []).length;
  const extraEm = (html.match(/<(em|i)>/gi) || []).length;
  const extraLinks = (html.match(/<a /gi) || []).length;
  checks.noExtraFormatting = extraBold === 1 && extraEm === 1 && extraLinks === 1;
  return { checks, text, markdown };
}

function verify() {
  const jobs = {};
  // 1 kit register
  {
    const changed = kitChangedRows();
    const t = db.kit.find((r) => r.id === KIT_TARGET.id);
    const ok = changed.length === 1 && changed[0].id === KIT_TARGET.id && t.status === KIT_TARGET.status &&
      t.notes.trim().replace(/[.!]+$/, '').toLowerCase() === KIT_TARGET.notes.toLowerCase() && Object.keys(changed[0].fields).every((k) => k === 'status' || k === 'notes');
    jobs.kit_register = { done: ok, details: { changed, saves: db.log.kitSaves.length, expectedAnswer: KIT_TARGET.contractRef } };
  }
  // 2 crew notice
  {
    const saved = db.log.noticeSaves.length > 0;
    const { checks, text } = noticeCheck();
    jobs.crew_notice = { done: saved && Object.values(checks).every(Boolean), details: { saves: db.log.noticeSaves.length, checks, text, markdown: db.notice.markdown } };
  }
  // 3 follow-ups board
  {
    const seedCols = new Map(seedSnapshot.followups.map((c) => [c.id, c.column]));
    const moved = db.followups.filter((c) => seedCols.get(c.id) !== c.column).map((c) => ({ id: c.id, title: c.title, incident: c.incident, from: seedCols.get(c.id), to: c.column }));
    const ok = moved.length === 1 && moved[0].id === FOLLOWUP_TARGET.id && moved[0].to === FOLLOWUP_TARGET.column;
    jobs.followups_board = { done: ok, details: { moved, moves: db.log.moves, expectedAnswer: closureRef(FOLLOWUP_TARGET.id) } };
  }
  // 4 shop stock upload
  {
    const ups = db.log.uploads;
    const ok = ups.length >= 1 && ups.some((u) => u.shop === STOCK_TARGET.shop && u.lines === STOCK_TARGET.lines && u.file === STOCK_TARGET.file) &&
      ups.every((u) => u.shop === STOCK_TARGET.shop && u.lines === STOCK_TARGET.lines);
    jobs.shop_stock = { done: ok, details: { uploads: ups, expectedAnswer: STOCK_TARGET.lines } };
  }
  // 5 income chart -> board pack form
  {
    const bp = db.boardpack;
    const last = bp[bp.length - 1];
    const ok = bp.length >= 1 && last.channel === INCOME_TARGET.channel && last.month === INCOME_TARGET.month && Number(last.amount) === INCOME_TARGET.amount;
    jobs.income_chart = { done: ok, details: { entries: bp, expected: INCOME_TARGET } };
  }
  // 6 hangar tour booking
  {
    const added = db.tours.filter((t) => !seedSnapshot.tours.some((s) => s.ref === t.ref));
    const target = TOUR_GROUPS.find((g) => g.name === TOUR_TARGET.groupName);
    const ok = added.length === 1 && added[0].groupId === target.id && added[0].date === TOUR_TARGET.date &&
      added[0].time === TOUR_TARGET.time && new RegExp(TOUR_TARGET.noteWord, 'i').test(added[0].note || '');
    jobs.hangar_tour = { done: ok, details: { added: added.map((a) => ({ ...a, group: TOUR_GROUPS.find((g) => g.id === a.groupId)?.name })), expectedAnswer: added[0]?.ref ?? null } };
  }
  // 7 volunteers removal
  {
    const remaining = new Set(db.volunteers.map((v) => v.id));
    const removed = seedSnapshot.volunteers.filter((v) => !remaining.has(v.id)).map((v) => ({ id: v.id, name: `${v.first} ${v.last}`, role: v.role, area: v.area }));
    const ok = removed.length === 1 && removed[0].id === VOL_TARGET.id;
    jobs.volunteers = { done: ok, details: { removed } };
  }
  return { jobs, hits };
}

async function api(req, res, url) {
  const method = req.method;
  const p = url.pathname;
  if (method !== 'GET' && method !== 'HEAD') hits[`${method} ${p}`] = (hits[`${method} ${p}`] || 0) + 1;
  await delay();

  if (method === 'GET' && p === '/api/meta') {
    return send(res, 200, { today: TODAY, business: 'Fellwing Air Ambulance' });
  }
  if (method === 'GET' && p === '/api/dashboard') {
    return send(res, 200, {
      today: TODAY,
      kit: { total: db.kit.length, dueCheck: db.kit.filter((r) => r.status === 'Due check').length, quarantined: db.kit.filter((r) => r.status === 'Quarantined').length },
      followups: Object.fromEntries(FOLLOWUP_COLUMNS.map((c) => [c.id, db.followups.filter((f) => f.column === c.id).length])),
      tours: db.tours.length,
      volunteers: db.volunteers.length,
      lastImport: db.stockImports[0],
      notice: { title: db.notice.title, updatedAt: db.notice.updatedAt },
    });
  }

  // ---- kit register
  if (method === 'GET' && p === '/api/kit') return send(res, 200, { statuses: KIT_STATUSES, rows: db.kit });
  if (method === 'PATCH' && p === '/api/kit') {
    const body = await readJson(req);
    const changes = Array.isArray(body.changes) ? body.changes : [];
    let saved = 0;
    for (const ch of changes) {
      const row = db.kit.find((r) => r.id === ch.id);
      if (!row) continue;
      if (ch.status !== undefined) {
        if (!KIT_STATUSES.includes(ch.status)) return send(res, 400, { error: `Unknown status ${ch.status}` });
        row.status = ch.status;
      }
      if (ch.notes !== undefined) row.notes = String(ch.notes).slice(0, 500);
      saved++;
    }
    db.log.kitSaves.push({ changes });
    return send(res, 200, { saved });
  }

  // ---- crew notice
  if (method === 'GET' && p === '/api/notices/winter-ops') return send(res, 200, db.notice);
  if (method === 'PUT' && p === '/api/notices/winter-ops') {
    const body = await readJson(req);
    if (typeof body.markdown !== 'string' || typeof body.html !== 'string') return send(res, 400, { error: 'markdown and html required' });
    db.notice.markdown = body.markdown;
    db.notice.html = body.html;
    db.notice.updatedAt = `${TODAY} 10:42`;
    db.notice.updatedBy = 'You';
    db.log.noticeSaves.push({ at: Date.now() });
    return send(res, 200, { ok: true, updatedAt: db.notice.updatedAt });
  }

  // ---- follow-ups board
  if (method === 'GET' && p === '/api/followups') {
    return send(res, 200, { columns: FOLLOWUP_COLUMNS, cards: db.followups.map(({ ref, ...c }) => c) });
  }
  let m;
  if (method === 'POST' && (m = /^\/api\/followups\/([\w-]+)\/move$/.exec(p))) {
    const body = await readJson(req);
    const card = db.followups.find((c) => c.id === m[1]);
    if (!card) return send(res, 404, { error: 'No such follow-up' });
    if (!FOLLOWUP_COLUMNS.some((c) => c.id === body.column)) return send(res, 400, { error: 'Unknown column' });
    const from = card.column;
    card.column = body.column;
    // reorder: put at position within the new column
    const rest = db.followups.filter((c) => c !== card);
    const inCol = rest.filter((c) => c.column === body.column);
    const pos = Math.max(0, Math.min(Number(body.position) || 0, inCol.length));
    const anchor = inCol[pos];
    const idx = anchor ? rest.indexOf(anchor) : rest.length;
    rest.splice(idx, 0, card);
    db.followups = rest;
    const entry = { id: card.id, from, to: body.column };
    let ref = null;
    if (body.column === 'closed' && from !== 'closed') ref = closureRef(card.id);
    entry.ref = ref;
    db.log.moves.push(entry);
    return send(res, 200, { ok: true, column: body.column, closureRef: ref });
  }

  // ---- shop stock imports
  if (method === 'GET' && p === '/api/stock-imports') return send(res, 200, { shops: SHOPS, imports: db.stockImports });
  if (method === 'POST' && p === '/api/stock-imports') {
    const buf = await readBody(req);
    let parts;
    try { parts = parseMultipart(buf, req.headers['content-type']); } catch { return send(res, 400, { error: 'Expected multipart/form-data' }); }
    const shop = parts.shop;
    const file = parts.file;
    if (!SHOPS.includes(shop)) return send(res, 400, { error: 'Choose a shop first' });
    if (!file || typeof file !== 'object') return send(res, 400, { error: 'No file' });
    if (!/\.csv$/i.test(file.filename)) return send(res, 400, { error: 'Only .csv stock counts can be imported' });
    const { header, count, units } = parseCsv(file.data.toString('utf8'));
    if (!header.includes('sku') || !header.includes('quantity')) return send(res, 400, { error: 'That file is not a till stock count export' });
    const rec = { id: `si-${importSeq++}`, shop, file: file.filename, lines: count, units, at: `${TODAY} 10:${String(10 + db.log.uploads.length).padStart(2, '0')}` };
    db.stockImports.unshift(rec);
    db.log.uploads.push(rec);
    return send(res, 200, rec);
  }

  // ---- income
  if (method === 'GET' && p === '/api/income') {
    return send(res, 200, { months: INCOME_MONTHS.map(([id, label]) => ({ id, label })), channels: INCOME_CHANNELS, rows: db.income, entries: db.boardpack });
  }
  if (method === 'POST' && p === '/api/boardpack') {
    const body = await readJson(req);
    const amount = Number(String(body.amount ?? '').replace(/[£,\s]/g, ''));
    if (!INCOME_CHANNELS.includes(body.channel)) return send(res, 400, { error: 'Choose a channel' });
    if (!INCOME_MONTHS.some(([id]) => id === body.month)) return send(res, 400, { error: 'Choose a month' });
    if (!Number.isFinite(amount) || amount <= 0) return send(res, 400, { error: 'Enter an amount in pounds' });
    const rec = { channel: body.channel, month: body.month, amount, note: String(body.note || ''), at: `${TODAY}` };
    db.boardpack.push(rec);
    return send(res, 200, { ok: true, entry: rec });
  }

  // ---- hangar tours
  if (method === 'GET' && p === '/api/tours') {
    return send(res, 200, { today: TODAY, slots: TOUR_SLOTS, closed: TOUR_CLOSED, groups: TOUR_GROUPS, bookings: db.tours });
  }
  if (method === 'POST' && p === '/api/tours') {
    const body = await readJson(req);
    const group = TOUR_GROUPS.find((g) => g.id === body.groupId);
    if (!group) return send(res, 400, { error: 'Choose a group from the list' });
    if (!/^\d{4}-\d{2}-\d{2}$/.test(body.date || '')) return send(res, 400, { error: 'Choose a date' });
    const d = new Date(body.date + 'T00:00:00Z');
    if (body.date <= TODAY) return send(res, 400, { error: 'Tours must be booked for a future date' });
    if (d.getUTCDay() === 0 || d.getUTCDay() === 6) return send(res, 400, { error: 'No tours at weekends' });
    if (TOUR_CLOSED.some((c) => c.date === body.date)) return send(res, 400, { error: 'The hangar is closed that day' });
    if (!TOUR_SLOTS.includes(body.time)) return send(res, 400, { error: 'Choose a time' });
    if (db.tours.some((t) => t.date === body.date && t.time === body.time)) return send(res, 409, { error: 'That slot is already booked' });
    const rec = { ref: `HT-25-0${tourSeq++}`, groupId: group.id, date: body.date, time: body.time, note: String(body.note || '').slice(0, 500) };
    db.tours.push(rec);
    db.log.tours.push(rec);
    return send(res, 200, rec);
  }

  // ---- volunteers
  if (method === 'GET' && p === '/api/volunteers') {
    const q = (url.searchParams.get('q') || '').trim().toLowerCase();
    const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
    const per = 10;
    let list = [...db.volunteers].sort((a, b) => (a.last + ' ' + a.first).localeCompare(b.last + ' ' + b.first) || a.id.localeCompare(b.id));
    if (q) list = list.filter((v) => `${v.first} ${v.last} ${v.role} ${v.area}`.toLowerCase().includes(q));
    const pages = Math.max(1, Math.ceil(list.length / per));
    const pg = Math.min(page, pages);
    return send(res, 200, { total: list.length, page: pg, pages, per, rows: list.slice((pg - 1) * per, pg * per) });
  }
  if (method === 'DELETE' && (m = /^\/api\/volunteers\/([\w-]+)$/.exec(p))) {
    const i = db.volunteers.findIndex((v) => v.id === m[1]);
    if (i === -1) return send(res, 404, { error: 'No such volunteer' });
    const [v] = db.volunteers.splice(i, 1);
    db.log.removals.push(v.id);
    return send(res, 200, { ok: true, removed: v.id });
  }

  return send(res, 404, { error: 'Not found' });
}

function serveStatic(req, res, url) {
  let rel = decodeURIComponent(url.pathname);
  if (rel.includes('\0')) return send(res, 400, 'bad path');
  let file = path.normalize(path.join(DIST, rel));
  if (!file.startsWith(DIST)) return send(res, 403, 'forbidden');
  fs.stat(file, (err, st) => {
    if (!err && st.isDirectory()) file = path.join(file, 'index.html');
    fs.stat(file, (err2, st2) => {
      if (err2 || !st2.isFile()) {
        // SPA fallback for routes; real 404 for missing assets
        if (path.extname(rel) && rel !== '/') return send(res, 404, 'not found');
        file = path.join(DIST, 'index.html');
      }
      fs.readFile(file, (err3, data) => {
        if (err3) return send(res, 500, 'The app is not built yet: run npm run build');
        res.writeHead(200, { 'content-type': MIME[path.extname(file)] || 'application/octet-stream', 'cache-control': 'no-cache' });
        res.end(req.method === 'HEAD' ? undefined : data);
      });
    });
  });
}

const server = http.createServer(async (req, res) => {
  lastRequest = Date.now();
  const url = new URL(req.url, `http://${req.headers.host || '127.0.0.1'}`);
  try {
    if (url.pathname === '/__verify' && req.method === 'GET') return send(res, 200, verify());
    if (url.pathname === '/__reset' && req.method === 'POST') {
      db = createSeed(); seedSnapshot = createSeed(); hits = {}; tourSeq = 420; importSeq = 119;
      return send(res, 200, { ok: true });
    }
    if (url.pathname.startsWith('/api/')) return await api(req, res, url);
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'method not allowed');
    return serveStatic(req, res, url);
  } catch (e) {
    console.error(e);
    if (!res.headersSent) send(res, 500, { error: String(e.message || e) });
  }
});

server.listen(PORT, '127.0.0.1', () => {
  console.log(`Fellwing back office (trial site 32) on http://127.0.0.1:${PORT}/`);
});
