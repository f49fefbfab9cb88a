import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { seed, TODAY } from './data.mjs';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.join(ROOT, 'dist');
const PORT = Number(process.env.PORT || 4900);
const IDLE_MS = Number(process.env.IDLE_MS || 2 * 60 * 60 * 1000);

let db = seed();
let hits = {};
let idleTimer;
function touch() { clearTimeout(idleTimer); idleTimer = setTimeout(() => { console.log('idle, exiting'); process.exit(0); }, IDLE_MS); }
touch();

const delay = () => new Promise((r) => setTimeout(r, 300 + Math.floor(Math.random() * 500)));
const send = (res, code, obj) => { res.writeHead(code, { 'content-type': 'application/json', 'cache-control': 'no-store' }); res.end(JSON.stringify(obj)); };
const readBody = (req) => new Promise((resolve) => { const chunks = []; req.on('data', (c) => chunks.push(c)); req.on('end', () => resolve(Buffer.concat(chunks))); });
const json = (buf) => { try { return JSON.parse(buf.toString('utf8') || '{}'); } catch { return null; } };
const textOf = (html) => html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\u00a0/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
const B14_HASH = crypto.createHash('sha256').update(fs.readFileSync(path.join(ROOT, 'files/extraction-batch-B14.csv'))).digest('hex');

function parseMultipart(buf, ctype) {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(ctype || '');
  if (!m) return [];
  const boundary = Buffer.from('--' + (m[1] || m[2]));
  const parts = [];
  let start = buf.indexOf(boundary);
  while (start !== -1) {
    const next = buf.indexOf(boundary, start + boundary.length);
    if (next === -1) break;
    const part = buf.subarray(start + boundary.length + 2, next - 2);
    const sep = part.indexOf('\r\n\r\n');
    if (sep !== -1) {
      const head = part.subarray(0, sep).toString();
      const name = /name="([^"]*)"/i.exec(head)?.[1];
      const filename = /filename="([^"]*)"/i.exec(head)?.[1];
      parts.push({ name, filename, data: part.subarray(sep + 4) });
    }
    start = next;
  }
  return parts;
}

function isWeekend(d) { const w = new Date(d + 'T12:00:00Z').getUTCDay(); return w === 0 || w === 6; }

function verify() {
  const s = db;
  const seedDb = seed();
  const target = s.hives.find((h) => h.id === 'H-1212');
  const others = ['H-1057', 'H-1140', 'H-1261', 'H-1298'].map((id) => [s.hives.find((h) => h.id === id), seedDb.hives.find((h) => h.id === id)]);
  const othersSame = others.every(([a, b]) => a.queenStatus === b.queenStatus && a.inspectionNote === b.inspectionNote);
  const changedCount = s.hives.filter((h, i) => JSON.stringify(h) !== JSON.stringify(seedDb.hives[i])).length;
  const grid = { done: !!target && target.queenStatus === 'Queenless' && /^emergency queen cells seen\.?$/i.test(target.inspectionNote.trim()) && othersSame && changedCount === 1,
    details: { queenStatus: target?.queenStatus, inspectionNote: target?.inspectionNote, otherRowsChanged: changedCount - 1, insuranceRef: target?.insuranceRef } };

  const html = s.bulletin;
  const paras = [...html.matchAll(/<p[^>]*>([\s\S]*?)<\/p>/gi)].map((m) => m[1]);
  const txt = paras.map(textOf);
  const find = (start) => paras.find((p, i) => txt[i].startsWith(start)) || '';
  const oe = textOf(find('At Orchard End'));
  const fl = textOf(find('At Ferry Lane'));
  const kc = textOf(find('At Kiln Common'));
  const reportP = find('Report any sealed');
  const boldOk = /<(b|strong)[^>]*>\s*sealed queen cells\s*<\/(b|strong)>/i.test(reportP);
  const italOk = /<(i|em)[^>]*>\s*Saturdays\s*<\/(i|em)>/i.test(find('Spare nucleus'));
  const linkOk = /<a [^>]*href="(https?:\/\/127\.0\.0\.1(:\d+)?)?\/guides\/swarm-control"[^>]*>\s*swarm control guide\s*<\/a>/i.test(find('Read the'));
  const cupsP = find('Report any open');
  const onlyBold = (html.match(/<(b|strong)[\s>]/gi) || []).length === 1 && !/<(b|strong)/i.test(cupsP);
  const editor = { done: oe === 'At Orchard End, inspect every colony every seven days until the end of July.' && fl === 'At Ferry Lane, inspect every colony every seven days until the end of July.' && kc === 'At Kiln Common, inspect every colony every ten days until the end of June.' && boldOk && italOk && linkOk && onlyBold && s.bulletinSaves > 0,
    details: { orchardEnd: oe, kilnCommon: kc, bold: boldOk, italic: italOk, link: linkOk, onlyOneBold: onlyBold, saves: s.bulletinSaves || 0 } };

  const card = s.swarms.find((c) => c.id === 'SW-301');
  const movedOthers = s.swarms.filter((c) => c.id !== 'SW-301' && c.column !== seedDb.swarms.find((x) => x.id === c.id).column).map((c) => c.id);
  const mv = s.moves.find((m) => m.id === 'SW-301' && m.column === 'collected');
  const board = { done: card.column === 'collected' && movedOthers.length === 0, details: { column: card.column, movedOthers, reference: mv?.reference || null } };

  const b = s.batches.find((x) => x.hash === B14_HASH);
  const upload = { done: !!b && s.batches.length === 1, details: { uploads: s.batches.map((x) => ({ file: x.filename, batch: x.batch, meanMoisture: x.meanMoisture })), expectedMean: b?.meanMoisture ?? null } };

  const d = s.declarations[s.declarations.length - 1];
  const chart = { done: s.declarations.length === 1 && d.apiary === 'Orchard End' && d.month === '2025-08' && Math.abs(d.kg - 143.5) < 0.001, details: { declarations: s.declarations } };

  const bk = s.bookings;
  const okBk = bk.length === 1 && bk[0].memberId === 'MB-0461' && bk[0].date === '2026-06-17' && bk[0].time === '10:00' && /two supers/i.test(bk[0].note);
  const booking = { done: okBk, details: { bookings: bk } };

  const gone = !s.members.some((m) => m.id === 'MB-0979');
  const other = s.members.some((m) => m.id === 'MB-0748');
  const members = { done: gone && other && s.members.length === seedDb.members.length - 1, details: { removed: seedDb.members.filter((m) => !s.members.some((x) => x.id === m.id)).map((m) => `${m.id} ${m.name} (${m.apiary})`) } };
  return { jobs: { grid, editor, board, upload, chart, booking, members }, hits };
}

async function api(req, res, url) {
  const p = url.pathname;
  const m = req.method;
  if (m !== 'GET') hits[`${m} ${p}`] = (hits[`${m} ${p}`] || 0) + 1;
  const body = m === 'GET' ? null : await readBody(req);
  await delay();
  if (m === 'GET' && p === '/api/summary') {
    return send(res, 200, { today: TODAY, hives: db.hives.length, members: db.members.length, openSwarms: db.swarms.filter((c) => c.column !== 'rehomed').length, bookings: db.bookings.length, batches: db.batches.length });
  }
  if (m === 'GET' && p === '/api/hives') return send(res, 200, { hives: db.hives, queenStatuses: ['Queenright', 'Queenless', 'Virgin queen', 'Drone layer', 'Superseding'] });
  if (m === 'POST' && p === '/api/hives/bulk') {
    const data = json(body);
    if (!data || !Array.isArray(data.changes) || !data.changes.length) return send(res, 400, { error: 'No changes' });
    const allowed = ['queenStatus', 'inspectionNote', 'hiveType', 'temperament', 'feed', 'swarmRisk', 'treatment', 'supers', 'broodFrames', 'storeFrames', 'varroa'];
    let n = 0;
    for (const c of data.changes) {
      const h = db.hives.find((x) => x.id === c.id);
      if (!h || !c.changes) continue;
      for (const k of Object.keys(c.changes)) if (allowed.includes(k)) { h[k] = c.changes[k]; }
      n++;
    }
    return send(res, 200, { saved: n, hives: db.hives });
  }
  if (m === 'GET' && p === '/api/bulletin') return send(res, 200, { html: db.bulletin, updated: db.bulletinUpdated || '2026-06-02 09:14' });
  if (m === 'PUT' && p === '/api/bulletin') {
    const data = json(body);
    if (!data || typeof data.html !== 'string' || data.html.length > 100000) return send(res, 400, { error: 'Invalid document' });
    db.bulletin = data.html; db.bulletinSaves = (db.bulletinSaves || 0) + 1; db.bulletinUpdated = `${TODAY} ${new Date().toISOString().slice(11, 16)}`;
    return send(res, 200, { ok: true, updated: db.bulletinUpdated });
  }
  if (m === 'GET' && p === '/api/swarms') return send(res, 200, { swarms: db.swarms });
  let mm;
  if (m === 'POST' && (mm = /^\/api\/swarms\/([\w-]+)\/move$/.exec(p))) {
    const data = json(body);
    const c = db.swarms.find((x) => x.id === mm[1]);
    if (!c || !data || !['reported', 'assigned', 'collected', 'rehomed'].includes(data.column)) return send(res, 400, { error: 'Invalid move' });
    c.column = data.column;
    const reference = `SWC-${db.refCounter++}-${c.id.slice(3)}`;
    db.moves.push({ id: c.id, column: data.column, reference });
    return send(res, 200, { ok: true, reference });
  }
  if (m === 'GET' && p === '/api/extraction-batches') return send(res, 200, { batches: db.batches.map(({ hash, ...b }) => b) });
  if (m === 'POST' && p === '/api/extraction-batches') {
    const parts = parseMultipart(body, req.headers['content-type']);
    const f = parts.find((x) => x.filename);
    if (!f) return send(res, 400, { error: 'No file received' });
    const text = f.data.toString('utf8');
    const rows = text.trim().split(/\r?\n/).slice(1).map((l) => l.split(','));
    const moist = rows.map((r) => Number(r[2])).filter((x) => Number.isFinite(x));
    const weights = rows.map((r) => Number(r[1])).filter((x) => Number.isFinite(x));
    if (!moist.length) return send(res, 422, { error: 'No moisture readings found in file' });
    const mean = Math.round((moist.reduce((a, b) => a + b, 0) / moist.length) * 100) / 100;
    const batch = { id: `EB-${200 + db.batches.length}`, filename: f.filename, batch: (rows[0]?.[0] || '').split('-')[0], jars: moist.length, totalKg: Math.round(weights.reduce((a, b) => a + b, 0) / 10) / 100, meanMoisture: mean, maxMoisture: Math.max(...moist), verdict: mean <= 18 ? 'Pass (≤ 18.0 %)' : mean <= 20 ? 'Pass for baking grade' : 'Fail', hash: crypto.createHash('sha256').update(f.data).digest('hex') };
    db.batches.push(batch);
    const { hash, ...out } = batch;
    return send(res, 200, out);
  }
  if (m === 'GET' && p === '/api/yields') return send(res, 200, db.yields);
  if (m === 'POST' && p === '/api/yield-declarations') {
    const d = json(body);
    if (!d || !d.apiary || !d.month || !Number.isFinite(Number(d.kg))) return send(res, 400, { error: 'Apiary, month and kg are required' });
    const rec = { id: `YD-${31 + db.declarations.length}`, apiary: d.apiary, month: d.month, kg: Number(d.kg) };
    db.declarations.push(rec);
    return send(res, 200, rec);
  }
  if (m === 'GET' && p === '/api/members') {
    const q = (url.searchParams.get('q') || '').toLowerCase().trim();
    const page = Math.max(1, Number(url.searchParams.get('page') || 1));
    const size = Math.min(50, Math.max(1, Number(url.searchParams.get('size') || 10)));
    const all = url.searchParams.get('all');
    let list = db.members.filter((x) => !q || x.name.toLowerCase().includes(q) || x.id.toLowerCase().includes(q) || x.apiary.toLowerCase().includes(q));
    if (all) return send(res, 200, { members: list.map(({ id, name, apiary }) => ({ id, name, apiary })) });
    return send(res, 200, { total: list.length, page, size, members: list.slice((page - 1) * size, page * size) });
  }
  if (m === 'DELETE' && (mm = /^\/api\/members\/([\w-]+)$/.exec(p))) {
    const i = db.members.findIndex((x) => x.id === mm[1]);
    if (i < 0) return send(res, 404, { error: 'Member not found' });
    const [gone] = db.members.splice(i, 1);
    return send(res, 200, { ok: true, removed: gone });
  }
  if (m === 'GET' && p === '/api/extraction-room') return send(res, 200, { today: TODAY, ...db.room });
  if (m === 'POST' && p === '/api/extraction-bookings') {
    const d = json(body);
    if (!d) return send(res, 400, { error: 'Invalid request' });
    const member = db.members.find((x) => x.id === d.memberId);
    const errs = [];
    if (!member) errs.push('Choose a member');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(d.date || '') || d.date < TODAY || isWeekend(d.date) || db.room.closed.some((c) => c.date === d.date)) errs.push('Choose a date the room is open');
    if (!db.room.times.includes(d.time)) errs.push('Choose a time');
    if (errs.length) return send(res, 422, { error: errs.join('; ') });
    const rec = { reference: `EXR-${db.bookingCounter++}-${d.date.slice(5).replace('-', '')}`, memberId: member.id, memberName: member.name, date: d.date, time: d.time, note: String(d.note || '').slice(0, 500) };
    db.bookings.push(rec);
    return send(res, 200, rec);
  }
  return send(res, 404, { error: 'Not found' });
}

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.woff': 'font/woff', '.woff2': 'font/woff2', '.ttf': 'font/ttf', '.png': 'image/png', '.json': 'application/json', '.ico': 'image/x-icon' };

const server = http.createServer(async (req, res) => {
  touch();
  const url = new URL(req.url, 'http://127.0.0.1');
  try {
    if (url.pathname === '/__verify') return send(res, 200, verify());
    if (url.pathname === '/__reset' && req.method === 'POST') { db = seed(); hits = {}; return send(res, 200, { ok: true }); }
    if (url.pathname.startsWith('/api/')) return await api(req, res, url);
    let file = path.normalize(path.join(DIST, decodeURIComponent(url.pathname)));
    if (!file.startsWith(DIST) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(DIST, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  } catch (e) {
    console.error(e);
    send(res, 500, { error: 'Server error' });
  }
});
server.listen(PORT, '127.0.0.1', () => console.log(`Hollowmere Beekeepers' office on http://127.0.0.1:${PORT}/`));
