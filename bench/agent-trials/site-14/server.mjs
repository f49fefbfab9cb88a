// Lantern Press back office — plain node:http server with in-memory JSON API.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  seed, ORDER_TARGET, BRIEF_ID, PRESS_TARGET, ANALYTICS_TARGET, BOOKING_TARGET,
  BOOKING_CHECKS, CLOSED_DATES, BOOKING_TIMES, STATUSES, TODAY,
} from './data.mjs';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.join(ROOT, 'dist');
const PORT = Number(process.env.PORT || 4616);
const IDLE_MS = Number(process.env.IDLE_MS || 2 * 60 * 60 * 1000);

const HIT_KEYS = ['POST /api/orders/save', 'PUT /api/briefs/:id', 'POST /api/presses/:id/test', 'POST /api/stock-counts', 'POST /api/bookings', 'DELETE /api/customers/:id'];
let db; let pristine; let hits;
function reset() {
  db = seed(); pristine = seed();
  hits = Object.fromEntries(HIT_KEYS.map((k) => [k, 0]));
}
reset();

const MIME = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2', '.json': 'application/json', '.ico': 'image/x-icon' };

function send(res, code, body, type = 'application/json') {
  const data = type === 'application/json' ? JSON.stringify(body) : body;
  res.writeHead(code, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  res.end(data);
}
function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = []; let size = 0;
    req.on('data', (c) => { size += c.length; if (size > 2e6) { reject(new Error('too large')); req.destroy(); } else chunks.push(c); });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
async function readJson(req) { const b = await readBody(req); return b.length ? JSON.parse(b.toString('utf8')) : {}; }

const stripTags = (h) => h.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim();
function paragraphs(html) {
  return [...html.matchAll(/<p\b[^>]*>([\s\S]*?)<\/p>/gi)].map((m) => m[1]);
}

function verify() {
  // 1. orders grid
  const changed = [];
  for (const o of db.orders) {
    const p = pristine.orders.find((x) => x.id === o.id);
    for (const k of Object.keys(p)) if (p[k] !== o[k]) changed.push(`${o.id}.${k}: ${p[k]} -> ${o[k]}`);
  }
  const t = db.orders.find((o) => o.id === ORDER_TARGET.id);
  const ordersDone = hits['POST /api/orders/save'] > 0 && t.qty === ORDER_TARGET.newQty && changed.length === 1;

  // 2. brief
  const html = db.briefs[BRIEF_ID].html;
  const ps = paragraphs(html).map((p) => ({ raw: p, text: stripTags(p) }));
  const binding = ps.find((p) => /saddle/i.test(p.text)) || { text: '' };
  const proofs = ps.find((p) => /Proofs must be approved/i.test(p.text)) || { text: '' };
  const finish = ps.find((p) => /Cover finish/i.test(p.text)) || { raw: '', text: '' };
  const bolds = [...finish.raw.matchAll(/<(b|strong)\b[^>]*>([\s\S]*?)<\/\1>/gi)].map((m) => stripTags(m[2]));
  const boldOk = bolds.some((b) => /soft-touch matt laminate/i.test(b) && b.length <= 'soft-touch matt laminate'.length + 2);
  const otherBold = [...html.matchAll(/<(b|strong)\b/gi)].length === bolds.length;
  const briefDone = hits['PUT /api/briefs/:id'] > 0 && /\b56 pages\b/.test(binding.text) && !/\b48\b/.test(binding.text)
    && /\b48 hours\b/.test(proofs.text) && boldOk && otherBold && /2,500 copies/.test(html);

  // 3. presses
  const tested = db.presses.filter((p) => p.tests > 0).map((p) => p.id);
  const pressDone = tested.length === 1 && tested[0] === PRESS_TARGET;
  const pressCode = db.presses.find((p) => p.id === PRESS_TARGET).code;

  // 4. upload
  const last = db.stockCounts[db.stockCounts.length - 1];
  const uploadDone = !!last && /Main/.test(last.stockroom) && db.stockCounts.length === 1;

  // 5. chart
  const chartDone = db.analytics.requested.includes(ANALYTICS_TARGET.line);

  // 6. booking
  const newB = db.bookings.slice(pristine.bookings.length);
  const bt = BOOKING_TARGET;
  const bookingDone = newB.length === 1 && newB[0].customer === bt.customer && newB[0].date === bt.date && newB[0].time === bt.time
    && [...newB[0].checks].sort().join('|') === [...bt.checks].sort().join('|') && newB[0].notes.trim() === bt.notes;

  // 7. customers
  const gone = pristine.customers.filter((c) => !db.customers.some((x) => x.id === c.id)).map((c) => c.id);
  const custDone = gone.length === 1 && gone[0] === db.customerTarget && db.customers.some((c) => c.id === db.customerDup);

  return {
    today: TODAY,
    jobs: {
      'orders-grid': { done: ordersDone, details: { target: ORDER_TARGET.id, qty: t.qty, changes: changed } },
      'brief-editor': { done: briefDone, details: { binding: binding.text, proofs: proofs.text, bold: bolds } },
      'press-toast': { done: pressDone, details: { tested }, expectedReport: pressCode },
      'stock-upload': { done: uploadDone, details: { uploads: db.stockCounts.map((s) => ({ file: s.file, stockroom: s.stockroom, total: s.totalSheets })) }, expectedReport: '78,825' },
      'revenue-chart': { done: chartDone, details: { requestedLines: db.analytics.requested }, expectedReport: '£1,987' },
      'press-check-booking': { done: bookingDone, details: { newBookings: newB } },
      'customer-delete': { done: custDone, details: { deleted: gone, duplicateKept: db.customers.some((c) => c.id === db.customerDup) } },
    },
    hits,
  };
}

async function api(req, res, url) {
  const p = url.pathname; const m = req.method;
  let mm;
  if (m === 'GET' && p === '/api/meta') return send(res, 200, { today: TODAY, statuses: STATUSES, checks: BOOKING_CHECKS, closedDates: CLOSED_DATES, times: BOOKING_TIMES });
  if (m === 'GET' && p === '/api/orders') return send(res, 200, db.orders);
  if (m === 'POST' && p === '/api/orders/save') {
    hits['POST /api/orders/save']++;
    const body = await readJson(req);
    const rows = Array.isArray(body.rows) ? body.rows : [];
    let saved = 0;
    for (const r of rows) {
      const o = db.orders.find((x) => x.id === r.id); if (!o) continue;
      if (r.qty !== undefined) o.qty = Number(r.qty);
      if (r.status !== undefined && STATUSES.includes(r.status)) o.status = r.status;
      if (r.due !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(r.due)) o.due = r.due;
      saved++;
    }
    return send(res, 200, { ok: true, saved });
  }
  if ((mm = p.match(/^\/api\/briefs\/([\w-]+)$/))) {
    const b = db.briefs[mm[1]]; if (!b) return send(res, 404, { error: 'not found' });
    if (m === 'GET') return send(res, 200, b);
    if (m === 'PUT') {
      hits['PUT /api/briefs/:id']++;
      const body = await readJson(req);
      if (typeof body.html !== 'string') return send(res, 400, { error: 'html required' });
      b.html = body.html; b.updatedAt = new Date().toISOString();
      return send(res, 200, { ok: true, updatedAt: b.updatedAt });
    }
  }
  if (m === 'GET' && p === '/api/presses') return send(res, 200, db.presses.map(({ code, ...rest }) => rest));
  if (m === 'POST' && (mm = p.match(/^\/api\/presses\/([\w-]+)\/test$/))) {
    hits['POST /api/presses/:id/test']++;
    const pr = db.presses.find((x) => x.id === mm[1]); if (!pr) return send(res, 404, { error: 'no such press' });
    pr.tests++;
    return send(res, 200, { ok: true, code: pr.code });
  }
  if (m === 'POST' && p === '/api/stock-counts') {
    hits['POST /api/stock-counts']++;
    const buf = await readBody(req);
    let text = buf.toString('utf8'); let file = '';
    const ct = req.headers['content-type'] || '';
    const bm = ct.match(/boundary=(?:"([^"]+)"|([^;]+))/);
    if (bm) { // multipart fallback
      const parts = text.split('--' + (bm[1] || bm[2]));
      const part = parts.find((x) => /filename="/.test(x)) || '';
      file = (part.match(/filename="([^"]*)"/) || [])[1] || '';
      text = part.split(/\r\n\r\n/).slice(1).join('\r\n\r\n').replace(/\r\n$/, '');
    } else {
      const cd = req.headers['content-disposition'] || '';
      file = decodeURIComponent((cd.match(/filename="([^"]*)"/) || [])[1] || '');
    }
    const lines = text.split(/\r?\n/);
    const stockroom = ((lines.find((l) => /^# Stockroom:/.test(l)) || '').split(':')[1] || '').trim();
    const counted = ((lines.find((l) => /^# Counted:/.test(l)) || '').split(':')[1] || '').trim();
    let total = 0; let rowsN = 0;
    for (const l of lines) {
      if (!l || l.startsWith('#') || l.startsWith('paper,')) continue;
      const c = l.split(','); const reams = Number(c[1]); const per = Number(c[2]);
      if (Number.isFinite(reams) && Number.isFinite(per)) { total += reams * per; rowsN++; }
    }
    if (!rowsN) return send(res, 422, { error: 'No stock rows found in file' });
    const rec = { id: 'SC-' + (db.stockCounts.length + 1), file, stockroom, counted, rows: rowsN, totalSheets: total };
    db.stockCounts.push(rec);
    return send(res, 200, rec);
  }
  if (m === 'GET' && p === '/api/analytics/revenue') {
    const line = url.searchParams.get('line') || 'flyers';
    const data = db.analytics.revenue[line]; if (!data) return send(res, 404, { error: 'unknown line' });
    if (!db.analytics.requested.includes(line)) db.analytics.requested.push(line);
    return send(res, 200, { line, months: db.analytics.months, values: data });
  }
  if (m === 'GET' && p === '/api/bookings') return send(res, 200, db.bookings);
  if (m === 'POST' && p === '/api/bookings') {
    hits['POST /api/bookings']++;
    const b = await readJson(req);
    const errs = [];
    if (!db.customers.some((c) => c.name === b.customer) && !pristine.customers.some((c) => c.name === b.customer)) errs.push('customer');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(b.date || '') || CLOSED_DATES.includes(b.date) || b.date <= TODAY) errs.push('date');
    if (!BOOKING_TIMES.includes(b.time)) errs.push('time');
    if (!Array.isArray(b.checks) || !b.checks.length || b.checks.some((c) => !BOOKING_CHECKS.includes(c))) errs.push('checks');
    if (errs.length) return send(res, 422, { error: 'Invalid: ' + errs.join(', ') });
    const rec = { id: 'BK-' + (201 + db.bookings.length), customer: b.customer, date: b.date, time: b.time, checks: b.checks, notes: String(b.notes || '') };
    db.bookings.push(rec);
    return send(res, 201, rec);
  }
  if (m === 'GET' && p === '/api/customers') return send(res, 200, db.customers);
  if (m === 'DELETE' && (mm = p.match(/^\/api\/customers\/([\w-]+)$/))) {
    hits['DELETE /api/customers/:id']++;
    const i = db.customers.findIndex((c) => c.id === mm[1]);
    if (i < 0) return send(res, 404, { error: 'not found' });
    db.customers.splice(i, 1);
    return send(res, 200, { ok: true });
  }
  return send(res, 404, { error: 'no such endpoint' });
}

function serveStatic(res, file) {
  fs.readFile(file, (err, data) => {
    if (err) return send(res, 404, 'Not found', 'text/plain');
    res.writeHead(200, { 'Content-Type': MIME[path.extname(file)] || 'application/octet-stream' });
    res.end(data);
  });
}

let idleTimer;
function touch() { clearTimeout(idleTimer); idleTimer = setTimeout(() => { console.log('idle, exiting'); process.exit(0); }, IDLE_MS); }
touch();

const server = http.createServer(async (req, res) => {
  touch();
  const url = new URL(req.url, 'http://127.0.0.1');
  try {
    if (url.pathname === '/__verify' && req.method === 'GET') return send(res, 200, verify());
    if (url.pathname === '/__reset' && req.method === 'POST') { reset(); return send(res, 200, { ok: true }); }
    if (url.pathname.startsWith('/__')) return send(res, 404, { error: 'unknown harness endpoint' });
    if (url.pathname.startsWith('/api/')) return await api(req, res, url);
    if (url.pathname.startsWith('/assets/')) {
      const f = path.normalize(path.join(DIST, url.pathname));
      if (!f.startsWith(DIST)) return send(res, 403, 'Forbidden', 'text/plain');
      return serveStatic(res, f);
    }
    if (url.pathname === '/favicon.ico') { res.writeHead(204); return res.end(); }
    return serveStatic(res, path.join(DIST, 'index.html'));
  } catch (e) {
    return send(res, 500, { error: String(e.message || e) });
  }
});
server.listen(PORT, '127.0.0.1', () => console.log(`Lantern Press back office on http://127.0.0.1:${PORT}/`));
