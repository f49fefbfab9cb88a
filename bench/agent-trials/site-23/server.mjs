// Kestrel & Vale Removals back office: API + static server (node:http only).
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  seed, TODAY, MOVE_STATUSES, MOVES_TARGET_ID, MOVES_LOOKALIKE_IDS,
  SURVEY_TIMES, CLOSED_DAYS, BOARD_COLUMNS, BOARD_TARGET_ID,
  FLEET_MONTHS, FLEET_TARGET, TEMPLATE_ID, TEMPLATE_HTML, TEMPLATE_LINK, OTHER_TEMPLATES,
  INVENTORY_TARGET_FILE,
} from './data.mjs';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.join(ROOT, 'dist');
const PORT = Number(process.env.PORT || 4700);
const HOST = '127.0.0.1';
const IDLE_MS = Number(process.env.IDLE_MS || 2 * 60 * 60 * 1000);

let state = seed();
let hits = {};
const SEED = seed(); // pristine copy used to detect collateral changes

// ------------------------------------------------------------------ helpers
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const norm = (s) => String(s ?? '').replace(/\s+/g, ' ').trim();
const normLoose = (s) => norm(s).toLowerCase().replace(/[.!]+$/, '');
const sha256 = (buf) => crypto.createHash('sha256').update(buf).digest('hex');

function send(res, status, body, headers = {}) {
  const data = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': typeof body === 'string' || Buffer.isBuffer(body) ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(data);
}

function readBody(req, limit = 5 * 1024 * 1024) {
  return new Promise((resolve, reject) => {
    const chunks = []; let size = 0;
    req.on('data', (c) => { size += c.length; if (size > limit) { reject(new Error('too large')); req.destroy(); } else chunks.push(c); });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

async function readJson(req) {
  const buf = await readBody(req);
  if (!buf.length) return {};
  try { return JSON.parse(buf.toString('utf8')); } catch { return null; }
}

function parseMultipart(buf, contentType) {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType || '');
  if (!m) return null;
  const boundary = Buffer.from('--' + (m[1] || m[2]));
  const parts = [];
  let pos = buf.indexOf(boundary);
  while (pos !== -1) {
    const start = pos + boundary.length;
    if (buf.slice(start, start + 2).toString() === '--') break;
    const next = buf.indexOf(boundary, start);
    if (next === -1) break;
    const part = buf.slice(start + 2, next - 2); // strip CRLF after boundary and before next
    const headEnd = part.indexOf('\r\n\r\n');
    if (headEnd !== -1) {
      const head = part.slice(0, headEnd).toString('utf8');
      const body = part.slice(headEnd + 4);
      const name = /name="([^"]*)"/i.exec(head)?.[1];
      const filename = /filename="([^"]*)"/i.exec(head)?.[1];
      parts.push({ name, filename, body });
    }
    pos = next;
  }
  return parts;
}

function isoWeekday(iso) { return new Date(iso + 'T00:00:00Z').getUTCDay(); }
function addDays(iso, n) { const d = new Date(iso + 'T00:00:00Z'); d.setUTCDate(d.getUTCDate() + n); return d.toISOString().slice(0, 10); }

// ------------------------------------------------------------------ rich-text helpers
function decodeEntities(s) {
  return s.replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'").replace(/&#(\d+);/g, (_, d) => String.fromCharCode(+d)).replace(/&amp;/g, '&');
}
function plainText(html) {
  return norm(decodeEntities(String(html).replace(/<br\s*\/?>/gi, ' ').replace(/<\/(p|h\d|li|div)>/gi, ' ').replace(/<[^>]+>/g, '')));
}
function tagTexts(html, tags) {
  const out = [];
  const re = new RegExp(`<(${tags.join('|')})(\\s[^>]*)?>([\\s\\S]*?)<\\/\\1>`, 'gi');
  let m; while ((m = re.exec(html))) out.push(plainText(m[3]));
  return out.filter((t) => t.length);
}
function anchors(html) {
  const out = [];
  const re = /<a\s([^>]*)>([\s\S]*?)<\/a>/gi;
  let m; while ((m = re.exec(html))) {
    const href = /href\s*=\s*"([^"]*)"/i.exec(m[1])?.[1] ?? /href\s*=\s*'([^']*)'/i.exec(m[1])?.[1] ?? '';
    out.push({ href: decodeEntities(href), text: plainText(m[2]) });
  }
  return out;
}
const EXPECTED_TEMPLATE_TEXT = plainText(TEMPLATE_HTML.replace(
  'For removals from a flat, our crew will arrive between 7:30 and 8:30',
  'For removals from a flat, our crew will arrive between 8:30 and 9:30'));

// ------------------------------------------------------------------ verification
function verify() {
  const jobs = {};

  // 1. moves register (data grid)
  {
    const t = state.moves.find((m) => m.id === MOVES_TARGET_ID);
    const seedById = new Map(SEED.moves.map((m) => [m.id, m]));
    const changedOthers = state.moves.filter((m) => m.id !== MOVES_TARGET_ID &&
      (m.status !== seedById.get(m.id).status || m.accessNotes !== seedById.get(m.id).accessNotes)).map((m) => m.id);
    const statusOk = t.status === 'Booked';
    const notesOk = normLoose(t.accessNotes) === 'bay suspension booked on ash road';
    jobs.moves_register = {
      done: statusOk && notesOk && changedOthers.length === 0 && state.movesSaves.length > 0,
      details: { target: { ref: t.ref, status: t.status, accessNotes: t.accessNotes }, statusOk, notesOk, otherRowsChanged: changedOthers, saves: state.movesSaves.length, lookalikesUntouched: MOVES_LOOKALIKE_IDS.every((id) => !changedOthers.includes(id)) },
    };
  }

  // 2. letter template (rich text)
  {
    const tpl = state.templates[TEMPLATE_ID];
    const html = tpl.html;
    const text = plainText(html);
    const bold = tagTexts(html, ['strong', 'b']);
    const italic = tagTexts(html, ['em', 'i']);
    const links = anchors(html);
    const textOk = text === EXPECTED_TEMPLATE_TEXT;
    const boldOk = bold.length === 1 && bold[0] === 'empty and defrost your freezer';
    const italicOk = italic.length === 1 && italic[0] === 'not';
    const linkOk = links.length === 1 && links[0].text === 'packing guide' && links[0].href.replace(/\/$/, '') === TEMPLATE_LINK;
    jobs.letter_template = {
      done: tpl.saves > 0 && textOk && boldOk && italicOk && linkOk,
      details: { saves: tpl.saves, textOk, boldOk, italicOk, linkOk, bold, italic, links, textDiff: textOk ? null : { expected: EXPECTED_TEMPLATE_TEXT, actual: text } },
    };
  }

  // 3. survey pipeline board (drag and drop)
  {
    const card = state.board.find((c) => c.id === BOARD_TARGET_ID);
    const seedCols = new Map(SEED.board.map((c) => [c.id, c.column]));
    const othersMoved = state.board.filter((c) => c.id !== BOARD_TARGET_ID && c.column !== seedCols.get(c.id)).map((c) => `${c.id} ${c.name} → ${c.column}`);
    jobs.survey_board = {
      done: card.column === 'quote-sent' && othersMoved.length === 0,
      details: { target: { id: card.id, name: card.name, property: card.property, from: card.from, column: card.column }, expectedReference: card.quoteRef, othersMoved, moves: state.boardMoves },
    };
  }

  // 4. inventory upload
  {
    const target = fs.readFileSync(path.join(ROOT, 'files', INVENTORY_TARGET_FILE), 'utf8').replace(/\r\n/g, '\n');
    const targetHash = sha256(target);
    const good = state.uploads.filter((u) => u.hash === targetHash);
    jobs.inventory_upload = {
      done: good.length > 0,
      details: { uploads: state.uploads.map((u) => ({ reference: u.reference, fileName: u.fileName, correctFile: u.hash === targetHash, totalCuFt: u.totalCuFt })) },
    };
  }

  // 5. fleet fuel chart
  {
    const ok = state.fuelChecks.filter((c) => c.vehicle === FLEET_TARGET.vehicle && c.month === FLEET_TARGET.month && Number(c.litres) === FLEET_TARGET.litres);
    jobs.fleet_fuel_check = {
      done: ok.length > 0,
      details: { expected: FLEET_TARGET, recorded: state.fuelChecks },
    };
  }

  // 6. survey booking
  {
    const target = state.customers.find((c) => c.name === 'Siobhan McAllister' && c.area === 'Roundhay');
    const ok = state.surveys.filter((s) => s.customerId === target.id && s.date === '2025-03-20' && s.time === '10:30' &&
      s.type === 'In-home' && normLoose(s.note).includes('piano in the front room'));
    jobs.survey_booking = {
      done: ok.length > 0,
      details: { expected: { customerId: target.id, date: '2025-03-20', time: '10:30', type: 'In-home' }, bookings: state.surveys },
    };
  }

  // 7. staff directory removal
  {
    const targetGone = !state.staff.some((s) => s.firstName === 'Daniel' && s.surname === 'Hughes' && s.depot === 'Wakefield');
    const lookalikeKept = state.staff.some((s) => s.firstName === 'Daniel' && s.surname === 'Hughes' && s.depot === 'York');
    jobs.staff_removal = {
      done: targetGone && lookalikeKept && state.deletedStaff.length === 1,
      details: { targetGone, lookalikeKept, deleted: state.deletedStaff.map((s) => `${s.firstName} ${s.surname} (${s.role}, ${s.depot})`) },
    };
  }

  return { jobs, hits };
}

// ------------------------------------------------------------------ API
const TIMES = new Set(SURVEY_TIMES);
const CLOSED = new Map(CLOSED_DAYS.map((d) => [d.date, d.reason]));

function volumeSummary(totalCuFt) {
  if (totalCuFt <= 550) return { vehicle: 'Luton van', crew: 2 };
  if (totalCuFt <= 1000) return { vehicle: '7.5 t box van', crew: 3 };
  return { vehicle: '18 t rigid', crew: 4 };
}

async function handleApi(req, res, url) {
  const p = url.pathname;
  const method = req.method;
  let m;

  // dashboard
  if (method === 'GET' && p === '/api/summary') {
    const upcoming = state.moves.filter((mv) => mv.moveDate >= TODAY && mv.moveDate <= addDays(TODAY, 6) && mv.status !== 'Cancelled');
    return send(res, 200, {
      today: TODAY,
      movesThisWeek: upcoming.length,
      quotedAwaiting: state.moves.filter((mv) => mv.status === 'Quoted').length,
      staff: state.staff.length,
      surveysBooked: state.board.filter((c) => c.column === 'survey-booked').length,
      nextMoves: upcoming.slice().sort((a, b) => a.moveDate.localeCompare(b.moveDate)).slice(0, 5)
        .map((mv) => ({ ref: mv.ref, name: `${mv.firstName} ${mv.surname}`, fromTown: mv.fromTown, toTown: mv.toTown, moveDate: mv.moveDate, status: mv.status })),
    });
  }

  // 1. moves register
  if (method === 'GET' && p === '/api/moves') {
    return send(res, 200, { today: TODAY, statuses: MOVE_STATUSES, rows: state.moves });
  }
  if (method === 'POST' && p === '/api/moves/bulk-update') {
    const body = await readJson(req);
    if (!body || !Array.isArray(body.changes) || !body.changes.length) return send(res, 400, { error: 'Expected a non-empty "changes" array.' });
    const editable = { status: (v) => MOVE_STATUSES.includes(v), accessNotes: (v) => typeof v === 'string' && v.length <= 240 };
    for (const c of body.changes) {
      if (!state.moves.some((mv) => mv.id === c.id)) return send(res, 404, { error: `Unknown move ${c.id}` });
      if (!editable[c.field] || !editable[c.field](c.value)) return send(res, 422, { error: `Invalid value for ${c.field}` });
    }
    for (const c of body.changes) {
      const mv = state.moves.find((x) => x.id === c.id);
      mv[c.field] = c.field === 'accessNotes' ? norm(c.value) : c.value;
    }
    state.movesSaves.push({ at: new Date().toISOString(), changes: body.changes });
    const ids = [...new Set(body.changes.map((c) => c.id))];
    return send(res, 200, { saved: body.changes.length, rows: state.moves.filter((mv) => ids.includes(mv.id)) });
  }

  // 2. templates
  if (method === 'GET' && p === '/api/templates') {
    const t = state.templates[TEMPLATE_ID];
    return send(res, 200, [{ id: t.id, title: t.title, updated: t.updated }, ...OTHER_TEMPLATES]);
  }
  if ((m = /^\/api\/templates\/([\w-]+)$/.exec(p))) {
    const t = state.templates[m[1]];
    if (method === 'GET') {
      if (t) return send(res, 200, t);
      const other = OTHER_TEMPLATES.find((o) => o.id === m[1]);
      if (other) return send(res, 200, { ...other, html: `<h2>${other.title}</h2><p>This template is locked while the wording is reviewed by the office manager.</p>`, locked: true });
      return send(res, 404, { error: 'No such template' });
    }
    if (method === 'PUT') {
      if (!t) return send(res, 404, { error: 'This template cannot be edited.' });
      const body = await readJson(req);
      if (!body || typeof body.html !== 'string' || !body.html.trim()) return send(res, 400, { error: 'Expected "html".' });
      t.html = body.html.replace(/<script[\s\S]*?<\/script>/gi, '');
      t.updated = TODAY;
      t.saves += 1;
      return send(res, 200, { id: t.id, updated: t.updated, savedAt: new Date().toISOString() });
    }
  }

  // 3. board
  if (method === 'GET' && p === '/api/board') {
    return send(res, 200, {
      columns: BOARD_COLUMNS,
      cards: state.board.map(({ quoteRef, jobRef, ...c }) => c),
    });
  }
  if (method === 'POST' && p === '/api/board/moves') {
    const body = await readJson(req);
    const card = body && state.board.find((c) => c.id === body.cardId);
    if (!card) return send(res, 404, { error: 'Unknown card' });
    if (!BOARD_COLUMNS.some((c) => c.id === body.toColumn)) return send(res, 422, { error: 'Unknown column' });
    const fromColumn = card.column;
    card.column = body.toColumn;
    let reference; let message;
    if (body.toColumn === 'quote-sent') { reference = card.quoteRef; message = `Quote ${reference} sent to ${card.name} (${card.from} → ${card.to})`; }
    else if (body.toColumn === 'won') { reference = card.jobRef; message = `Job ${reference} opened for ${card.name}`; }
    else { reference = `MV-${card.id.slice(5)}${BOARD_COLUMNS.findIndex((c) => c.id === body.toColumn)}`; message = `${card.name} moved to ${BOARD_COLUMNS.find((c) => c.id === body.toColumn).title}`; }
    state.boardMoves.push({ cardId: card.id, fromColumn, toColumn: body.toColumn, reference });
    return send(res, 200, { cardId: card.id, column: card.column, reference, message });
  }

  // 4. inventory upload
  if (method === 'GET' && p === '/api/inventory/uploads') {
    return send(res, 200, state.uploads.map(({ hash, ...u }) => u));
  }
  if (method === 'POST' && p === '/api/inventory/uploads') {
    const buf = await readBody(req);
    const parts = parseMultipart(buf, req.headers['content-type']);
    const file = parts && parts.find((x) => x.name === 'file' && x.filename);
    if (!file) return send(res, 400, { error: 'Attach a CSV file in the "file" field.' });
    const text = file.body.toString('utf8').replace(/\r\n/g, '\n');
    const lines = text.trim().split('\n');
    const header = lines.shift()?.split(',').map((h) => h.trim().toLowerCase());
    const qi = header?.indexOf('quantity'); const vi = header?.indexOf('cu_ft_each');
    if (!header || qi < 0 || vi < 0) return send(res, 422, { error: 'The CSV needs "quantity" and "cu_ft_each" columns.' });
    let items = 0; let total = 0; let rows = 0;
    for (const line of lines) {
      if (!line.trim()) continue;
      const cols = line.split(',');
      const q = Number(cols[qi]); const v = Number(cols[vi]);
      if (!Number.isFinite(q) || !Number.isFinite(v)) return send(res, 422, { error: `Could not read line ${rows + 2}.` });
      rows += 1; items += q; total += q * v;
    }
    total = Math.round(total * 10) / 10;
    const upload = {
      reference: `INV-25-${String(5200 + state.uploads.length * 13).padStart(4, '0')}`,
      fileName: file.filename, bytes: file.body.length, lines: rows, items, totalCuFt: total,
      ...volumeSummary(total), uploadedAt: new Date().toISOString(), hash: sha256(text),
    };
    state.uploads.push(upload);
    const { hash, ...pub } = upload;
    return send(res, 201, pub);
  }

  // 5. fleet
  if (method === 'GET' && p === '/api/fleet/fuel') {
    return send(res, 200, { months: FLEET_MONTHS, vehicles: state.fuel });
  }
  if (method === 'GET' && p === '/api/fleet/fuel-checks') {
    return send(res, 200, state.fuelChecks);
  }
  if (method === 'POST' && p === '/api/fleet/fuel-checks') {
    const body = await readJson(req);
    if (!body || !state.fuel.some((v) => v.id === body.vehicle)) return send(res, 422, { error: 'Choose a vehicle.' });
    if (!FLEET_MONTHS.includes(body.month)) return send(res, 422, { error: 'Choose a month.' });
    const litres = Number(body.litres);
    if (!Number.isFinite(litres) || litres <= 0 || litres > 5000) return send(res, 422, { error: 'Enter the litres as a number.' });
    const check = { id: `FC-${String(31 + state.fuelChecks.length).padStart(3, '0')}`, vehicle: body.vehicle, month: body.month, litres, note: norm(body.note || ''), recordedAt: new Date().toISOString() };
    state.fuelChecks.push(check);
    return send(res, 201, check);
  }

  // 6. survey booking
  if (method === 'GET' && p === '/api/customers') {
    const q = normLoose(url.searchParams.get('q') || '').normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    const list = state.customers.filter((c) => !q || `${c.name} ${c.area} ${c.postcode}`.toLowerCase().includes(q));
    return send(res, 200, list.slice(0, 15));
  }
  if (method === 'GET' && p === '/api/surveys/availability') {
    return send(res, 200, { today: TODAY, earliest: addDays(TODAY, 1), times: SURVEY_TIMES, closedDays: CLOSED_DAYS, weekendsClosed: true });
  }
  if (method === 'GET' && p === '/api/surveys') {
    return send(res, 200, state.surveys);
  }
  if (method === 'POST' && p === '/api/surveys') {
    const body = await readJson(req);
    if (!body) return send(res, 400, { error: 'Bad request' });
    const customer = state.customers.find((c) => c.id === body.customerId);
    if (!customer) return send(res, 422, { error: 'Choose a customer from the list.' });
    if (!['In-home', 'Video'].includes(body.type)) return send(res, 422, { error: 'Choose a survey type.' });
    if (!/^\d{4}-\d{2}-\d{2}$/.test(body.date || '')) return send(res, 422, { error: 'Choose a date.' });
    const dow = isoWeekday(body.date);
    if (body.date <= TODAY || dow === 0 || dow === 6 || CLOSED.has(body.date)) return send(res, 422, { error: 'That date is not available.' });
    if (!TIMES.has(body.time)) return send(res, 422, { error: 'Choose a time slot.' });
    const reference = `SV-25-${String(state.surveyCounter).padStart(4, '0')}`;
    state.surveyCounter += 7;
    const booking = { reference, customerId: customer.id, customerName: customer.name, area: customer.area, type: body.type, date: body.date, time: body.time, note: norm(body.note || ''), createdAt: new Date().toISOString() };
    state.surveys.push(booking);
    return send(res, 201, booking);
  }

  // 7. staff directory
  if (method === 'GET' && p === '/api/staff') {
    const q = normLoose(url.searchParams.get('q') || '');
    const pageSize = Math.min(50, Math.max(5, Number(url.searchParams.get('pageSize')) || 10));
    const list = state.staff.filter((s) => !q || `${s.firstName} ${s.surname} ${s.role} ${s.depot}`.toLowerCase().includes(q));
    const pages = Math.max(1, Math.ceil(list.length / pageSize));
    const page = Math.min(pages, Math.max(1, Number(url.searchParams.get('page')) || 1));
    return send(res, 200, { total: list.length, page, pages, pageSize, items: list.slice((page - 1) * pageSize, page * pageSize) });
  }
  if ((m = /^\/api\/staff\/([\w-]+)$/.exec(p)) && method === 'DELETE') {
    const i = state.staff.findIndex((s) => s.id === m[1]);
    if (i === -1) return send(res, 404, { error: 'No such person' });
    const [removed] = state.staff.splice(i, 1);
    state.deletedStaff.push(removed);
    return send(res, 200, { removed: removed.id });
  }

  return send(res, 404, { error: 'Not found' });
}

// ------------------------------------------------------------------ static
const MIME = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.gif': 'image/gif', '.ico': 'image/x-icon', '.woff': 'font/woff', '.woff2': 'font/woff2', '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8', '.csv': 'text/csv; charset=utf-8',
};

function serveStatic(req, res, url) {
  let rel;
  try { rel = decodeURIComponent(url.pathname); } catch { rel = '/'; }
  const file = path.normalize(path.join(DIST, rel));
  if (file.startsWith(DIST + path.sep)) {
    try {
      const st = fs.statSync(file);
      if (st.isFile()) {
        res.writeHead(200, { 'Content-Type': MIME[path.extname(file)] || 'application/octet-stream', 'Cache-Control': 'no-cache' });
        return fs.createReadStream(file).pipe(res);
      }
    } catch { /* fall through to the app shell */ }
  }
  if (path.extname(rel) && !rel.endsWith('.html')) return send(res, 404, 'Not found');
  try {
    const html = fs.readFileSync(path.join(DIST, 'index.html'));
    res.writeHead(200, { 'Content-Type': MIME['.html'], 'Cache-Control': 'no-cache' });
    res.end(html);
  } catch {
    send(res, 500, 'The front end is not built yet: run `npm run build`.');
  }
}

// ------------------------------------------------------------------ server
let idleTimer;
function touch() {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => { console.log(`No requests for ${IDLE_MS} ms: exiting.`); process.exit(0); }, IDLE_MS);
}

const server = http.createServer(async (req, res) => {
  touch();
  const url = new URL(req.url, `http://${HOST}`);
  try {
    if (url.pathname === '/__verify' && req.method === 'GET') return send(res, 200, verify());
    if (url.pathname === '/__reset' && req.method === 'POST') {
      state = seed(); hits = {};
      return send(res, 200, { ok: true });
    }
    if (url.pathname.startsWith('/api/')) {
      if (req.method !== 'GET') {
        const key = `${req.method} ${url.pathname}`;
        hits[key] = (hits[key] || 0) + 1;
      }
      await sleep(300 + Math.floor(Math.random() * 501));
      return await handleApi(req, res, url);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'Method not allowed');
    return serveStatic(req, res, url);
  } catch (err) {
    console.error(err);
    if (!res.headersSent) send(res, 500, { error: 'Server error' });
  }
});

server.listen(PORT, HOST, () => {
  console.log(`Kestrel & Vale back office on http://${HOST}:${PORT}/ (today is ${TODAY})`);
  touch();
});
