// Kestrel Isles Ferries back office - trial site 17 server.
// Plain node:http. Serves dist/, the SPA shell for client routes, and a JSON API.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as D from './data.mjs';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.join(ROOT, 'dist');
const PORT = Number(process.env.PORT || 4317);
const IDLE_MS = Number(process.env.IDLE_MS || 2 * 60 * 60 * 1000);

let S; // state
function reset() {
  S = {
    sailings: D.seedSailings(),
    sailingSaves: [],
    notices: structuredClone(D.NOTICES_SEED),
    noticeSaves: [],
    pins: [],
    manifests: [],
    reportViews: [],
    bookings: structuredClone(D.BOOKINGS_SEED),
    bookingAttempts: [],
    nextSeq: D.NEXT_BOOKING_SEQ,
    tickets: D.seedTickets(),
    deletions: [],
    hits: {},
  };
}
reset();
const SEED_SAILINGS = D.seedSailings();
const SEED_TICKETS = D.seedTickets();

// ---------- helpers ----------
let delayIdx = 0;
const DELAYS = [420, 610, 330, 770, 520, 380, 690, 450, 800, 300, 560, 640];
const nextDelay = () => DELAYS[delayIdx++ % DELAYS.length];

function send(res, code, body, headers = {}) {
  const isBuf = Buffer.isBuffer(body);
  const data = isBuf || typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(code, {
    'content-type': isBuf || typeof body === 'string' ? headers['content-type'] || 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(data);
}
function json(res, code, body, delay = true) {
  if (!delay) return send(res, code, body);
  setTimeout(() => send(res, code, body), nextDelay());
}
function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (c) => {
      size += c.length;
      if (size > 5 * 1024 * 1024) { reject(new Error('too large')); req.destroy(); return; }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
async function readJson(req) {
  const b = await readBody(req);
  try { return JSON.parse(b.toString('utf8') || '{}'); } catch { return null; }
}
function parseMultipart(buf, contentType) {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType || '');
  if (!m) return [];
  const boundary = Buffer.from('--' + (m[1] || m[2]));
  const parts = [];
  let pos = buf.indexOf(boundary);
  while (pos !== -1) {
    const start = pos + boundary.length;
    if (buf.slice(start, start + 2).toString() === '--') break;
    const next = buf.indexOf(boundary, start);
    if (next === -1) break;
    const part = buf.slice(start + 2, next - 2);
    const sep = part.indexOf('\r\n\r\n');
    const head = part.slice(0, sep).toString('utf8');
    const body = part.slice(sep + 4);
    const name = /name="([^"]*)"/i.exec(head)?.[1];
    const filename = /filename="([^"]*)"/i.exec(head)?.[1];
    parts.push({ name, filename, body });
    pos = next;
  }
  return parts;
}
const money = (n) => '£' + n.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const norm = (s) => String(s || '').replace(/\u00a0/g, ' ').replace(/\s+/g, ' ').trim();
const stripTags = (h) => norm(String(h).replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&'));

// ---------- job verification ----------
function sailingChanges() {
  const out = [];
  for (let i = 0; i < S.sailings.length; i++) {
    const a = S.sailings[i], b = SEED_SAILINGS[i];
    for (const k of Object.keys(b)) if (a[k] !== b[k]) out.push({ id: a.id, sailingNo: a.sailingNo, field: k, from: b[k], to: a[k] });
  }
  return out;
}
function verifyNotice() {
  const n = S.notices.find((x) => x.id === D.NOTICE_TARGET.id);
  const seed = D.NOTICES_SEED.find((x) => x.id === D.NOTICE_TARGET.id);
  const paras = (n.html.match(/<p[^>]*>[\s\S]*?<\/p>/gi) || []);
  const seedParas = seed.html.match(/<p[^>]*>[\s\S]*?<\/p>/gi);
  const t = D.NOTICE_TARGET;
  const problems = [];
  if (paras.length !== seedParas.length) problems.push(`paragraph count ${paras.length}`);
  paras.forEach((p, i) => {
    const want = i === t.index ? t.text : stripTags(seedParas[i]);
    if (stripTags(p) !== want) problems.push(`paragraph ${i + 1} text: ${stripTags(p)}`);
  });
  const html = n.html;
  const bolds = [...html.matchAll(/<(strong|b)(\s[^>]*)?>([\s\S]*?)<\/\1>/gi)].map((m) => stripTags(m[3]));
  const italics = [...html.matchAll(/<(em|i)(\s[^>]*)?>([\s\S]*?)<\/\1>/gi)].map((m) => stripTags(m[3]));
  const links = [...html.matchAll(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi)].map((m) => ({ href: m[1].replace(/&amp;/g, '&'), text: stripTags(m[2]) }));
  if (!(bolds.length === 1 && bolds[0] === t.bold)) problems.push(`bold: ${JSON.stringify(bolds)}`);
  if (!(italics.length === 1 && italics[0] === t.italic)) problems.push(`italic: ${JSON.stringify(italics)}`);
  if (!(links.length === 1 && links[0].text === t.linkText && links[0].href.replace(/\/$/, '') === t.href)) problems.push(`links: ${JSON.stringify(links)}`);
  if (paras[t.index] && !/<(strong|b)(\s[^>]*)?>\s*Pier 4\s*<\/(strong|b)>/i.test(paras[t.index])) problems.push('Pier 4 not bold in the target sentence');
  const others = S.notices.filter((x) => x.id !== t.id && x.html !== D.NOTICES_SEED.find((s) => s.id === x.id).html).map((x) => x.id);
  if (others.length) problems.push(`other notices changed: ${others.join(', ')}`);
  return { ok: problems.length === 0 && S.noticeSaves.length > 0, problems };
}
function verify() {
  const sc = sailingChanges();
  const target = S.sailings.find((r) => r.date === D.SAILING_TARGET.date && r.routeCode === D.SAILING_TARGET.routeCode && r.depart === D.SAILING_TARGET.depart);
  const job1 = sc.length === 2 && target.status === D.SAILING_TARGET.status && target.freight === D.SAILING_TARGET.freight;
  const nv = verifyNotice();
  const job3 = S.pins.length === 1 && S.pins[0].crewId === D.CREW_TARGET;
  const job4 = S.manifests.length === 1 && S.manifests[0].kind === 'target';
  const job5 = S.reportViews.includes(D.REPORT_TARGET.routeCode);
  const newBookings = S.bookings.slice(D.BOOKINGS_SEED.length);
  const bt = D.BOOKING_TARGET;
  const job6 = newBookings.length === 1 && newBookings[0].haulierId === bt.haulierId && newBookings[0].route === bt.route &&
    newBookings[0].date === bt.date && newBookings[0].time === bt.time && norm(newBookings[0].note) === bt.note;
  const deleted = SEED_TICKETS.filter((t) => !S.tickets.find((x) => x.id === t.id));
  const job7 = deleted.length === 1 && deleted[0].holder === D.TICKET_TARGET.holder && deleted[0].port === D.TICKET_TARGET.port;
  return {
    jobs: {
      'sailings-grid': { done: job1, details: { saves: S.sailingSaves, changedCells: sc } },
      'notice-editor': { done: nv.ok, details: { saves: S.noticeSaves, problems: nv.problems } },
      'crew-pin-toast': { done: job3, details: { pinsIssued: S.pins } },
      'manifest-upload': { done: job4, details: { uploads: S.manifests } },
      'report-chart': { done: job5, details: { routesViewed: S.reportViews } },
      'freight-booking': { done: job6, details: { attempts: S.bookingAttempts, created: newBookings } },
      'season-ticket-delete': { done: job7, details: { deleteRequests: S.deletions, deleted } },
    },
    hits: S.hits,
  };
}

// ---------- API ----------
const haulierLabel = (h) => `${h.name} — ${h.town}`;
function isClosed(date) {
  const d = new Date(date + 'T12:00:00Z');
  if (isNaN(d)) return 'invalid date';
  if (d.getUTCDay() === 0 || d.getUTCDay() === 6) return 'no freight slots at weekends';
  if (date <= D.TODAY) return 'date is in the past';
  const c = D.CLOSED_DAYS.find((x) => x.date === date);
  return c ? `closed: ${c.reason}` : null;
}

async function api(req, res, url) {
  const p = url.pathname;
  const m = req.method;
  if (m === 'GET' && p === '/api/dashboard') {
    const today = S.sailings.filter((r) => r.date === D.TODAY);
    return json(res, 200, {
      today: D.TODAY,
      todayLabel: D.fmtDate(D.TODAY),
      sailingsToday: today,
      delayed: S.sailings.filter((r) => r.status === 'Delayed').length,
      upcomingBookings: S.bookings.filter((b) => b.date > D.TODAY).length,
      activeTickets: S.tickets.length,
      crewCount: D.CREW.length,
    });
  }
  if (m === 'GET' && p === '/api/sailings') return json(res, 200, { rows: S.sailings });
  if (m === 'POST' && p === '/api/sailings/bulk-update') {
    const body = await readJson(req);
    const updates = body && Array.isArray(body.updates) ? body.updates : null;
    S.sailingSaves.push({ updates });
    if (!updates) return json(res, 400, { error: 'Bad request' });
    const allowed = { status: ['Scheduled', 'Boarding', 'Delayed', 'Cancelled', 'Completed'], freight: 'int', notes: 'str' };
    for (const u of updates) {
      const row = S.sailings.find((r) => r.id === u.id);
      if (!row) continue;
      for (const [k, v] of Object.entries(u.fields || {})) {
        if (k === 'status' && allowed.status.includes(v)) row.status = v;
        else if (k === 'freight' && Number.isInteger(Number(v)) && Number(v) >= 0) row.freight = Number(v);
        else if (k === 'notes') row.notes = String(v);
      }
    }
    return json(res, 200, { ok: true, saved: updates.length });
  }
  if (m === 'GET' && p === '/api/notices') return json(res, 200, S.notices.map(({ id, title, updated }) => ({ id, title, updated })));
  let mm;
  if ((mm = /^\/api\/notices\/([\w-]+)$/.exec(p))) {
    const n = S.notices.find((x) => x.id === mm[1]);
    if (!n) return json(res, 404, { error: 'Not found' });
    if (m === 'GET') return json(res, 200, n);
    if (m === 'PUT') {
      const body = await readJson(req);
      S.noticeSaves.push({ id: n.id, html: body?.html });
      if (!body || typeof body.html !== 'string') return json(res, 400, { error: 'Bad request' });
      n.html = body.html;
      n.updated = D.TODAY;
      return json(res, 200, { ok: true, updated: n.updated });
    }
  }
  if (m === 'GET' && p === '/api/crew') return json(res, 200, D.CREW);
  if ((mm = /^\/api\/crew\/(\w+)\/gangway-pin$/.exec(p)) && m === 'POST') {
    const c = D.CREW.find((x) => x.id === mm[1]);
    if (!c) return json(res, 404, { error: 'Not found' });
    const pin = D.gangwayPin(c.id);
    S.pins.push({ crewId: c.id, name: c.name, base: c.base, pin });
    return json(res, 200, { name: c.name, pin });
  }
  if (m === 'GET' && p === '/api/manifests') return json(res, 200, S.manifests);
  if (m === 'POST' && p === '/api/manifests') {
    const buf = await readBody(req);
    const parts = parseMultipart(buf, req.headers['content-type']);
    const f = parts.find((x) => x.filename);
    if (!f) { S.manifests.push({ error: 'no file' }); return json(res, 400, { error: 'No file received' }); }
    const lines = f.body.toString('utf8').split(/\r?\n/).filter((l) => l.trim());
    const head = lines.shift()?.split(',') || [];
    if (head[0] !== 'booking_ref') { S.manifests.push({ filename: f.filename, error: 'not a manifest' }); return json(res, 422, { error: 'This file is not a passenger manifest' }); }
    let pax = 0, veh = 0, fares = 0;
    for (const l of lines) { const c = l.split(','); pax++; if (c[4]) veh++; fares += Number(c[5]) || 0; }
    const prefix = lines[0]?.split(',')[0].slice(0, 4);
    const sailing = prefix === 'KB-N' ? 'Skerrow North – Anvil Point, Thu 18 Mar 2027 07:40' : prefix === 'KB-Q' ? 'Skerrow Quay – Anvil Harbour, Thu 18 Mar 2027 07:40' : 'Unknown sailing';
    const rec = {
      id: `MF-${5200 + S.manifests.length + 1}`, filename: f.filename, kind: prefix === 'KB-N' ? 'target' : prefix === 'KB-Q' ? 'decoy' : 'other',
      sailing, passengers: pax, vehicles: veh, fares: money(Math.round(fares * 100) / 100), bytes: f.body.length,
    };
    S.manifests.push(rec);
    return json(res, 200, rec);
  }
  if (m === 'GET' && p === '/api/routes') return json(res, 200, D.ROUTES.map(({ code, name }) => ({ code, name })));
  if (m === 'GET' && p === '/api/reports/weekly') {
    const code = url.searchParams.get('route');
    if (!D.ROUTES.find((r) => r.code === code)) return json(res, 404, { error: 'Unknown route' });
    S.reportViews.push(code);
    return json(res, 200, { route: code, weeks: D.weeklyReport(code) });
  }
  if (m === 'GET' && p === '/api/hauliers') return json(res, 200, D.HAULIERS.map((h) => ({ ...h, label: haulierLabel(h) })));
  if (m === 'GET' && p === '/api/closed-days') return json(res, 200, { today: D.TODAY, closed: D.CLOSED_DAYS });
  if (m === 'GET' && p === '/api/freight-bookings') {
    return json(res, 200, S.bookings.map((b) => ({ ...b, haulier: haulierLabel(D.HAULIERS.find((h) => h.id === b.haulierId)), routeName: D.ROUTES.find((r) => r.code === b.route)?.name, dateLabel: D.fmtDate(b.date) })));
  }
  if (m === 'POST' && p === '/api/freight-bookings') {
    const b = await readJson(req);
    S.bookingAttempts.push(b);
    if (!b) return json(res, 400, { error: 'Bad request' });
    const errors = [];
    if (!D.HAULIERS.find((h) => h.id === b.haulierId)) errors.push('Choose a haulier');
    if (!D.ROUTES.find((r) => r.code === b.route)) errors.push('Choose a route');
    const iso = /^\d{4}-\d{2}-\d{2}$/.test(b.date || '') ? b.date : null;
    if (!iso) errors.push('Choose a sailing date'); else { const c = isClosed(iso); if (c) errors.push('Date not available (' + c + ')'); }
    if (!/^\d{2}:\d{2}$/.test(b.time || '')) errors.push('Enter an arrival time');
    if (errors.length) return json(res, 422, { errors });
    const ref = `FB-27-${String(S.nextSeq++).padStart(4, '0')}`;
    const rec = { ref, haulierId: b.haulierId, route: b.route, date: iso, time: b.time, note: String(b.note || '') };
    S.bookings.push(rec);
    return json(res, 200, rec);
  }
  if (m === 'GET' && p === '/api/season-tickets') {
    const q = norm(url.searchParams.get('q')).toLowerCase();
    const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
    const per = 10;
    const list = q ? S.tickets.filter((t) => [t.id, t.holder, t.port, t.vehicle, t.type].join(' ').toLowerCase().includes(q)) : S.tickets;
    const pages = Math.max(1, Math.ceil(list.length / per));
    return json(res, 200, { total: list.length, page: Math.min(page, pages), pages, per, rows: list.slice((Math.min(page, pages) - 1) * per, Math.min(page, pages) * per) });
  }
  if ((mm = /^\/api\/season-tickets\/([\w-]+)$/.exec(p)) && m === 'DELETE') {
    const i = S.tickets.findIndex((t) => t.id === mm[1]);
    S.deletions.push({ id: mm[1], found: i !== -1, holder: i !== -1 ? S.tickets[i].holder : null, port: i !== -1 ? S.tickets[i].port : null });
    if (i === -1) return json(res, 404, { error: 'Ticket not found' });
    S.tickets.splice(i, 1);
    return json(res, 200, { ok: true });
  }
  return json(res, 404, { error: 'Not found' }, false);
}

// ---------- static ----------
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png', '.gif': 'image/gif', '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.woff': 'font/woff', '.ttf': 'font/ttf', '.json': 'application/json' };
function serveStatic(req, res, url) {
  let rel = decodeURIComponent(url.pathname);
  const file = path.normalize(path.join(DIST, rel));
  if (file.startsWith(DIST + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
    return send(res, 200, fs.readFileSync(file), { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream', 'cache-control': 'no-cache' });
  }
  if (path.extname(rel) && rel !== '/') return send(res, 404, 'Not found');
  const shell = path.join(DIST, 'index.html');
  if (!fs.existsSync(shell)) return send(res, 500, 'Run npm run build first');
  return send(res, 200, fs.readFileSync(shell), { 'content-type': TYPES['.html'] });
}

// ---------- server ----------
let idleTimer;
function touch() {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => { console.log('idle, exiting'); process.exit(0); }, IDLE_MS);
}
const server = http.createServer(async (req, res) => {
  touch();
  const url = new URL(req.url, 'http://127.0.0.1');
  const key = `${req.method} ${url.pathname}`;
  try {
    if (url.pathname === '/__verify' && req.method === 'GET') return send(res, 200, verify());
    if (url.pathname === '/__reset' && req.method === 'POST') { reset(); return send(res, 200, { ok: true }); }
    if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(req.method)) S.hits[key] = (S.hits[key] || 0) + 1;
    if (url.pathname.startsWith('/api/')) return await api(req, res, url);
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'Method not allowed');
    return serveStatic(req, res, url);
  } catch (e) {
    console.error(e);
    if (!res.headersSent) send(res, 500, { error: 'Server error' });
  }
});
server.listen(PORT, '127.0.0.1', () => {
  console.log(`Kestrel Isles Ferries back office on http://127.0.0.1:${PORT}/`);
  touch();
});
