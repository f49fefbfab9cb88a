import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seed, TODAY, SCHOOLS, CLOSED_DAYS, TIMES, FAULT_STATUSES } from './data.mjs';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'dist');
const PORT = +(process.env.PORT || 4900);
const IDLE_MS = +(process.env.IDLE_MS || 2 * 60 * 60 * 1000);
let db = seed(), hits = {}, seq = 1;
const orig = seed();
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2', '.woff': 'font/woff', '.ttf': 'font/ttf', '.gif': 'image/gif', '.json': 'application/json' };

const send = (res, code, body, type = 'application/json') => { res.writeHead(code, { 'content-type': type, 'cache-control': 'no-store' }); res.end(type === 'application/json' ? JSON.stringify(body) : body); };
const readBody = (req) => new Promise((ok) => { let b = ''; req.on('data', (c) => (b += c)); req.on('end', () => ok(b)); });
const delay = () => new Promise((ok) => setTimeout(ok, 300 + Math.floor(Math.random() * 500)));
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));

function verify() {
  const f = db.faults.find((x) => x.id === 'F-2242');
  const changed = db.faults.filter((x, i) => JSON.stringify(x) !== JSON.stringify(orig.faults[i])).map((x) => x.id);
  const h = db.notice.html;
  const contractorOk = /contractors must sign in at the Moss Lane gate/i.test(h.replace(/<[^>]+>/g, ''));
  const othersOk = (h.replace(/<[^>]+>/g, '').match(/Hollin Lane gate/g) || []).length === 2;
  const boldOk = /<(strong|b)>\s*Hard hats\s*<\/(strong|b)>/i.test(h);
  const italOk = /<(em|i)>\s*substation compound\s*<\/(em|i)>/i.test(h);
  const linkOk = /<a [^>]*href="https?:\/\/brackenfell\.coop\/emergency-plan\/?"[^>]*>\s*emergency plan\s*<\/a>/i.test(h);
  const v = db.visits; const vOk = v.find((x) => x.id === 'V3').column === 'In progress' && v.filter((x) => x.id !== 'V3').every((x) => x.column === orig.visits.find((o) => o.id === x.id).column);
  const imp = db.imports.at(-1);
  const rec = db.reconciliations.at(-1);
  const bk = db.bookings.at(-1);
  const gone = !db.people.find((p) => p.id === 'P901'); const rest = orig.people.filter((p) => p.id !== 'P901').every((p) => db.people.find((q) => q.id === p.id));
  return {
    jobs: {
      grid: { done: !!f && f.status === 'Resolved' && /bearing greased 12 june/i.test(f.notes) && changed.length === 1, details: { target: f && { status: f.status, notes: f.notes, workOrder: f.workOrder }, changedRows: changed } },
      richtext: { done: !!db.notice.savedAt && contractorOk && othersOk && boldOk && italOk && linkOk, details: { contractorOk, othersOk, boldOk, italOk, linkOk, saved: !!db.notice.savedAt } },
      board: { done: vOk, details: { moves: db.moves } },
      upload: { done: db.imports.length === 1 && imp.file === 'share-register-2025.csv', details: { imports: db.imports } },
      chart: { done: !!rec && rec.date === '2025-06-06' && rec.feeder === 'Feeder B' && Math.abs(+rec.mwh - 47.1) < 0.001 && db.reconciliations.length === 1, details: { reconciliations: db.reconciliations } },
      booking: { done: db.bookings.length === 1 && bk.school === "St Aidan's Catholic Primary" && bk.date === '2025-06-18' && bk.time === '10:00' && /year 5/i.test(bk.note), details: { bookings: db.bookings } },
      remove: { done: gone && rest && db.people.length === orig.people.length - 1, details: { removed: orig.people.filter((p) => !db.people.find((q) => q.id === p.id)).map((p) => p.id + ' ' + p.name + ' (' + p.role + ')') } },
    },
    hits,
  };
}

async function api(req, res, url) {
  const p = url.pathname, m = req.method;
  if (m !== 'GET') hits[`${m} ${p}`] = (hits[`${m} ${p}`] || 0) + 1;
  await delay();
  const body = m === 'GET' ? '' : await readBody(req);
  const json = () => { try { return JSON.parse(body || '{}'); } catch { return {}; } };
  let mm;
  if (m === 'GET' && p === '/api/meta') return send(res, 200, { today: TODAY, org: 'Brackenfell Community Wind Co-operative' });
  if (m === 'GET' && p === '/api/faults') return send(res, 200, { statuses: FAULT_STATUSES, rows: db.faults });
  if (m === 'POST' && p === '/api/faults/save') {
    const { edits = [] } = json(); let n = 0;
    for (const e of edits) { const f = db.faults.find((x) => x.id === e.id); if (f && ['status', 'notes'].includes(e.field)) { if (e.field === 'status' && !FAULT_STATUSES.includes(e.value)) continue; f[e.field] = String(e.value); n++; } }
    return send(res, 200, { saved: n });
  }
  if (m === 'GET' && p === '/api/notices/safety') return send(res, 200, db.notice);
  if (m === 'PUT' && p === '/api/notices/safety') { const { html } = json(); if (typeof html !== 'string' || !html.trim()) return send(res, 400, { error: 'Empty notice' }); db.notice = { html, savedAt: new Date().toISOString() }; return send(res, 200, db.notice); }
  if (m === 'GET' && p === '/api/visits') return send(res, 200, db.visits);
  if (m === 'POST' && (mm = p.match(/^\/api\/visits\/(V\d+)\/move$/))) {
    const v = db.visits.find((x) => x.id === mm[1]); const { column } = json();
    if (!v || !['Requested', 'Scheduled', 'In progress', 'Done'].includes(column)) return send(res, 400, { error: 'Bad move' });
    const ref = 'MV-' + (4000 + ((v.id.charCodeAt(1) * 97 + column.length * 31) % 900)) + '-' + column[0];
    v.column = column; db.moves.push({ id: v.id, column, ref }); return send(res, 200, { ref, visit: v });
  }
  if (m === 'POST' && p === '/api/imports/share-register') {
    const file = decodeURIComponent(req.headers['x-filename'] || 'upload.csv');
    const lines = body.split(/\r?\n/).filter((l) => l.trim());
    if (!lines.length || !/member/i.test(lines[0])) return send(res, 400, { error: 'That file does not look like a share register (no header row).' });
    const count = lines.length - 1; db.imports.push({ file, count, at: new Date().toISOString() });
    return send(res, 200, { file, count });
  }
  if (m === 'GET' && p === '/api/export/readings') return send(res, 200, db.readings);
  if (m === 'POST' && p === '/api/export/reconcile') { const r = json(); if (!r.date || !r.feeder || !(r.mwh > 0)) return send(res, 400, { error: 'All fields are required' }); const rec = { date: r.date, feeder: r.feeder, mwh: +r.mwh, ref: 'RC-' + (700 + seq++) }; db.reconciliations.push(rec); return send(res, 200, rec); }
  if (m === 'GET' && p === '/api/schools') {
    const q = (url.searchParams.get('q') || '').toLowerCase().trim();
    const list = SCHOOLS.filter((s) => s.toLowerCase().includes(q)).slice(0, 8);
    return send(res, 200, list.length ? list.map((s) => `<li role="option" data-autocomplete-value="${esc(s)}">${esc(s)}</li>`).join('') : '<li role="presentation" class="none">No matching schools</li>', 'text/html');
  }
  if (m === 'GET' && p === '/api/bookings/options') return send(res, 200, { closed: CLOSED_DAYS, times: TIMES, today: TODAY });
  if (m === 'POST' && p === '/api/bookings') {
    const b = json(); const d = new Date(b.date + 'T12:00:00Z'); const dow = d.getUTCDay();
    if (!SCHOOLS.includes(b.school)) return send(res, 400, { error: 'Choose a school from the list' });
    if (!b.date || isNaN(d) || b.date <= TODAY || dow === 0 || dow === 6 || CLOSED_DAYS.includes(b.date)) return send(res, 400, { error: 'That date is not available' });
    if (!TIMES.includes(b.time)) return send(res, 400, { error: 'Choose a time' });
    const rec = { ref: 'SV-' + b.date.slice(5).replace('-', '') + '-' + (31 + db.bookings.length * 3), school: b.school, date: b.date, time: b.time, note: String(b.note || '') };
    db.bookings.push(rec); return send(res, 200, rec);
  }
  if (m === 'GET' && p === '/api/people') {
    const q = (url.searchParams.get('q') || '').toLowerCase().trim(); const page = Math.max(1, +url.searchParams.get('page') || 1);
    const all = db.people.filter((x) => !q || x.name.toLowerCase().includes(q) || x.role.toLowerCase().includes(q));
    return send(res, 200, { total: all.length, page, pages: Math.max(1, Math.ceil(all.length / 10)), rows: all.slice((page - 1) * 10, page * 10) });
  }
  if (m === 'DELETE' && (mm = p.match(/^\/api\/people\/(P\d+)$/))) {
    const i = db.people.findIndex((x) => x.id === mm[1]); if (i < 0) return send(res, 404, { error: 'Not found' });
    const [gone] = db.people.splice(i, 1); return send(res, 200, { removed: gone });
  }
  return send(res, 404, { error: 'No such endpoint' });
}

let timer; const bump = () => { clearTimeout(timer); timer = setTimeout(() => { console.log('idle, exiting'); process.exit(0); }, IDLE_MS); };
const server = http.createServer(async (req, res) => {
  bump();
  const url = new URL(req.url, 'http://127.0.0.1');
  try {
    if (url.pathname === '/__verify') return send(res, 200, verify());
    if (url.pathname === '/__reset' && req.method === 'POST') { db = seed(); hits = {}; seq = 1; return send(res, 200, { ok: true }); }
    if (url.pathname.startsWith('/api/')) return await api(req, res, url);
    let file = path.join(ROOT, path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(ROOT) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(ROOT, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  } catch (e) { send(res, 500, { error: String(e) }); }
});
server.listen(PORT, '127.0.0.1', () => { console.log(`Brackenfell back office on http://127.0.0.1:${PORT}/`); bump(); });
