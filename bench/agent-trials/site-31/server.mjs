// Northgate City Sinfonia back office: static SPA + in-memory JSON API. node:http only.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  seed,
  TODAY,
  LEG_STATUSES,
  LEG_COLUMNS,
  LEG_TARGET_ID,
  NOTICE_SEED,
  BOARD_COLUMNS,
  BOARD_TARGET,
  boardRef,
  CHART_VENUES,
  CHART_MONTHS,
  CHART_DATA,
  CHART_TARGET,
  PROMOTER_TARGET,
  BOOKING_CLOSED,
  BOOKING_TIMES,
  CREW_TARGET,
} from './data.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.join(HERE, 'dist');
const PORT = Number(process.env.PORT || 4900);
const IDLE_MS = Number(process.env.IDLE_MS || 2 * 60 * 60 * 1000);
const MIN_DELAY = 300;
const MAX_DELAY = 800;

let db = seed();
let seedLegs = JSON.parse(JSON.stringify(db.legs));
let hits = {};
let counters = { visit: 40, ret: 200, imp: 10 };

function reset() {
  db = seed();
  seedLegs = JSON.parse(JSON.stringify(db.legs));
  hits = {};
  counters = { visit: 40, ret: 200, imp: 10 };
}

// ------------------------------------------------------------------ helpers
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

function send(res, status, body, headers = {}) {
  const data = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': typeof body === 'string' || Buffer.isBuffer(body) ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(data);
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
  const buf = await readBody(req);
  if (!buf.length) return {};
  try {
    return JSON.parse(buf.toString('utf8'));
  } catch {
    return null;
  }
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

function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let q = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (q) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') q = false;
      else field += c;
    } else if (c === '"') q = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

function isWeekend(iso) {
  const d = new Date(iso + 'T12:00:00Z').getUTCDay();
  return d === 0 || d === 6;
}

function plainNotice(md) {
  return String(md || '')
    .replace(/\r/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/\\([\\`*_{}\[\]()#+\-.!:;&])/g, '$1')
    .replace(/[*_]/g, '')
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

// ------------------------------------------------------------------ verification
function verify() {
  const jobs = {};
  // 1 grid
  {
    const t = db.legs.find((r) => r.id === LEG_TARGET_ID);
    const changedOthers = [];
    for (let i = 0; i < db.legs.length; i++) {
      const a = db.legs[i];
      const b = seedLegs[i];
      if (a.id === LEG_TARGET_ID) continue;
      if (JSON.stringify(a) !== JSON.stringify(b)) changedOthers.push(a.id);
    }
    const seedT = seedLegs.find((r) => r.id === LEG_TARGET_ID);
    const otherFieldsSame = Object.keys(seedT).every((k) => ['status', 'crewLead'].includes(k) || seedT[k] === t[k]);
    const done =
      t.status === 'Confirmed' && t.crewLead.trim().toLowerCase() === 'priya raman' && changedOthers.length === 0 && otherFieldsSame;
    jobs.grid = {
      done,
      details: { target: { id: t.id, status: t.status, crewLead: t.crewLead, manifestNo: t.manifestNo }, otherRowsChanged: changedOthers, saves: db.legSaves || 0 },
    };
  }
  // 2 rich text
  {
    const md = db.notice.markdown;
    const lines = plainNotice(md);
    const expected = plainNotice(NOTICE_SEED).map((l) => (/Saturdays\.$/.test(l) ? l.replace('north gate', 'south gate') : l));
    const textOk = JSON.stringify(lines) === JSON.stringify(expected);
    const bold = /(\*\*|__)\s*no idling\s*(\*\*|__)/i.test(md);
    const italic = /(^|[^*_])[*_]\s*damage deposit\s*[*_](?![*_])/i.test(md);
    const link = /\[\s*hire terms\s*\]\(\s*<?https:\/\/northgatesinfonia\.example\/hire-terms\/?>?(\s+"[^"]*")?\s*\)/i.test(md);
    jobs.richtext = {
      done: db.notice.saves > 0 && textOk && bold && italic && link,
      details: { saves: db.notice.saves, textOk, bold, italic, link, markdown: md, ...(textOk ? {} : { lines, expected }) },
    };
  }
  // 3 drag and drop
  {
    const t = db.board.find((c) => c.id === BOARD_TARGET);
    const seedBoard = seed().board;
    const othersMoved = db.board.filter((c) => c.id !== BOARD_TARGET && seedBoard.find((s) => s.id === c.id).column !== c.column).map((c) => c.id);
    jobs.dragdrop = {
      done: t.column === 'truck2' && othersMoved.length === 0,
      details: { targetColumn: t.column, expectedRef: boardRef(BOARD_TARGET, 'truck2'), othersMoved, moves: db.boardMoves },
    };
  }
  // 4 upload
  {
    const imps = db.imports.filter((i) => !i.seeded);
    jobs.upload = {
      done: imps.length > 0 && imps.every((i) => i.season === '2025') && imps.at(-1).count === 47,
      details: { imports: imps },
    };
  }
  // 5 chart
  {
    const ok = (r) => r.venue === CHART_TARGET.venue && r.month === CHART_TARGET.month && Number(r.chairs) === CHART_TARGET.chairs;
    jobs.chart = { done: db.returns.length > 0 && db.returns.every(ok), details: { returns: db.returns, expected: CHART_TARGET } };
  }
  // 6 booking
  {
    const ok = (v) => v.promoterId === PROMOTER_TARGET && v.date === '2025-10-29' && v.time === '14:00' && /lighting designer/i.test(v.note || '');
    jobs.booking = { done: db.visits.length > 0 && db.visits.every(ok), details: { visits: db.visits } };
  }
  // 7 crew
  {
    const gone = !db.crew.some((p) => p.id === CREW_TARGET);
    jobs.crew = {
      done: gone && db.removedCrew.length === 1,
      details: { removed: db.removedCrew.map((p) => `${p.id} ${p.first} ${p.last} (${p.role})`), remaining: db.crew.length },
    };
  }
  return { jobs, hits };
}

// ------------------------------------------------------------------ API
function sortedCrew() {
  return db.crew.slice().sort((a, b) => a.last.localeCompare(b.last) || a.first.localeCompare(b.first) || a.id.localeCompare(b.id));
}

async function api(req, res, url) {
  const p = url.pathname;
  const M = req.method;

  if (M === 'GET' && p === '/api/meta') {
    return send(res, 200, { today: TODAY, office: 'Northgate City Sinfonia: Touring & Venue Hire Office' });
  }
  if (M === 'GET' && p === '/api/dashboard') {
    return send(res, 200, {
      today: TODAY,
      legsPencilled: db.legs.filter((l) => l.status === 'Pencilled').length,
      boardStaged: db.board.filter((c) => c.column === 'staged').length,
      crew: db.crew.length,
      visits: db.visits.length,
    });
  }

  // grid
  if (M === 'GET' && p === '/api/tour-legs') {
    return send(res, 200, { columns: LEG_COLUMNS, statuses: LEG_STATUSES, rows: db.legs });
  }
  if (M === 'PATCH' && p === '/api/tour-legs') {
    const body = await readJson(req);
    const changes = body?.changes;
    if (!Array.isArray(changes) || !changes.length) return send(res, 400, { error: 'No changes sent' });
    for (const ch of changes) {
      const row = db.legs.find((r) => r.id === ch.id);
      if (!row) return send(res, 404, { error: `Unknown leg ${ch.id}` });
      if (!['status', 'crewLead'].includes(ch.field)) return send(res, 400, { error: `Field ${ch.field} is read-only` });
      if (ch.field === 'status' && !LEG_STATUSES.includes(ch.value)) return send(res, 400, { error: `Bad status ${ch.value}` });
    }
    for (const ch of changes) db.legs.find((r) => r.id === ch.id)[ch.field] = String(ch.value);
    db.legSaves = (db.legSaves || 0) + 1;
    return send(res, 200, { saved: changes.length, rows: db.legs });
  }

  // notice
  if (M === 'GET' && p === '/api/notices/loading-bay') return send(res, 200, db.notice);
  if (M === 'PUT' && p === '/api/notices/loading-bay') {
    const body = await readJson(req);
    if (!body || typeof body.markdown !== 'string') return send(res, 400, { error: 'markdown required' });
    db.notice = { markdown: body.markdown, savedAt: new Date().toISOString(), saves: db.notice.saves + 1 };
    return send(res, 200, db.notice);
  }

  // load board
  if (M === 'GET' && p === '/api/load-board') {
    return send(res, 200, { columns: BOARD_COLUMNS, cards: db.board.slice().sort((a, b) => a.order - b.order) });
  }
  if (M === 'POST' && p === '/api/load-board/moves') {
    const body = await readJson(req);
    const card = db.board.find((c) => c.id === body?.cardId);
    if (!card || !BOARD_COLUMNS.some((c) => c.id === body.to)) return send(res, 400, { error: 'bad move' });
    const from = card.column;
    card.column = body.to;
    const col = db.board.filter((c) => c.column === body.to && c.id !== card.id).sort((a, b) => a.order - b.order);
    const idx = Math.max(0, Math.min(Number(body.index) || 0, col.length));
    col.splice(idx, 0, card);
    col.forEach((c, i) => (c.order = i));
    const ref = boardRef(card.id, body.to);
    db.boardMoves.push({ cardId: card.id, from, to: body.to, ref });
    return send(res, 200, { ref, card });
  }

  // uploads
  if (M === 'GET' && p === '/api/hire-requests/imports') return send(res, 200, { imports: db.imports });
  if (M === 'POST' && p === '/api/hire-requests/import') {
    const buf = await readBody(req);
    const parts = parseMultipart(buf, req.headers['content-type']);
    const file = parts.find((x) => x.filename);
    if (!file) return send(res, 400, { error: 'No file in upload' });
    const rows = parseCsv(file.body.toString('utf8'));
    const header = rows.shift() || [];
    const si = header.findIndex((h) => h.trim().toLowerCase() === 'season');
    if (si === -1 || header.length < 5) return send(res, 422, { error: 'This does not look like a hire-request export (no season column).' });
    const seasons = {};
    for (const r of rows) seasons[r[si]] = (seasons[r[si]] || 0) + 1;
    const season = Object.entries(seasons).sort((a, b) => b[1] - a[1])[0]?.[0] || '';
    const imp = { id: 'IMP-' + ++counters.imp, filename: file.filename, count: rows.length, season, at: `${TODAY}` };
    db.imports.push(imp);
    return send(res, 200, imp);
  }

  // chart
  if (M === 'GET' && p === '/api/chair-hire') {
    const points = [];
    for (const v of CHART_VENUES) CHART_MONTHS.forEach((m, i) => points.push({ venue: v, month: m, chairs: CHART_DATA[v][i] }));
    return send(res, 200, { venues: CHART_VENUES, months: CHART_MONTHS, points });
  }
  if (M === 'GET' && p === '/api/hire-returns') return send(res, 200, { returns: db.returns });
  if (M === 'POST' && p === '/api/hire-returns') {
    const body = await readJson(req);
    if (!body || !CHART_VENUES.includes(body.venue) || !CHART_MONTHS.includes(body.month) || !(Number(body.chairs) >= 0) || String(body.chairs).trim() === '')
      return send(res, 422, { error: 'Venue, month and a chair count are all required.' });
    const r = { ref: 'RT-' + ++counters.ret, venue: body.venue, month: body.month, chairs: Number(body.chairs), filedBy: body.filedBy || '' };
    db.returns.push(r);
    return send(res, 200, r);
  }

  // bookings
  if (M === 'GET' && p === '/api/promoters') return send(res, 200, { promoters: db.promoters });
  if (M === 'GET' && p === '/api/site-visits/calendar') return send(res, 200, { today: TODAY, closed: BOOKING_CLOSED, times: BOOKING_TIMES });
  if (M === 'GET' && p === '/api/site-visits') return send(res, 200, { visits: db.visits });
  if (M === 'POST' && p === '/api/site-visits') {
    const body = await readJson(req);
    const pr = db.promoters.find((x) => x.id === body?.promoterId);
    const date = String(body?.date || '');
    if (!pr) return send(res, 422, { error: 'Choose a promoter.' });
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || date <= TODAY || isWeekend(date) || BOOKING_CLOSED[date])
      return send(res, 422, { error: 'That date cannot be booked.' });
    if (!BOOKING_TIMES.includes(body.time)) return send(res, 422, { error: 'Choose a time.' });
    const seq = ++counters.visit;
    const v = { ref: `SV-${date.slice(5, 7)}${date.slice(8, 10)}-${String(seq).padStart(3, '0')}`, promoterId: pr.id, promoter: pr.name, date, time: body.time, note: String(body.note || '') };
    db.visits.push(v);
    return send(res, 200, v);
  }

  // crew
  if (M === 'GET' && p === '/api/crew') {
    const q = (url.searchParams.get('q') || '').trim().toLowerCase();
    const all = sortedCrew().filter((x) => !q || `${x.first} ${x.last} ${x.role}`.toLowerCase().includes(q));
    const per = 10;
    const pages = Math.max(1, Math.ceil(all.length / per));
    const page = Math.min(pages, Math.max(1, Number(url.searchParams.get('page')) || 1));
    return send(res, 200, { total: all.length, page, pages, per, items: all.slice((page - 1) * per, page * per) });
  }
  const cm = /^\/api\/crew\/([A-Za-z0-9-]+)$/.exec(p);
  if (M === 'DELETE' && cm) {
    const i = db.crew.findIndex((x) => x.id === cm[1]);
    if (i === -1) return send(res, 404, { error: 'Not found' });
    const [gone] = db.crew.splice(i, 1);
    db.removedCrew.push(gone);
    return send(res, 200, { removed: gone });
  }

  return send(res, 404, { error: 'No such endpoint' });
}

// ------------------------------------------------------------------ static
function serveStatic(req, res, url) {
  let rel = decodeURIComponent(url.pathname);
  let file = path.normalize(path.join(DIST, rel));
  if (!file.startsWith(DIST)) return send(res, 403, 'Forbidden');
  if (!fs.existsSync(file) || fs.statSync(file).isDirectory()) {
    if (path.extname(rel) && !rel.endsWith('.html')) return send(res, 404, 'Not found');
    file = path.join(DIST, 'index.html');
    if (!fs.existsSync(file)) return send(res, 500, 'Build missing: run npm run build');
  }
  const ext = path.extname(file);
  res.writeHead(200, {
    'content-type': TYPES[ext] || 'application/octet-stream',
    'cache-control': ext === '.html' ? 'no-store' : 'public, max-age=3600',
  });
  fs.createReadStream(file).pipe(res);
}

// ------------------------------------------------------------------ server
let idleTimer;
function touch() {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    console.log(`No requests for ${IDLE_MS} ms: exiting.`);
    process.exit(0);
  }, IDLE_MS);
}

const server = http.createServer(async (req, res) => {
  touch();
  const url = new URL(req.url, 'http://127.0.0.1');
  try {
    if (url.pathname === '/__verify' && req.method === 'GET') return send(res, 200, verify());
    if (url.pathname === '/__reset' && req.method === 'POST') {
      reset();
      return send(res, 200, { ok: true });
    }
    if (url.pathname.startsWith('/api/')) {
      if (req.method !== 'GET') {
        const key = `${req.method} ${url.pathname}`;
        hits[key] = (hits[key] || 0) + 1;
      }
      await new Promise((r) => setTimeout(r, MIN_DELAY + Math.random() * (MAX_DELAY - MIN_DELAY)));
      return await api(req, res, url);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'Method not allowed');
    return serveStatic(req, res, url);
  } catch (e) {
    console.error(e);
    if (!res.headersSent) send(res, 500, { error: String(e) });
  }
});

server.listen(PORT, '127.0.0.1', () => {
  console.log(`Northgate City Sinfonia back office on http://127.0.0.1:${PORT}/ (idle exit after ${IDLE_MS} ms)`);
  touch();
});
