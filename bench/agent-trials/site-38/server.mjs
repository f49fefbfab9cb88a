import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seed } from './data.mjs';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.join(ROOT, 'dist');
const PORT = Number(process.env.PORT || 4900);
const IDLE_MS = Number(process.env.IDLE_MS || 2 * 60 * 60 * 1000);

let db, hits, moveCount, bookingCount;
function reset() { db = seed(); hits = {}; moveCount = 0; bookingCount = 0; }
reset();

const TARGET = { volunteer: 'V-1172', card: 'WO-311', member: 'M-3003', loco: 'No. 4472 Kestrel', date: '2025-11-01', guest: 'Priya Nandakumar' };
const seedState = seed();

function verify() {
  const vChanged = db.volunteers.filter((v, i) => JSON.stringify(v) !== JSON.stringify(seedState.volunteers[i]));
  const tv = db.volunteers.find(v => v.id === TARGET.volunteer);
  const n = db.notice;
  const card = db.cards.find(c => c.id === TARGET.card);
  const otherCardsMoved = db.cards.filter((c, i) => c.id !== TARGET.card && c.column !== seedState.cards[i].column);
  const goodImport = db.imports.find(x => x.rows === 137 && x.year === '2025');
  const rd = db.readings.at(-1);
  const bk = db.bookings.at(-1);
  const gone = seedState.members.filter(m => !db.members.some(x => x.id === m.id)).map(m => m.id);
  return {
    roster: { done: tv.status === 'Stood down' && tv.notes.trim().toLowerCase() === 'pts lapsed' && vChanged.length === 1,
      details: { changedRows: vChanged.map(v => ({ id: v.id, status: v.status, notes: v.notes })) } },
    notice: { done: n.includes('leave Ashby Road at 11:05 on Sundays') && n.includes('leave Ashby Road at 10:15 on Saturdays') && n.includes('leave Ashby Halt at 10:15 on Sundays')
        && !n.includes('Ashby Road at 10:15 on Sundays') && /\*\*Tickets must be bought before boarding\.?\*\*/.test(n) && /(^|[^*])[_*]Dogs travel free\.?[_*]/.test(n)
        && n.includes('[timetable](https://kestrelvalley.example/timetable)'), details: { markdown: n } },
    works: { done: card.column === 'Testing' && otherCardsMoved.length === 0, details: { card, otherCardsMoved, moves: moveCount } },
    imports: { done: !!goodImport && db.imports.length === 1, details: { imports: db.imports } },
    ridership: { done: !!rd && db.readings.length === 1 && rd.service === 'Valley Express' && rd.month === '2025-08' && Number(rd.value) === 4815, details: { readings: db.readings } },
    footplate: { done: !!bk && db.bookings.length === 1 && bk.loco === TARGET.loco && bk.date === TARGET.date && bk.guest.trim().toLowerCase() === TARGET.guest.toLowerCase(), details: { bookings: db.bookings } },
    members: { done: gone.length === 1 && gone[0] === TARGET.member, details: { removed: gone } },
  };
}

const MIME = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2', '.woff': 'font/woff', '.ttf': 'font/ttf', '.json': 'application/json' };
const sleep = ms => new Promise(r => setTimeout(r, ms));
const send = (res, code, obj) => { res.writeHead(code, { 'content-type': 'application/json', 'cache-control': 'no-store' }); res.end(JSON.stringify(obj)); };
const body = req => new Promise(r => { const c = []; req.on('data', d => c.push(d)); req.on('end', () => r(Buffer.concat(c).toString('utf8'))); });

let idle;
function touch() { clearTimeout(idle); idle = setTimeout(() => { console.log('idle, exiting'); process.exit(0); }, IDLE_MS); }
touch();

async function api(req, res, url) {
  const p = url.pathname, m = req.method;
  if (m !== 'GET') hits[`${m} ${p}`] = (hits[`${m} ${p}`] || 0) + 1;
  await sleep(300 + Math.floor(Math.random() * 500));
  const raw = m === 'GET' ? '' : await body(req);
  const json = () => { try { return JSON.parse(raw || '{}'); } catch { return {}; } };

  if (m === 'GET' && p === '/api/volunteers') return send(res, 200, db.volunteers);
  if (m === 'POST' && p === '/api/volunteers/save') {
    const { changes = [] } = json();
    for (const c of changes) { const v = db.volunteers.find(x => x.id === c.id); if (v) { if (typeof c.status === 'string') v.status = c.status; if (typeof c.notes === 'string') v.notes = c.notes; } }
    return send(res, 200, { saved: changes.length });
  }
  if (m === 'GET' && p === '/api/notice') return send(res, 200, { markdown: db.notice });
  if (m === 'PUT' && p === '/api/notice') { const { markdown } = json(); if (typeof markdown === 'string') db.notice = markdown; return send(res, 200, { ok: true }); }
  if (m === 'GET' && p === '/api/works') return send(res, 200, db.cards);
  if (m === 'POST' && p === '/api/works/move') {
    const { id, to } = json(); const c = db.cards.find(x => x.id === id);
    if (!c || !['Reported', 'In workshop', 'Awaiting parts', 'Testing', 'Done'].includes(to)) return send(res, 400, { error: 'bad move' });
    c.column = to; moveCount++;
    const ref = `MV-${(7310 + moveCount * 13 + Number(id.slice(3))).toString()}-${to.slice(0, 2).toUpperCase()}`;
    return send(res, 200, { ref, card: c });
  }
  if (m === 'POST' && p === '/api/imports') {
    const name = decodeURIComponent(req.headers['x-filename'] || 'upload.csv');
    const lines = raw.split(/\r?\n/).filter(l => l.trim());
    const rows = Math.max(0, lines.length - 1);
    const year = (lines[1] || '').slice(0, 4);
    const rec = { id: `IMP-${40 + db.imports.length}`, name, rows, year };
    db.imports.push(rec);
    return send(res, 200, rec);
  }
  if (m === 'GET' && p === '/api/ridership') return send(res, 200, db.ridership);
  if (m === 'POST' && p === '/api/ridership/readings') { const r = json(); const rec = { service: r.service, month: r.month, value: r.value }; db.readings.push(rec); return send(res, 200, { ok: true, reading: rec }); }
  if (m === 'GET' && p === '/api/locos') return send(res, 200, db.locos);
  if (m === 'POST' && p === '/api/bookings') {
    const b = json();
    if (!b.loco || !b.date || !b.guest) return send(res, 400, { error: 'Loco, date and guest name are required.' });
    const d = new Date(b.date + 'T12:00:00Z');
    if ([1, 2].includes(d.getUTCDay()) || b.date === '2025-10-25' || b.date === '2025-11-08') return send(res, 400, { error: 'No footplate turns on that day.' });
    bookingCount++;
    const ref = `FP-${b.date.slice(2, 4)}${b.date.slice(5, 7)}-${db.locos.indexOf(b.loco) + 1}${(20 + bookingCount * 3).toString().padStart(3, '0')}`;
    const rec = { ref, loco: b.loco, date: b.date, guest: b.guest }; db.bookings.push(rec);
    return send(res, 200, rec);
  }
  if (m === 'GET' && p === '/api/members') {
    const q = (url.searchParams.get('q') || '').trim().toLowerCase();
    const page = Math.max(1, Number(url.searchParams.get('page') || 1));
    const all = db.members.filter(x => !q || x.name.toLowerCase().includes(q) || x.id.toLowerCase().includes(q));
    return send(res, 200, { total: all.length, page, pageSize: 10, items: all.slice((page - 1) * 10, page * 10) });
  }
  if (m === 'DELETE' && p.startsWith('/api/members/')) {
    const id = p.split('/').pop(); const i = db.members.findIndex(x => x.id === id);
    if (i < 0) return send(res, 404, { error: 'not found' });
    db.members.splice(i, 1); return send(res, 200, { removed: id });
  }
  return send(res, 404, { error: 'no such endpoint' });
}

const server = http.createServer(async (req, res) => {
  touch();
  const url = new URL(req.url, 'http://127.0.0.1');
  try {
    if (url.pathname === '/__verify') return send(res, 200, { jobs: verify(), hits });
    if (url.pathname === '/__reset' && req.method === 'POST') { reset(); return send(res, 200, { ok: true }); }
    if (url.pathname.startsWith('/api/')) return await api(req, res, url);
    let file = path.normalize(path.join(DIST, decodeURIComponent(url.pathname)));
    if (!file.startsWith(DIST) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(DIST, 'index.html');
    res.writeHead(200, { 'content-type': MIME[path.extname(file)] || 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  } catch (e) { send(res, 500, { error: String(e) }); }
});
server.listen(PORT, '127.0.0.1', () => console.log(`Kestrel Valley Railway back office on http://127.0.0.1:${PORT}/`));
