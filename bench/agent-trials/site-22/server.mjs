import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seed, TODAY, CLOSED_DAYS, TOUR_TIMES, DELIVERY_DAYS, STATUSES, SALES_MONTHS } from './data.mjs';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.join(ROOT, 'dist');
const PORT = Number(process.env.PORT || 4899);
const IDLE_MS = Number(process.env.IDLE_MS || 2 * 60 * 60 * 1000);

let db = seed();
let hits = {};
const SEED = seed();

let idleTimer;
function touch() {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => { console.log('idle, exiting'); process.exit(0); }, IDLE_MS);
}
touch();

const delay = () => new Promise(r => setTimeout(r, 300 + Math.floor(Math.random() * 500)));
const MIME = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.json': 'application/json' };

function send(res, code, obj) {
  const body = JSON.stringify(obj);
  res.writeHead(code, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(body);
}
function readBody(req) {
  return new Promise((resolve) => {
    const chunks = [];
    req.on('data', c => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
  });
}
async function json(req) {
  const b = await readBody(req);
  try { return JSON.parse(b.toString('utf8') || '{}'); } catch { return null; }
}

function stripTags(h) { return h.replace(/<[^>]+>/g, '').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim(); }
function paragraphs(html) { return [...html.matchAll(/<(p|h2)[^>]*>([\s\S]*?)<\/\1>/g)].map(m => m[2]); }

function verify() {
  const jobs = {};
  // 1 grid
  {
    const t = db.accounts.find(a => a.id === 'TA-10147');
    const changed = db.accounts.filter((a, i) => JSON.stringify(a) !== JSON.stringify(SEED.accounts[i])).map(a => a.id);
    const saves = hits['POST /api/accounts/bulk'] || 0;
    jobs.accountsGrid = {
      done: t.deliveryDay === 'Thursday' && t.cellarNotes.trim() === 'Use the rear yard gate' && changed.length === 1 && saves === 1,
      details: { deliveryDay: t.deliveryDay, cellarNotes: t.cellarNotes, changedRows: changed, saves, expectedAnswer: t.dutyRef },
    };
  }
  // 2 editor
  {
    const html = db.document.html;
    const ps = paragraphs(html).map(stripTags);
    const seedPs = paragraphs(SEED.document.html).map(stripTags);
    const expectText = seedPs.slice();
    expectText[1] = expectText[1].replace('48 hours', '24 hours');
    const textOk = ps.length === expectText.length && ps.every((p, i) => p === expectText[i]);
    const bold = /<strong>\s*Never re-use spiles\s*<\/strong>/.test(html);
    const italic = /<em>\s*always\s*<\/em>/.test(html);
    const link = /<a [^>]*href="https:\/\/trade\.ridgebackbrewing\.example\/returns"[^>]*>\s*returns form\s*<\/a>/.test(html);
    const saves = hits['PUT /api/documents/cellar-guide'] || 0;
    jobs.cellarGuide = { done: textOk && bold && italic && link && saves >= 1, details: { textOk, bold, italic, link, saves, paragraphs: ps } };
  }
  // 3 board
  {
    const b = db.batches.find(x => x.id === 'B-2471');
    const others = db.batches.filter(x => x.id !== 'B-2471').every(x => x.stage === SEED.batches.find(y => y.id === x.id).stage);
    const mv = db.moves.filter(m => m.batchId === 'B-2471');
    jobs.brewBoard = { done: b.stage === 'conditioning' && others && mv.length === 1, details: { stage: b.stage, othersUnchanged: others, moves: db.moves, expectedAnswer: mv.at(-1)?.ref || null } };
  }
  // 4 upload
  {
    const logs = db.gravityLogs;
    const last = logs.at(-1);
    jobs.gravityUpload = { done: !!last && last.batch === 'B-2417' && logs.length === 1, details: { uploads: logs, expectedAnswer: last ? last.abv.toFixed(2) + '%' : null } };
  }
  // 5 chart
  {
    const b = db.baseline;
    jobs.salesChart = { done: !!b && b.beer === 'Harvest Mild' && b.month === '2024-11' && Number(b.hl) === 137, details: { baseline: b, expectedAnswer: 137 } };
  }
  // 6 booking
  {
    const added = db.tours.filter(t => !SEED.tours.some(s => s.ref === t.ref));
    const t = added[0];
    const ok = added.length === 1 && t.customerId === 'TA-10503' && t.date === '2025-05-28' && t.time === '14:00' && /wheelchair/i.test(t.note);
    jobs.tourBooking = { done: ok, details: { added, expected: { customerId: 'TA-10503', date: '2025-05-28', time: '14:00' }, expectedAnswer: t?.ref || null } };
  }
  // 7 contacts
  {
    const gone = SEED.contacts.filter(c => !db.contacts.some(d => d.id === c.id)).map(c => c.id);
    jobs.contactsList = { done: gone.length === 1 && gone[0] === 'C-3098', details: { removed: gone, expectedRemoved: 'C-3098' } };
  }
  return { jobs, hits };
}

function gravity(text) {
  const lines = text.split(/\r?\n/).map(l => l.trim()).filter(Boolean);
  let batch = null; const readings = [];
  for (const l of lines) {
    const [a, b, c] = l.split(',').map(s => s.trim());
    if (/^batch$/i.test(a)) batch = b;
    else if (/^\d{4}-\d{2}-\d{2}/.test(a) && !isNaN(parseFloat(c))) readings.push({ when: a + ' ' + b, sg: parseFloat(c) });
  }
  if (!batch || readings.length < 2) return null;
  const og = readings[0].sg, fg = readings.at(-1).sg;
  const abv = Math.round((og - fg) * 131.25 * 100) / 100;
  const attenuation = Math.round(((og - fg) / (og - 1)) * 1000) / 10;
  return { batch, readings: readings.length, og, fg, abv, attenuation };
}

async function api(req, res, url) {
  const p = url.pathname, m = req.method;
  if (m !== 'GET') hits[`${m} ${p}`] = (hits[`${m} ${p}`] || 0) + 1;
  await delay();
  let mm;
  if (m === 'GET' && p === '/api/meta') return send(res, 200, { today: TODAY, company: 'Ridgeback Brewing Co.', user: 'Jess Ormerod' });
  if (m === 'GET' && p === '/api/dashboard') return send(res, 200, {
    accounts: db.accounts.length, onHold: db.accounts.filter(a => a.status === 'On hold').length,
    fermenting: db.batches.filter(b => b.stage === 'fermenting').length, tours: db.tours.length, contacts: db.contacts.length,
  });
  if (m === 'GET' && p === '/api/accounts') return send(res, 200, { rows: db.accounts, deliveryDays: DELIVERY_DAYS, statuses: STATUSES });
  if (m === 'POST' && p === '/api/accounts/bulk') {
    const b = await json(req);
    if (!b || !Array.isArray(b.changes)) return send(res, 400, { error: 'changes[] required' });
    const allowed = ['deliveryDay', 'status', 'cellarNotes'];
    for (const c of b.changes) {
      const a = db.accounts.find(x => x.id === c.id);
      if (!a) return send(res, 404, { error: 'unknown account ' + c.id });
      for (const [k, v] of Object.entries(c.fields || {})) {
        if (!allowed.includes(k)) return send(res, 400, { error: 'field not editable: ' + k });
        if (k === 'deliveryDay' && !DELIVERY_DAYS.includes(v)) return send(res, 400, { error: 'bad delivery day' });
        if (k === 'status' && !STATUSES.includes(v)) return send(res, 400, { error: 'bad status' });
      }
    }
    for (const c of b.changes) Object.assign(db.accounts.find(x => x.id === c.id), c.fields);
    return send(res, 200, { saved: b.changes.length });
  }
  if (m === 'GET' && p === '/api/documents/cellar-guide') return send(res, 200, db.document);
  if (m === 'PUT' && p === '/api/documents/cellar-guide') {
    const b = await json(req);
    if (!b || typeof b.html !== 'string') return send(res, 400, { error: 'html required' });
    db.document = { ...db.document, html: b.html, updatedAt: TODAY };
    return send(res, 200, db.document);
  }
  if (m === 'GET' && p === '/api/batches') return send(res, 200, db.batches);
  if (m === 'POST' && (mm = p.match(/^\/api\/batches\/([\w-]+)\/move$/))) {
    const b = await json(req); const batch = db.batches.find(x => x.id === mm[1]);
    const stages = ['planned', 'brewing', 'fermenting', 'conditioning', 'packaging'];
    if (!batch) return send(res, 404, { error: 'no such batch' });
    if (!b || !stages.includes(b.stage)) return send(res, 400, { error: 'bad stage' });
    const ref = 'MV-' + (db.seq.move++);
    const from = batch.stage; batch.stage = b.stage;
    db.moves.push({ batchId: batch.id, from, to: b.stage, ref });
    return send(res, 200, { ok: true, ref, batch });
  }
  if (m === 'GET' && p === '/api/lab/gravity-logs') return send(res, 200, db.gravityLogs);
  if (m === 'PUT' && p === '/api/lab/gravity-logs') {
    const body = (await readBody(req)).toString('utf8');
    const g = gravity(body);
    if (!g) return send(res, 422, { error: 'Could not read a gravity log from that file' });
    const entry = { id: 'LAB-' + (db.seq.lab++), ...g, uploadedAt: TODAY };
    db.gravityLogs.push(entry);
    return send(res, 201, entry);
  }
  if (m === 'GET' && p === '/api/sales') return send(res, 200, { months: SALES_MONTHS, rows: db.sales, baseline: db.baseline });
  if (m === 'POST' && p === '/api/forecast/baseline') {
    const b = await json(req);
    if (!b || !b.beer || !SALES_MONTHS.includes(b.month) || !(Number(b.hl) > 0)) return send(res, 400, { error: 'beer, month and hl required' });
    db.baseline = { beer: b.beer, month: b.month, hl: Number(b.hl) };
    return send(res, 200, db.baseline);
  }
  if (m === 'GET' && p === '/api/customers') return send(res, 200, db.customers);
  if (m === 'GET' && p === '/api/tours/calendar') return send(res, 200, { today: TODAY, closed: CLOSED_DAYS, times: TOUR_TIMES });
  if (m === 'GET' && p === '/api/tours') return send(res, 200, db.tours);
  if (m === 'POST' && p === '/api/tours') {
    const b = await json(req);
    if (!b) return send(res, 400, { error: 'bad json' });
    const cust = db.customers.find(c => c.id === b.customerId);
    const d = new Date(b.date + 'T12:00:00Z');
    const bad = !cust ? 'Choose a customer' : isNaN(d) ? 'Choose a date' : b.date < TODAY ? 'Date is in the past' : [0, 6].includes(d.getUTCDay()) ? 'No tours at weekends' : CLOSED_DAYS.some(c => c.date === b.date) ? 'The brewery is closed that day' : !TOUR_TIMES.includes(b.time) ? 'Choose a time' : null;
    if (bad) return send(res, 422, { error: bad });
    const t = { ref: 'TOUR-' + (db.seq.tour++), customerId: cust.id, customer: cust.name, date: b.date, time: b.time, guests: Number(b.guests) || 0, note: String(b.note || '') };
    db.tours.push(t);
    return send(res, 201, t);
  }
  if (m === 'GET' && p === '/api/contacts') {
    const q = (url.searchParams.get('q') || '').toLowerCase().trim();
    const page = Math.max(1, Number(url.searchParams.get('page')) || 1), size = 10;
    const all = db.contacts.filter(c => !q || q.split(/\s+/).every(t => `${c.first} ${c.last} ${c.role} ${c.pub} ${c.town} ${c.phone}`.toLowerCase().includes(t)));
    return send(res, 200, { total: all.length, page, pages: Math.max(1, Math.ceil(all.length / size)), rows: all.slice((page - 1) * size, page * size) });
  }
  if (m === 'DELETE' && (mm = p.match(/^\/api\/contacts\/([\w-]+)$/))) {
    const i = db.contacts.findIndex(c => c.id === mm[1]);
    if (i < 0) return send(res, 404, { error: 'no such contact' });
    const [gone] = db.contacts.splice(i, 1);
    return send(res, 200, { deleted: gone.id });
  }
  return send(res, 404, { error: 'not found' });
}

const server = http.createServer(async (req, res) => {
  touch();
  try {
    const url = new URL(req.url, 'http://127.0.0.1');
    if (url.pathname === '/__verify' && req.method === 'GET') return send(res, 200, verify());
    if (url.pathname === '/__reset' && req.method === 'POST') { db = seed(); hits = {}; return send(res, 200, { ok: true }); }
    if (url.pathname.startsWith('/api/')) return await api(req, res, url);
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { error: 'method not allowed' });
    let file = path.normalize(path.join(DIST, decodeURIComponent(url.pathname)));
    if (!file.startsWith(DIST) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(DIST, 'index.html');
    if (!fs.existsSync(file)) return send(res, 500, { error: 'front end not built: run npm run build' });
    res.writeHead(200, { 'content-type': MIME[path.extname(file)] || 'application/octet-stream', 'cache-control': 'no-cache' });
    fs.createReadStream(file).pipe(res);
  } catch (e) {
    console.error(e);
    if (!res.headersSent) send(res, 500, { error: 'server error' });
  }
});
server.listen(PORT, '127.0.0.1', () => console.log(`Ridgeback back office on http://127.0.0.1:${PORT}/`));
