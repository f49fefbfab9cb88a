import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { seed, TODAY, STATUSES, GRID_COLUMNS, BOARD_COLUMNS, LOANS, ORGS, CLOSED_DAYS } from './data.mjs';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.join(ROOT, 'dist');
const PORT = Number(process.env.PORT || 4900);
const IDLE_MS = Number(process.env.IDLE_MS || 2 * 60 * 60 * 1000);

let state = seed();
let hits = {};
let counter = 0;
const TARGET_SET = 'LPL-1188';
const TARGET_CARD = 'c2';
const TARGET_ORG = 'org-103'; // Larkhill Youth Orchestra
const TARGET_PLAYER = 'p-0948';
const EXPECTED_UPLOAD = 'returns-spring-gala-2025.csv';

let idleTimer;
function touch() { clearTimeout(idleTimer); idleTimer = setTimeout(() => { console.log('idle, exiting'); process.exit(0); }, IDLE_MS); }
touch();

const delay = () => new Promise((r) => setTimeout(r, 300 + Math.floor(Math.random() * 500)));
const send = (res, code, obj) => { res.writeHead(code, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }); res.end(JSON.stringify(obj)); };
const readBody = (req) => new Promise((resolve) => { const chunks = []; req.on('data', (c) => chunks.push(c)); req.on('end', () => resolve(Buffer.concat(chunks))); });
const json = (buf) => { try { return JSON.parse(buf.toString('utf8') || '{}'); } catch { return null; } };
const ref = (prefix, n) => `${prefix}-${String(n).padStart(4, '0')}`;

function textOf(html) { return html.replace(/<[^>]+>/g, '').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' '); }

function parseReturns(text) {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  const header = lines.shift().split(',').map((h) => h.trim().toLowerCase());
  const iI = header.indexOf('issued'), iR = header.indexOf('returned');
  if (iI < 0 || iR < 0) return null;
  let issued = 0, returned = 0;
  for (const l of lines) { const c = l.split(','); issued += Number(c[iI]) || 0; returned += Number(c[iR]) || 0; }
  return { rows: lines.length, issued, returned, outstanding: issued - returned };
}

function verify() {
  const s = state;
  const seedState = seed();
  // 1. grid
  const t = s.sets.find((x) => x.id === TARGET_SET);
  const changedOthers = s.sets.filter((x, i) => x.id !== TARGET_SET && JSON.stringify(x) !== JSON.stringify(seedState.sets[i])).map((x) => x.id);
  const gridDone = t.status === 'At bindery' && /spine repair/i.test(t.note) && changedOthers.length === 0;
  // 2. notice
  const h = s.notice.html; const txt = textOf(h);
  const sentences = {
    string: /String players should collect their parts from the library desk on Tuesday\./.test(txt),
    wind: /Wind players should collect their parts from the library desk on Tuesday\./.test(txt),
    brass: /Brass players should collect their parts from the library desk on Thursday\./.test(txt),
    perc: /Percussion players should collect their parts from the library desk on Tuesday\./.test(txt),
  };
  const bold = /<(strong|b)\b[^>]*>\s*Pencil only\s*<\/(strong|b)>/i.test(h);
  const italic = /<(em|i)\b[^>]*>\s*never\s*<\/(em|i)>/i.test(h);
  const link = /<a\b[^>]*href="https:\/\/larkfieldphil\.example\/library"[^>]*>\s*orchestra librarian\s*<\/a>/i.test(h);
  const noticeDone = Object.values(sentences).every(Boolean) && bold && italic && link && (txt.match(/Thursday/g) || []).length === 1;
  // 3. board
  const card = s.board.find((c) => c.id === TARGET_CARD);
  const boardOthers = s.board.filter((c) => c.id !== TARGET_CARD && c.column !== seedState.board.find((x) => x.id === c.id).column).map((c) => c.id);
  const boardDone = card.column === 'ready' && boardOthers.length === 0;
  // 4. upload
  const up = s.uploads[s.uploads.length - 1];
  const uploadDone = !!up && up.name === EXPECTED_UPLOAD && s.uploads.length === 1;
  // 5. chart
  const chartDone = !!s.annualReturn && s.annualReturn.brassSeptember === 38;
  // 6. booking
  const b = s.collections[s.collections.length - 1];
  const bookingDone = !!b && s.collections.length === 1 && b.orgId === TARGET_ORG && b.date === '2025-03-19' && b.time === '14:30' && /brahms 2 string parts/i.test(b.note);
  // 7. players
  const gone = !s.players.find((p) => p.id === TARGET_PLAYER);
  const removed = seedState.players.filter((p) => !s.players.find((q) => q.id === p.id)).map((p) => p.id);
  const playersDone = gone && removed.length === 1;
  return {
    jobs: {
      grid: { done: gridDone, details: { status: t.status, note: t.note, replacement: t.replacement, otherRowsChanged: changedOthers } },
      notice: { done: noticeDone, details: { sentences, bold, italic, link } },
      board: { done: boardDone, details: { cardColumn: card.column, otherCardsMoved: boardOthers, slip: card.slip || null } },
      upload: { done: uploadDone, details: { uploads: s.uploads.map((u) => ({ name: u.name, outstanding: u.outstanding })) } },
      chart: { done: chartDone, details: { annualReturn: s.annualReturn } },
      booking: { done: bookingDone, details: { collections: s.collections } },
      players: { done: playersDone, details: { removed } },
    },
    hits,
  };
}

async function api(req, res, url) {
  const m = req.method; const p = url.pathname;
  if (m !== 'GET') { const k = `${m} ${p}`; hits[k] = (hits[k] || 0) + 1; }
  const body = m === 'GET' ? null : await readBody(req);
  await delay();
  const parts = p.split('/').filter(Boolean); // ['api', ...]
  if (m === 'GET' && p === '/api/summary') {
    return send(res, 200, { today: TODAY, sets: state.sets.length, onLoan: state.sets.filter((s) => s.status === 'On loan').length, board: BOARD_COLUMNS.map(([id, label]) => ({ id, label, count: state.board.filter((c) => c.column === id).length })), players: state.players.length, collections: state.collections.length });
  }
  if (m === 'GET' && p === '/api/sets') return send(res, 200, { columns: GRID_COLUMNS, statuses: STATUSES, rows: state.sets });
  if (m === 'POST' && p === '/api/sets/bulk') {
    const b = json(body); if (!b || !Array.isArray(b.changes)) return send(res, 400, { error: 'Expected {changes: [...]}' });
    const editable = new Set(['status', 'note']);
    for (const c of b.changes) {
      const row = state.sets.find((s) => s.id === c.id); if (!row || !editable.has(c.field)) return send(res, 422, { error: `Cannot change ${c.field} on ${c.id}` });
      if (c.field === 'status' && !STATUSES.includes(c.value)) return send(res, 422, { error: 'Unknown status' });
    }
    for (const c of b.changes) state.sets.find((s) => s.id === c.id)[c.field] = String(c.value);
    return send(res, 200, { saved: b.changes.length });
  }
  if (m === 'GET' && p === '/api/notice') return send(res, 200, state.notice);
  if (m === 'PUT' && p === '/api/notice') {
    const b = json(body); if (!b || typeof b.html !== 'string') return send(res, 400, { error: 'html required' });
    state.notice = { ...state.notice, html: b.html, updatedAt: new Date().toISOString() };
    return send(res, 200, state.notice);
  }
  if (m === 'GET' && p === '/api/board') return send(res, 200, { columns: BOARD_COLUMNS, cards: state.board });
  if (m === 'POST' && parts[1] === 'board' && parts[2] === 'cards' && parts[4] === 'move') {
    const card = state.board.find((c) => c.id === parts[3]); const b = json(body);
    if (!card || !b || !BOARD_COLUMNS.find(([id]) => id === b.column)) return send(res, 404, { error: 'Unknown card or column' });
    card.column = b.column; card.order = Number(b.index) || 0;
    card.slip = `SLIP-${7000 + 13 * (++counter) + Number(card.id.slice(1)) * 7}`;
    return send(res, 200, { card, slip: card.slip });
  }
  if (m === 'POST' && p === '/api/returns/upload') {
    const name = decodeURIComponent(req.headers['x-file-name'] || 'upload.csv');
    const result = parseReturns(body.toString('utf8'));
    if (!result) return send(res, 422, { error: 'The sheet needs "issued" and "returned" columns.' });
    const rec = { id: ref('RET', 40 + state.uploads.length + 1), name, size: body.length, sha1: crypto.createHash('sha1').update(body).digest('hex').slice(0, 10), ...result };
    state.uploads.push(rec);
    return send(res, 200, rec);
  }
  if (m === 'GET' && p === '/api/loans') return send(res, 200, LOANS);
  if (m === 'POST' && p === '/api/annual-return') {
    const b = json(body); if (!b) return send(res, 400, { error: 'bad json' });
    state.annualReturn = { brassSeptember: Number(b.brassSeptember), submittedAt: TODAY };
    return send(res, 200, { ok: true, reference: 'AR-2024-017' });
  }
  if (m === 'GET' && p === '/api/orgs') return send(res, 200, { orgs: ORGS, closedDays: CLOSED_DAYS, today: TODAY });
  if (m === 'POST' && p === '/api/collections') {
    const b = json(body) || {};
    const errs = [];
    if (!ORGS.find((o) => o.id === b.orgId)) errs.push('Choose an ensemble');
    const d = new Date(b.date + 'T12:00:00Z');
    if (!b.date || isNaN(d) || b.date <= TODAY || [0, 6].includes(d.getUTCDay()) || CLOSED_DAYS.includes(b.date)) errs.push('Choose a date the library is open');
    if (!/^\d\d:\d\d$/.test(b.time || '')) errs.push('Choose a time');
    if (errs.length) return send(res, 422, { error: errs.join('; ') });
    const rec = { reference: ref('COL', 2310 + 7 * (state.collections.length + 1)), orgId: b.orgId, date: b.date, time: b.time, note: String(b.note || '') };
    state.collections.push(rec);
    return send(res, 200, rec);
  }
  if (m === 'GET' && p === '/api/players') {
    const q = (url.searchParams.get('q') || '').toLowerCase().trim();
    const page = Math.max(1, Number(url.searchParams.get('page') || 1)); const per = 10;
    const all = state.players.filter((pl) => !q || pl.name.toLowerCase().includes(q) || pl.instrument.toLowerCase().includes(q) || pl.email.includes(q));
    return send(res, 200, { total: all.length, page, perPage: per, pages: Math.max(1, Math.ceil(all.length / per)), players: all.slice((page - 1) * per, page * per) });
  }
  if (m === 'DELETE' && parts[1] === 'players' && parts[2]) {
    const i = state.players.findIndex((pl) => pl.id === parts[2]);
    if (i < 0) return send(res, 404, { error: 'No such player' });
    const [gone] = state.players.splice(i, 1);
    return send(res, 200, { deleted: gone.id });
  }
  return send(res, 404, { error: 'Not found' });
}

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png', '.json': 'application/json', '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.csv': 'text/csv' };
function serveStatic(req, res, url) {
  let fp = path.normalize(path.join(DIST, decodeURIComponent(url.pathname)));
  if (!fp.startsWith(DIST)) { res.writeHead(403); return res.end(); }
  if (!fs.existsSync(fp) || fs.statSync(fp).isDirectory()) fp = path.join(DIST, 'index.html');
  if (!fs.existsSync(fp)) { res.writeHead(500); return res.end('Run npm run build first'); }
  res.writeHead(200, { 'content-type': TYPES[path.extname(fp)] || 'application/octet-stream' });
  fs.createReadStream(fp).pipe(res);
}

const server = http.createServer(async (req, res) => {
  touch();
  const url = new URL(req.url, 'http://127.0.0.1');
  try {
    if (url.pathname === '/__verify' && req.method === 'GET') return send(res, 200, verify());
    if (url.pathname === '/__reset' && req.method === 'POST') { state = seed(); hits = {}; counter = 0; return send(res, 200, { ok: true }); }
    if (url.pathname.startsWith('/api/')) return await api(req, res, url);
    serveStatic(req, res, url);
  } catch (e) { console.error(e); send(res, 500, { error: String(e.message || e) }); }
});
server.listen(PORT, '127.0.0.1', () => console.log(`Larkfield Philharmonic music library on http://127.0.0.1:${PORT}/`));
