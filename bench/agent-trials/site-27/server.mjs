import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { seed, TODAY, GRID_COLUMNS, STATS, MEETING_SCHOOLS, CLOSED_DAYS, MEETING_TIMES, MEETING_TYPES, LETTER_HTML } from './data.mjs';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.join(ROOT, 'dist');
const PORT = Number(process.env.PORT || 4900);
const IDLE_MS = Number(process.env.IDLE_MS || 2 * 60 * 60 * 1000);
const FILE_HASH = (f) => crypto.createHash('sha256').update(fs.readFileSync(path.join(ROOT, 'files', f))).digest('hex');
const GOOD_MANIFEST = FILE_HASH('lake-district-manifest.csv');

let state = seed();
let hits = {};
const pristine = seed();

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const delay = () => sleep(300 + Math.floor(Math.random() * 500));
const send = (res, code, obj) => { res.writeHead(code, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }); res.end(JSON.stringify(obj)); };
const readBody = (req) => new Promise((resolve) => { let b = ''; req.on('data', (c) => { b += c; if (b.length > 5e6) req.destroy(); }); req.on('end', () => { try { resolve(b ? JSON.parse(b) : {}); } catch { resolve(null); } }); });

function isWeekend(d) { const day = new Date(d + 'T12:00:00Z').getUTCDay(); return day === 0 || day === 6; }

function parseManifest(text) {
  const lines = String(text || '').split(/\r?\n/).filter((l) => l.trim());
  const hdrIdx = lines.findIndex((l) => l.startsWith('Ref,'));
  if (hdrIdx < 0) return null;
  const rows = lines.slice(hdrIdx + 1).map((l) => l.split(','));
  const total = rows.reduce((s, r) => s + (Number(r[5]) || 0), 0);
  const dietary = rows.filter((r) => r[4] && r[4] !== 'None').length;
  return { pupils: rows.length, balanceDue: total, dietaryNeeds: dietary, trip: (lines[0].split(',')[1] || '').trim() };
}

function textOf(html) { return html.replace(/<[^>]+>/g, '').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' '); }

function verify() {
  const jobs = {};
  // 1. grid
  {
    const t = state.travellers.find((r) => r.id === 'T-1215');
    const changed = [];
    state.travellers.forEach((r, i) => { for (const c of GRID_COLUMNS) if (r[c.key] !== pristine.travellers[i][c.key]) changed.push(`${r.id}.${c.key}`); });
    const ok = t.dietary === 'Vegan' && t.room === 'C07' && changed.length === 2;
    jobs.traveller_grid = { done: ok, details: { target: { id: t.id, dietary: t.dietary, room: t.room, kittag: t.kittag }, changedCells: changed } };
  }
  // 2. letter
  {
    const h = state.letter.html; const txt = textOf(h);
    const checks = {
      saved: !!state.letter.savedAt,
      corrected: txt.includes('The coach leaves Ashcombe School at 8.45 am on Monday 20 April.'),
      othersUntouched: txt.includes('The coach leaves Low Bank Outdoor Centre at 8.15 am on Friday 24 April.') && txt.includes('The coach leaves Brookfield Academy at 8.15 am on Monday 20 April for the partner group.') && txt.includes('The coach returns to Ashcombe School at 4.30 pm on Friday 24 April.'),
      bold: /<(strong|b)>\s*packed lunch\s*<\/(strong|b)>/i.test(h),
      italic: /<(em|i)>\s*waterproof\s*<\/(em|i)>/i.test(h),
      link: /<a [^>]*href="https:\/\/trips\.fernhill\.example\/kit\/lake-district"[^>]*>\s*kit list\s*<\/a>/i.test(h),
    };
    jobs.parent_letter = { done: Object.values(checks).every(Boolean), details: checks };
  }
  // 3. board
  {
    const moved = state.board.cards.filter((c) => c.column !== pristine.board.cards.find((p) => p.id === c.id).column).map((c) => `${c.id}->${c.column}`);
    jobs.trip_board = { done: moved.length === 1 && moved[0] === 'TR-304->approved', details: { moved, reference: state.board.lastReference || null } };
  }
  // 4. upload
  {
    const last = state.manifests[state.manifests.length - 1];
    jobs.manifest_upload = { done: !!last && last.hash === GOOD_MANIFEST, details: { uploads: state.manifests.map((m) => ({ filename: m.filename, ...m.result })) } };
  }
  // 5. chart sign-off
  {
    const last = state.signoffs[state.signoffs.length - 1];
    jobs.chart_signoff = { done: !!last && last.series === 'KS3' && last.month === 'Nov 2025' && Number(last.value) === 193 && state.signoffs.length === 1, details: { signoffs: state.signoffs } };
  }
  // 6. meeting
  {
    const m = state.meetings;
    const ok = m.length === 1 && m[0].schoolId === 'sch-01' && m[0].date === '2026-03-18' && m[0].time === '14:00' && /coach quote/i.test(m[0].note) && m[0].type === 'Risk assessment review';
    jobs.meeting_booking = { done: ok, details: { meetings: m } };
  }
  // 7. volunteers
  {
    const d = state.deletedVolunteers;
    jobs.volunteer_removal = { done: d.length === 1 && d[0].id === 'V-538', details: { deleted: d } };
  }
  return { jobs, hits };
}

const MIME = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png', '.woff': 'font/woff', '.woff2': 'font/woff2', '.ttf': 'font/ttf', '.map': 'application/json', '.ico': 'image/x-icon' };
function serveStatic(req, res, pathname) {
  let file = path.join(DIST, decodeURIComponent(pathname));
  if (!file.startsWith(DIST) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(DIST, 'index.html');
  if (!fs.existsSync(file)) { res.writeHead(500); res.end('Front end not built: run npm run build'); return; }
  res.writeHead(200, { 'content-type': MIME[path.extname(file)] || 'application/octet-stream' });
  fs.createReadStream(file).pipe(res);
}

async function api(req, res, url) {
  const p = url.pathname, m = req.method;
  await delay();
  let mt;
  if (m === 'GET' && p === '/api/summary') {
    return send(res, 200, { today: TODAY, travellers: state.travellers.length, awaiting: state.board.cards.filter((c) => c.column === 'awaiting').length, meetings: state.meetings.length, volunteers: state.volunteers.length });
  }
  if (m === 'GET' && p === '/api/travellers') return send(res, 200, { columns: GRID_COLUMNS, rows: state.travellers });
  if (m === 'POST' && p === '/api/travellers/bulk') {
    const body = await readBody(req);
    if (!body || !Array.isArray(body.changes)) return send(res, 400, { error: 'changes[] required' });
    const keys = new Set(GRID_COLUMNS.map((c) => c.key));
    let applied = 0;
    for (const ch of body.changes) {
      const row = state.travellers.find((r) => r.id === ch.id);
      if (!row || !keys.has(ch.field) || ch.field === 'id') continue;
      const col = GRID_COLUMNS.find((c) => c.key === ch.field);
      if (col.list && !col.list.includes(ch.value)) return send(res, 422, { error: `${ch.value} is not a valid ${col.title}` });
      row[ch.field] = String(ch.value ?? ''); applied++;
    }
    return send(res, 200, { applied, savedAt: TODAY + 'T10:00:00Z' });
  }
  if (m === 'GET' && p === '/api/letters/LTR-7') return send(res, 200, state.letter);
  if (m === 'PUT' && p === '/api/letters/LTR-7') {
    const body = await readBody(req);
    if (!body || typeof body.html !== 'string') return send(res, 400, { error: 'html required' });
    state.letter.html = body.html; state.letter.savedAt = new Date().toISOString();
    return send(res, 200, { ok: true, savedAt: state.letter.savedAt });
  }
  if (m === 'GET' && p === '/api/board') return send(res, 200, state.board);
  if (m === 'POST' && p === '/api/board/move') {
    const body = await readBody(req);
    const card = body && state.board.cards.find((c) => c.id === body.cardId);
    if (!card || !state.board.columns.some((c) => c.id === body.to)) return send(res, 400, { error: 'unknown card or column' });
    card.column = body.to;
    const prefix = { requested: 'REQ', awaiting: 'SUB', approved: 'APR', booked: 'BKG' }[body.to];
    const reference = `${prefix}-${++state.seq.approval}`;
    state.board.lastReference = reference;
    return send(res, 200, { ok: true, reference, card });
  }
  if (m === 'POST' && p === '/api/manifests') {
    const body = await readBody(req);
    if (!body || typeof body.content !== 'string') return send(res, 400, { error: 'content required' });
    const result = parseManifest(body.content);
    if (!result) return send(res, 422, { error: 'This does not look like a trip manifest (no "Ref," header row).' });
    const hash = crypto.createHash('sha256').update(body.content).digest('hex');
    state.manifests.push({ filename: String(body.filename || ''), hash, result });
    return send(res, 200, { filename: body.filename, ...result });
  }
  if (m === 'GET' && p === '/api/stats') return send(res, 200, STATS);
  if (m === 'POST' && p === '/api/stats/signoff') {
    const body = await readBody(req);
    if (!body || !body.series || !body.month || body.value === '' || body.value == null) return send(res, 400, { error: 'series, month and value required' });
    const entry = { series: body.series, month: body.month, value: Number(body.value), ref: 'SO-' + (300 + state.signoffs.length + 1) };
    state.signoffs.push(entry);
    return send(res, 200, entry);
  }
  if (m === 'GET' && p === '/api/meeting-options') return send(res, 200, { today: TODAY, schools: MEETING_SCHOOLS, closedDays: CLOSED_DAYS, times: MEETING_TIMES, types: MEETING_TYPES });
  if (m === 'POST' && p === '/api/meetings') {
    const b = await readBody(req);
    if (!b) return send(res, 400, { error: 'bad json' });
    const school = MEETING_SCHOOLS.find((s) => s.id === b.schoolId);
    if (!school) return send(res, 422, { error: 'Choose a school from the list.' });
    if (!/^\d{4}-\d{2}-\d{2}$/.test(b.date || '') || b.date <= TODAY || isWeekend(b.date) || CLOSED_DAYS.includes(b.date)) return send(res, 422, { error: 'The office cannot offer that date.' });
    if (!MEETING_TIMES.includes(b.time)) return send(res, 422, { error: 'Choose a time.' });
    if (!MEETING_TYPES.includes(b.type)) return send(res, 422, { error: 'Choose a meeting type.' });
    const meeting = { ref: 'MTG-' + (++state.seq.meeting), schoolId: school.id, school: school.name, date: b.date, time: b.time, type: b.type, note: String(b.note || '') };
    state.meetings.push(meeting);
    return send(res, 200, meeting);
  }
  if (m === 'GET' && p === '/api/volunteers') {
    const q = (url.searchParams.get('q') || '').toLowerCase().trim();
    const page = Math.max(1, Number(url.searchParams.get('page') || 1));
    const size = 10;
    const list = state.volunteers.filter((v) => !q || `${v.name} ${v.school} ${v.role}`.toLowerCase().includes(q));
    return send(res, 200, { total: list.length, page, pageSize: size, pages: Math.max(1, Math.ceil(list.length / size)), items: list.slice((page - 1) * size, page * size) });
  }
  if (m === 'DELETE' && (mt = p.match(/^\/api\/volunteers\/([\w-]+)$/))) {
    const i = state.volunteers.findIndex((v) => v.id === mt[1]);
    if (i < 0) return send(res, 404, { error: 'not found' });
    const [v] = state.volunteers.splice(i, 1);
    state.deletedVolunteers.push(v);
    return send(res, 200, { ok: true, removed: v });
  }
  return send(res, 404, { error: 'not found' });
}

let idleTimer;
function touch() { clearTimeout(idleTimer); idleTimer = setTimeout(() => { console.log('idle, exiting'); process.exit(0); }, IDLE_MS); }
touch();

const server = http.createServer(async (req, res) => {
  touch();
  const url = new URL(req.url, 'http://127.0.0.1');
  try {
    if (url.pathname === '/__verify' && req.method === 'GET') return send(res, 200, verify());
    if (url.pathname === '/__reset' && req.method === 'POST') { state = seed(); hits = {}; return send(res, 200, { ok: true }); }
    if (url.pathname.startsWith('/api/')) {
      if (req.method !== 'GET') { const k = `${req.method} ${url.pathname}`; hits[k] = (hits[k] || 0) + 1; }
      return await api(req, res, url);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { error: 'method not allowed' });
    serveStatic(req, res, url.pathname);
  } catch (e) { console.error(e); if (!res.headersSent) send(res, 500, { error: 'server error' }); }
});
server.listen(PORT, '127.0.0.1', () => console.log(`Fernhill Trips Office on http://127.0.0.1:${PORT}/`));
