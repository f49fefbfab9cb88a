// Saltmarsh Quay Boatyard — back-office server.
// Plain node:http, loopback only, in-memory state seeded from data.mjs.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { seed, YARD, CLOSED_DAYS, STATUS_VALUES, NOTICE_HTML } from './data.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const STATIC_DIR = path.join(HERE, 'dist', 'saltmarsh-quay', 'browser');
const PORT = Number(process.env.PORT || 4399);
const HOST = '127.0.0.1';
const IDLE_MS = Number(process.env.IDLE_MS || 2 * 60 * 60 * 1000);
const NO_DELAY = process.env.NO_DELAY === '1'; // only for quick manual poking; the self-test keeps delays

// Expected answers (for /__verify). Kept here, not in the client bundle.
const TARGET = {
  vesselBerth: 'D-31',
  vesselStatus: 'Hauled out',
  vesselNote: 'Keel bolts to inspect',
  card: 'WO-2141',
  cardLookalikes: ['WO-2138', 'WO-2143', 'WO-2147', 'WO-2160'],
  engineFileSha256: null, // computed from files/ at start
  fuel: { month: '2025-08', fuel: 'Petrol', litres: 2846 },
  booking: { vesselBerth: 'C-22', date: '2026-05-06', time: '10:30', service: 'Lift out', noteIncludes: 'mast unstepping required' },
  customerDelete: 'CU-3127',
  customerKeep: 'CU-2893',
};

let state;
let hits = {};
function reset() {
  state = seed();
  state.seedVessels = JSON.stringify(state.vessels);
  state.seedCustomerCount = state.customers.length;
  hits = {};
}
reset();

try {
  const buf = fs.readFileSync(path.join(HERE, 'files', 'kestrel-engine-log-2026-03.csv'));
  TARGET.engineFileSha256 = crypto.createHash('sha256').update(buf).digest('hex');
} catch { /* files/ missing: job can never be done */ }

// ------------------------------------------------------------------ helpers
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let delaySeq = 0;
function apiDelay() {
  if (NO_DELAY) return 0;
  // deterministic-ish spread between 300 and 800 ms
  delaySeq = (delaySeq * 1103515245 + 12345) & 0x7fffffff;
  return 300 + (delaySeq % 501);
}
function send(res, status, body, headers = {}) {
  const data = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': typeof body === 'object' && !Buffer.isBuffer(body) ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(data);
}
function readBody(req, limit = 5 * 1024 * 1024) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (c) => {
      size += c.length;
      if (size > limit) { reject(new Error('too large')); req.destroy(); return; }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
async function readJson(req) {
  const buf = await readBody(req);
  if (!buf.length) return {};
  return JSON.parse(buf.toString('utf8'));
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
    const part = buf.slice(start + 2, next - 2); // skip CRLF after boundary, trailing CRLF
    const headEnd = part.indexOf('\r\n\r\n');
    const head = part.slice(0, headEnd).toString('utf8');
    const body = part.slice(headEnd + 4);
    const name = /name="([^"]*)"/i.exec(head)?.[1];
    const filename = /filename="([^"]*)"/i.exec(head)?.[1];
    parts.push({ name, filename, body });
    pos = next;
  }
  return parts;
}
const isWeekend = (iso) => { const d = new Date(iso + 'T12:00:00Z').getUTCDay(); return d === 0 || d === 6; };
const norm = (s) => String(s ?? '').replace(/\s+/g, ' ').trim();

// Minimal HTML walker for the notice: returns text runs with bold/italic/link flags.
function htmlRuns(html) {
  const runs = [];
  const stack = [];
  const re = /<\/?([a-zA-Z0-9]+)([^>]*)>|([^<]+)/g;
  const decode = (t) => t.replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n))).replace(/&#x([0-9a-f]+);/gi, (_, n) => String.fromCodePoint(parseInt(n, 16))).replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'");
  const blockTags = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'br']);
  let m;
  while ((m = re.exec(html))) {
    if (m[3] !== undefined) {
      const flags = { bold: false, italic: false, href: null };
      for (const s of stack) {
        if (s.bold) flags.bold = true;
        if (s.italic) flags.italic = true;
        if (s.href) flags.href = s.href;
      }
      runs.push({ text: decode(m[3]), ...flags });
      continue;
    }
    const tag = m[1].toLowerCase();
    const closing = m[0].startsWith('</');
    const selfClosing = /\/\s*$/.test(m[2]) || tag === 'br';
    if (blockTags.has(tag)) runs.push({ text: '\n', bold: false, italic: false, href: null });
    if (selfClosing) continue;
    if (closing) {
      for (let i = stack.length - 1; i >= 0; i--) if (stack[i].tag === tag) { stack.splice(i, 1); break; }
      continue;
    }
    const attrs = m[2] || '';
    const style = (/style="([^"]*)"/i.exec(attrs)?.[1] || '').toLowerCase();
    stack.push({
      tag,
      bold: tag === 'b' || tag === 'strong' || /font-weight:\s*(bold|[6-9]00)/.test(style),
      italic: tag === 'i' || tag === 'em' || /font-style:\s*italic/.test(style),
      href: tag === 'a' ? (/href="([^"]*)"/i.exec(attrs)?.[1] || '') : null,
    });
  }
  return runs;
}
function flagRuns(runs, key) {
  // merge consecutive characters sharing the flag into spans of text
  const out = [];
  let cur = null;
  for (const r of runs) {
    const v = r[key];
    if (v) {
      if (cur && cur.v === v) cur.text += r.text;
      else { cur = { v, text: r.text }; out.push(cur); }
    } else cur = null;
  }
  return out.map((x) => ({ value: x.v, text: norm(x.text) })).filter((x) => x.text);
}
function checkNotice(html) {
  const runs = htmlRuns(html);
  const plain = runs.map((r) => r.text).join('');
  const lines = plain.split('\n').map(norm).filter(Boolean);
  const text = norm(plain);
  const bolds = flagRuns(runs, 'bold').map((x) => x.text).filter((t) => !/^Spring launch arrangements 2026$/.test(t));
  const italics = flagRuns(runs, 'italic').map((x) => x.text);
  const links = flagRuns(runs, 'href').map((x) => ({ text: x.text, href: x.value }));
  // Where is the italic "before"? It must be the one in "tide tables before booking".
  let italicPos = -1;
  {
    let acc = '';
    for (const r of runs) {
      if (r.italic && norm(r.text) === 'before') { italicPos = norm(acc).length; }
      acc += r.text;
    }
  }
  const expectedItalicPos = text.indexOf('tide tables before booking') + 'tide tables '.length;
  const details = {
    pontoonA: lines.includes('Boats on pontoon A will be launched on Tuesday 12 May.'),
    pontoonB: lines.includes('Boats on pontoon B will be launched on Wednesday 13 May.'),
    pontoonC: lines.includes('Boats on pontoon C will be launched on Thursday 14 May.'),
    pontoonD: lines.includes('Boats on pontoon D will be launched on Friday 15 May.'),
    bold: bolds,
    italic: italics,
    links,
    italicInRightPlace: italics.length === 1 && italics[0] === 'before' && Math.abs(italicPos - expectedItalicPos) <= 1,
  };
  const otherText = text.replace('pontoon C will be launched on Thursday 14 May.', 'pontoon C will be launched on Wednesday 13 May.');
  const seedText = norm(htmlRuns(NOTICE_HTML).map((r) => r.text).join(''));
  details.restUnchanged = otherText === seedText;
  if (!details.restUnchanged) {
    let i = 0;
    while (i < otherText.length && otherText[i] === seedText[i]) i++;
    details.firstDifference = { at: i, now: otherText.slice(Math.max(0, i - 30), i + 40), seed: seedText.slice(Math.max(0, i - 30), i + 40) };
  }
  details.ok = details.pontoonA && details.pontoonB && details.pontoonC && details.pontoonD && details.restUnchanged
    && bolds.length === 1 && bolds[0] === 'at least 24 hours'
    && details.italicInRightPlace
    && links.length === 1 && links[0].text === 'tide tables' && /^https?:\/\/tides\.example\.org\/saltmarsh\/?$/.test(links[0].href);
  return details;
}

// ------------------------------------------------------------------ verify
function verify() {
  const jobs = {};
  // 1. grid
  {
    const seedRows = JSON.parse(state.seedVessels);
    const target = state.vessels.find((v) => v.berth === TARGET.vesselBerth);
    const changed = state.vessels.filter((v) => {
      const s = seedRows.find((x) => x.id === v.id);
      return s.status !== v.status || s.note !== v.note;
    }).map((v) => ({ berth: v.berth, name: v.name, status: v.status, note: v.note }));
    const ok = target.status === TARGET.vesselStatus && norm(target.note).toLowerCase() === TARGET.vesselNote.toLowerCase()
      && changed.length === 1 && changed[0].berth === TARGET.vesselBerth;
    jobs.vessel_register = { done: ok, details: { target: { berth: target.berth, name: target.name, status: target.status, note: target.note, accountCode: target.accountCode }, changedRows: changed, saves: state.vesselSaves || 0 } };
  }
  // 2. rich text
  {
    const d = checkNotice(state.notice.html);
    jobs.launch_notice = { done: !!(d.ok && state.noticeSaved), details: { saved: !!state.noticeSaved, ...d } };
  }
  // 3. board
  {
    const card = state.board.cards.find((c) => c.id === TARGET.card);
    const seedBoard = seed().board.cards;
    const others = TARGET.cardLookalikes.map((id) => {
      const now = state.board.cards.find((c) => c.id === id);
      const was = seedBoard.find((c) => c.id === id);
      return { id, column: now.column, unchanged: now.column === was.column };
    });
    const ok = card.column === 'ready' && others.every((o) => o.unchanged);
    jobs.workshop_board = { done: ok, details: { card: { id: card.id, column: card.column }, lookalikes: others, moves: state.moves || [] } };
  }
  // 4. upload
  {
    const uploads = state.engineLogs.filter((e) => e.uploaded);
    const good = uploads.find((e) => e.sha256 === TARGET.engineFileSha256);
    jobs.engine_log_upload = { done: !!good, details: { uploads: uploads.map((u) => ({ file: u.file, vessel: u.vessel, runningHours: u.runningHours, correctFile: u.sha256 === TARGET.engineFileSha256 })) } };
  }
  // 5. chart
  {
    const recs = state.reconciliations.filter((r) => r.new);
    const hit = recs.find((r) => r.month === TARGET.fuel.month && r.fuel === TARGET.fuel.fuel && Number(r.litres) === TARGET.fuel.litres);
    jobs.fuel_reconciliation = { done: !!hit && recs.length === 1, details: { recorded: recs.map(({ month, fuel, litres }) => ({ month, fuel, litres })), expected: TARGET.fuel } };
  }
  // 6. booking
  {
    const news = state.bookings.filter((b) => b.new);
    const v = state.vessels.find((x) => x.berth === TARGET.booking.vesselBerth);
    const good = news.find((b) => b.vesselId === v.id && b.date === TARGET.booking.date && b.time === TARGET.booking.time
      && b.service === TARGET.booking.service && norm(b.note).toLowerCase().includes(TARGET.booking.noteIncludes));
    jobs.lift_booking = { done: !!good && news.length === 1, details: { created: news.map(({ ref, vesselId, vessel, service, date, time, note }) => ({ ref, vesselId, vessel, service, date, time, note })) } };
  }
  // 7. delete
  {
    const gone = !state.customers.some((c) => c.account === TARGET.customerDelete);
    const kept = state.customers.some((c) => c.account === TARGET.customerKeep);
    const deleted = state.seedCustomerCount - state.customers.length;
    jobs.customer_delete = { done: gone && kept && deleted === 1, details: { targetDeleted: gone, lookalikeKept: kept, deletedCount: deleted, deleted: state.deletedCustomers || [] } };
  }
  return { jobs, hits };
}

// ------------------------------------------------------------------ API
function vesselPublic(v) {
  const { ...rest } = v;
  return rest;
}

async function api(req, res, url) {
  const p = url.pathname;
  const m = req.method;
  const J = (status, body) => send(res, status, body);

  if (m === 'GET' && p === '/api/meta') {
    return J(200, { yard: YARD.name, today: YARD.today, closedDays: CLOSED_DAYS, statuses: STATUS_VALUES, user: { name: 'Jo Whitlock', role: 'Yard office' } });
  }
  if (m === 'GET' && p === '/api/summary') {
    const byStatus = {};
    for (const v of state.vessels) byStatus[v.status] = (byStatus[v.status] || 0) + 1;
    return J(200, {
      vessels: state.vessels.length,
      byStatus,
      openJobs: state.board.cards.filter((c) => c.column !== 'ready').length,
      readyForLaunch: state.board.cards.filter((c) => c.column === 'ready').length,
      upcomingLifts: state.bookings.filter((b) => b.date >= YARD.today).length,
      customers: state.customers.length,
      noticeUpdated: state.notice.updatedAt,
    });
  }

  // --- vessels (grid)
  if (m === 'GET' && p === '/api/vessels') return J(200, state.vessels.map(vesselPublic));
  if (m === 'GET' && p === '/api/vessels/options') {
    return J(200, state.vessels.map((v) => ({ id: v.id, name: v.name, model: v.model, owner: `${v.ownerFirst} ${v.ownerSurname}`, berth: v.berth }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.owner.localeCompare(b.owner)));
  }
  if (m === 'POST' && p === '/api/vessels/bulk') {
    const body = await readJson(req);
    const changes = Array.isArray(body.changes) ? body.changes : null;
    if (!changes || !changes.length) return J(400, { error: 'No changes to save' });
    for (const c of changes) {
      const v = state.vessels.find((x) => x.id === c.id);
      if (!v) return J(404, { error: `Unknown vessel ${c.id}` });
      if (c.status !== undefined && !STATUS_VALUES.includes(c.status)) return J(422, { error: `Invalid status "${c.status}" for ${v.name}` });
    }
    for (const c of changes) {
      const v = state.vessels.find((x) => x.id === c.id);
      if (c.status !== undefined) v.status = c.status;
      if (c.note !== undefined) v.note = String(c.note).slice(0, 200);
    }
    state.vesselSaves = (state.vesselSaves || 0) + 1;
    return J(200, { saved: changes.length, vessels: changes.map((c) => vesselPublic(state.vessels.find((x) => x.id === c.id))) });
  }

  // --- notice (rich text)
  if (m === 'GET' && p === '/api/notices/spring-launch') return J(200, state.notice);
  if (m === 'PUT' && p === '/api/notices/spring-launch') {
    const body = await readJson(req);
    if (typeof body.html !== 'string' || !body.html.trim()) return J(400, { error: 'Notice text is empty' });
    state.notice = { ...state.notice, html: body.html.slice(0, 50000), updatedAt: new Date(Date.UTC(2026, 3, 15, 9, 41)).toISOString(), updatedBy: 'Jo Whitlock' };
    state.noticeSaved = true;
    return J(200, state.notice);
  }

  // --- workshop board
  if (m === 'GET' && p === '/api/workorders') return J(200, state.board);
  const mv = /^\/api\/workorders\/([A-Za-z0-9-]+)\/move$/.exec(p);
  if (m === 'POST' && mv) {
    const body = await readJson(req);
    const card = state.board.cards.find((c) => c.id === mv[1]);
    if (!card) return J(404, { error: 'Unknown work order' });
    if (!state.board.columns.some((c) => c.id === body.column)) return J(422, { error: 'Unknown column' });
    const from = card.column;
    // re-order: remove and insert at index within target column
    const cards = state.board.cards.filter((c) => c.id !== card.id);
    card.column = body.column;
    const inCol = cards.filter((c) => c.column === body.column);
    const idx = Math.max(0, Math.min(Number(body.index) || 0, inCol.length));
    const anchor = inCol[idx];
    const at = anchor ? cards.indexOf(anchor) : cards.length;
    cards.splice(at, 0, card);
    state.board.cards = cards;
    const ref = `WS-26-${String(state.nextMoveRef++).padStart(4, '0')}`;
    state.moves = [...(state.moves || []), { card: card.id, from, to: body.column, ref }];
    return J(200, { ok: true, ref, card, from, to: body.column });
  }

  // --- engine logs (upload)
  if (m === 'GET' && p === '/api/engine-logs') return J(200, state.engineLogs.map(({ sha256, uploaded, ...r }) => r));
  if (m === 'POST' && p === '/api/engine-logs') {
    let buf;
    try { buf = await readBody(req, 2 * 1024 * 1024); } catch { return J(413, { error: 'File too large (2 MB max)' }); }
    const parts = parseMultipart(buf, req.headers['content-type']);
    const file = parts.find((x) => x.filename);
    if (!file) return J(400, { error: 'No file received' });
    if (!/\.csv$/i.test(file.filename)) return J(415, { error: 'Engine logs must be CSV files' });
    const text = file.body.toString('utf8').replace(/^\uFEFF/, '');
    const lines = text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
    const meta = {};
    const rows = [];
    let header = null;
    for (const l of lines) {
      if (l.startsWith('#')) { const mm = /^#\s*([^:]+):\s*(.*)$/.exec(l); if (mm) meta[mm[1].trim().toLowerCase()] = mm[2].trim(); continue; }
      const cells = l.split(',').map((c) => c.trim());
      if (!header) { header = cells.map((c) => c.toLowerCase()); continue; }
      rows.push(Object.fromEntries(header.map((h, i) => [h, cells[i]])));
    }
    if (!header || !header.includes('meter_start') || !header.includes('meter_end')) return J(422, { error: 'Missing meter_start / meter_end columns' });
    let total = 0; let meter = 0;
    for (const r of rows) {
      const a = Number(r.meter_start); const b = Number(r.meter_end);
      if (!Number.isFinite(a) || !Number.isFinite(b) || b < a) return J(422, { error: `Bad meter reading on ${r.date || 'a row'}` });
      total += b - a; meter = Math.max(meter, b);
    }
    const entry = {
      id: 'e' + (state.engineLogs.length + 1),
      vessel: meta.vessel || 'Unknown vessel',
      file: file.filename,
      entries: rows.length,
      runningHours: Math.round(total * 10) / 10,
      meter: Math.round(meter * 10) / 10,
      nextService: Math.ceil((meter + 0.0001) / 250) * 250,
      uploadedAt: YARD.today,
      sha256: crypto.createHash('sha256').update(file.body).digest('hex'),
      uploaded: true,
    };
    state.engineLogs = [entry, ...state.engineLogs];
    const { sha256, uploaded, ...pub } = entry;
    return J(200, pub);
  }

  // --- fuel dock
  if (m === 'GET' && p === '/api/fuel/monthly') return J(200, state.fuel);
  if (m === 'GET' && p === '/api/fuel/reconciliations') return J(200, state.reconciliations.map(({ new: _n, ...r }) => r));
  if (m === 'POST' && p === '/api/fuel/reconciliations') {
    const body = await readJson(req);
    const litres = Number(body.litres);
    if (!/^\d{4}-\d{2}$/.test(body.month || '')) return J(422, { error: 'Choose a month' });
    if (!['Diesel', 'Petrol'].includes(body.fuel)) return J(422, { error: 'Choose a fuel' });
    if (!Number.isFinite(litres) || litres <= 0) return J(422, { error: 'Enter the litres figure' });
    const rec = { id: 'r' + (state.reconciliations.length + 1), month: body.month, fuel: body.fuel, litres, recordedBy: 'Jo Whitlock', recordedAt: YARD.today, new: true };
    state.reconciliations.push(rec);
    const { new: _n, ...pub } = rec;
    return J(200, pub);
  }

  // --- bookings
  if (m === 'GET' && p === '/api/bookings') return J(200, state.bookings.map(({ new: _n, ...b }) => b));
  if (m === 'POST' && p === '/api/bookings') {
    const body = await readJson(req);
    const v = state.vessels.find((x) => x.id === body.vesselId);
    if (!v) return J(422, { error: 'Choose a vessel' });
    if (!['Lift out', 'Lift in', 'Mast step', 'Mast unstep', 'Hold in slings'].includes(body.service)) return J(422, { error: 'Choose a service' });
    if (!/^\d{4}-\d{2}-\d{2}$/.test(body.date || '')) return J(422, { error: 'Choose a date' });
    if (body.date < YARD.today) return J(422, { error: 'That date is in the past' });
    if (isWeekend(body.date)) return J(422, { error: 'The crane does not run at weekends' });
    const closed = CLOSED_DAYS.find((c) => c.date === body.date);
    if (closed) return J(422, { error: `The yard is closed on that day (${closed.reason})` });
    if (!/^\d{2}:\d{2}$/.test(body.time || '')) return J(422, { error: 'Choose a time' });
    if (body.time < '07:30' || body.time > '16:00') return J(422, { error: 'Lifts run between 07:30 and 16:00' });
    const ref = `LB-26-${String(state.nextBookingNo++).padStart(4, '0')}`;
    const b = { ref, vesselId: v.id, vessel: v.name, service: body.service, date: body.date, time: body.time, note: String(body.note || '').slice(0, 500), new: true };
    state.bookings.push(b);
    const { new: _n, ...pub } = b;
    return J(201, pub);
  }

  // --- customers
  if (m === 'GET' && p === '/api/customers') {
    const q = norm(url.searchParams.get('q')).toLowerCase();
    const page = Math.max(0, Number(url.searchParams.get('page')) || 0);
    const size = Math.min(50, Math.max(5, Number(url.searchParams.get('size')) || 10));
    let list = [...state.customers].sort((a, b) => a.last.localeCompare(b.last) || a.first.localeCompare(b.first) || a.account.localeCompare(b.account));
    if (q) list = list.filter((c) => `${c.first} ${c.last} ${c.account} ${c.town} ${c.email}`.toLowerCase().includes(q));
    return J(200, { total: list.length, page, size, items: list.slice(page * size, page * size + size) });
  }
  const cd = /^\/api\/customers\/([A-Za-z0-9-]+)$/.exec(p);
  if (m === 'DELETE' && cd) {
    const i = state.customers.findIndex((c) => c.id === cd[1]);
    if (i === -1) return J(404, { error: 'Customer not found' });
    const [c] = state.customers.splice(i, 1);
    state.deletedCustomers = [...(state.deletedCustomers || []), { id: c.id, name: `${c.first} ${c.last}`, account: c.account, town: c.town }];
    return J(200, { deleted: c.id });
  }

  return J(404, { error: 'Not found' });
}

// ------------------------------------------------------------------ static
const MIME = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.json': 'application/json',
  '.woff2': 'font/woff2', '.woff': 'font/woff', '.txt': 'text/plain; charset=utf-8', '.map': 'application/json',
};
function serveStatic(req, res, url) {
  let rel = decodeURIComponent(url.pathname);
  const file = path.normalize(path.join(STATIC_DIR, rel));
  if (file.startsWith(STATIC_DIR) && fs.existsSync(file) && fs.statSync(file).isFile()) {
    const ext = path.extname(file);
    res.writeHead(200, { 'Content-Type': MIME[ext] || 'application/octet-stream', 'Cache-Control': ext === '.html' ? 'no-store' : 'public, max-age=3600' });
    fs.createReadStream(file).pipe(res);
    return;
  }
  const index = path.join(STATIC_DIR, 'index.html');
  if (!fs.existsSync(index)) return send(res, 503, 'Front end not built. Run: npm run build');
  res.writeHead(200, { 'Content-Type': MIME['.html'], 'Cache-Control': 'no-store' });
  fs.createReadStream(index).pipe(res);
}

// ------------------------------------------------------------------ server
let lastActivity = Date.now();
const server = http.createServer(async (req, res) => {
  lastActivity = Date.now();
  const url = new URL(req.url, `http://${HOST}`);
  try {
    if (url.pathname === '/__verify' && req.method === 'GET') return send(res, 200, verify());
    if (url.pathname === '/__reset' && req.method === 'POST') { reset(); return send(res, 200, { ok: true }); }
    if (url.pathname.startsWith('/api/')) {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        const key = `${req.method} ${url.pathname}`;
        hits[key] = (hits[key] || 0) + 1;
      }
      await sleep(apiDelay());
      return await api(req, res, url);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { error: 'Method not allowed' });
    return serveStatic(req, res, url);
  } catch (err) {
    if (!res.headersSent) send(res, 400, { error: err instanceof SyntaxError ? 'Malformed JSON' : String(err.message || err) });
  }
});
server.listen(PORT, HOST, () => {
  console.log(`${YARD.name} back office on http://${HOST}:${PORT}/ (today is ${YARD.today})`);
});
const idleTimer = setInterval(() => {
  if (Date.now() - lastActivity > IDLE_MS) {
    console.log(`No requests for ${Math.round(IDLE_MS / 1000)} s — shutting down.`);
    clearInterval(idleTimer);
    server.close();
    process.exit(0);
  }
}, Math.min(60000, Math.max(1000, Math.floor(IDLE_MS / 4))));
idleTimer.unref?.();
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => { server.close(); process.exit(0); });
