// Harbourline Removals back office - API and static file server (node:http only).
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  seed, TODAY, CREWS, MOVE_COLUMNS, DISPATCH_DATE, DISPATCH_COLUMNS, dispatchReference, FLEET_WEEKS, FLEET_SERIES,
  SURVEY_CLOSED, SURVEY_EARLIEST, SURVEY_LATEST, SURVEY_SLOTS, surveyReference, GUIDE_SECTIONS, shortHash,
} from './data.mjs';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.join(ROOT, 'dist');
const PORT = Number(process.env.PORT || 4800);
const IDLE_MS = Number(process.env.IDLE_MS || 2 * 60 * 60 * 1000);
const HOST = '127.0.0.1';

let state = seed();
let hits = {};
const SEED = seed();

// ---------- job definitions (used by /__verify) ----------
const TARGET = {
  moveRef: 'MV-24213', crew: 'Kestrel', notes: 'Narrow lane - use the Luton van',
  dispatchRef: 'MV-23962', dispatchTo: 'heron',
  uploadFile: path.join(ROOT, 'files', 'inventory-MV-24187.csv'),
  fleet: { vehicle: 'Luton 3', week: '2026-03-16', miles: 687 },
  survey: { customerName: 'Marguerite Oyelaran-Fitch', date: '2026-04-22', time: '10:30', type: 'In-home', note: 'piano in the conservatory' },
  staffId: 'S-1047',
  link: 'https://www.harbourline-removals.example/damage-claim',
};
const TARGET_UPLOAD_SHA = fs.existsSync(TARGET.uploadFile)
  ? crypto.createHash('sha256').update(fs.readFileSync(TARGET.uploadFile)).digest('hex') : null;

const norm = (s) => String(s ?? '').replace(/[\u2010-\u2015\u2212]/g, '-').replace(/[\u00a0\s]+/g, ' ').trim().replace(/\.$/, '').toLowerCase();

// ---------- mobiledoc helpers ----------
function mobiledocSections(doc) {
  const out = [];
  if (!doc || !Array.isArray(doc.sections)) return out;
  const markups = doc.markups || [];
  const atoms = doc.atoms || [];
  const walkMarkers = (markers) => {
    const runs = [];
    const open = [];
    for (const m of markers || []) {
      const [type, opens, closes, value] = m;
      for (const idx of opens || []) {
        const mk = markups[idx] || [];
        const attrs = {};
        const list = mk[1] || [];
        for (let i = 0; i < list.length; i += 2) attrs[String(list[i]).toLowerCase()] = list[i + 1];
        open.push({ tag: String(mk[0] || '').toLowerCase(), attrs });
      }
      const text = type === 1 ? String((atoms[value] || [])[1] || '') : String(value ?? '');
      runs.push({ text, markups: open.slice() });
      for (let i = 0; i < (closes || 0); i++) open.pop();
    }
    return runs;
  };
  for (const s of doc.sections) {
    if (s[0] === 1) out.push({ tag: String(s[1]).toLowerCase(), runs: walkMarkers(s[2]) });
    else if (s[0] === 3) for (const item of s[2] || []) out.push({ tag: 'li', runs: walkMarkers(item) });
  }
  for (const s of out) s.text = s.runs.map((r) => r.text).join('');
  return out;
}

function spans(sections, test) {
  // contiguous runs carrying a markup that passes `test`
  const found = [];
  sections.forEach((s, si) => {
    let cur = null;
    for (const r of s.runs) {
      const m = r.markups.find(test);
      const key = m ? JSON.stringify(m.attrs) : null;
      if (m && cur && cur.key === key) cur.text += r.text;
      else if (m) { cur = { section: si, text: r.text, attrs: m.attrs, key }; found.push(cur); }
      else cur = null;
    }
  });
  return found.filter((f) => f.text.trim() !== '');
}

function letterCheck(doc) {
  const sections = mobiledocSections(doc).filter((s) => s.text.trim() !== '');
  const expected = GUIDE_SECTIONS.map(([tag, text]) => ({ tag, text }));
  expected[9].text = 'For storage collections, the crew arrives between 9 am and 11 am.';
  const problems = [];
  if (sections.length !== expected.length) problems.push(`expected ${expected.length} non-empty sections, found ${sections.length}`);
  expected.forEach((e, i) => {
    const s = sections[i];
    if (!s) return;
    if (norm(s.text) !== norm(e.text)) problems.push(`section ${i + 1} text is "${s.text}"`);
    if (s.tag !== e.tag) problems.push(`section ${i + 1} is <${s.tag}> not <${e.tag}>`);
  });
  const bold = spans(sections, (m) => m.tag === 'strong' || m.tag === 'b');
  const italic = spans(sections, (m) => m.tag === 'em' || m.tag === 'i');
  const links = spans(sections, (m) => m.tag === 'a');
  if (!(bold.length === 1 && bold[0].section === 3 && norm(bold[0].text) === 'fragile items')) problems.push(`bold spans: ${JSON.stringify(bold.map((b) => [b.section + 1, b.text]))}`);
  if (!(italic.length === 1 && italic[0].section === 2 && norm(italic[0].text) === 'before')) problems.push(`italic spans: ${JSON.stringify(italic.map((b) => [b.section + 1, b.text]))}`);
  const hrefOk = (h) => String(h || '').trim().replace(/\/$/, '').toLowerCase() === TARGET.link;
  if (!(links.length === 1 && links[0].section === 12 && norm(links[0].text) === 'damage claim form' && hrefOk(links[0].attrs.href))) problems.push(`links: ${JSON.stringify(links.map((b) => [b.section + 1, b.text, b.attrs.href]))}`);
  return { ok: problems.length === 0, problems, bold: bold.map((b) => b.text), italic: italic.map((b) => b.text), links: links.map((l) => ({ text: l.text, href: l.attrs.href })) };
}

// ---------- inventory ----------
function parseInventory(text) {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.trim() !== '');
  if (!lines.length) throw new Error('The file is empty.');
  const header = lines[0].split(',').map((h) => h.trim().toLowerCase());
  const need = ['move_ref', 'customer', 'room', 'item', 'quantity', 'cubic_ft_each'];
  for (const n of need) if (!header.includes(n)) throw new Error(`Missing column "${n}". Expected: ${need.join(', ')}.`);
  const col = Object.fromEntries(need.map((n) => [n, header.indexOf(n)]));
  let items = 0; let cubicFt = 0; const refs = new Set(); const customers = new Set(); const rooms = new Set();
  for (const line of lines.slice(1)) {
    const cells = line.split(',').map((c) => c.trim());
    const q = Number(cells[col.quantity]); const cf = Number(cells[col.cubic_ft_each]);
    if (!Number.isFinite(q) || !Number.isFinite(cf)) throw new Error(`Bad number on line: ${line}`);
    items += q; cubicFt += q * cf;
    refs.add(cells[col.move_ref]); customers.add(cells[col.customer]); rooms.add(cells[col.room]);
  }
  if (refs.size !== 1) throw new Error('The sheet must be for exactly one move.');
  const volumeM3 = Math.round(cubicFt * 0.0283168 * 10) / 10;
  const vehicle = volumeM3 <= 20 ? 'Luton van' : volumeM3 <= 40 ? '7.5 tonne lorry' : '18 tonne lorry';
  return { moveRef: [...refs][0], customer: [...customers][0], lines: lines.length - 1, rooms: rooms.size, items, cubicFt, volumeM3, vehicle };
}
const TARGET_UPLOAD = fs.existsSync(TARGET.uploadFile) ? parseInventory(fs.readFileSync(TARGET.uploadFile, 'utf8')) : null;

function parseMultipart(buf, contentType) {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType || '');
  if (!m) return [];
  const boundary = Buffer.from('--' + (m[1] || m[2]).trim());
  const parts = [];
  let pos = buf.indexOf(boundary);
  while (pos !== -1) {
    const start = pos + boundary.length;
    if (buf.slice(start, start + 2).toString() === '--') break;
    const next = buf.indexOf(boundary, start);
    if (next === -1) break;
    const part = buf.slice(start + 2, next - 2); // skip CRLF after boundary and before next boundary
    const headEnd = part.indexOf('\r\n\r\n');
    if (headEnd !== -1) {
      const head = part.slice(0, headEnd).toString();
      const body = part.slice(headEnd + 4);
      const name = /name="([^"]*)"/i.exec(head)?.[1];
      const filename = /filename="([^"]*)"/i.exec(head)?.[1];
      parts.push({ name, filename, body });
    }
    pos = next;
  }
  return parts;
}

// ---------- verify ----------
function verify() {
  const jobs = {};
  {
    const row = state.moves.find((r) => r.ref === TARGET.moveRef);
    const seedRows = new Map(SEED.moves.map((r) => [r.ref, r]));
    const otherChanged = state.moves.filter((r) => r.ref !== TARGET.moveRef && JSON.stringify(r) !== JSON.stringify(seedRows.get(r.ref))).map((r) => r.ref);
    const ok = !!row && row.crew === TARGET.crew && norm(row.accessNotes) === norm(TARGET.notes) && otherChanged.length === 0;
    jobs.moves_grid = { done: ok, details: { ref: TARGET.moveRef, crew: row?.crew, accessNotes: row?.accessNotes, otherRowsChanged: otherChanged, saves: state.movesSaves.length, insuranceCert: row?.insuranceCert } };
  }
  {
    const letter = state.letters.find((l) => l.id === 'moving-day-guide');
    const chk = letterCheck(letter.mobiledoc);
    jobs.letter_edit = { done: chk.ok && state.letterSaves.length > 0, details: { saves: state.letterSaves.length, ...chk } };
  }
  {
    const seedCols = new Map(SEED.dispatch.map((c) => [c.ref, c.column]));
    const card = state.dispatch.find((c) => c.ref === TARGET.dispatchRef);
    const others = state.dispatch.filter((c) => c.ref !== TARGET.dispatchRef && c.column !== seedCols.get(c.ref)).map((c) => `${c.ref}->${c.column}`);
    jobs.dispatch_move = { done: card?.column === TARGET.dispatchTo && others.length === 0, details: { ref: TARGET.dispatchRef, column: card?.column, otherCardsMoved: others, reference: dispatchReference(TARGET.dispatchRef, TARGET.dispatchTo), log: state.dispatchLog } };
  }
  {
    const good = state.uploads.filter((u) => u.sha256 === TARGET_UPLOAD_SHA);
    jobs.inventory_upload = { done: good.length > 0, details: { expected: TARGET_UPLOAD && { moveRef: TARGET_UPLOAD.moveRef, volumeM3: TARGET_UPLOAD.volumeM3, items: TARGET_UPLOAD.items }, uploads: state.uploads.map(({ filename, moveRef, volumeM3, items, sha256 }) => ({ filename, moveRef, volumeM3, items, matchesTarget: sha256 === TARGET_UPLOAD_SHA })) } };
  }
  {
    const f = TARGET.fleet;
    const forPair = state.fleetChecks.filter((c) => c.vehicle === f.vehicle && c.weekCommencing === f.week);
    const last = forPair[forPair.length - 1];
    jobs.fleet_check = { done: !!last && last.miles === f.miles, details: { expected: f, checks: state.fleetChecks } };
  }
  {
    const t = TARGET.survey;
    const cust = state.customers.find((c) => c.name === t.customerName);
    const ok = state.surveys.length === 1 && state.surveys.every((s) => s.customerId === cust.id && s.date === t.date && s.time === t.time && s.type === t.type && norm(s.note).includes(t.note));
    jobs.survey_booking = { done: ok, details: { expected: { customerId: cust.id, ...t, reference: surveyReference(cust.id, t.date, t.time) }, bookings: state.surveys } };
  }
  {
    const gone = !state.staff.some((s) => s.id === TARGET.staffId);
    const missing = SEED.staff.filter((s) => s.id !== TARGET.staffId && !state.staff.some((x) => x.id === s.id)).map((s) => `${s.id} ${s.firstName} ${s.lastName}`);
    jobs.staff_delete = { done: gone && missing.length === 0, details: { target: TARGET.staffId, targetDeleted: gone, othersDeleted: missing, remaining: state.staff.length } };
  }
  return { jobs, hits };
}

// ---------- HTTP plumbing ----------
const MIME = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.woff': 'font/woff', '.woff2': 'font/woff2', '.ttf': 'font/ttf',
  '.json': 'application/json', '.map': 'application/json', '.csv': 'text/csv; charset=utf-8' };

function send(res, status, body, headers = {}) {
  const data = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  res.end(data);
}
const readBody = (req) => new Promise((resolve, reject) => {
  const chunks = []; let size = 0;
  req.on('data', (c) => { size += c.length; if (size > 5e6) { reject(new Error('too large')); req.destroy(); } else chunks.push(c); });
  req.on('end', () => resolve(Buffer.concat(chunks)));
  req.on('error', reject);
});
const json = async (req) => { const b = await readBody(req); try { return b.length ? JSON.parse(b.toString('utf8')) : {}; } catch { return null; } };
const delay = () => new Promise((r) => setTimeout(r, 300 + Math.floor(Math.random() * 500)));

function serveStatic(req, res, pathname) {
  let rel = decodeURIComponent(pathname);
  let file = path.normalize(path.join(DIST, rel));
  if (!file.startsWith(DIST)) return send(res, 403, { error: 'Forbidden' });
  if (!fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(DIST, 'index.html');
  if (!fs.existsSync(file)) return send(res, 503, 'Front end not built. Run: npm run build', { 'Content-Type': 'text/plain' });
  const ext = path.extname(file);
  res.writeHead(200, { 'Content-Type': MIME[ext] || 'application/octet-stream', 'Cache-Control': ext === '.html' ? 'no-store' : 'public, max-age=300' });
  fs.createReadStream(file).pipe(res);
}

function isWeekend(iso) { const d = new Date(iso + 'T00:00:00Z').getUTCDay(); return d === 0 || d === 6; }

async function api(req, res, method, pathname, url) {
  await delay();
  let m;
  // dashboard
  if (method === 'GET' && pathname === '/api/dashboard') {
    const weekEnd = '2026-04-12';
    return send(res, 200, {
      today: TODAY,
      movesThisWeek: state.moves.filter((r) => r.moveDate >= TODAY && r.moveDate <= weekEnd).length,
      unassignedMoves: state.moves.filter((r) => r.crew === 'Unassigned').length,
      dispatchUnassigned: state.dispatch.filter((c) => c.column === 'unassigned').length,
      surveysBooked: state.surveys.length,
      staff: state.staff.length,
      letters: state.letters.length,
      uploads: state.uploads.length,
    });
  }
  // moves grid
  if (method === 'GET' && pathname === '/api/moves') return send(res, 200, { columns: MOVE_COLUMNS, crews: CREWS, rows: state.moves });
  if (method === 'POST' && pathname === '/api/moves/bulk') {
    const body = await json(req);
    if (!body || !Array.isArray(body.changes) || body.changes.length === 0) return send(res, 400, { error: 'Send {changes:[{ref, crew?, accessNotes?}]} with at least one change.' });
    for (const c of body.changes) {
      const row = state.moves.find((r) => r.ref === c.ref);
      if (!row) return send(res, 404, { error: `No move ${c.ref}` });
      for (const k of Object.keys(c)) if (!['ref', 'crew', 'accessNotes'].includes(k)) return send(res, 422, { error: `Field ${k} cannot be changed here.` });
      if ('crew' in c && !CREWS.includes(c.crew)) return send(res, 422, { error: `Unknown crew ${c.crew}` });
      if ('accessNotes' in c && (typeof c.accessNotes !== 'string' || c.accessNotes.length > 200)) return send(res, 422, { error: 'Access notes must be text up to 200 characters.' });
    }
    for (const c of body.changes) {
      const row = state.moves.find((r) => r.ref === c.ref);
      if ('crew' in c) row.crew = c.crew;
      if ('accessNotes' in c) row.accessNotes = c.accessNotes.trim();
    }
    state.movesSaves.push({ at: new Date().toISOString(), refs: body.changes.map((c) => c.ref) });
    return send(res, 200, { saved: body.changes.length, rows: body.changes.map((c) => state.moves.find((r) => r.ref === c.ref)) });
  }
  // letters
  if (method === 'GET' && pathname === '/api/letters') return send(res, 200, state.letters.map(({ mobiledoc, ...rest }) => rest));
  if ((m = /^\/api\/letters\/([a-z0-9-]+)$/.exec(pathname))) {
    const letter = state.letters.find((l) => l.id === m[1]);
    if (!letter) return send(res, 404, { error: 'No such letter' });
    if (method === 'GET') return send(res, 200, letter);
    if (method === 'PUT') {
      const body = await json(req);
      const doc = body?.mobiledoc;
      if (!doc || typeof doc.version !== 'string' || !Array.isArray(doc.sections)) return send(res, 422, { error: 'Body must be {mobiledoc}.' });
      if (!mobiledocSections(doc).some((s) => s.text.trim())) return send(res, 422, { error: 'A letter cannot be empty.' });
      letter.mobiledoc = doc; letter.updatedAt = new Date().toISOString(); letter.updatedBy = 'You';
      state.letterSaves.push({ id: letter.id, at: letter.updatedAt });
      return send(res, 200, { id: letter.id, updatedAt: letter.updatedAt, updatedBy: letter.updatedBy });
    }
  }
  // dispatch
  if (method === 'GET' && pathname === '/api/dispatch') return send(res, 200, { date: DISPATCH_DATE, columns: DISPATCH_COLUMNS, cards: state.dispatch });
  if (method === 'POST' && pathname === '/api/dispatch/moves') {
    const body = await json(req);
    const card = state.dispatch.find((c) => c.ref === body?.ref);
    if (!card) return send(res, 404, { error: 'Unknown job' });
    if (!DISPATCH_COLUMNS.some((c) => c.id === body.to)) return send(res, 422, { error: 'Unknown crew column' });
    const from = card.column;
    card.column = body.to;
    const reference = dispatchReference(card.ref, body.to);
    state.dispatchLog.push({ ref: card.ref, from, to: body.to, reference });
    return send(res, 200, { ref: card.ref, from, to: body.to, reference });
  }
  // inventory upload
  if (method === 'GET' && pathname === '/api/inventory/uploads') return send(res, 200, state.uploads.map(({ sha256, ...u }) => u));
  if (method === 'POST' && pathname === '/api/inventory/uploads') {
    const buf = await readBody(req);
    const file = parseMultipart(buf, req.headers['content-type']).find((p) => p.filename);
    if (!file) return send(res, 400, { error: 'No file received.' });
    if (!/\.csv$/i.test(file.filename)) return send(res, 422, { error: 'Inventory sheets must be .csv files.' });
    let parsed;
    try { parsed = parseInventory(file.body.toString('utf8')); } catch (e) { return send(res, 422, { error: e.message }); }
    const move = state.moves.find((r) => r.ref === parsed.moveRef);
    const rec = { id: `UP-${state.uploads.length + 1}`, filename: file.filename, ...parsed, moveFound: !!move,
      moveSummary: move ? `${move.firstName} ${move.surname}, ${move.fromTown} to ${move.toTown}, ${move.moveDate}` : null,
      sha256: crypto.createHash('sha256').update(file.body).digest('hex'), at: new Date().toISOString() };
    state.uploads.push(rec);
    const { sha256, ...pub } = rec;
    return send(res, 200, pub);
  }
  // fleet
  if (method === 'GET' && pathname === '/api/fleet/mileage') return send(res, 200, { weeks: FLEET_WEEKS, series: FLEET_SERIES });
  if (method === 'GET' && pathname === '/api/fleet/checks') return send(res, 200, state.fleetChecks);
  if (method === 'POST' && pathname === '/api/fleet/checks') {
    const b = await json(req);
    if (!b || !FLEET_SERIES.some((s) => s.vehicle === b.vehicle)) return send(res, 422, { error: 'Choose a vehicle.' });
    if (!FLEET_WEEKS.includes(b.weekCommencing)) return send(res, 422, { error: 'Choose a week.' });
    const miles = Number(b.miles);
    if (!Number.isInteger(miles) || miles < 0 || miles > 5000) return send(res, 422, { error: 'Miles must be a whole number between 0 and 5000.' });
    const rec = { ref: `OC-${shortHash(`${b.vehicle}|${b.weekCommencing}|${miles}`, 4)}`, vehicle: b.vehicle, weekCommencing: b.weekCommencing, miles, at: new Date().toISOString() };
    state.fleetChecks.push(rec);
    return send(res, 200, rec);
  }
  // surveys
  if (method === 'GET' && pathname === '/api/customers') return send(res, 200, state.customers);
  if (method === 'GET' && pathname === '/api/surveys/availability') return send(res, 200, { today: TODAY, earliest: SURVEY_EARLIEST, latest: SURVEY_LATEST, closed: SURVEY_CLOSED, slots: SURVEY_SLOTS, weekendsClosed: true });
  if (method === 'GET' && pathname === '/api/surveys') return send(res, 200, state.surveys);
  if (method === 'POST' && pathname === '/api/surveys') {
    const b = await json(req);
    const cust = state.customers.find((c) => c.id === b?.customerId);
    if (!cust) return send(res, 422, { error: 'Choose a customer.' });
    if (!['In-home', 'Video'].includes(b.type)) return send(res, 422, { error: 'Choose a survey type.' });
    if (!/^\d{4}-\d{2}-\d{2}$/.test(b.date || '')) return send(res, 422, { error: 'Choose a date.' });
    if (b.date < SURVEY_EARLIEST || b.date > SURVEY_LATEST || isWeekend(b.date) || SURVEY_CLOSED.some((c) => c.date === b.date)) return send(res, 422, { error: 'That date is not available.' });
    if (!SURVEY_SLOTS.includes(b.time)) return send(res, 422, { error: 'Choose a time.' });
    if (typeof b.note !== 'string' || b.note.length > 500) return send(res, 422, { error: 'Note must be up to 500 characters.' });
    const rec = { reference: surveyReference(cust.id, b.date, b.time), customerId: cust.id, customerName: cust.name, type: b.type, date: b.date, time: b.time, note: b.note.trim(), at: new Date().toISOString() };
    state.surveys.push(rec);
    return send(res, 201, rec);
  }
  // staff
  if (method === 'GET' && pathname === '/api/staff') {
    const q = norm(url.searchParams.get('q') || '');
    const pageSize = 10;
    let list = state.staff.slice().sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName) || a.id.localeCompare(b.id));
    if (q) list = list.filter((s) => norm(`${s.firstName} ${s.lastName} ${s.role} ${s.depot} ${s.email}`).includes(q));
    const pages = Math.max(1, Math.ceil(list.length / pageSize));
    const page = Math.min(pages, Math.max(1, Number(url.searchParams.get('page')) || 1));
    return send(res, 200, { total: list.length, page, pageSize, pages, items: list.slice((page - 1) * pageSize, page * pageSize) });
  }
  if ((m = /^\/api\/staff\/([A-Z0-9-]+)$/.exec(pathname)) && method === 'DELETE') {
    const idx = state.staff.findIndex((s) => s.id === m[1]);
    if (idx === -1) return send(res, 404, { error: 'No such staff member' });
    const [removed] = state.staff.splice(idx, 1);
    return send(res, 200, { deleted: removed.id, name: `${removed.firstName} ${removed.lastName}` });
  }
  return send(res, 404, { error: `No API route ${method} ${pathname}` });
}

let lastActivity = Date.now();
const server = http.createServer(async (req, res) => {
  lastActivity = Date.now();
  const url = new URL(req.url, `http://${HOST}`);
  const { pathname } = url;
  const method = req.method.toUpperCase();
  try {
    if (pathname === '/__verify' && method === 'GET') return send(res, 200, verify());
    if (pathname === '/__reset' && method === 'POST') { state = seed(); hits = {}; return send(res, 200, { ok: true }); }
    if (pathname.startsWith('/api/')) {
      if (method !== 'GET' && method !== 'HEAD') { const key = `${method} ${pathname}`; hits[key] = (hits[key] || 0) + 1; }
      return await api(req, res, method, pathname, url);
    }
    if (method !== 'GET' && method !== 'HEAD') return send(res, 405, { error: 'Method not allowed' });
    return serveStatic(req, res, pathname);
  } catch (e) {
    console.error(e);
    if (!res.headersSent) send(res, 500, { error: 'Server error' });
  }
});

server.listen(PORT, HOST, () => console.log(`Harbourline Removals back office on http://${HOST}:${PORT}/ (idle exit after ${IDLE_MS} ms)`));
const idleTimer = setInterval(() => {
  if (Date.now() - lastActivity >= IDLE_MS) { console.log('Idle, shutting down.'); clearInterval(idleTimer); server.close(); process.exit(0); }
}, Math.max(250, Math.min(60000, Math.floor(IDLE_MS / 4))));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => { server.close(); process.exit(0); });
