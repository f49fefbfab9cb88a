// Larkspur Music School back office — JSON API + static server (node:http only).
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import {
  seed, TODAY, INSTRUMENT_TARGET, REMINDER_TARGET, reminderCode, CHART_TARGET,
  BOOKING_TARGET, FULLY_BOOKED, ROOMS, EQUIPMENT, WAITLIST_TARGET, WAITLIST_DECOY,
} from './data.mjs';

const ROOT = fileURLToPath(new URL('.', import.meta.url));
const DIST = join(ROOT, 'dist');
const PORT = Number(process.env.PORT || 4612);
const IDLE_MS = Number(process.env.IDLE_MS || 2 * 60 * 60 * 1000);

let state = seed();
let hits = {};
const MUTATING = [
  'POST /api/instruments/save',
  'PUT /api/newsletter',
  'POST /api/invoices/:id/remind',
  'POST /api/uploads',
  'PATCH /api/uploads/:id',
  'POST /api/bookings',
  'DELETE /api/waitlist/:id',
];
function resetHits() { hits = Object.fromEntries(MUTATING.map((k) => [k, 0])); }
resetHits();
const hit = (k) => { hits[k] = (hits[k] || 0) + 1; };

const MIME = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.woff2': 'font/woff2', '.woff': 'font/woff', '.png': 'image/png', '.ico': 'image/x-icon', '.json': 'application/json' };

function send(res, code, body, headers = {}) {
  const isObj = body !== undefined && typeof body !== 'string' && !Buffer.isBuffer(body);
  res.writeHead(code, { 'Cache-Control': 'no-store', ...(isObj ? { 'Content-Type': 'application/json' } : {}), ...headers });
  res.end(isObj ? JSON.stringify(body) : body);
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
  try { return JSON.parse(b.toString('utf8') || '{}'); } catch { return null; }
}

// ---------- verification ----------
function paragraphs(html) { return [...html.matchAll(/<p[^>]*>([\s\S]*?)<\/p>/g)].map((m) => m[1]); }
function verify() {
  const s = state;
  // 1 grid
  const target = s.instruments.find((r) => r.id === INSTRUMENT_TARGET.id);
  const seeded = seed().instruments;
  const changedOthers = s.instruments.filter((r, i) => r.id !== target.id && JSON.stringify(r) !== JSON.stringify(seeded[i])).map((r) => r.id);
  const tSeed = seeded.find((r) => r.id === target.id);
  const otherFieldsChanged = Object.keys(target).filter((k) => k !== 'status' && target[k] !== tSeed[k]);
  const gridDone = String(target.status).trim().toLowerCase() === 'in repair' && changedOthers.length === 0 && otherFieldsChanged.length === 0;
  // 2 rich text
  const ps = paragraphs(s.newsletter.html);
  const recital = ps.find((p) => /Spring Recital/.test(p) && /Tickets/.test(p)) || '';
  const lockers = ps.find((p) => /locker/i.test(p)) || '';
  const recitalText = recital.replace(/<[^>]+>/g, '').replace(/&nbsp;/g, ' ');
  const richDone = s.newsletter.saves > 0 && /€\s?14\b/.test(recitalText) && !/€\s?12\b/.test(recitalText) &&
    /<strong>\s*free\s*<\/strong>/i.test(recital) && /€12\b/.test(lockers.replace(/<[^>]+>/g, '')) && !/<strong>/i.test(lockers);
  // 3 toast
  const rem = s.reminders.filter((x) => x.invoiceId === REMINDER_TARGET);
  const wrongRem = s.reminders.filter((x) => x.invoiceId !== REMINDER_TARGET).map((x) => x.invoiceId);
  // 4 upload
  const last = s.imports[s.imports.length - 1];
  const uploadDone = !!last && last.firstDate === '2027-02-22' && last.lastDate <= '2027-02-28';
  // 5 chart
  const chartDone = s.statsViews.includes(CHART_TARGET.campus);
  const chartVal = s.stats.find((x) => x.campus === CHART_TARGET.campus && x.week === CHART_TARGET.week && x.dept === CHART_TARGET.dept).hours;
  // 6 booking
  const bt = BOOKING_TARGET;
  const match = s.bookings.filter((b) => /fairhaven/i.test(b.booker) && b.room === bt.room && b.date === bt.date && b.time === bt.time &&
    [...b.equipment].sort().join('|') === [...bt.equipment].sort().join('|') && b.notes.toLowerCase().includes(bt.notes.toLowerCase()));
  // 7 waitlist
  const gone = !s.waitlist.some((w) => w.id === WAITLIST_TARGET);
  const decoyKept = s.waitlist.some((w) => w.id === WAITLIST_DECOY);
  return {
    today: TODAY,
    jobs: {
      '1-inventory-grid': { done: gridDone, details: { target: target.id, status: target.status, otherFieldsChanged, otherRowsChanged: changedOthers, saves: s.instrumentEdits.length } },
      '2-newsletter-editor': { done: richDone, details: { saves: s.newsletter.saves, recitalParagraph: recital, lockerParagraph: lockers } },
      '3-reminder-toast': { done: rem.length === 1 && wrongRem.length === 0, details: { remindersForTarget: rem.length, otherInvoicesReminded: wrongRem }, expectedReport: reminderCode(REMINDER_TARGET) },
      '4-lesson-log-upload': { done: uploadDone, details: { imports: s.imports.map(({ filename, rows, total, firstDate, lastDate }) => ({ filename, rows, total, firstDate, lastDate })) }, expectedReport: last && uploadDone ? `€${last.total.toFixed(2)} (${last.rows} lessons)` : '€992.50 (33 lessons)' },
      '5-room-load-chart': { done: chartDone, details: { campusesViewed: [...new Set(s.statsViews)] }, expectedReport: `${chartVal} hours` },
      '6-room-booking': { done: match.length === 1, details: { matching: match.length, bookings: s.bookings } },
      '7-waitlist-removal': { done: gone && decoyKept && s.removed.length === 1, details: { removed: s.removed, targetGone: gone, otherTobiasKept: decoyKept } },
    },
    hits,
  };
}

// ---------- tus (resumable upload protocol, minimal) ----------
function parseMeta(h) {
  const out = {};
  for (const part of String(h || '').split(',')) {
    const [k, v] = part.trim().split(' ');
    if (k) out[k] = v ? Buffer.from(v, 'base64').toString('utf8') : '';
  }
  return out;
}
function processUpload(u) {
  const text = u.data.toString('utf8').replace(/^\uFEFF/, '');
  const lines = text.split(/\r?\n/).filter((l) => l.trim());
  const header = (lines.shift() || '').split(',').map((h) => h.trim().toLowerCase());
  const iFee = header.indexOf('fee_eur'), iDate = header.indexOf('date'), iMin = header.indexOf('minutes');
  if (iFee < 0 || iDate < 0) { u.result = { ok: false, error: 'Not a lesson log: missing date/fee_eur columns' }; return; }
  let total = 0, minutes = 0; const dates = [];
  for (const l of lines) { const c = l.split(','); total += Number(c[iFee]) || 0; minutes += Number(c[iMin]) || 0; dates.push(c[iDate]); }
  dates.sort();
  total = Math.round(total * 100) / 100;
  const rec = { id: u.id, filename: u.meta.filename || 'upload.csv', rows: lines.length, total, minutes, firstDate: dates[0], lastDate: dates[dates.length - 1], at: new Date().toISOString() };
  state.imports.push(rec);
  u.result = { ok: true, ...rec };
}

// ---------- API ----------
async function api(req, res, url) {
  const p = url.pathname, m = req.method;
  let mm;
  if (p === '/api/meta' && m === 'GET') return send(res, 200, { today: TODAY, rooms: ROOMS, equipment: EQUIPMENT, fullyBooked: FULLY_BOOKED });
  // 1 inventory
  if (p === '/api/instruments' && m === 'GET') return send(res, 200, state.instruments);
  if (p === '/api/instruments/save' && m === 'POST') {
    hit('POST /api/instruments/save');
    const body = await readJson(req);
    if (!body || !Array.isArray(body.changes)) return send(res, 400, { error: 'changes[] required' });
    const fields = ['type', 'maker', 'model', 'size', 'serial', 'condition', 'location', 'status', 'borrower', 'dueBack', 'lastService', 'value', 'notes'];
    let applied = 0;
    for (const c of body.changes) {
      const row = state.instruments.find((r) => r.id === c.id);
      if (!row || !fields.includes(c.field)) continue;
      row[c.field] = c.field === 'value' ? Number(c.value) : String(c.value);
      applied++;
    }
    state.instrumentEdits.push({ at: new Date().toISOString(), changes: body.changes });
    return send(res, 200, { ok: true, applied });
  }
  // 2 newsletter
  if (p === '/api/newsletter' && m === 'GET') return send(res, 200, state.newsletter);
  if (p === '/api/newsletter' && m === 'PUT') {
    hit('PUT /api/newsletter');
    const body = await readJson(req);
    if (!body || typeof body.html !== 'string') return send(res, 400, { error: 'html required' });
    state.newsletter = { html: body.html, savedAt: new Date().toISOString(), saves: state.newsletter.saves + 1 };
    return send(res, 200, { ok: true, savedAt: state.newsletter.savedAt });
  }
  // 3 invoices
  if (p === '/api/invoices' && m === 'GET') return send(res, 200, state.invoices);
  if ((mm = p.match(/^\/api\/invoices\/([\w-]+)\/remind$/)) && m === 'POST') {
    hit('POST /api/invoices/:id/remind');
    const inv = state.invoices.find((i) => i.id === mm[1]);
    if (!inv) return send(res, 404, { error: 'no such invoice' });
    inv.reminded = true;
    const code = reminderCode(inv.id);
    state.reminders.push({ invoiceId: inv.id, code, at: new Date().toISOString() });
    return send(res, 200, { ok: true, reference: code });
  }
  // 4 uploads (tus)
  if (p === '/api/uploads' && m === 'POST') {
    hit('POST /api/uploads');
    const len = Number(req.headers['upload-length']);
    if (!Number.isFinite(len) || len > 2_000_000) return send(res, 413, 'bad length', { 'Tus-Resumable': '1.0.0' });
    const id = randomBytes(8).toString('hex');
    state.uploads[id] = { id, length: len, offset: 0, data: Buffer.alloc(0), meta: parseMeta(req.headers['upload-metadata']), result: null };
    return send(res, 201, '', { Location: '/api/uploads/' + id, 'Tus-Resumable': '1.0.0' });
  }
  if ((mm = p.match(/^\/api\/uploads\/(\w+)$/))) {
    const u = state.uploads[mm[1]];
    if (!u) return send(res, 404, 'not found', { 'Tus-Resumable': '1.0.0' });
    if (m === 'HEAD') return send(res, 200, '', { 'Upload-Offset': String(u.offset), 'Upload-Length': String(u.length), 'Tus-Resumable': '1.0.0' });
    if (m === 'PATCH') {
      hit('PATCH /api/uploads/:id');
      const off = Number(req.headers['upload-offset']);
      if (off !== u.offset) return send(res, 409, 'offset mismatch', { 'Tus-Resumable': '1.0.0' });
      const chunk = await readBody(req);
      u.data = Buffer.concat([u.data, chunk]);
      u.offset += chunk.length;
      if (u.offset >= u.length && !u.result) processUpload(u);
      return send(res, 204, '', { 'Upload-Offset': String(u.offset), 'Tus-Resumable': '1.0.0' });
    }
  }
  if ((mm = p.match(/^\/api\/uploads\/(\w+)\/summary$/)) && m === 'GET') {
    const u = state.uploads[mm[1]];
    if (!u || !u.result) return send(res, 404, { error: 'not ready' });
    return send(res, 200, u.result);
  }
  // 5 chart
  if (p === '/api/room-load' && m === 'GET') {
    const campus = url.searchParams.get('campus') || 'northside';
    state.statsViews.push(campus);
    return send(res, 200, state.stats.filter((x) => x.campus === campus).map(({ week, dept, hours }) => ({ week, dept, hours })));
  }
  // 6 bookings
  if (p === '/api/bookings' && m === 'GET') return send(res, 200, state.bookings.map((b) => ({ id: b.id, room: b.room, date: b.date, time: b.time })));
  if (p === '/api/bookings' && m === 'POST') {
    hit('POST /api/bookings');
    const b = await readJson(req);
    const errs = [];
    if (!b) return send(res, 400, { error: 'invalid JSON' });
    if (!b.booker || !String(b.booker).trim()) errs.push('Booker name is required');
    if (!ROOMS.includes(b.room)) errs.push('Choose a room');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(b.date || '') || b.date < TODAY || FULLY_BOOKED.includes(b.date) || new Date(b.date + 'T00:00:00Z').getUTCDay() === 0) errs.push('Choose an available date');
    if (!/^\d{2}:\d{2}$/.test(b.time || '')) errs.push('Choose a time');
    if (errs.length) return send(res, 422, { error: errs.join('; ') });
    const rec = { id: 'BK-' + (5001 + state.bookings.length), booker: String(b.booker).trim(), room: b.room, date: b.date, time: b.time, equipment: Array.isArray(b.equipment) ? b.equipment.map(String) : [], notes: String(b.notes || '') };
    state.bookings.push(rec);
    return send(res, 201, { ok: true, id: rec.id });
  }
  // 7 waitlist
  if (p === '/api/waitlist' && m === 'GET') {
    const q = (url.searchParams.get('q') || '').trim().toLowerCase();
    const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
    const per = 10;
    const list = state.waitlist.filter((w) => !q || [w.pupil, w.instrument, w.campus, w.id].some((v) => v.toLowerCase().includes(q)));
    return send(res, 200, { total: list.length, page, pages: Math.max(1, Math.ceil(list.length / per)), items: list.slice((page - 1) * per, page * per) });
  }
  if ((mm = p.match(/^\/api\/waitlist\/([\w-]+)$/)) && m === 'DELETE') {
    hit('DELETE /api/waitlist/:id');
    const i = state.waitlist.findIndex((w) => w.id === mm[1]);
    if (i < 0) return send(res, 404, { error: 'no such entry' });
    const [w] = state.waitlist.splice(i, 1);
    state.removed.push({ id: w.id, pupil: w.pupil, instrument: w.instrument });
    return send(res, 200, { ok: true });
  }
  return send(res, 404, { error: 'not found' });
}

async function serveStatic(res, pathname) {
  const file = normalize(join(DIST, pathname));
  if (!file.startsWith(DIST) || !existsSync(file)) return send(res, 404, 'not found');
  const buf = await readFile(file);
  res.writeHead(200, { 'Content-Type': MIME[extname(file)] || 'application/octet-stream', 'Cache-Control': 'public, max-age=3600' });
  res.end(buf);
}

let idleTimer;
function touch() {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => { console.log('idle timeout, exiting'); server.close(); process.exit(0); }, IDLE_MS);
}

const server = http.createServer(async (req, res) => {
  touch();
  try {
    const url = new URL(req.url, 'http://127.0.0.1');
    const p = url.pathname;
    if (p === '/__verify' && req.method === 'GET') return send(res, 200, verify());
    if (p === '/__reset' && req.method === 'POST') { state = seed(); resetHits(); return send(res, 200, { ok: true }); }
    if (p.startsWith('/__')) return send(res, 404, { error: 'not found' });
    if (p.startsWith('/api/')) return await api(req, res, url);
    if (p.startsWith('/assets/')) return await serveStatic(res, p);
    if (p === '/favicon.ico') return send(res, 204, '');
    const html = await readFile(join(DIST, 'index.html'));
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(html);
  } catch (e) {
    console.error(e);
    if (!res.headersSent) send(res, 500, { error: 'server error' });
  }
});
server.listen(PORT, '127.0.0.1', () => { console.log(`Larkspur back office on http://127.0.0.1:${PORT}/`); touch(); });
