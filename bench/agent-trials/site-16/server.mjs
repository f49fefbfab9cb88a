// Orchard Lane Property Management – back office server (node:http only).
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seed, TODAY, BUILDING_LIST } from './data.mjs';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.join(ROOT, 'dist');
const PORT = Number(process.env.PORT || 4316);
const IDLE_MS = Number(process.env.IDLE_MS || 2 * 60 * 60 * 1000);

let db = seed();

// ---------- assets ----------
function assetNames() {
  try {
    const man = JSON.parse(fs.readFileSync(path.join(DIST, '.vite', 'manifest.json'), 'utf8'));
    const entry = man['src/main.js'];
    return { js: '/' + entry.file, css: (entry.css || []).map((c) => '/' + c) };
  } catch {
    return { js: '/assets/app.js', css: [] };
  }
}
const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.png': 'image/png', '.svg': 'image/svg+xml', '.woff2': 'font/woff2', '.map': 'application/json', '.ico': 'image/x-icon' };

// ---------- html ----------
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
const NAV = [
  ['/', 'Dashboard'], ['/repairs', 'Repairs'], ['/inspections', 'Inspection checklist'], ['/arrears', 'Rent arrears'],
  ['/statements', 'Bank statements'], ['/reports', 'Maintenance report'], ['/viewings/new', 'Book a viewing'], ['/properties', 'Properties'],
];
function layout(current, title, body) {
  const a = assetNames();
  const nav = NAV.map(([href, label]) => `<a href="${href}"${href === current ? ' class="active" aria-current="page"' : ''}>${label}</a>`).join('');
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · Orchard Lane Property Management</title>
${a.css.map((c) => `<link rel="stylesheet" href="${c}" data-turbo-track="reload">`).join('\n')}
<script type="module" src="${a.js}" data-turbo-track="reload"></script>
</head>
<body>
<header class="topbar">
  <div class="brand"><span class="logo">OL</span> Orchard Lane <small>Property Management</small></div>
  <div class="who">Wed 9 June 2027 · Signed in as <strong>Hannah Cole</strong></div>
</header>
<div class="shell">
<nav class="sidenav">${nav}</nav>
<main class="content">
<h1>${esc(title)}</h1>
${body}
</main>
</div>
</body>
</html>`;
}

const money = (n) => '£' + Number(n).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function pageBody(p) {
  switch (p) {
    case '/': {
      const open = db.repairs.filter((r) => !['Completed', 'Cancelled'].includes(r.status)).length;
      const arrears = db.arrears.reduce((s, a) => s + a.amount, 0);
      const units = db.properties.filter((x) => !db.deleted.includes(x.id)).reduce((s, x) => s + x.units, 0);
      return ['Dashboard', `
<section class="kpis">
  <div class="kpi"><div class="kpi-label">Managed properties</div><div class="kpi-value">${db.properties.length - db.deleted.length}</div></div>
  <div class="kpi"><div class="kpi-label">Units under management</div><div class="kpi-value">${units}</div></div>
  <div class="kpi"><div class="kpi-label">Open repair jobs</div><div class="kpi-value">${open}</div></div>
  <div class="kpi"><div class="kpi-label">Rent arrears</div><div class="kpi-value">${money(arrears)}</div></div>
  <div class="kpi"><div class="kpi-label">Viewings booked (online)</div><div class="kpi-value">${db.viewings.length}</div></div>
</section>
<section class="panel">
  <h2>This week</h2>
  <ul class="plain">
    <li>Gas safety renewals due: Bramble Court (Flats 2, 9), Pippin Place (Flat 5)</li>
    <li>Check-out inspections: Linden Court Flat 8 (Thu), Orchard Mews Flat 3 (Fri)</li>
    <li>Office closed Friday 11 June for staff training — no viewings.</li>
  </ul>
</section>`];
    }
    case '/repairs':
      return ['Repairs', `
<div data-controller="repairs" class="repairs">
  <div class="toolbar">
    <label>Search jobs <input type="search" data-repairs-target="query" placeholder="Ref, tenant, property…" autocomplete="off"></label>
    <span class="muted" data-repairs-target="matches"></span>
    <span class="spacer"></span>
    <span class="muted" data-repairs-target="dirty">No unsaved changes</span>
    <button type="button" class="btn primary" data-action="repairs#save">Save changes</button>
  </div>
  <div class="wb-host wb-skeleton" data-repairs-target="grid"></div>
  <p class="status" data-repairs-target="status" role="status"></p>
</div>`];
    case '/inspections':
      return ['Inspection checklist', `
<div data-controller="checklist" class="checklist">
  <p class="muted">Last saved <span data-checklist-target="meta"></span></p>
  <div class="rte-toolbar">
    <button type="button" data-action="checklist#bold" title="Bold (Ctrl+B)"><b>B</b></button>
    <button type="button" data-action="checklist#italic" title="Italic (Ctrl+I)"><i>I</i></button>
    <button type="button" data-action="checklist#underline" title="Underline (Ctrl+U)"><u>U</u></button>
    <button type="button" data-action="checklist#numbered" title="Numbered list">1.</button>
    <button type="button" data-action="checklist#bullets" title="Bulleted list">•</button>
    <button type="button" data-action="checklist#undo" title="Undo (Ctrl+Z)">↶</button>
    <button type="button" data-action="checklist#redo" title="Redo (Ctrl+Shift+Z)">↷</button>
  </div>
  <div class="rte" data-checklist-target="editor"></div>
  <div class="actions"><button type="button" class="btn primary" data-action="checklist#save">Save checklist</button> <span class="status" data-checklist-target="status"></span></div>
</div>`];
    case '/arrears':
      return ['Rent arrears', `
<p class="muted">Tenancies with rent overdue as of 9 June 2027.</p>
<div class="cards" data-controller="arrears">
${db.arrears.map((a) => `
  <article class="card">
    <h3>${esc(a.tenant)}</h3>
    <p>${esc(a.unit)}, ${esc(a.property)}</p>
    <p class="amount">${money(a.amount)} <span class="muted">overdue · ${a.days} days</span></p>
    <p class="muted small" data-arrears-target="last" data-id="${a.id}">${db.reminders.some((r) => r.id === a.id) ? 'Reminder sent today' : 'No reminder sent this month'}</p>
    <button type="button" class="btn" data-action="arrears#remind" data-id="${a.id}">Send rent reminder</button>
  </article>`).join('')}
</div>`];
    case '/statements':
      return ['Bank statements', `
<div data-controller="statements" class="panel">
  <p>Import a bank statement export (CSV) to reconcile rent received. Columns: date, tenant, property, reference, amount.</p>
  <div class="upload-row">
    <button type="button" class="btn primary" data-statements-target="button">Choose CSV file…</button>
    <div class="progress" data-statements-target="progress"></div>
  </div>
  <div class="result" data-statements-target="result"></div>
  <h2>Previous imports</h2>
  <ul class="plain" data-statements-target="history">
    <li>statement-2027-04.csv — 38 payments — ${money(21874.5)} <span class="muted">(12 May 2027)</span></li>
    <li>statement-2027-03.csv — 41 payments — ${money(23310)} <span class="muted">(11 Apr 2027)</span></li>
  </ul>
</div>`];
    case '/reports':
      return ['Maintenance report', `
<div data-controller="report" class="panel">
  <div class="toolbar">
    <label>Building
      <select data-report-target="building" data-action="report#load">
        <option value="">— choose a building —</option>
        ${BUILDING_LIST.map((b) => `<option value="${b.id}">${esc(b.name)}</option>`).join('')}
      </select>
    </label>
    <span class="muted">Monthly maintenance spend, July 2026 – June 2027</span>
  </div>
  <div class="chart-wrap"><div class="chart" data-report-target="chart"><p class="muted empty">Choose a building to see its spend.</p></div></div>
  <div class="chart-legend" data-report-target="legend"></div>
</div>`];
    case '/viewings/new':
      return ['Book a viewing', `
<form class="panel form" data-controller="viewing" data-action="submit->viewing#submit" data-turbo="false" autocomplete="off">
  <div class="field"><label for="v-unit">Property</label>
    <select id="v-unit" name="unit" data-viewing-target="unit" data-placeholder="Select a property…">
      <option value=""></option>
      ${[...new Set(db.viewingUnits.map((u) => u.building))].map((b) => `<optgroup label="${esc(b)}">${db.viewingUnits.filter((u) => u.building === b).map((u) => `<option value="${u.id}">${esc(u.label)}</option>`).join('')}</optgroup>`).join('')}
    </select></div>
  <div class="field"><label for="v-date">Date</label><input id="v-date" name="date" type="text" data-viewing-target="date"><small class="muted">No viewings at weekends or on office-closed days.</small></div>
  <div class="field"><label for="v-time">Time</label><input id="v-time" name="time" type="time" min="09:00" max="18:00" step="900" data-viewing-target="time"></div>
  <div class="field"><label for="v-name">Applicant name</label><input id="v-name" name="applicant" type="text" data-viewing-target="applicant"></div>
  <div class="field"><label for="v-phone">Applicant phone</label><input id="v-phone" name="phone" type="tel" data-viewing-target="phone"></div>
  <div class="field"><label for="v-notes">Notes</label><textarea id="v-notes" name="notes" rows="3" data-viewing-target="notes"></textarea></div>
  <div class="actions"><button type="submit" class="btn primary">Book viewing</button></div>
  <div class="status" data-viewing-target="status" role="status"></div>
</form>`];
    case '/properties':
      return ['Properties', `
<div data-controller="properties" class="panel">
  <div class="toolbar">
    <label>Search <input type="search" data-properties-target="query" data-action="input->properties#search" placeholder="Name, street or postcode"></label>
    <span class="muted" data-properties-target="count"></span>
  </div>
  <table class="list">
    <thead><tr><th>Property</th><th>Address</th><th>Postcode</th><th>Units</th><th>Manager</th><th></th></tr></thead>
    <tbody data-properties-target="rows"></tbody>
  </table>
  <div class="pager" data-properties-target="pager"></div>
</div>`];
  }
  return null;
}

// ---------- helpers ----------
function send(res, code, body, type = 'application/json; charset=utf-8') {
  const data = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  res.writeHead(code, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  res.end(data);
}
function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (c) => { size += c.length; if (size > 5e6) { reject(new Error('too large')); req.destroy(); } else chunks.push(c); });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
async function readJson(req) {
  const b = await readBody(req);
  try { return JSON.parse(b.toString('utf8') || '{}'); } catch { return null; }
}
const hit = (k) => { db.hits[k] = (db.hits[k] || 0) + 1; };

function parseMultipart(buf, contentType) {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType || '');
  if (!m) return [];
  const boundary = '--' + (m[1] || m[2]);
  const text = buf.toString('latin1');
  const parts = [];
  for (const raw of text.split(boundary).slice(1)) {
    if (raw.startsWith('--')) break;
    const idx = raw.indexOf('\r\n\r\n');
    if (idx < 0) continue;
    const head = raw.slice(0, idx);
    let content = raw.slice(idx + 4);
    if (content.endsWith('\r\n')) content = content.slice(0, -2);
    const name = /name="([^"]*)"/i.exec(head)?.[1];
    const filename = /filename="([^"]*)"/i.exec(head)?.[1];
    parts.push({ name, filename, content: Buffer.from(content, 'latin1').toString('utf8') });
  }
  return parts;
}

function parseCsv(text) {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.trim());
  const rows = lines.map((l) => {
    const out = []; let cur = ''; let q = false;
    for (let i = 0; i < l.length; i++) {
      const c = l[i];
      if (q) { if (c === '"' && l[i + 1] === '"') { cur += '"'; i++; } else if (c === '"') q = false; else cur += c; }
      else if (c === '"') q = true; else if (c === ',') { out.push(cur); cur = ''; } else cur += c;
    }
    out.push(cur); return out;
  });
  const header = rows.shift().map((h) => h.trim().toLowerCase());
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, (r[i] || '').trim()])));
}

const stripTags = (h) => h.replace(/<[^>]+>/g, ' ').replace(/&nbsp;|\u00a0/g, ' ').replace(/&#39;|&apos;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();

// ---------- verify ----------
function verify() {
  const jobs = {};
  // 1. repairs grid
  const target = db.repairs.find((r) => r.ref === 'RJ-24350');
  const base = seed().repairs;
  const changedOthers = db.repairs.filter((r, i) => r.ref !== 'RJ-24350' && (r.status !== base[i].status || r.actual !== base[i].actual)).map((r) => r.ref);
  jobs.repair_completed = {
    done: target.status === 'Completed' && target.actual === 212.4 && changedOthers.length === 0,
    details: { ref: target.ref, status: target.status, actual: target.actual, otherRowsChanged: [...new Set(changedOthers)] },
  };
  // 2. checklist
  const html = db.checklist.html;
  const text = stripTags(html);
  const boldMatches = [...html.matchAll(/<(b|strong)\b[^>]*>(.*?)<\/\1>/gis)].map((m) => stripTags(m[2]).toLowerCase());
  jobs.checklist_edited = {
    done: db.checklistSaves > 0
      && /refer any disputed deduction to the deposit scheme within 10 days of the tenant's reply/i.test(text)
      && /propose any deposit deductions to the tenant within 14 days of the check-out date/i.test(text)
      && (text.match(/\b14 days\b/g) || []).length === 1
      && boldMatches.some((b) => b === 'gas safety certificate')
      && boldMatches.every((b) => b === 'gas safety certificate')
      && /send written notice of the inspection to the tenant at least 24 hours before the visit/i.test(text),
    details: { saves: db.checklistSaves, bold: boldMatches, text },
  };
  // 3. reminder toast
  jobs.rent_reminder = {
    done: db.reminders.length === 1 && db.reminders[0].id === 'ten-3117',
    details: { sent: db.reminders.map((r) => `${r.id} ${r.tenant} ${r.unit}, ${r.property} → ${r.code}`), expectedCode: 'RMD-3XH9' },
  };
  // 4. upload
  jobs.statement_import = {
    done: db.uploads.length === 1 && db.uploads[0].filename === 'statement-2027-05-lloyds.csv',
    details: { uploads: db.uploads, expectedTotal: '£18,426.75' },
  };
  // 5. chart
  jobs.maintenance_report = {
    done: (db.reads['report:bramble-court'] || 0) > 0,
    details: { buildingsViewed: Object.keys(db.reads).filter((k) => k.startsWith('report:')).map((k) => k.slice(7)), expectedAnswer: '£2,417.35' },
  };
  // 6. booking
  const v = db.viewings;
  jobs.viewing_booked = {
    done: v.length === 1 && v[0].unit === 'harbour-view-court-f2' && v[0].date === '2027-06-17' && v[0].time === '14:30'
      && /^tomasz nowak$/i.test(v[0].applicant.trim()) && /small dog/i.test(v[0].notes),
    details: { viewings: v },
  };
  // 7. delete
  jobs.property_deleted = {
    done: db.deleted.length === 1 && db.deleted[0] === 'harbour-views',
    details: { deleted: db.deleted },
  };
  return { jobs, hits: db.hits };
}

// ---------- API ----------
async function api(req, res, url) {
  const p = url.pathname;
  const m = req.method;
  if (p === '/api/repairs' && m === 'GET') return send(res, 200, db.repairs);
  if (p === '/api/repairs/save' && m === 'POST') {
    hit('POST /api/repairs/save');
    const body = await readJson(req);
    if (!body || !Array.isArray(body.changes)) return send(res, 400, { error: 'Bad request' });
    const applied = [];
    for (const c of body.changes) {
      const r = db.repairs.find((x) => x.ref === c.ref);
      if (!r) continue;
      if (typeof c.status === 'string') r.status = c.status;
      if (c.actual !== undefined) r.actual = c.actual === null || c.actual === '' ? null : Math.round(Number(c.actual) * 100) / 100;
      applied.push({ ref: r.ref, status: r.status, actual: r.actual });
    }
    db.repairSaves.push({ at: new Date().toISOString(), changes: applied });
    return send(res, 200, { ok: true, saved: applied.length });
  }
  if (p === '/api/checklist' && m === 'GET') return send(res, 200, db.checklist);
  if (p === '/api/checklist' && m === 'PUT') {
    hit('PUT /api/checklist');
    const body = await readJson(req);
    if (!body || typeof body.html !== 'string') return send(res, 400, { error: 'Bad request' });
    db.checklist = { html: body.html, updatedAt: new Date().toISOString(), updatedBy: 'Hannah Cole' };
    db.checklistSaves++;
    return send(res, 200, { ok: true, updatedAt: db.checklist.updatedAt });
  }
  if (p === '/api/reminders' && m === 'POST') {
    hit('POST /api/reminders');
    const body = await readJson(req);
    const a = db.arrears.find((x) => x.id === body?.id);
    if (!a) return send(res, 404, { error: 'Unknown tenancy' });
    db.reminders.push({ id: a.id, tenant: a.tenant, unit: a.unit, property: a.property, code: a.code });
    return send(res, 200, { ok: true, tenant: a.tenant, code: a.code });
  }
  if (p === '/api/statements/upload' && m === 'POST') {
    hit('POST /api/statements/upload');
    const buf = await readBody(req);
    const part = parseMultipart(buf, req.headers['content-type']).find((x) => x.filename);
    if (!part) return send(res, 400, { success: false, msg: 'No file received' });
    let rows;
    try { rows = parseCsv(part.content); } catch { return send(res, 200, { success: false, msg: 'Could not read CSV' }); }
    const pennies = rows.reduce((s, r) => s + Math.round(Number(String(r.amount).replace(/[£,]/g, '')) * 100), 0);
    if (!rows.length || Number.isNaN(pennies)) return send(res, 200, { success: false, msg: 'No payments found in file' });
    const total = money(pennies / 100);
    db.uploads.push({ filename: part.filename, rows: rows.length, total });
    return send(res, 200, { success: true, filename: part.filename, rows: rows.length, total });
  }
  if (p === '/api/reports/maintenance' && m === 'GET') {
    const b = url.searchParams.get('building');
    if (!db.spend[b]) return send(res, 404, { error: 'Unknown building' });
    db.reads['report:' + b] = (db.reads['report:' + b] || 0) + 1;
    return send(res, 200, { building: b, months: db.spend[b] });
  }
  if (p === '/api/viewings/options' && m === 'GET') return send(res, 200, { today: TODAY, disabledDates: db.disabledDates });
  if (p === '/api/viewings' && m === 'POST') {
    hit('POST /api/viewings');
    const b = await readJson(req);
    const errs = [];
    if (!b) return send(res, 400, { error: 'Bad request' });
    const unit = db.viewingUnits.find((u) => u.id === b.unit);
    if (!unit) errs.push('Choose a property.');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(b.date || '')) errs.push('Choose a date.');
    else {
      const dt = new Date(b.date + 'T12:00:00Z');
      if (b.date < TODAY || [0, 6].includes(dt.getUTCDay()) || db.disabledDates.includes(b.date)) errs.push('That date is not available.');
    }
    if (!/^\d{2}:\d{2}$/.test(b.time || '')) errs.push('Choose a time.');
    if (!String(b.applicant || '').trim()) errs.push('Enter the applicant\'s name.');
    if (errs.length) return send(res, 422, { errors: errs });
    const ref = 'VW-' + (5120 + db.viewings.length * 7 + 3);
    db.viewings.push({ ref, unit: b.unit, label: unit.label, date: b.date, time: b.time, applicant: String(b.applicant), phone: String(b.phone || ''), notes: String(b.notes || '') });
    return send(res, 200, { ok: true, ref, label: unit.label });
  }
  if (p === '/api/properties' && m === 'GET') {
    const q = (url.searchParams.get('q') || '').trim().toLowerCase();
    const per = 8;
    let list = db.properties.filter((x) => !db.deleted.includes(x.id));
    if (q) list = list.filter((x) => `${x.name} ${x.address} ${x.postcode}`.toLowerCase().includes(q));
    const pages = Math.max(1, Math.ceil(list.length / per));
    const page = Math.min(pages, Math.max(1, Number(url.searchParams.get('page') || 1)));
    return send(res, 200, { total: list.length, page, pages, items: list.slice((page - 1) * per, page * per) });
  }
  const dm = /^\/api\/properties\/([a-z0-9-]+)$/.exec(p);
  if (dm && m === 'DELETE') {
    hit('DELETE /api/properties/:id');
    const prop = db.properties.find((x) => x.id === dm[1]);
    if (!prop || db.deleted.includes(prop.id)) return send(res, 404, { error: 'Not found' });
    db.deleted.push(prop.id);
    return send(res, 200, { ok: true });
  }
  return send(res, 404, { error: 'Not found' });
}

// ---------- server ----------
let idleTimer;
function touch() {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => { console.log('Idle timeout reached, exiting.'); process.exit(0); }, IDLE_MS);
}

const server = http.createServer(async (req, res) => {
  touch();
  try {
    const url = new URL(req.url, 'http://127.0.0.1');
    const p = url.pathname;
    if (p === '/__verify' && req.method === 'GET') return send(res, 200, verify());
    if (p === '/__reset' && req.method === 'POST') { db = seed(); return send(res, 200, { ok: true }); }
    if (p.startsWith('/api/')) return await api(req, res, url);
    if (p.startsWith('/assets/') && req.method === 'GET') {
      const f = path.normalize(path.join(DIST, p));
      if (!f.startsWith(DIST + path.sep) || !fs.existsSync(f)) return send(res, 404, 'Not found', 'text/plain');
      res.writeHead(200, { 'Content-Type': TYPES[path.extname(f)] || 'application/octet-stream', 'Cache-Control': 'no-cache' });
      return fs.createReadStream(f).pipe(res);
    }
    if (p === '/favicon.ico') { res.writeHead(204); return res.end(); }
    if (req.method === 'GET') {
      const key = p.length > 1 ? p.replace(/\/$/, '') : p;
      const pb = pageBody(key);
      if (pb) return send(res, 200, layout(key, pb[0], pb[1]), 'text/html; charset=utf-8');
    }
    return send(res, 404, layout('', 'Page not found', '<p>Sorry, that page does not exist. <a href="/">Back to the dashboard</a>.</p>'), 'text/html; charset=utf-8');
  } catch (e) {
    console.error(e);
    if (!res.headersSent) send(res, 500, { error: 'Server error' });
  }
});
server.listen(PORT, '127.0.0.1', () => { console.log(`Orchard Lane back office on http://127.0.0.1:${PORT}/`); touch(); });
