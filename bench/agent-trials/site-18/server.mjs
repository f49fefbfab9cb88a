// Cruxline Climbing back office — plain node:http server.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { seed, CENTRES, CLOSURES, TODAY, JOB_TARGETS, NOTICES_SEED_PARAGRAPHS, PLANS, STATUSES } from './data.mjs';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.join(ROOT, 'dist');
const PORT = Number(process.env.PORT || 4318);
const IDLE_MS = Number(process.env.IDLE_MS || 2 * 60 * 60 * 1000);

let db;
let log; // mutating request log
let hits;
function reset() {
  db = seed();
  log = { memberPatches: [], documentSaves: [], holds: [], uploads: [], bookings: [], deletes: [], chartViews: [] };
  hits = {};
}
reset();

const centreName = (id) => (CENTRES.find((c) => c.id === id) || {}).name;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const delay = () => sleep(300 + Math.floor(Math.random() * 500));

function send(res, status, body, type = 'application/json; charset=utf-8') {
  const data = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
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
  const b = await readBody(req);
  try { return JSON.parse(b.toString('utf8') || '{}'); } catch { return null; }
}

// ---------- multipart (single file) ----------
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
    const part = buf.slice(start + 2, next - 2);
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

// ---------- rope log analysis ----------
function analyseRopeLog(text) {
  const lines = text.split(/\r?\n/).filter((l) => l.trim());
  const header = lines.shift().split(',').map((h) => h.trim());
  const idx = (k) => header.indexOf(k);
  if (idx('rope_id') < 0 || idx('length_m') < 0) throw new Error('Not a rope log: expected rope_id and length_m columns');
  const ropes = lines.map((l) => {
    const c = l.split(',');
    const r = {
      id: c[idx('rope_id')], length: Number(c[idx('length_m')]), uses: Number(c[idx('uses')]),
      wear: Number(c[idx('sheath_wear')]), core: (c[idx('core_check')] || '').trim(),
    };
    const reasons = [];
    if (r.wear >= 4) reasons.push('sheath wear ' + r.wear + '/5');
    if (r.core !== 'ok') reasons.push('core: ' + r.core);
    if (r.uses > 300) reasons.push(r.uses + ' uses');
    r.reasons = reasons;
    return r;
  });
  const retire = ropes.filter((r) => r.reasons.length);
  return {
    checked: ropes.length,
    retire: retire.length,
    metres: retire.reduce((s, r) => s + r.length, 0),
    ropes: retire.map((r) => ({ id: r.id, length: r.length, reasons: r.reasons.join(', ') })),
  };
}

// ---------- verification ----------
function lexText(node) {
  if (!node) return '';
  if (node.type === 'text') return node.text || '';
  if (node.type === 'linebreak') return '\n';
  return (node.children || []).map(lexText).join('');
}
function checkDocument(doc) {
  const out = { ok: false, problems: [] };
  if (!doc.json) { out.problems.push('never saved'); return out; }
  const blocks = doc.json.root?.children || [];
  const texts = blocks.map(lexText);
  const seedTexts = NOTICES_SEED_PARAGRAPHS;
  const expected = seedTexts.map((t) => t.startsWith('Ashworth Yard:') ? t.replace('every Monday', 'every Thursday') : t);
  if (texts.length !== expected.length || texts.some((t, i) => t !== expected[i])) out.problems.push('text differs from expected');
  const bold = [];
  const italic = [];
  const links = [];
  const walk = (n, inLink, blockIdx) => {
    if (n.type === 'text' && n.text.trim()) {
      if (n.format & 1) bold.push({ text: n.text, block: blockIdx });
      if (n.format & 2) italic.push({ text: n.text, block: blockIdx });
    }
    if (n.type === 'link') links.push({ url: n.url, text: lexText(n), block: blockIdx });
    (n.children || []).forEach((c) => walk(c, inLink || n.type === 'link', blockIdx));
  };
  blocks.forEach((b, i) => walk(b, false, i));
  const target = expected.findIndex((t) => t.startsWith('Ashworth Yard:'));
  if (!(bold.length === 1 && bold[0].text === 'Thursday' && bold[0].block === target)) out.problems.push('bold should be exactly "Thursday" in the Ashworth Yard line');
  if (italic.length) out.problems.push('unexpected italic');
  if (!(links.length === 1 && links[0].block === target && links[0].text === 'incident log' && links[0].url.replace(/\/$/, '') === 'https://intranet.cruxline.example/incidents')) out.problems.push('link should be "incident log" → https://intranet.cruxline.example/incidents in the Ashworth Yard line');
  out.ok = out.problems.length === 0;
  out.bold = bold; out.links = links;
  return out;
}

const TARGET_FILE_SHA = crypto.createHash('sha256').update(fs.readFileSync(path.join(ROOT, 'files/rope-log-kelsall-quay-2027-04.csv'))).digest('hex');

function verify() {
  const seedDb = seed();
  // job 1 members
  const changedMembers = db.members.filter((m, i) => JSON.stringify(m) !== JSON.stringify(seedDb.members[i]));
  const target = db.members.find((m) => m.id === JOB_TARGETS.member);
  const targetSeed = seedDb.members.find((m) => m.id === JOB_TARGETS.member);
  const j1 = changedMembers.length === 1 && target.plan === 'Off-peak monthly' && target.locker === 'C-14' &&
    JSON.stringify({ ...target, plan: targetSeed.plan, locker: targetSeed.locker }) === JSON.stringify(targetSeed) && log.memberPatches.length === 1;
  // job 2 document
  const doc = db.documents.find((d) => d.id === JOB_TARGETS.document);
  const docCheck = checkDocument(doc);
  const otherDocsSaved = log.documentSaves.filter((s) => s.id !== JOB_TARGETS.document).length;
  const j2 = docCheck.ok && otherDocsSaved === 0 && log.documentSaves.length === 1;
  // job 3 holds
  const j3 = log.holds.length === 1 && log.holds[0].session === JOB_TARGETS.session;
  // job 4 upload
  const j4 = log.uploads.length === 1 && log.uploads[0].sha256 === TARGET_FILE_SHA;
  // job 5 chart (read-only) — the chart data for Kelso Street was loaded
  const j5 = log.chartViews.includes('KST');
  // job 6 booking
  const nb = log.bookings;
  const b = nb[0] || {};
  const j6 = nb.length === 1 && b.ok && b.org === JOB_TARGETS.org && b.centre === 'KST' && b.date === '2027-05-04' && b.time === '10:30' && b.size === 28 && b.note === 'Year 5 class, two adults with them';
  // job 7 delete
  const j7 = log.deletes.length === 1 && log.deletes[0].id === JOB_TARGETS.route && !db.routes.some((r) => r.id === JOB_TARGETS.route) && db.routes.length === seedDb.routes.length - 1;
  return {
    jobs: {
      members: { done: !!j1, details: { patches: log.memberPatches, changedMembers: changedMembers.map((m) => ({ id: m.id, no: m.no, name: `${m.first} ${m.last}`, centre: m.centre, plan: m.plan, locker: m.locker, status: m.status, phone: m.phone })) } },
      notices: { done: !!j2, details: { saves: log.documentSaves.map((s) => ({ id: s.id, at: s.at })), check: docCheck, html: doc.html } },
      courses: { done: !!j3, details: { holds: log.holds } },
      inspections: { done: !!j4, details: { uploads: log.uploads } },
      checkins: { done: !!j5, details: { centresViewed: log.chartViews } },
      groupBooking: { done: !!j6, details: { bookings: log.bookings } },
      routes: { done: !!j7, details: { deletes: log.deletes, remaining: db.routes.length } },
    },
    hits,
  };
}

// ---------- API ----------
async function api(req, res, url) {
  const p = url.pathname;
  const M = req.method;
  let m;
  if (M === 'GET' && p === '/api/dashboard') {
    await delay();
    const last = {};
    for (const c of CENTRES) last[c.id] = db.checkins[c.id].at(-1);
    return send(res, 200, {
      today: TODAY,
      centres: CENTRES.map((c) => ({ ...c, yesterday: last[c.id] })),
      activeMembers: db.members.filter((m) => m.status === 'Active').length,
      members: db.members.length,
      routes: db.routes.length,
      upcoming: db.bookings.filter((b) => b.date >= TODAY).map((b) => ({ ...b, orgName: db.organisations.find((o) => o.id === b.org)?.label, centreName: centreName(b.centre) })),
      notices: db.documents.map((d) => ({ id: d.id, title: d.title, updated: d.updated })),
    });
  }
  if (M === 'GET' && p === '/api/members') { await delay(); return send(res, 200, { plans: PLANS, statuses: STATUSES, centres: CENTRES, members: db.members }); }
  if (M === 'PATCH' && p === '/api/members') {
    const body = await readJson(req);
    await delay();
    const changes = Array.isArray(body?.changes) ? body.changes : [];
    const editable = ['plan', 'status', 'locker', 'phone'];
    const applied = [];
    for (const c of changes) {
      const mem = db.members.find((x) => x.id === c.id);
      if (!mem || !editable.includes(c.field)) continue;
      if (c.field === 'plan' && !PLANS.includes(c.value)) continue;
      if (c.field === 'status' && !STATUSES.includes(c.value)) continue;
      mem[c.field] = String(c.value).trim();
      applied.push({ id: c.id, no: mem.no, field: c.field, value: mem[c.field] });
    }
    log.memberPatches.push({ at: new Date().toISOString(), applied });
    return send(res, 200, { ok: true, applied: applied.length, members: db.members });
  }
  if (M === 'GET' && p === '/api/documents') { await delay(); return send(res, 200, db.documents.map(({ id, title, updated }) => ({ id, title, updated }))); }
  if ((m = /^\/api\/documents\/([\w-]+)$/.exec(p))) {
    const doc = db.documents.find((d) => d.id === m[1]);
    if (!doc) { await delay(); return send(res, 404, { error: 'No such document' }); }
    if (M === 'GET') { await delay(); return send(res, 200, doc); }
    if (M === 'PUT') {
      const body = await readJson(req);
      await delay();
      if (!body || typeof body.html !== 'string' || !body.json) return send(res, 400, { error: 'html and json required' });
      doc.html = body.html; doc.json = body.json; doc.saves++; doc.updated = `${TODAY}T10:${String(10 + doc.saves).padStart(2, '0')}:00`;
      log.documentSaves.push({ id: doc.id, at: new Date().toISOString() });
      return send(res, 200, { ok: true, updated: doc.updated });
    }
  }
  if (M === 'GET' && p === '/api/sessions') { await delay(); return send(res, 200, db.sessions); }
  if ((m = /^\/api\/sessions\/([\w-]+)\/hold$/.exec(p)) && M === 'POST') {
    await readBody(req);
    await delay();
    const s = db.sessions.find((x) => x.id === m[1]);
    if (!s) return send(res, 404, { error: 'No such session' });
    if (s.spaces <= 0) return send(res, 409, { error: 'No spaces left' });
    s.spaces--;
    const n = log.holds.length + 1;
    const h = crypto.createHash('sha1').update(`${s.id}:${n}`).digest('hex');
    const code = 'HLD-' + parseInt(h.slice(0, 8), 16).toString(36).toUpperCase().slice(-5).padStart(5, '7');
    log.holds.push({ session: s.id, name: s.name, centre: s.centreName, code });
    return send(res, 200, { ok: true, code, spaces: s.spaces, expires: 'Wed 14 Apr 2027, 10:00' });
  }
  if (M === 'GET' && p === '/api/inspections') { await delay(); return send(res, 200, db.inspections); }
  if (M === 'POST' && p === '/api/inspections/upload') {
    const buf = await readBody(req);
    await delay();
    const parts = parseMultipart(buf, req.headers['content-type']);
    const file = parts.find((x) => x.filename);
    if (!file) { log.uploads.push({ error: 'no file' }); return send(res, 400, { error: 'No file received' }); }
    const sha256 = crypto.createHash('sha256').update(file.body).digest('hex');
    let result;
    try { result = analyseRopeLog(file.body.toString('utf8')); } catch (e) {
      log.uploads.push({ file: file.filename, sha256, error: e.message });
      return send(res, 422, { error: e.message });
    }
    const prefix = /^(\w+)-R-/.exec(result.ropes[0]?.id || file.body.toString('utf8').split('\n')[1] || '')?.[1];
    const centre = CENTRES.find((c) => c.id === prefix)?.name || 'Unknown centre';
    const id = `INS-${String(413 + log.uploads.length).padStart(4, '0')}`;
    const rec = { id, centre, file: file.filename, uploaded: `${TODAY}T11:0${log.uploads.length}:00`, checked: result.checked, retire: result.retire, metres: result.metres };
    db.inspections.push(rec);
    log.uploads.push({ file: file.filename, sha256, id, centre, metres: result.metres, retire: result.retire });
    return send(res, 200, { ...rec, ropes: result.ropes });
  }
  if (M === 'GET' && p === '/api/checkins') {
    await delay();
    const c = url.searchParams.get('centre') || 'ALL';
    let rows;
    if (c === 'ALL') {
      rows = db.checkins.AFM.map((r, i) => {
        const sum = { day: r.day, adults: 0, juniors: 0, guests: 0 };
        for (const cc of CENTRES) { const x = db.checkins[cc.id][i]; sum.adults += x.adults; sum.juniors += x.juniors; sum.guests += x.guests; }
        return sum;
      });
    } else if (db.checkins[c]) rows = db.checkins[c];
    else return send(res, 404, { error: 'Unknown centre' });
    log.chartViews.push(c);
    return send(res, 200, { centre: c, rows });
  }
  if (M === 'GET' && p === '/api/organisations') { await delay(); return send(res, 200, db.organisations); }
  if (M === 'GET' && p === '/api/closures') { await delay(); return send(res, 200, { today: TODAY, closures: CLOSURES }); }
  if (M === 'GET' && p === '/api/group-bookings') {
    await delay();
    return send(res, 200, db.bookings.map((b) => ({ ...b, orgName: db.organisations.find((o) => o.id === b.org)?.label, centreName: centreName(b.centre) })));
  }
  if (M === 'POST' && p === '/api/group-bookings') {
    const body = (await readJson(req)) || {};
    await delay();
    const rec = { org: body.org, centre: body.centre, date: body.date, time: body.time, size: Number(body.size), note: typeof body.note === 'string' ? body.note.trim() : '' };
    const errors = [];
    if (!db.organisations.some((o) => o.id === rec.org)) errors.push('Choose an organisation');
    if (!CENTRES.some((c) => c.id === rec.centre)) errors.push('Choose a centre');
    if (!/^\d{4}-\d\d-\d\d$/.test(rec.date || '')) errors.push('Choose a date');
    else {
      const dow = new Date(rec.date + 'T00:00:00Z').getUTCDay();
      if (rec.date <= TODAY) errors.push('Date must be in the future');
      if (dow === 0 || dow === 6) errors.push('Group visits are weekdays only');
      if (CLOSURES.some((c) => c.date === rec.date)) errors.push('Centres are closed to groups that day');
    }
    if (!/^\d\d:\d\d$/.test(rec.time || '') || rec.time < '09:00' || rec.time > '18:00') errors.push('Choose a start time between 09:00 and 18:00');
    if (!(rec.size >= 6 && rec.size <= 40)) errors.push('Group size must be 6–40');
    if (errors.length) { log.bookings.push({ ...rec, ok: false, errors }); return send(res, 400, { error: errors.join('. ') }); }
    const ref = `GRP-27-${String(416 + db.bookings.length - 4).padStart(4, '0')}`;
    db.bookings.push({ ref, ...rec, created: new Date().toISOString() });
    log.bookings.push({ ...rec, ok: true, ref });
    return send(res, 200, { ok: true, ref });
  }
  if (M === 'GET' && p === '/api/routes') {
    await delay();
    const q = (url.searchParams.get('q') || '').trim().toLowerCase();
    const centre = url.searchParams.get('centre') || '';
    const page = Math.max(1, Number(url.searchParams.get('page') || 1));
    const per = 10;
    let list = db.routes.filter((r) => (!q || `${r.name} ${r.setter} ${r.wall}`.toLowerCase().includes(q)) && (!centre || r.centre === centre));
    list = list.slice().sort((a, b) => (b.set.localeCompare(a.set)) || a.id.localeCompare(b.id));
    return send(res, 200, { total: list.length, page, per, pages: Math.max(1, Math.ceil(list.length / per)), items: list.slice((page - 1) * per, page * per) });
  }
  if ((m = /^\/api\/routes\/([\w-]+)$/.exec(p)) && M === 'DELETE') {
    await delay();
    const i = db.routes.findIndex((r) => r.id === m[1]);
    if (i < 0) { log.deletes.push({ id: m[1], error: 'not found' }); return send(res, 404, { error: 'Route not found' }); }
    const [r] = db.routes.splice(i, 1);
    log.deletes.push({ id: r.id, name: r.name, grade: r.grade, centre: r.centreName, wall: r.wall, set: r.set });
    return send(res, 200, { ok: true });
  }
  await delay();
  return send(res, 404, { error: 'Not found' });
}

const TYPES = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.html': 'text/html; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2', '.ico': 'image/x-icon', '.json': 'application/json' };

function serveStatic(req, res, url) {
  let rel = decodeURIComponent(url.pathname);
  if (rel.includes('..')) return send(res, 400, 'bad path', 'text/plain');
  const file = path.join(DIST, rel);
  if (rel !== '/' && fs.existsSync(file) && fs.statSync(file).isFile()) {
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream', 'Cache-Control': 'no-cache' });
    return fs.createReadStream(file).pipe(res);
  }
  if (rel.startsWith('/assets/') || rel === '/favicon.ico') return send(res, 404, 'not found', 'text/plain');
  const shell = path.join(DIST, 'index.html');
  if (!fs.existsSync(shell)) return send(res, 500, 'Run npm run build first', 'text/plain');
  return send(res, 200, fs.readFileSync(shell), 'text/html; charset=utf-8');
}

let lastActivity = Date.now();
const server = http.createServer(async (req, res) => {
  lastActivity = Date.now();
  const url = new URL(req.url, 'http://127.0.0.1');
  try {
    if (url.pathname === '/__verify' && req.method === 'GET') return send(res, 200, verify());
    if (url.pathname === '/__reset' && req.method === 'POST') { reset(); return send(res, 200, { ok: true }); }
    if (url.pathname.startsWith('/api/')) {
      if (req.method !== 'GET') { const k = `${req.method} ${url.pathname}`; hits[k] = (hits[k] || 0) + 1; }
      return await api(req, res, url);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { error: 'Method not allowed' });
    return serveStatic(req, res, url);
  } catch (e) {
    console.error(e);
    if (!res.headersSent) send(res, 500, { error: 'Server error' });
  }
});
server.listen(PORT, '127.0.0.1', () => console.log(`Cruxline back office on http://127.0.0.1:${PORT}/`));
setInterval(() => {
  if (Date.now() - lastActivity > IDLE_MS) { console.log('Idle, exiting'); process.exit(0); }
}, Math.min(60000, Math.max(1000, IDLE_MS / 4)));
