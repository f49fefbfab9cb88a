// Trial site #8 ("Kestrel Playhouse" box office): a SolidJS single-page app (built by Vite into dist/) served with
// a JSON API by this plain node:http server, which also records what the agent did.
//
//   npm run build && PORT=4587 node server.mjs
//
// GET  /__verify  -> per-job check + hit counts of every mutating endpoint
// POST /__reset   -> back to the initial state
// Stops by itself after IDLE_MS (default 2 h) without any request.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import * as D from './data.mjs';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const PORT = Number(process.env.PORT || 4587);
const HOST = '127.0.0.1';
const IDLE_MS = Number(process.env.IDLE_MS || 2 * 60 * 60 * 1000);
const DIST = path.join(ROOT, 'dist');
const UPLOAD_FILE = path.join(ROOT, 'files', D.UPLOAD_NAME);
if (!fs.existsSync(path.join(DIST, 'index.html'))) { console.error('dist/index.html missing: run `npm run build` first'); process.exit(1); }

const PATRONS0 = D.makePatrons();
const BOOKINGS0 = D.makeBookings();
const SALES = D.makeSales();

let state;
function reset() {
  state = {
    patrons: PATRONS0.map((p) => ({ ...p })), patronSaves: [],
    pages: Object.fromEntries(D.SHOW_PAGES.map((p) => [p.id, { html: p.html, saves: [] }])),
    vouchers: D.VOUCHER_ORDERS.map((v) => ({ ...v })), issued: [], uploads: [], chartViews: 0,
    access: D.SEEDED_ACCESS.map((a) => ({ ...a, services: [...a.services] })), nextAccess: 304,
    bookings: BOOKINGS0.map((b) => ({ ...b })), cancelled: [], hits: {},
  };
}
reset();

// ---------------------------------------------------------------- checks
function csvRow(line) {
  const out = []; let cur = ''; let q = false;
  for (const ch of line) { if (ch === '"') q = !q; else if (ch === ',' && !q) { out.push(cur); cur = ''; } else cur += ch; }
  out.push(cur); return out.map((s) => s.trim());
}
function groupSummary(buf) {
  const lines = buf.toString('utf8').split(/\r?\n/).filter((l) => l.trim());
  const head = csvRow(lines[0] || '').map((h) => h.toLowerCase());
  const ix = (k) => { const i = head.indexOf(k); if (i < 0) throw new Error('missing column ' + k); return i; };
  const [iR, iP, iW, iA, iC, iWs] = ['order_ref', 'production', 'performance', 'adults', 'children', 'wheelchair_spaces'].map(ix);
  const seen = new Set(); const perfs = new Set(); let rows = 0, dup = 0, other = 0, adults = 0, children = 0, wheel = 0;
  for (const l of lines.slice(1)) {
    const c = csvRow(l); rows++;
    if (c[iP] !== D.GROUP_PRODUCTION) { other++; continue; }
    if (seen.has(c[iR])) { dup++; continue; }
    seen.add(c[iR]); perfs.add(c[iW]); adults += Number(c[iA]) || 0; children += Number(c[iC]) || 0; wheel += Number(c[iWs]) || 0;
  }
  if (!seen.size) throw new Error('no ' + D.GROUP_PRODUCTION + ' bookings');
  return { production: D.GROUP_PRODUCTION, rows, groups: seen.size, performances: perfs.size, seats: adults + children, adults, children, wheelchair: wheel, duplicates: dup, otherProduction: other };
}
const EXPECTED_GROUPS = groupSummary(fs.readFileSync(UPLOAD_FILE));
const SALES_ANSWER = SALES.find((s) => s.name === D.SALES_Q.series).points.find((p) => p.at === D.SALES_Q.at).sold;
const htmlText = (h) => String(h).replace(/<br\s*\/?>/gi, '\n').replace(/<\/(div|p|h\d|li|blockquote)>/gi, '\n').replace(/<[^>]+>/g, '')
  .replace(/&nbsp;|\u00a0/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/\u200b|\ufeff/g, '')
  .split('\n').map((l) => l.replace(/\s+/g, ' ').trim()).filter(Boolean).join('\n');
const PAGE0 = D.SHOW_PAGES.find((p) => p.id === D.SHOW_TARGET);
const PAGE_EXPECTED = htmlText(PAGE0.html).replace(D.SHOW_FROM, D.SHOW_TO);
function lineDiff(a, b) {
  const A = a.split('\n'), B = b.split('\n'); const out = [];
  for (let i = 0; i < Math.max(A.length, B.length); i++) if (A[i] !== B[i]) out.push({ line: i + 1, was: A[i] ?? null, now: B[i] ?? null });
  return out.slice(0, 20);
}
const sameSet = (a, b) => JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());
function verify() {
  const p0 = Object.fromEntries(PATRONS0.map((p) => [p.id, p]));
  const changed = state.patrons.filter((p) => p.membership !== p0[p.id].membership);
  const pt = state.pages[D.SHOW_TARGET]; const last = pt.saves[pt.saves.length - 1];
  const otherPages = Object.entries(state.pages).filter(([id, p]) => id !== D.SHOW_TARGET && p.saves.length).map(([id]) => id);
  const sha = crypto.createHash('sha256').update(fs.readFileSync(UPLOAD_FILE)).digest('hex');
  const user = state.access.filter((a) => !a.seeded); const T = D.ACCESS_TARGET;
  const accOk = user.length === 1 && user[0].production === T.production && user[0].date === T.date && user[0].time === T.time && sameSet(user[0].services, T.services);
  const tgtVoucher = state.issued.filter((i) => i.order === D.VOUCHER_TARGET);
  const vo = (id) => { const v = D.VOUCHER_ORDERS.find((x) => x.id === id); return v ? `${id} ${v.purchaser} -> ${v.recipient}, £${v.value}, ordered ${v.date}` : id; };
  const bk = (ref) => { const b = BOOKINGS0.find((x) => x.ref === ref); return b ? `${ref} ${b.customer}, ${b.production} ${b.date} ${b.time}, ${b.card}` : ref; };
  return {
    jobs: {
      '1-grid-membership': {
        done: changed.length === 1 && changed[0].id === D.PATRON_TARGET.id && changed[0].membership === D.PATRON_TARGET.to,
        changedPatrons: changed.map((p) => ({ id: p.id, patron: `${p.title} ${p.first} ${p.surname}, ${p.address}, ${p.town}`, membership: `${p0[p.id].membership} -> ${p.membership}` })),
        saves: state.patronSaves,
      },
      '2-editor-show-page': {
        done: !!last && htmlText(last) === PAGE_EXPECTED && otherPages.length === 0,
        saves: pt.saves.length, lastSaveDiff: last ? lineDiff(htmlText(PAGE0.html), htmlText(last)) : null,
        expectedDiff: lineDiff(htmlText(PAGE0.html), PAGE_EXPECTED), otherPagesSaved: otherPages,
      },
      '3-toast-voucher': {
        done: state.issued.length === 1 && tgtVoucher.length === 1,
        issued: state.issued.map((i) => ({ ...i, order: vo(i.order) })), expectedReport: tgtVoucher.map((i) => i.code).pop() ?? null,
      },
      '4-upload-groups': {
        done: state.uploads.some((u) => u.name === D.UPLOAD_NAME && u.sha256 === sha),
        uploads: state.uploads.map(({ name, bytes, sha256, summary, batch }) => ({ name, bytes, sha256: sha256.slice(0, 12), batch, summary })),
        expectedReport: `${EXPECTED_GROUPS.seats.toLocaleString('en-GB')} seats`,
      },
      '5-chart-sales': {
        done: state.chartViews > 0, note: 'answer-only job: done just means the chart data was loaded; compare the reported number',
        chartViews: state.chartViews, expectedReport: `${SALES_ANSWER} tickets`,
      },
      '6-datepicker-multiselect-access': { done: accOk, target: T, scheduled: state.access },
      '7-confirm-cancel-booking': {
        done: state.cancelled.length === 1 && state.cancelled[0] === D.BOOKING_TARGET,
        cancelled: state.cancelled.map(bk), expectedReport: D.BOOKING_TARGET,
      },
    },
    hits: state.hits,
  };
}

// ---------------------------------------------------------------- helpers
function send(res, code, body, type = 'text/html; charset=utf-8', extra = {}) { res.writeHead(code, { 'content-type': type, 'cache-control': 'no-store', ...extra }); res.end(body); }
const json = (res, code, obj) => send(res, code, JSON.stringify(obj, null, 2), 'application/json');
function readBody(req, limit = 5 * 1024 * 1024) {
  return new Promise((resolve, reject) => { const chunks = []; let n = 0;
    req.on('data', (c) => { n += c.length; if (n > limit) { reject(new Error('too large')); req.destroy(); } else chunks.push(c); });
    req.on('end', () => resolve(Buffer.concat(chunks))); req.on('error', reject); });
}
const readJson = async (req) => JSON.parse((await readBody(req)).toString() || '{}');
function parseMultipart(buf, contentType) {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType || ''); if (!m) return [];
  const boundary = Buffer.from('--' + (m[1] || m[2])); const parts = []; let pos = buf.indexOf(boundary);
  while (pos !== -1) { const next = buf.indexOf(boundary, pos + boundary.length); if (next === -1) break;
    const part = buf.subarray(pos + boundary.length + 2, next - 2); const sep = part.indexOf('\r\n\r\n');
    if (sep !== -1) { const h = part.subarray(0, sep).toString('utf8'); parts.push({ name: /name="([^"]*)"/i.exec(h)?.[1], filename: /filename="([^"]*)"/i.exec(h)?.[1], data: part.subarray(sep + 4) }); }
    pos = next; }
  return parts;
}
function hit(k) { state.hits[k] = (state.hits[k] || 0) + 1; }
const rid = (n) => Array.from(crypto.randomBytes(n), (b) => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[b % 32]).join('');
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.woff2': 'font/woff2', '.woff': 'font/woff', '.png': 'image/png', '.ico': 'image/x-icon' };
function serveFile(res, f) {
  const type = TYPES[path.extname(f)] || 'application/octet-stream';
  send(res, 200, fs.readFileSync(f), type, { 'cache-control': type.startsWith('text/html') ? 'no-store' : 'public, max-age=3600' });
}

// ---------------------------------------------------------------- API
async function api(req, res, p, m, url) {
  let mm;
  if (m === 'GET') {
    if (p === '/api/me') return json(res, 200, { user: D.USER, today: D.TODAY });
    if (p === '/api/dashboard') return json(res, 200, { patrons: state.patrons.length, vouchersAwaiting: state.vouchers.filter((v) => !v.issued).length,
      confirmedBookings: state.bookings.filter((b) => b.status === 'Confirmed').length, accessPerformances: state.access.length, groupImports: state.uploads.length });
    if (p === '/api/patrons') return json(res, 200, { patrons: state.patrons, memberships: D.MEMBERSHIPS });
    if (p === '/api/show-pages') return json(res, 200, D.SHOW_PAGES.map((s) => ({ id: s.id, title: s.title, venue: s.venue, updated: state.pages[s.id].saves.length ? D.TODAY : s.updated })));
    if ((mm = /^\/api\/show-pages\/([\w-]+)$/.exec(p))) { const s = D.SHOW_PAGES.find((x) => x.id === mm[1]); if (!s) return json(res, 404, { error: 'no such page' });
      return json(res, 200, { id: s.id, title: s.title, venue: s.venue, html: state.pages[s.id].html, version: 3 + state.pages[s.id].saves.length }); }
    if (p === '/api/vouchers') return json(res, 200, state.vouchers);
    if (p === '/api/group-imports') return json(res, 200, state.uploads.map(({ name, batch, summary }) => ({ name, batch, ...summary })));
    if (p === '/api/sales') { state.chartViews++; return json(res, 200, SALES); }
    if (p === '/api/access-performances') return json(res, 200, { productions: D.ACCESS_PRODUCTIONS, times: D.ACCESS_TIMES, services: D.ACCESS_SERVICES, defaults: D.ACCESS_DEFAULT,
      scheduled: [...state.access].sort((a, b) => (a.date + a.time).localeCompare(b.date + b.time)) });
    if (p === '/api/bookings') {
      const q = (url.searchParams.get('q') || '').trim().toLowerCase(); const prod = url.searchParams.get('production') || '';
      const rows = state.bookings.filter((b) => (!q || (b.ref + ' ' + b.customer).toLowerCase().includes(q)) && (!prod || b.production === prod));
      const per = 15; const pages = Math.max(1, Math.ceil(rows.length / per)); const page = Math.min(pages, Math.max(1, Number(url.searchParams.get('page')) || 1));
      return json(res, 200, { total: rows.length, page, pages, rows: rows.slice((page - 1) * per, page * per), productions: [...new Set(BOOKINGS0.map((b) => b.production))] });
    }
    return json(res, 404, { error: 'not found' });
  }
  if (m !== 'POST') return json(res, 405, { error: 'method not allowed' });
  if (p === '/api/patrons/save') {
    hit('POST /api/patrons/save');
    const body = await readJson(req); const applied = [];
    for (const ch of Array.isArray(body.changes) ? body.changes : []) {
      const x = state.patrons.find((y) => y.id === ch.id); if (!x || !D.MEMBERSHIPS.includes(ch.membership)) continue;
      x.membership = ch.membership; applied.push({ id: x.id, membership: x.membership });
    }
    state.patronSaves.push(applied); return json(res, 200, { saved: applied.length, patrons: applied });
  }
  if ((mm = /^\/api\/show-pages\/([\w-]+)$/.exec(p))) {
    hit('POST /api/show-pages/:id');
    const s = state.pages[mm[1]]; if (!s) return json(res, 404, { error: 'no such page' });
    const body = await readJson(req); if (typeof body.html !== 'string') return json(res, 400, { error: 'html required' });
    s.saves.push(body.html); s.html = body.html; return json(res, 200, { ok: true, version: 3 + s.saves.length });
  }
  if ((mm = /^\/api\/vouchers\/([\w-]+)\/issue$/.exec(p))) {
    hit('POST /api/vouchers/:id/issue');
    const v = state.vouchers.find((x) => x.id === mm[1]); if (!v) return json(res, 404, { error: 'no such order' });
    if (v.issued) return json(res, 409, { error: 'this voucher has already been issued' });
    const code = `GV-${rid(4)}-${rid(4)}`; v.issued = true; state.issued.push({ order: v.id, code });
    return json(res, 200, { order: v.id, code, recipient: v.recipient, value: v.value });
  }
  if (p === '/api/group-import') {
    hit('POST /api/group-import');
    const raw = await readBody(req); const ct = req.headers['content-type'] || '';
    // vaadin-upload sends the file as the raw request body with an X-Filename header (its default); multipart also accepted
    const f = /multipart\/form-data/i.test(ct) ? parseMultipart(raw, ct).find((x) => x.filename !== undefined)
      : req.headers['x-filename'] ? { filename: decodeURIComponent(req.headers['x-filename']), data: raw } : null;
    if (!f) return json(res, 400, { error: 'no file' });
    let summary; try { summary = groupSummary(f.data); } catch (e) { return json(res, 422, { error: 'not a schools booking export: ' + e.message }); }
    const rec = { name: f.filename, bytes: f.data.length, sha256: crypto.createHash('sha256').update(f.data).digest('hex'), summary, batch: 'GI-' + (2207 + state.uploads.length) };
    state.uploads.push(rec); return json(res, 200, { name: rec.name, batch: rec.batch, ...summary });
  }
  if (p === '/api/access-performances') {
    hit('POST /api/access-performances');
    const b = await readJson(req); const services = Array.isArray(b.services) ? b.services.map(String) : [];
    const a = { id: 'AP-' + state.nextAccess, production: String(b.production || ''), date: String(b.date || ''), time: String(b.time || ''), services, seeded: false };
    if (!D.ACCESS_PRODUCTIONS.includes(a.production) || !/^\d{4}-\d\d-\d\d$/.test(a.date) || a.date < D.TODAY || !D.ACCESS_TIMES.some(([t]) => t === a.time)
      || !services.length || services.some((s) => !D.ACCESS_SERVICES.includes(s))) return json(res, 400, { error: 'Choose a production, a date (today or later), a time and at least one access service.' });
    state.nextAccess++; state.access.push(a); return json(res, 200, a);
  }
  if ((mm = /^\/api\/bookings\/([\w-]+)\/cancel$/.exec(p))) {
    hit('POST /api/bookings/:ref/cancel');
    const bk = state.bookings.find((x) => x.ref === mm[1]); if (!bk) return json(res, 404, { error: 'no such booking' });
    if (bk.status !== 'Confirmed') return json(res, 409, { error: 'booking is already ' + bk.status.toLowerCase() });
    bk.status = 'Cancelled'; bk.refund = bk.total; state.cancelled.push(bk.ref); return json(res, 200, bk);
  }
  return json(res, 404, { error: 'not found' });
}

// ---------------------------------------------------------------- server
let lastActivity = Date.now();
const server = http.createServer(async (req, res) => {
  lastActivity = Date.now();
  const url = new URL(req.url, `http://${HOST}`); const p = url.pathname; const m = req.method;
  try {
    if (p === '/__verify' && m === 'GET') return json(res, 200, verify());
    if (p === '/__reset' && m === 'POST') { reset(); return json(res, 200, { ok: true }); }
    if (p.startsWith('/api/')) return await api(req, res, p, m, url);
    if (m !== 'GET' && m !== 'HEAD') return send(res, 405, 'method not allowed', 'text/plain');
    if (p === '/favicon.ico') { res.writeHead(204); return res.end(); }
    if (p.startsWith('/assets/')) {
      const f = path.join(DIST, path.normalize(p).replace(/^(\.\.[/\\])+/, ''));
      if (f.startsWith(DIST + path.sep) && fs.existsSync(f) && fs.statSync(f).isFile()) return serveFile(res, f);
      return send(res, 404, 'not found', 'text/plain');
    }
    return serveFile(res, path.join(DIST, 'index.html')); // client-side routes
  } catch (e) { json(res, 500, { error: String((e && e.message) || e) }); }
});
server.listen(PORT, HOST, () => console.log(`trial-site-8 on http://${HOST}:${PORT}/ (idle exit after ${IDLE_MS} ms)`));
setInterval(() => { if (Date.now() - lastActivity > IDLE_MS) { console.log('idle, exiting'); process.exit(0); } }, Math.min(60000, IDLE_MS)).unref();
