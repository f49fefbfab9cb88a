import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { seed, TODAY, CLOSED_DAYS, SLOTS, SERVICES, STATUSES } from './data.mjs';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.join(ROOT, 'dist');
const PORT = Number(process.env.PORT || 4900);
const IDLE_MS = Number(process.env.IDLE_MS || 2 * 60 * 60 * 1000);

let db = seed();
let seedCopy = seed();
let hits = {};
let usageViewed = false;

let idleTimer;
function touch() {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => { console.log('idle, exiting'); process.exit(0); }, IDLE_MS);
}
touch();

const delay = () => new Promise((r) => setTimeout(r, 300 + Math.floor(Math.random() * 500)));
const send = (res, code, obj) => { res.writeHead(code, { 'content-type': 'application/json', 'cache-control': 'no-store' }); res.end(JSON.stringify(obj)); };
const readBody = (req) => new Promise((resolve) => { const c = []; req.on('data', (d) => c.push(d)); req.on('end', () => resolve(Buffer.concat(c))); });
const json = (buf) => { try { return JSON.parse(buf.toString('utf8') || '{}'); } catch { return null; } };
const text = (html) => html.replace(/<[^>]+>/g, '').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ');

function isWeekend(iso) { const d = new Date(iso + 'T00:00:00Z').getUTCDay(); return d === 0 || d === 6; }
function dayOpen(iso) { return /^\d{4}-\d\d-\d\d$/.test(iso) && iso > TODAY && !isWeekend(iso) && !CLOSED_DAYS[iso]; }

function verify() {
  const jobs = {};
  // 1 grid
  const tgt = db.fleet.find((b) => b.id === 'B-1204');
  const changedOthers = db.fleet.filter((b, i) => b.id !== 'B-1204' && JSON.stringify(b) !== JSON.stringify(seedCopy.fleet[i])).map((b) => b.id);
  jobs.fleet_grid = { done: tgt.status === 'In workshop' && tgt.note.trim() === 'Rear brake rubbing' && changedOthers.length === 0, details: { target: { id: tgt.id, status: tgt.status, note: tgt.note, assetTag: tgt.assetTag }, otherRowsChanged: changedOthers } };
  // 2 editor
  const h = db.notice.html;
  const sentences = text(h);
  const hs = /Harbour Street after 22:00 must be docked at bay 6\./.test(sentences);
  const others = /Harbour Road after 22:00 must be docked at bay 4\./.test(sentences) && /Mill Lane after 22:00 must be docked at bay 4\./.test(sentences) && !/Harbour Street after 22:00 must be docked at bay 4/.test(sentences);
  const hsHtml = (h.match(/Harbour Street[\s\S]*?bay 6/) || [''])[0];
  const bold = /<(b|strong)[^>]*>\s*after 22:00\s*<\/(b|strong)>/.test(hsHtml);
  const boldCount = (h.match(/<(b|strong)\b/g) || []).length;
  const italic = /<(i|em)[^>]*>\s*only\s*<\/(i|em)>/.test(h);
  const link = /<a [^>]*href="https:\/\/handbook\.spokes\.example\/riders\/?"[^>]*>\s*rider handbook\s*<\/a>/.test(h);
  jobs.notice_editor = { done: hs && others && bold && boldCount === 1 && italic && link, details: { harbourStreetBay6: hs, otherSentencesUntouched: others, boldAfter2200: bold, boldCount, italicOnly: italic, handbookLink: link, html: h } };
  // 3 board
  const card = db.board.cards.find((c) => c.id === 'T-302');
  const movedOthers = db.board.cards.filter((c) => c.id !== 'T-302' && seedCopy.board.cards.find((s) => s.id === c.id).col !== c.col).map((c) => c.id);
  jobs.repair_board = { done: card.col === 'parts' && movedOthers.length === 0, details: { card, otherCardsMoved: movedOthers, workOrder: card.workOrder || null } };
  // 4 upload
  const imp = db.imports.find((i) => i.station === 'Harbour Street' && i.month === '2025-06');
  jobs.dock_import = { done: !!imp && db.imports.length === 1, details: { imports: db.imports } };
  // 5 chart
  jobs.usage_chart = { done: usageViewed, details: { chartLoaded: usageViewed, answer: 'Mill Lane on 2025-06-05 = 187 trips' } };
  // 6 booking
  const bk = db.bookings.filter((b) => b.ref !== 'BK-7710');
  const b0 = bk[0];
  jobs.fitting_booking = { done: bk.length === 1 && b0.memberId === 'M-3320' && b0.service === 'Bike fitting' && b0.date === '2025-06-18' && b0.time === '14:00' && /prefers step-through frame/i.test(b0.note), details: { newBookings: bk } };
  // 7 members
  const gone = seedCopy.members.filter((m) => !db.members.find((x) => x.id === m.id)).map((m) => m.id);
  jobs.member_removal = { done: gone.length === 1 && gone[0] === 'M-2187', details: { removed: gone } };
  return { jobs, hits };
}

async function api(req, res, url) {
  const p = url.pathname;
  const m = req.method;
  if (m !== 'GET') { const k = `${m} ${p}`; hits[k] = (hits[k] || 0) + 1; }
  const body = m === 'GET' ? null : await readBody(req);
  await delay();
  if (m === 'GET' && p === '/api/summary') {
    return send(res, 200, { today: TODAY, bikes: db.fleet.length, inWorkshop: db.fleet.filter((b) => b.status === 'In workshop').length, openTickets: db.board.cards.filter((c) => c.col !== 'ready').length, members: db.members.length, bookings: db.bookings.length });
  }
  if (m === 'GET' && p === '/api/fleet') return send(res, 200, { statuses: STATUSES, rows: db.fleet });
  if (m === 'POST' && p === '/api/fleet/save') {
    const b = json(body);
    if (!b || !Array.isArray(b.changes)) return send(res, 400, { error: 'changes[] required' });
    const editable = ['status', 'note', 'tyres', 'brakePads', 'mechanic'];
    for (const c of b.changes) {
      const row = db.fleet.find((r) => r.id === c.id);
      if (!row || !editable.includes(c.field)) return send(res, 422, { error: `Cannot change ${c.field} on ${c.id}` });
      if (c.field === 'status' && !STATUSES.includes(c.value)) return send(res, 422, { error: 'Unknown status' });
    }
    for (const c of b.changes) db.fleet.find((r) => r.id === c.id)[c.field] = String(c.value);
    return send(res, 200, { saved: b.changes.length });
  }
  if (m === 'GET' && p === '/api/notices/late-returns') return send(res, 200, db.notice);
  if (m === 'PUT' && p === '/api/notices/late-returns') {
    const b = json(body);
    if (!b || typeof b.html !== 'string' || !b.html.trim()) return send(res, 400, { error: 'html required' });
    db.notice.html = b.html; db.notice.updated = TODAY;
    return send(res, 200, db.notice);
  }
  if (m === 'GET' && p === '/api/repairs') return send(res, 200, db.board);
  if (m === 'POST' && p === '/api/repairs/move') {
    const b = json(body);
    const card = b && db.board.cards.find((c) => c.id === b.cardId);
    if (!card || !db.board.cols.find((c) => c.id === b.to)) return send(res, 422, { error: 'Unknown card or column' });
    const list = db.board.cards.filter((c) => c !== card);
    card.col = b.to;
    const inTarget = list.filter((c) => c.col === b.to);
    const before = inTarget[Math.max(0, Math.min(b.index ?? inTarget.length, inTarget.length))];
    const at = before ? list.indexOf(before) : list.length;
    list.splice(at, 0, card);
    db.board.cards = list;
    db.counters.wo += 7;
    const ref = `WO-${db.counters.wo}-${card.bike.slice(2)}`;
    card.workOrder = ref;
    return send(res, 200, { ok: true, workOrder: ref });
  }
  if (m === 'POST' && p === '/api/imports') {
    const name = url.searchParams.get('filename') || 'upload.csv';
    const csv = body.toString('utf8');
    const lines = csv.split(/\r?\n/).filter((l) => l.trim());
    const head = (lines.shift() || '').split(',').map((s) => s.trim().toLowerCase());
    const iR = head.indexOf('returns'), iH = head.indexOf('hires'), iS = head.indexOf('station'), iD = head.indexOf('date');
    if (iR < 0 || iH < 0 || iS < 0 || iD < 0) return send(res, 422, { error: 'Expected columns: date, station, dock, hires, returns' });
    let returns = 0, hires = 0; const st = new Set(); const months = new Set();
    for (const l of lines) { const c = l.split(','); returns += Number(c[iR]) || 0; hires += Number(c[iH]) || 0; st.add(c[iS].trim()); months.add(c[iD].trim().slice(0, 7)); }
    db.counters.imp += 1;
    const rec = { id: `IMP-${db.counters.imp}`, filename: name, rows: lines.length, station: [...st].join(' / '), month: [...months].join(' / '), hires, returns, net: hires - returns, sha1: crypto.createHash('sha1').update(body).digest('hex').slice(0, 10) };
    db.imports.push(rec);
    return send(res, 200, rec);
  }
  if (m === 'GET' && p === '/api/imports') return send(res, 200, db.imports);
  if (m === 'GET' && p === '/api/usage') { usageViewed = true; return send(res, 200, db.usage); }
  if (m === 'GET' && p === '/api/booking-options') {
    return send(res, 200, { today: TODAY, closed: CLOSED_DAYS, slots: SLOTS, services: SERVICES, members: db.members.map(({ id, name, station }) => ({ id, name, station })) });
  }
  if (m === 'GET' && p === '/api/bookings') return send(res, 200, db.bookings);
  if (m === 'POST' && p === '/api/bookings') {
    const b = json(body) || {};
    const member = db.members.find((x) => x.id === b.memberId);
    if (!member) return send(res, 422, { error: 'Choose a member' });
    if (!SERVICES.includes(b.service)) return send(res, 422, { error: 'Choose a service' });
    if (!dayOpen(b.date)) return send(res, 422, { error: 'The depot cannot offer that date' });
    if (!SLOTS.includes(b.time)) return send(res, 422, { error: 'Choose a time slot' });
    db.counters.bk += 13;
    const rec = { ref: `BK-${db.counters.bk}`, memberId: member.id, service: b.service, date: b.date, time: b.time, note: String(b.note || '') };
    db.bookings.push(rec);
    return send(res, 200, rec);
  }
  if (m === 'GET' && p === '/api/members') {
    const q = (url.searchParams.get('q') || '').trim().toLowerCase();
    const page = Math.max(1, Number(url.searchParams.get('page') || 1));
    const size = 10;
    const all = db.members.filter((x) => !q || x.name.toLowerCase().includes(q) || x.id.toLowerCase().includes(q) || x.email.includes(q));
    return send(res, 200, { total: all.length, page, pages: Math.max(1, Math.ceil(all.length / size)), rows: all.slice((page - 1) * size, page * size) });
  }
  const dm = p.match(/^\/api\/members\/(M-\d+)$/);
  if (m === 'DELETE' && dm) {
    const i = db.members.findIndex((x) => x.id === dm[1]);
    if (i < 0) return send(res, 404, { error: 'No such member' });
    const [gone] = db.members.splice(i, 1);
    return send(res, 200, { removed: gone.id });
  }
  return send(res, 404, { error: 'Not found' });
}

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.json': 'application/json', '.woff2': 'font/woff2' };
function serveStatic(req, res, url) {
  let f = path.normalize(path.join(DIST, decodeURIComponent(url.pathname)));
  if (!f.startsWith(DIST) || !fs.existsSync(f) || fs.statSync(f).isDirectory()) f = path.join(DIST, 'index.html');
  res.writeHead(200, { 'content-type': TYPES[path.extname(f)] || 'application/octet-stream' });
  fs.createReadStream(f).pipe(res);
}

const server = http.createServer(async (req, res) => {
  touch();
  const url = new URL(req.url, 'http://127.0.0.1');
  try {
    if (url.pathname === '/__verify') return send(res, 200, verify());
    if (url.pathname === '/__reset' && req.method === 'POST') { db = seed(); seedCopy = seed(); hits = {}; usageViewed = false; return send(res, 200, { ok: true }); }
    if (url.pathname.startsWith('/api/')) return await api(req, res, url);
    return serveStatic(req, res, url);
  } catch (e) {
    console.error(e); send(res, 500, { error: 'Server error' });
  }
});
server.listen(PORT, '127.0.0.1', () => console.log(`Spokes depot back office on http://127.0.0.1:${PORT}/`));
