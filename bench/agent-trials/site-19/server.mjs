// Brackenford City Allotments Office — test back office server (plain node:http).
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createSeed, TARGETS, SITES, CLOSED_DAYS, TODAY, TODAY_LABEL, RENT_STATUSES, siteName } from './data.mjs';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.join(ROOT, 'dist');
const PORT = Number(process.env.PORT || 4319);
const IDLE_MS = Number(process.env.IDLE_MS || 2 * 60 * 60 * 1000);
const ROUTES = new Set(['/', '/plots', '/notices', '/inspections', '/soil-tests', '/water', '/viewings', '/waiting-list']);

let seed, state, hits, log;
function reset() {
  seed = createSeed();
  state = createSeed();
  hits = {};
  log = { tenancies: [], notice: [], inspections: [], soil: [], water: [], viewings: [], waiting: [] };
}
reset();

const SOIL_FILE_HASHES = {};
for (const f of fs.readdirSync(path.join(ROOT, 'files'))) {
  SOIL_FILE_HASHES[crypto.createHash('sha256').update(fs.readFileSync(path.join(ROOT, 'files', f))).digest('hex')] = f;
}

export const certificateFor = (id) => `PC-2027-${((Number(id.replace(/\D/g, '')) * 7919) % 9000) + 1000}`;
const workNoticeFor = (id) => `WN-2027-${((Number(id.replace(/\D/g, '')) * 4421) % 900) + 100}`;

// ---------- rich text analysis (used by the verifier) ----------
function decode(s) {
  return s.replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'").replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n))).replace(/\u00a0/g, ' ');
}
export function analyseHtml(html) {
  const chars = []; // {c, b, i, href}
  const stack = [];
  const BLOCK = /^(p|div|h[1-6]|li|ul|ol|blockquote|br|table|tr|td)$/i;
  const VOID = /^(br|img|hr|input|meta|wbr)$/i;
  const re = /<\/?([a-zA-Z][a-zA-Z0-9]*)([^>]*)>|([^<]+)/g;
  let m;
  const cur = () => stack.reduce((a, f) => ({ b: a.b || f.b, i: a.i || f.i, href: f.href ?? a.href, h: a.h || f.h }), { b: false, i: false, href: null, h: false });
  while ((m = re.exec(html))) {
    if (m[3] !== undefined) {
      const f = cur();
      for (const c of decode(m[3])) chars.push({ c: c === '\n' ? ' ' : c, ...f });
      continue;
    }
    const tag = m[1].toLowerCase();
    const closing = m[0].startsWith('</');
    if (BLOCK.test(tag)) chars.push({ c: '\n', b: false, i: false, href: null, h: false });
    if (VOID.test(tag)) continue;
    if (closing) {
      for (let k = stack.length - 1; k >= 0; k--) if (stack[k].tag === tag) { stack.splice(k); break; }
      continue;
    }
    const attrs = m[2] || '';
    const style = (attrs.match(/style\s*=\s*"([^"]*)"/i) || attrs.match(/style\s*=\s*'([^']*)'/i) || [])[1] || '';
    const hrefM = attrs.match(/href\s*=\s*"([^"]*)"/i) || attrs.match(/href\s*=\s*'([^']*)'/i);
    let b = tag === 'b' || tag === 'strong' || /font-weight\s*:\s*(bold|bolder|[6-9]00)/i.test(style);
    let i = tag === 'i' || tag === 'em' || /font-style\s*:\s*italic/i.test(style);
    const fr = { tag, b, i, h: /^h[1-6]$/.test(tag) };
    if (/font-weight\s*:\s*(normal|[1-4]00)/i.test(style)) fr.unb = true;
    if (tag === 'a') fr.href = hrefM ? decode(hrefM[1]) : '';
    stack.push(fr);
  }
  const text = chars.map((x) => x.c).join('').replace(/[ \t]+/g, ' ');
  const runs = (pred, key = (x) => true) => {
    const out = []; let curRun = null;
    for (const x of chars) {
      if (pred(x) && x.c !== '\n') { if (!curRun || curRun.k !== key(x)) { curRun = { t: '', k: key(x) }; out.push(curRun); } curRun.t += x.c; }
      else curRun = null;
    }
    return out.map((r) => ({ text: r.t.replace(/\s+/g, ' ').trim(), key: r.k })).filter((r) => r.text);
  };
  return {
    text,
    paragraphs: text.split('\n').map((s) => s.replace(/\s+/g, ' ').trim()).filter(Boolean),
    bold: runs((x) => x.b && !x.h).map((r) => r.text),
    italic: runs((x) => x.i).map((r) => r.text),
    links: runs((x) => x.href != null, (x) => x.href).map((r) => ({ text: r.text, href: r.key })),
  };
}

// ---------- verification ----------
function verify() {
  const jobs = {};
  // 1 grid
  {
    const t = TARGETS.tenancy;
    const changed = state.tenancies.filter((r, i) => JSON.stringify(r) !== JSON.stringify(seed.tenancies[i]));
    const row = state.tenancies.find((r) => r.id === t.id);
    const srow = seed.tenancies.find((r) => r.id === t.id);
    const okRow = row.rentStatus === t.rentStatus && row.notes.trim() === t.notes &&
      JSON.stringify({ ...row, rentStatus: 0, notes: 0 }) === JSON.stringify({ ...srow, rentStatus: 0, notes: 0 });
    jobs.tenancy = { done: okRow && changed.length === 1 && log.tenancies.length === 1, details: { saves: log.tenancies, changedRows: changed.map((r) => ({ id: r.id, firstName: r.firstName, surname: r.surname, site: r.site, size: r.size, rentStatus: r.rentStatus, notes: r.notes })) } };
  }
  // 2 rich text
  {
    const a = analyseHtml(state.notice.html);
    const p = a.paragraphs;
    const need = [
      'Bonfires are permitted at Millbank Lane only on the last Sunday of each month.',
      'Bonfires are permitted at Millbrook Lane only on the first Sunday of each month.',
      'Bonfires are permitted at Hazel Road only on the first Saturday of each month.',
      'Bonfires are not permitted at Hazelwood Road at any time.',
      'Bonfires are permitted at Cinder Path only on the first Sunday of each month, between 10am and 2pm.',
      'The troughs at all sites will be drained on Monday 1 November 2027. Please do not refill them.',
      'If you know somebody who would like a plot, they can join the waiting list at the office.',
    ];
    const seedParas = analyseHtml(seed.notice.html).paragraphs;
    const missing = need.filter((s) => !p.includes(s));
    const sameCount = p.length === seedParas.length;
    const linkOk = a.links.length === 1 && a.links[0].text === 'waiting list' && /^https:\/\/www\.brackenford\.gov\.uk\/allotments\/waiting-list\/?$/.test(a.links[0].href.trim());
    const ok = log.notice.length > 0 && missing.length === 0 && sameCount &&
      JSON.stringify(a.bold) === JSON.stringify(['last Sunday']) && JSON.stringify(a.italic) === JSON.stringify(['drained']) && linkOk;
    jobs.notice = { done: ok, details: { saves: log.notice.length, missingSentences: missing, paragraphCount: p.length, bold: a.bold, italic: a.italic, links: a.links, html: state.notice.html } };
  }
  // 3 inspections board
  {
    const moved = state.inspections.filter((c) => c.column !== seed.inspections.find((s) => s.id === c.id).column);
    const t = state.inspections.find((c) => c.id === TARGETS.inspection.id);
    jobs.inspection = { done: moved.length === 1 && t.column === 'passed' && log.inspections.length === 1, details: { moves: log.inspections, moved: moved.map((c) => ({ id: c.id, plot: c.plot, site: c.site, tenant: c.tenant, column: c.column })) } };
  }
  // 4 upload
  {
    const ok = log.soil.length === 1 && log.soil[0].matches === TARGETS.soil.file && log.soil[0].ok;
    jobs.soil = { done: ok, details: { uploads: log.soil } };
  }
  // 5 chart (read-only: the right site's series must have been loaded)
  {
    jobs.water = { done: log.water.includes(TARGETS.water.site), details: { sitesViewed: log.water } };
  }
  // 6 booking
  {
    const t = TARGETS.viewing;
    const created = state.viewings.filter((v) => !seed.viewings.some((s) => s.ref === v.ref));
    const target = state.waitingList.find((w) => w.name === t.name && w.postcode === t.postcode);
    const v = created[0];
    const ok = created.length === 1 && log.viewings.length === 1 && v.applicantId === target.id && v.site === t.site && v.date === t.date && v.time === t.time && v.note.trim() === t.note;
    jobs.viewing = { done: ok, details: { attempts: log.viewings, created } };
  }
  // 7 delete
  {
    const gone = seed.waitingList.filter((s) => !state.waitingList.some((w) => w.id === s.id));
    const t = TARGETS.waiting;
    const ok = gone.length === 1 && gone[0].name === t.name && gone[0].postcode === t.postcode && gone[0].site === t.site && log.waiting.length === 1;
    jobs.waiting = { done: ok, details: { attempts: log.waiting, deleted: gone } };
  }
  return { jobs, hits };
}

// ---------- helpers ----------
const MIME = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png', '.woff': 'font/woff', '.woff2': 'font/woff2', '.ttf': 'font/ttf', '.eot': 'application/vnd.ms-fontobject', '.json': 'application/json', '.ico': 'image/x-icon', '.gif': 'image/gif' };
function send(res, code, body, type = 'application/json') {
  const data = type === 'application/json' ? JSON.stringify(body) : body;
  res.writeHead(code, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  res.end(data);
}
function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = []; let size = 0;
    req.on('data', (c) => { size += c.length; if (size > 5e6) { reject(new Error('too large')); req.destroy(); } else chunks.push(c); });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
async function json(req) { const b = await readBody(req); try { return JSON.parse(b.toString('utf8') || '{}'); } catch { return null; } }
function parseMultipart(buf, contentType) {
  const bm = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType || '');
  if (!bm) return null;
  const boundary = Buffer.from('--' + (bm[1] || bm[2]));
  const fields = {}; const files = {};
  let pos = buf.indexOf(boundary);
  while (pos !== -1) {
    const next = buf.indexOf(boundary, pos + boundary.length);
    if (next === -1) break;
    const part = buf.subarray(pos + boundary.length + 2, next - 2);
    const he = part.indexOf('\r\n\r\n');
    if (he !== -1) {
      const head = part.subarray(0, he).toString('utf8');
      const body = part.subarray(he + 4);
      const name = (/name="([^"]*)"/i.exec(head) || [])[1];
      const filename = (/filename="([^"]*)"/i.exec(head) || [])[1];
      if (filename !== undefined) files[name] = { filename, data: body }; else if (name) fields[name] = body.toString('utf8');
    }
    pos = next;
  }
  return { fields, files };
}
const delay = () => new Promise((r) => setTimeout(r, 300 + Math.floor(Math.random() * 500)));
const hit = (method, p) => { const k = `${method} ${p}`; hits[k] = (hits[k] || 0) + 1; };
const isWeekend = (isoDate) => { const d = new Date(isoDate + 'T00:00:00Z').getUTCDay(); return d === 0 || d === 6; };

function serveStatic(req, res, pathname) {
  let file = ROUTES.has(pathname) ? path.join(DIST, 'index.html') : path.join(DIST, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
  if (!file.startsWith(DIST)) return send(res, 404, { error: 'not found' });
  fs.readFile(file, (err, data) => {
    if (err) {
      if (!fs.existsSync(DIST)) return send(res, 500, 'Run "npm run build" first.', 'text/plain');
      return send(res, 404, 'Not found', 'text/plain');
    }
    res.writeHead(200, { 'Content-Type': MIME[path.extname(file)] || 'application/octet-stream', 'Cache-Control': ROUTES.has(pathname) ? 'no-store' : 'max-age=3600' });
    res.end(data);
  });
}

// ---------- API ----------
async function api(req, res, url) {
  const p = url.pathname; const method = req.method;
  if (method !== 'GET' && method !== 'HEAD') hit(method, p);
  await delay();

  if (method === 'GET' && p === '/api/dashboard') {
    const s = state;
    return send(res, 200, {
      today: TODAY, todayLabel: TODAY_LABEL,
      plots: s.tenancies.length,
      rentOutstanding: s.tenancies.filter((r) => r.rentStatus === 'Due' || r.rentStatus === 'Overdue' || r.rentStatus === 'Part-paid').length,
      overdue: s.tenancies.filter((r) => r.rentStatus === 'Overdue').length,
      inspectionsScheduled: s.inspections.filter((c) => c.column === 'scheduled').length,
      waiting: s.waitingList.length,
      viewings: s.viewings.slice().sort((a, b) => (a.date + a.time).localeCompare(b.date + b.time)).slice(0, 5),
      sites: SITES.map((x) => ({ name: x.name, warden: x.warden, plots: x.plots, vacant: 0 })),
      closedDays: CLOSED_DAYS,
    });
  }
  if (method === 'GET' && p === '/api/sites') return send(res, 200, SITES.map((s) => ({ code: s.code, name: s.name, warden: s.warden })));

  // job 1
  if (method === 'GET' && p === '/api/tenancies') return send(res, 200, { rows: state.tenancies, statuses: RENT_STATUSES });
  if (method === 'POST' && p === '/api/tenancies/bulk') {
    const body = await json(req);
    if (!body || !Array.isArray(body.changes)) { log.tenancies.push({ error: 'bad body' }); return send(res, 400, { error: 'Expected {changes:[...]}' }); }
    const EDITABLE = ['rentStatus', 'notes', 'phone', 'email', 'concession'];
    const applied = [];
    for (const ch of body.changes) {
      const row = state.tenancies.find((r) => r.id === ch.id);
      if (!row) continue;
      const patch = {};
      for (const k of EDITABLE) if (k in ch) {
        if (k === 'rentStatus' && !RENT_STATUSES.includes(ch[k])) continue;
        patch[k] = String(ch[k] ?? '');
      }
      Object.assign(row, patch);
      applied.push({ id: row.id, ...patch });
    }
    log.tenancies.push({ applied });
    return send(res, 200, { saved: applied.length, rows: applied.map((a) => state.tenancies.find((r) => r.id === a.id)) });
  }

  // job 2
  if (method === 'GET' && p === '/api/notices/winter') return send(res, 200, state.notice);
  if (method === 'PUT' && p === '/api/notices/winter') {
    const body = await json(req);
    if (!body || typeof body.html !== 'string' || !body.html.trim()) { log.notice.push({ error: 'empty' }); return send(res, 400, { error: 'Notice body is required' }); }
    state.notice = { ...state.notice, html: body.html, updated: `${TODAY} 10:${String(10 + log.notice.length).padStart(2, '0')}`, updatedBy: 'You' };
    log.notice.push({ length: body.html.length });
    return send(res, 200, state.notice);
  }

  // job 3
  if (method === 'GET' && p === '/api/inspections') return send(res, 200, state.inspections);
  let m = /^\/api\/inspections\/([A-Z]+-\d+)\/move$/.exec(p);
  if (method === 'POST' && m) {
    const body = await json(req);
    const card = state.inspections.find((c) => c.id === m[1]);
    const cols = ['scheduled', 'passed', 'needs-work', 'notice'];
    if (!card || !body || !cols.includes(body.column)) { log.inspections.push({ id: m[1], error: 'bad move' }); return send(res, 400, { error: 'Unknown inspection or column' }); }
    const from = card.column; card.column = body.column;
    let message;
    if (body.column === 'passed') message = `Inspection passed: certificate ${certificateFor(card.id)} issued for ${card.plot}`;
    else if (body.column === 'needs-work') message = `Work notice ${workNoticeFor(card.id)} drafted for ${card.plot}`;
    else if (body.column === 'notice') message = `Formal notice queued for ${card.plot} (${card.tenant})`;
    else message = `${card.plot} moved back to Scheduled`;
    log.inspections.push({ id: card.id, plot: card.plot, tenant: card.tenant, from, to: body.column, message });
    return send(res, 200, { card, message });
  }

  // job 4
  if (method === 'GET' && p === '/api/soil-tests') return send(res, 200, state.soilReports);
  if (method === 'POST' && p === '/api/soil-tests/upload') {
    const buf = await readBody(req);
    const mp = parseMultipart(buf, req.headers['content-type']);
    const file = mp && (mp.files.file || Object.values(mp.files)[0]);
    if (!file) { log.soil.push({ ok: false, error: 'no file' }); return send(res, 400, { error: 'No file received' }); }
    const hash = crypto.createHash('sha256').update(file.data).digest('hex');
    const text = file.data.toString('utf8').trim();
    const lines = text.split(/\r?\n/);
    const head = lines.shift().split(',').map((s) => s.trim().toLowerCase());
    const iph = head.indexOf('ph'); const ino = head.indexOf('nitrate_ppm');
    if (iph < 0) { log.soil.push({ ok: false, file: file.filename, error: 'no ph column', matches: SOIL_FILE_HASHES[hash] || null }); return send(res, 422, { error: 'The file has no "ph" column' }); }
    const rows = lines.map((l) => l.split(',')).filter((c) => c.length > iph && !isNaN(parseFloat(c[iph])));
    const ph = rows.reduce((a, c) => a + parseFloat(c[iph]), 0) / rows.length;
    const nitrate = ino >= 0 ? rows.reduce((a, c) => a + parseFloat(c[ino]), 0) / rows.length : 0;
    const advice = ph < 5.8 ? 'Apply garden lime, 200 g/m²' : ph < 6.3 ? 'Apply garden lime, 100 g/m²' : ph > 7.3 ? 'Add sulphur chips or ericaceous compost' : 'No lime needed';
    const report = { id: `ST-${state.nextSoil++}`, file: file.filename, uploaded: TODAY, samples: rows.length, ph: ph.toFixed(2), nitrate: nitrate.toFixed(1), advice };
    state.soilReports.push(report);
    log.soil.push({ ok: true, file: file.filename, matches: SOIL_FILE_HASHES[hash] || null, report, chunk: mp.fields.chunkNumber || null });
    return send(res, 200, report);
  }

  // job 5
  if (method === 'GET' && p === '/api/water-usage') {
    const code = url.searchParams.get('site');
    if (!state.water[code]) return send(res, 404, { error: 'Unknown site' });
    log.water.push(code);
    return send(res, 200, { site: siteName(code), code, unit: 'm³', months: state.water[code] });
  }

  // job 6
  if (method === 'GET' && p === '/api/viewings') return send(res, 200, { viewings: state.viewings, closedDays: CLOSED_DAYS, today: TODAY });
  if (method === 'GET' && p === '/api/applicants') return send(res, 200, state.waitingList.map((w) => ({ id: w.id, name: w.name, postcode: w.postcode })));
  if (method === 'POST' && p === '/api/viewings') {
    const b = await json(req) || {};
    const errs = [];
    const app = state.waitingList.find((w) => w.id === b.applicantId);
    if (!app) errs.push('Choose an applicant');
    if (!SITES.some((s) => s.name === b.site)) errs.push('Choose a site');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(b.date || '')) errs.push('Choose a date');
    else if (b.date < TODAY || isWeekend(b.date) || CLOSED_DAYS.some((c) => c.date === b.date)) errs.push('The office cannot offer that date');
    if (!/^\d{2}:\d{2}$/.test(b.time || '')) errs.push('Choose a time');
    if (errs.length) { log.viewings.push({ rejected: errs, body: b }); return send(res, 422, { errors: errs }); }
    const v = { ref: `VW-27-${String(state.nextViewing++).padStart(4, '0')}`, applicantId: app.id, applicant: app.name, postcode: app.postcode, site: b.site, date: b.date, time: b.time, note: String(b.note || '') };
    state.viewings.push(v);
    log.viewings.push({ created: v });
    return send(res, 201, v);
  }

  // job 7
  if (method === 'GET' && p === '/api/waiting-list') {
    const q = (url.searchParams.get('q') || '').trim().toLowerCase();
    const page = Math.max(1, Number(url.searchParams.get('page') || 1));
    const per = 10;
    const all = state.waitingList.filter((w) => !q || w.name.toLowerCase().includes(q) || w.postcode.toLowerCase().includes(q));
    const pages = Math.max(1, Math.ceil(all.length / per));
    return send(res, 200, { total: all.length, page: Math.min(page, pages), pages, items: all.slice((Math.min(page, pages) - 1) * per, Math.min(page, pages) * per) });
  }
  m = /^\/api\/waiting-list\/([A-Z]+-\d+)$/.exec(p);
  if (method === 'DELETE' && m) {
    const i = state.waitingList.findIndex((w) => w.id === m[1]);
    if (i < 0) { log.waiting.push({ id: m[1], error: 'not found' }); return send(res, 404, { error: 'Not on the waiting list' }); }
    const [w] = state.waitingList.splice(i, 1);
    log.waiting.push({ deleted: w });
    return send(res, 200, { deleted: w.id });
  }
  return send(res, 404, { error: 'No such endpoint' });
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
    if (url.pathname.startsWith('/api/')) return await api(req, res, url);
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { error: 'method not allowed' });
    return serveStatic(req, res, url.pathname);
  } catch (e) {
    console.error(e);
    if (!res.headersSent) send(res, 500, { error: String(e.message || e) });
  }
});
server.listen(PORT, '127.0.0.1', () => console.log(`Allotments office on http://127.0.0.1:${PORT}/`));
