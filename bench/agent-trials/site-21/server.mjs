// Gale Ridge Wind — maintenance office back end. Plain node:http, in-memory state.
import http from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { join, extname, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seed, STATUSES, WO_COLUMNS, DOC_ORIGINAL } from './data.mjs';

const ROOT = fileURLToPath(new URL('.', import.meta.url));
const DIST = join(ROOT, 'dist');
const PORT = Number(process.env.PORT || 4799);
const IDLE_MS = Number(process.env.IDLE_MS || 2 * 60 * 60 * 1000);

let state = seed();
let initial = seed();
let hits = {};
let lastActivity = Date.now();

const MIME = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.png': 'image/png', '.svg': 'image/svg+xml', '.json': 'application/json', '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.gif': 'image/gif' };

const delay = () => new Promise((r) => setTimeout(r, 300 + Math.floor(Math.random() * 500)));

function send(res, status, body) {
  const data = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(data);
}
async function readBody(req, limit = 2_000_000) {
  const chunks = []; let size = 0;
  for await (const c of req) { size += c.length; if (size > limit) throw Object.assign(new Error('Body too large'), { status: 413 }); chunks.push(c); }
  return Buffer.concat(chunks).toString('utf8');
}
async function readJson(req) {
  const t = await readBody(req);
  try { return t ? JSON.parse(t) : {}; } catch { throw Object.assign(new Error('Invalid JSON'), { status: 400 }); }
}
const bad = (msg, status = 400) => Object.assign(new Error(msg), { status });

function isoDay(iso) { return new Date(iso + 'T00:00:00Z').getUTCDay(); }

// ---------- verification ----------
const stripTags = (h) => h.replace(/<[^>]*>/g, ' ').replace(/&nbsp;|&#160;/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
function paragraphs(html) {
  return [...html.matchAll(/<(p|h2|div)\b[^>]*>([\s\S]*?)<\/\1>/gi)].map((m) => stripTags(m[2])).filter(Boolean);
}
function scadaSummary(text) {
  const lines = text.split(/\r?\n/).filter((l) => l.trim());
  const header = lines.shift()?.split(',').map((s) => s.trim()) || [];
  const ix = (n) => header.indexOf(n);
  if (ix('energy_kwh') < 0 || ix('status_code') < 0 || ix('turbine') < 0) throw bad('This does not look like a SCADA export: expected energy_kwh, status_code and turbine columns.', 422);
  let total = 0, faults = 0, first = null, last = null; const turbines = new Set();
  for (const l of lines) {
    const c = l.split(',');
    total += Number(c[ix('energy_kwh')]) || 0;
    if ((c[ix('status_code')] || '0').trim() !== '0') faults++;
    turbines.add(c[ix('turbine')]);
    const ts = c[ix('timestamp')] || ''; if (!first) first = ts; last = ts;
  }
  return { turbine: [...turbines].join(', '), rows: lines.length, totalKwh: Math.round(total * 10) / 10, faultEvents: faults, from: first?.slice(0, 10), to: last?.slice(0, 10) };
}
let targetScada = null;
readFile(join(ROOT, 'files', 'scada-export-CM-14-2026-03.csv'), 'utf8').then((t) => { targetScada = scadaSummary(t); }).catch(() => {});

function verify() {
  const jobs = {};
  // 1. work orders grid
  {
    const changed = [];
    for (const row of state.workOrders) {
      const o = initial.workOrders.find((r) => r.id === row.id);
      for (const k of Object.keys(row)) if (row[k] !== o[k]) changed.push(`${row.id}.${k}`);
    }
    const t = state.workOrders.find((r) => r.id === 'WO-24204');
    const ok = t.status === 'On hold' && t.note.trim().toLowerCase() === 'awaiting crane slot';
    jobs.workOrders = { done: ok && changed.length === 2, details: { target: 'WO-24204', status: t.status, note: t.note, changedCells: changed, saves: state.woSaves.length } };
  }
  // 2. document
  {
    const html = state.document.html;
    const paras = paragraphs(html);
    const expected = paragraphs(DOC_ORIGINAL).map((p) => p.startsWith('Hollin Edge') ? p.replace('every six months', 'every three months') : p);
    const textOk = paras.length === expected.length && paras.every((p, i) => p === expected[i]);
    const bold = /<(b|strong)\b[^>]*>\s*stop work authority\s*<\/\1>/i.test(html);
    const italic = /<(i|em)\b[^>]*>\s*charged\s*<\/\1>/i.test(html);
    const link = /<a\b[^>]*href="https:\/\/permits\.galeridge\.example\/register\/?"[^>]*>\s*permit register\s*<\/a>/i.test(html);
    const extraBold = (html.match(/<(b|strong)\b/gi) || []).length === 1 && (html.match(/<(i|em)\b/gi) || []).length === 1 && (html.match(/<a\b/gi) || []).length === 1;
    jobs.document = { done: !!state.document.savedAt && textOk && bold && italic && link && extraBold, details: { saved: !!state.document.savedAt, textOk, bold, italic, link, onlyThoseFormats: extraBold, paragraphs: paras } };
  }
  // 3. board
  {
    const moved = state.board.cards.filter((c) => c.column !== initial.board.cards.find((o) => o.id === c.id).column).map((c) => `${c.id}:${c.column}`);
    const c1 = state.board.cards.find((c) => c.id === 'c1');
    jobs.board = { done: c1.column === 'scheduled' && moved.length === 1, details: { movedCards: moved, expectedRef: state.board.refs.c1, moves: state.board.moves } };
  }
  // 4. upload
  {
    const imp = state.imports.find((i) => i.filename === 'scada-export-CM-14-2026-03.csv');
    const ok = !!imp && !!targetScada && imp.totalKwh === targetScada.totalKwh && imp.rows === targetScada.rows;
    jobs.upload = { done: ok && state.imports.length === 1, details: { imports: state.imports.map(({ filename, totalKwh, faultEvents }) => ({ filename, totalKwh, faultEvents })), expectedTotalKwh: targetScada?.totalKwh } };
  }
  // 5. chart
  {
    const s = state.performance.signoffs;
    const ok = s.length === 1 && s[0].site === 'Hollin Edge' && s[0].month === '2025-08' && Math.abs(s[0].availability - 96.7) < 1e-9;
    jobs.chart = { done: ok, details: { signoffs: s, expected: { site: 'Hollin Edge', month: '2025-08', availability: 96.7 } } };
  }
  // 6. booking
  {
    const b = state.bookings;
    const ok = b.length === 1 && b[0].contractorId === 'k101' && b[0].site === 'Northfell' && b[0].date === '2026-04-22' && b[0].time === '10:30'
      && /bring load charts for the 90 ?t crane/i.test(b[0].note);
    jobs.booking = { done: ok, details: { bookings: b } };
  }
  // 7. personnel
  {
    const ok = state.deletedPeople.length === 1 && state.deletedPeople[0] === 'p1098';
    jobs.personnel = { done: ok, details: { deleted: state.deletedPeople, remaining: state.personnel.length } };
  }
  return { jobs, hits };
}

// ---------- API ----------
async function api(req, res, url) {
  const path = url.pathname;
  const m = req.method;
  if (m !== 'GET' && m !== 'HEAD') { const k = `${m} ${path}`; hits[k] = (hits[k] || 0) + 1; }
  await delay();

  if (m === 'GET' && path === '/api/meta') return send(res, 200, { today: state.today, office: 'Gale Ridge Wind — Maintenance Office', user: 'Sam Whitfield' });
  if (m === 'GET' && path === '/api/dashboard') {
    const open = state.workOrders.filter((w) => w.status !== 'Completed').length;
    return send(res, 200, {
      today: state.today, openWorkOrders: open, onHold: state.workOrders.filter((w) => w.status === 'On hold').length,
      boardCards: state.board.cards.filter((c) => c.column !== 'done').length, personnel: state.personnel.length,
      bookings: state.bookings.length, imports: state.imports.length,
    });
  }
  // work orders
  if (m === 'GET' && path === '/api/work-orders') return send(res, 200, { columns: WO_COLUMNS, statuses: STATUSES, rows: state.workOrders });
  if (m === 'POST' && path === '/api/work-orders/bulk') {
    const body = await readJson(req);
    const changes = Array.isArray(body.changes) ? body.changes : null;
    if (!changes || !changes.length) throw bad('No changes to save.');
    const editable = new Set(WO_COLUMNS.filter((c) => c.editor).map((c) => c.key));
    for (const ch of changes) {
      if (!state.workOrders.some((w) => w.id === ch.id)) throw bad(`Unknown work order ${ch.id}.`);
      if (!editable.has(ch.field)) throw bad(`Field ${ch.field} cannot be edited.`);
      if (ch.field === 'status' && !STATUSES.includes(ch.value)) throw bad(`Unknown status ${ch.value}.`);
      if (typeof ch.value !== 'string' || ch.value.length > 200) throw bad('Invalid value.');
    }
    for (const ch of changes) state.workOrders.find((w) => w.id === ch.id)[ch.field] = ch.value;
    state.woSaves.push({ at: new Date().toISOString(), count: changes.length });
    return send(res, 200, { saved: changes.length, rows: state.workOrders });
  }
  // document
  if (m === 'GET' && path === '/api/documents/safety-briefing') return send(res, 200, { title: 'Weekly safety briefing', ...state.document });
  if (m === 'PUT' && path === '/api/documents/safety-briefing') {
    const body = await readJson(req);
    if (typeof body.html !== 'string' || !body.html.trim()) throw bad('Document is empty.');
    state.document = { html: body.html, savedAt: new Date().toISOString(), saves: state.document.saves + 1 };
    return send(res, 200, state.document);
  }
  // board
  if (m === 'GET' && path === '/api/board') return send(res, 200, { columns: state.board.columns, cards: state.board.cards });
  if (m === 'POST' && path === '/api/board/moves') {
    const body = await readJson(req);
    const card = state.board.cards.find((c) => c.id === body.cardId);
    if (!card) throw bad('Unknown card.', 404);
    if (!state.board.columns.some((c) => c.id === body.toColumn)) throw bad('Unknown column.');
    card.column = body.toColumn;
    let ref = state.board.refs[card.id];
    if (!ref) { let h = 0; for (const ch of card.id + body.toColumn) h = (h * 31 + ch.charCodeAt(0)) % 99991; ref = 'DSP-' + h.toString(36).toUpperCase().padStart(5, 'X'); }
    state.board.moves.push({ cardId: card.id, toColumn: body.toColumn, ref });
    return send(res, 200, { ref, card });
  }
  // scada upload
  if (m === 'GET' && path === '/api/scada/imports') return send(res, 200, { imports: state.imports });
  if (m === 'POST' && path === '/api/scada/imports') {
    const filename = (url.searchParams.get('filename') || '').split(/[\\/]/).pop();
    if (!filename) throw bad('Missing file name.');
    const text = await readBody(req);
    if (!text.trim()) throw bad('The file is empty.');
    const sum = scadaSummary(text);
    const imp = { id: 'IMP-' + (880 + state.imports.length + 1), filename, bytes: Buffer.byteLength(text), ...sum, importedAt: new Date().toISOString() };
    state.imports.push(imp);
    return send(res, 200, imp);
  }
  // performance
  if (m === 'GET' && path === '/api/performance') return send(res, 200, { months: state.performance.months, series: state.performance.series, signoffs: state.performance.signoffs });
  if (m === 'POST' && path === '/api/performance/signoffs') {
    const body = await readJson(req);
    const av = Number(body.availability);
    if (!state.performance.series[body.site]) throw bad('Choose a site.');
    if (!state.performance.months.includes(body.month)) throw bad('Choose a month.');
    if (!Number.isFinite(av) || av < 0 || av > 100) throw bad('Availability must be a percentage between 0 and 100.');
    const s = { id: 'SO-' + (410 + state.performance.signoffs.length + 1), site: body.site, month: body.month, availability: av, signedBy: 'Sam Whitfield' };
    state.performance.signoffs.push(s);
    return send(res, 200, s);
  }
  // booking
  if (m === 'GET' && path === '/api/contractors') return send(res, 200, { contractors: state.contractors });
  if (m === 'GET' && path === '/api/calendar') return send(res, 200, { today: state.today, closedDays: state.closedDays });
  if (m === 'POST' && path === '/api/bookings') {
    const b = await readJson(req);
    const contractor = state.contractors.find((c) => c.id === b.contractorId);
    if (!contractor) throw bad('Choose a contractor from the list.');
    if (!['Carrow Moor', 'Hollin Edge', 'Northfell', 'Skelwith Rigg'].includes(b.site)) throw bad('Choose a site.');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(b.date || '')) throw bad('Choose a visit date.');
    if (b.date <= state.today) throw bad('Visits can only be booked from tomorrow onwards.');
    if ([0, 6].includes(isoDay(b.date))) throw bad('The office does not book visits at weekends.');
    if (state.closedDays[b.date]) throw bad(`The office cannot offer ${b.date}: ${state.closedDays[b.date]}.`);
    if (!/^(0[89]|1[0-5]):(00|30)$/.test(b.time || '')) throw bad('Choose a time slot.');
    const ref = 'SV-' + state.nextBooking++;
    const booking = { ref, contractorId: contractor.id, contractor: contractor.name, site: b.site, date: b.date, time: b.time, note: String(b.note || '').slice(0, 500) };
    state.bookings.push(booking);
    return send(res, 200, booking);
  }
  // personnel
  if (m === 'GET' && path === '/api/personnel') {
    const q = (url.searchParams.get('q') || '').trim().toLowerCase();
    const size = Math.min(50, Math.max(5, Number(url.searchParams.get('size')) || 10));
    let list = [...state.personnel].sort((a, b) => (a.surname + a.firstName + a.id).localeCompare(b.surname + b.firstName + b.id));
    if (q) list = list.filter((p) => `${p.firstName} ${p.surname} ${p.company} ${p.role}`.toLowerCase().includes(q));
    const pages = Math.max(1, Math.ceil(list.length / size));
    const page = Math.min(pages, Math.max(1, Number(url.searchParams.get('page')) || 1));
    return send(res, 200, { items: list.slice((page - 1) * size, page * size), total: list.length, page, pages, size });
  }
  const pm = path.match(/^\/api\/personnel\/([\w-]+)$/);
  if (m === 'DELETE' && pm) {
    const i = state.personnel.findIndex((p) => p.id === pm[1]);
    if (i < 0) throw bad('That person is not on the register.', 404);
    const [p] = state.personnel.splice(i, 1);
    state.deletedPeople.push(p.id);
    return send(res, 200, { deleted: p });
  }
  throw bad('Not found', 404);
}

async function serveStatic(req, res, url) {
  let p = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, '');
  let file = join(DIST, p);
  if (!file.startsWith(DIST)) file = join(DIST, 'index.html');
  try {
    const s = await stat(file);
    if (s.isDirectory()) file = join(file, 'index.html');
    await stat(file);
  } catch {
    file = join(DIST, 'index.html');
  }
  try {
    const data = await readFile(file);
    const type = MIME[extname(file)] || 'application/octet-stream';
    res.writeHead(200, { 'Content-Type': type, 'Cache-Control': file.endsWith('index.html') ? 'no-cache' : 'public, max-age=3600' });
    res.end(req.method === 'HEAD' ? undefined : data);
  } catch {
    res.writeHead(500, { 'Content-Type': 'text/plain' });
    res.end('Front end not built. Run npm run build.');
  }
}

const server = http.createServer(async (req, res) => {
  lastActivity = Date.now();
  const url = new URL(req.url, 'http://127.0.0.1');
  try {
    if (url.pathname === '/__verify' && req.method === 'GET') return send(res, 200, verify());
    if (url.pathname === '/__reset' && req.method === 'POST') { state = seed(); initial = seed(); hits = {}; return send(res, 200, { ok: true }); }
    if (url.pathname.startsWith('/api/')) return await api(req, res, url);
    return await serveStatic(req, res, url);
  } catch (e) {
    send(res, e.status || 500, { error: e.status ? e.message : 'Internal error' });
    if (!e.status) console.error(e);
  }
});

server.listen(PORT, '127.0.0.1', () => console.log(`Gale Ridge maintenance office on http://127.0.0.1:${PORT}/`));
setInterval(() => {
  if (Date.now() - lastActivity > IDLE_MS) { console.log('Idle, exiting.'); process.exit(0); }
}, Math.min(60_000, Math.max(1000, Math.floor(IDLE_MS / 4)))).unref?.();
