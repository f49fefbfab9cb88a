import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import busboy from 'busboy';
import * as D from './data.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'dist');
const PORT = Number(process.env.PORT || 4815);
const IDLE_MS = Number(process.env.IDLE_MS || 2 * 60 * 60 * 1000);

// ---------------------------------------------------------------- state
let S;
function reset() {
  S = {
    appointments: D.seedAppointments(),
    protocols: D.seedProtocols(),
    reminders: D.seedReminders(),
    suppliers: D.seedSuppliers(),
    imports: [],
    bookings: [],
    chartViews: [],
    hits: {},
    reminderSendCount: 0,
  };
}
reset();
const ORIGINAL = { appointments: D.seedAppointments(), suppliers: D.seedSuppliers() };
function hit(key) { S.hits[key] = (S.hits[key] || 0) + 1; }

// ---------------------------------------------------------------- helpers
const esc = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
const gbp = (n) => '£' + Number(n).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const longDate = (iso) => new Date(iso + 'T12:00:00Z').toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

function send(res, status, body, headers = {}) {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  res.end(body);
}
function json(res, status, obj, headers = {}) { send(res, status, JSON.stringify(obj), { 'Content-Type': 'application/json; charset=utf-8', ...headers }); }
function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = []; let n = 0;
    req.on('data', (c) => { n += c.length; if (n > 5e6) { reject(new Error('too large')); req.destroy(); } else chunks.push(c); });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
async function formBody(req) {
  const raw = await readBody(req);
  const ct = req.headers['content-type'] || '';
  if (ct.includes('application/json')) return JSON.parse(raw || '{}');
  const p = new URLSearchParams(raw); const o = {};
  for (const [k, v] of p) { if (k in o) o[k] = [].concat(o[k], v); else o[k] = v; }
  return o;
}

// ---------------------------------------------------------------- layout
const NAV = [
  ['/', 'Dashboard', 'bi-speedometer2'],
  ['/appointments', 'Appointments', 'bi-calendar-week'],
  ['/protocols', 'Clinical protocols', 'bi-journal-medical'],
  ['/reminders', 'Vaccination reminders', 'bi-bell'],
  ['/imports', 'Lab invoice import', 'bi-upload'],
  ['/reports', 'Revenue reports', 'bi-bar-chart'],
  ['/bookings/new', 'New booking', 'bi-plus-circle'],
  ['/suppliers', 'Suppliers', 'bi-truck'],
];
function layout(title, body, current) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="htmx-config" content='{"historyCacheSize":0,"refreshOnHistoryMiss":true,"defaultSettleDelay":20}'>
<title>${esc(title)} · Fenwick &amp; Hale Veterinary Group</title>
<link rel="stylesheet" href="/assets/app.css">
<script type="module" src="/assets/app.js"></script>
</head>
<body>
<nav class="navbar navbar-dark bg-fh px-3">
  <a class="navbar-brand d-flex align-items-center gap-2" href="/"><span class="brand-mark">F&amp;H</span> Fenwick &amp; Hale Veterinary Group</a>
  <span class="navbar-text small text-white-50">Back office · Tue 18 May 2027 · Signed in as Jo Mercer (Practice Manager)</span>
</nav>
<div class="d-flex app-shell">
  <aside class="sidebar border-end bg-light">
    <ul class="nav flex-column py-2" id="side-nav">
      ${NAV.map(([href, label, icon]) => `<li class="nav-item"><a class="nav-link${href === current ? ' active' : ''}" href="${href}" hx-get="${href}" hx-target="#main" hx-push-url="true"><i class="bi ${icon} me-2"></i>${label}</a></li>`).join('\n      ')}
    </ul>
  </aside>
  <main id="main" class="flex-grow-1 p-4">
${body}
  </main>
</div>
</body>
</html>`;
}
function page(req, res, title, body, current) {
  if (req.headers['hx-request'] && req.headers['hx-target'] === 'main' && !req.headers['hx-history-restore-request']) {
    return send(res, 200, `<title>${esc(title)} · Fenwick &amp; Hale Veterinary Group</title>\n${body}`, { Vary: 'HX-Request' });
  }
  send(res, 200, layout(title, body, current), { Vary: 'HX-Request' });
}

// ---------------------------------------------------------------- pages
function dashboard() {
  const today = S.appointments.filter((a) => a.date === D.TODAY);
  const checkedIn = today.filter((a) => a.status === 'Checked in').length;
  const unpaid = S.appointments.filter((a) => a.status === 'Completed' && a.paid === 'No');
  const due = S.reminders.filter((r) => !r.lastSent).length;
  const card = (label, value, sub) => `<div class="col"><div class="card shadow-sm h-100"><div class="card-body"><div class="text-muted small text-uppercase">${label}</div><div class="fs-2 fw-semibold">${value}</div><div class="small text-muted">${sub}</div></div></div></div>`;
  return `<h1 class="h3 mb-4">Dashboard</h1>
<div class="row row-cols-1 row-cols-md-4 g-3 mb-4">
  ${card("Today's appointments", today.length, `${checkedIn} checked in so far`)}
  ${card('Unpaid completed visits', unpaid.length, `${gbp(unpaid.reduce((t, a) => t + a.fee, 0))} outstanding`)}
  ${card('Vaccination reminders due', due, 'next 14 days')}
  ${card('Active suppliers', S.suppliers.length, '3 orders awaiting delivery')}
</div>
<div class="row g-3">
  <div class="col-md-7"><div class="card"><div class="card-header">Notices</div>
    <ul class="list-group list-group-flush">
      <li class="list-group-item"><strong>Quayside:</strong> the dental X-ray unit is booked for its service on Thu 20 May — no dental radiographs 08:00–12:00.</li>
      <li class="list-group-item"><strong>All clinics:</strong> the revised canine dental protocol must be read and signed off by all RVNs by 31 May.</li>
      <li class="list-group-item"><strong>Millbrook:</strong> Dr. Felix Brandt is on CPD leave 26 May; his bookings have been moved.</li>
      <li class="list-group-item"><strong>Finance:</strong> May lab invoices from the reference lab should be imported before month end.</li>
    </ul></div></div>
  <div class="col-md-5"><div class="card"><div class="card-header">On call this week</div>
    <table class="table table-sm mb-0"><thead><tr><th>Night</th><th>Vet</th><th>Nurse</th></tr></thead><tbody>
      <tr><td>Mon 17</td><td>Dr. Owen Tremayne</td><td>Kirsty Bell RVN</td></tr>
      <tr><td>Tue 18</td><td>Dr. Hannah Ojo</td><td>Marek Nowak RVN</td></tr>
      <tr><td>Wed 19</td><td>Dr. Lewis Penrose</td><td>Kirsty Bell RVN</td></tr>
      <tr><td>Thu 20</td><td>Dr. Ruth Calloway</td><td>Aisha Karim RVN</td></tr>
      <tr><td>Fri 21</td><td>Dr. Amara Kaur</td><td>Marek Nowak RVN</td></tr>
    </tbody></table></div></div>
</div>`;
}

function appointmentsPage() {
  const cols = [
    ['id', 'Appt #'], ['date', 'Date'], ['time', 'Time'], ['clinic', 'Clinic'], ['vet', 'Vet'], ['owner', 'Owner'], ['phone', 'Phone'],
    ['pet', 'Pet'], ['species', 'Species'], ['breed', 'Breed'], ['reason', 'Reason'], ['status', 'Status'], ['fee', 'Fee'], ['paid', 'Paid'], ['room', 'Room'],
  ];
  return `<div class="d-flex justify-content-between align-items-center mb-3"><h1 class="h3 mb-0">Appointments</h1><span class="text-muted small">All clinics · 3 May – 12 Jun 2027</span></div>
<div class="row g-3">
<div class="col-xl-9">
<table id="appt-table" data-fh-widget="appointments-grid" data-url="/api/appointments" data-pagination="true" data-page-size="25" data-page-list="[25, 50, 100]"
  data-search="true" data-show-columns="true" data-show-refresh="true" data-sort-name="date" data-sort-order="asc" data-classes="table table-sm table-hover table-striped" data-buttons-class="outline-secondary" data-unique-id="id">
  <thead><tr>
    ${cols.map(([f, t]) => `<th data-field="${f}" data-sortable="true"${f === 'fee' ? ' data-formatter="feeFormatter" data-align="right"' : ''}${f === 'status' ? ' data-formatter="statusFormatter"' : ''}>${t}</th>`).join('\n    ')}
    <th data-field="actions" data-formatter="editFormatter" data-switchable="false">Edit</th>
  </tr></thead>
</table>
</div>
<div class="col-xl-3"><div id="edit-panel" class="card"><div class="card-body text-muted small">Choose <em>Edit</em> on an appointment to change its status, vet, fee or notes.</div></div></div>
</div>`;
}

function editForm(a, msg = '') {
  const opt = (list, v) => list.map((x) => `<option${x === v ? ' selected' : ''}>${esc(x)}</option>`).join('');
  return `<div id="edit-panel" class="card border-primary">
  <div class="card-header"><strong>${esc(a.id)}</strong> · ${esc(a.pet)} (${esc(a.species)})</div>
  <form class="card-body" hx-post="/appointments/${esc(a.id)}" hx-target="#edit-panel" hx-swap="outerHTML">
    <p class="small mb-2">${esc(a.owner)} · ${longDate(a.date)} ${esc(a.time)} · ${esc(a.clinic)}</p>
    ${msg}
    <div class="mb-2"><label class="form-label" for="f-status">Status</label><select class="form-select" id="f-status" name="status">${opt(D.STATUSES, a.status)}</select></div>
    <div class="mb-2"><label class="form-label" for="f-vet">Vet</label><select class="form-select" id="f-vet" name="vet">${opt(D.VETS, a.vet)}</select></div>
    <div class="mb-2"><label class="form-label" for="f-fee">Fee (£)</label><input class="form-control" id="f-fee" name="fee" type="number" step="0.5" min="0" value="${a.fee}"></div>
    <div class="mb-2"><label class="form-label" for="f-paid">Paid</label><select class="form-select" id="f-paid" name="paid">${opt(['No', 'Yes'], a.paid)}</select></div>
    <div class="mb-3"><label class="form-label" for="f-notes">Notes</label><textarea class="form-control" id="f-notes" name="notes" rows="2">${esc(a.notes)}</textarea></div>
    <button class="btn btn-primary" type="submit">Save changes</button>
    <button class="btn btn-link" type="button" hx-get="/appointments/blank-panel" hx-target="#edit-panel" hx-swap="outerHTML">Close</button>
  </form></div>`;
}

function protocolsList() {
  return `<h1 class="h3 mb-3">Clinical protocols</h1>
<div class="list-group" style="max-width:820px">
${S.protocols.map((p) => `<a class="list-group-item list-group-item-action" href="/protocols/${p.id}" hx-get="/protocols/${p.id}" hx-target="#main" hx-push-url="true">
  <div class="d-flex justify-content-between"><strong>${esc(p.title)}</strong><span class="badge text-bg-secondary">rev ${p.revision}</span></div>
  <div class="small text-muted">Owner ${esc(p.owner)} · last updated ${longDate(p.updated)}</div></a>`).join('\n')}
</div>`;
}
function protocolStatus(p, saved) {
  return `<div id="protocol-status" class="small ${saved ? 'text-success' : 'text-muted'}">${saved ? `Saved — now revision ${p.revision} (${longDate(p.updated)})` : `Revision ${p.revision} · last updated ${longDate(p.updated)} by ${esc(p.owner)}`}</div>`;
}
function protocolPage(p) {
  return `<nav aria-label="breadcrumb"><ol class="breadcrumb"><li class="breadcrumb-item"><a href="/protocols" hx-get="/protocols" hx-target="#main" hx-push-url="true">Clinical protocols</a></li><li class="breadcrumb-item active" aria-current="page">${esc(p.title)}</li></ol></nav>
<h1 class="h4 mb-2">${esc(p.title)}</h1>
${protocolStatus(p, false)}
<form id="protocol-form" class="mt-3" hx-put="/protocols/${p.id}" hx-target="#protocol-status" hx-swap="outerHTML" style="max-width:960px">
  <textarea id="protocol-editor" name="html" data-fh-widget="protocol-editor">${esc(p.html)}</textarea>
  <div class="mt-3 d-flex gap-2"><button class="btn btn-primary" type="submit">Save protocol</button>
  <a class="btn btn-outline-secondary" href="/protocols" hx-get="/protocols" hx-target="#main" hx-push-url="true">Back to list</a></div>
</form>`;
}

function reminderCard(r) {
  return `<div class="col" id="card-${r.id}"><div class="card h-100 reminder-card">
  <div class="card-body">
    <div class="d-flex justify-content-between"><h2 class="h5 card-title mb-1">${esc(r.pet)}</h2><span class="badge text-bg-light border">${esc(r.clinic)}</span></div>
    <div class="text-muted small mb-2">${esc(r.species)} · ${esc(r.breed)}</div>
    <div class="small">Owner: ${esc(r.owner)}</div>
    <div class="small">Due: ${esc(r.vaccine)}, ${longDate(r.due)}</div>
    <div class="small text-muted mt-1">${r.lastSent ? `Reminder sent ${esc(r.lastSent)}` : 'No reminder sent yet'}</div>
  </div>
  <div class="card-footer bg-white"><button class="btn btn-sm btn-outline-primary" hx-post="/reminders/${r.id}/send" hx-target="#card-${r.id}" hx-swap="outerHTML">Send reminder</button></div>
</div></div>`;
}
function remindersPage() {
  return `<h1 class="h3 mb-1">Vaccination reminders</h1><p class="text-muted">Boosters falling due in the next 14 days. Reminders go out by SMS and e-mail to the registered owner.</p>
<div class="row row-cols-1 row-cols-md-2 row-cols-xl-3 g-3">${S.reminders.map(reminderCard).join('\n')}</div>`;
}

function importsTable() {
  return `<div id="import-history"><h2 class="h6 mt-4">Recent imports</h2>${S.imports.length ? `<table class="table table-sm"><thead><tr><th>File</th><th>Rows</th><th>Total</th><th>Imported</th></tr></thead><tbody>${S.imports.map((i) => `<tr><td>${esc(i.filename)}</td><td>${i.rows}</td><td>${gbp(i.total)}</td><td>${esc(i.at)}</td></tr>`).join('')}</tbody></table>` : '<p class="small text-muted">Nothing imported this month yet.</p>'}</div>`;
}
function importsPage() {
  return `<h1 class="h3 mb-1">Lab invoice import</h1>
<p class="text-muted">Upload the reference lab's monthly invoice CSV (columns <code>invoice_no, date, clinic, patient, test, amount_gbp</code>). The total is reconciled against the purchase ledger.</p>
<div style="max-width:820px">
  <input id="lab-file" name="labfile" type="file" accept=".csv" data-fh-widget="lab-upload">
  <div id="import-result" class="mt-3"></div>
  ${importsTable()}
</div>`;
}

function reportsPage(clinic) {
  return `<h1 class="h3 mb-1">Revenue reports</h1><p class="text-muted">Monthly revenue by service line, December 2026 – April 2027.</p>
${reportPanel(clinic)}`;
}
function reportPanel(clinic) {
  return `<div id="report-panel"><ul class="nav nav-tabs" id="report-tabs">
${D.CLINICS.map((c) => `<li class="nav-item"><a class="nav-link${c.id === clinic ? ' active' : ''}"${c.id === clinic ? ' aria-current="page"' : ''} href="/reports?clinic=${c.id}" hx-get="/reports/revenue?clinic=${c.id}" hx-target="#report-panel" hx-swap="outerHTML">${esc(c.name)}</a></li>`).join('')}
</ul>
<div id="report-body" class="border border-top-0 p-3 bg-white">${clinic ? reportBody(clinic) : '<p class="text-muted m-0">Choose a clinic to show its revenue chart.</p>'}</div></div>`;
}
function reportBody(clinic) {
  const c = D.CLINICS.find((x) => x.id === clinic);
  if (!c) return '<p class="text-danger">Unknown clinic.</p>';
  const data = D.revenueFor(clinic);
  return `<h2 class="h6">${esc(c.name)} — revenue by service line (GBP)</h2>
<div id="revenue-chart" class="revenue-chart" data-fh-widget="revenue-chart" data-series='${esc(JSON.stringify(D.REVENUE_SERIES))}' data-chart='${esc(JSON.stringify(data))}'></div>`;
}

function bookingPage() {
  const o = (list) => list.map((x) => `<option>${esc(x)}</option>`).join('');
  return `<h1 class="h3 mb-3">New booking</h1>
<div id="booking-area" style="max-width:720px">
<form id="booking-form" hx-post="/bookings" hx-target="#booking-area" hx-swap="innerHTML">
  <div class="mb-3"><label class="form-label" for="b-patient">Patient</label>
    <select id="b-patient" name="patient" class="form-select" data-fh-widget="select2-single" data-placeholder="Search patients…" required>
      <option></option>${D.PATIENTS.map((p) => `<option value="${p.id}">${esc(p.name)} (${esc(p.species)}) — ${esc(p.owner)}</option>`).join('')}
    </select></div>
  <div class="row g-3 mb-3">
    <div class="col-md-6"><label class="form-label" for="b-clinic">Clinic</label>
      <select id="b-clinic" name="clinic" class="form-select" required><option value="">Choose…</option>${D.CLINICS.map((c) => `<option value="${c.id}">${esc(c.name)}</option>`).join('')}</select></div>
    <div class="col-md-6"><label class="form-label" for="b-vet">Vet</label>
      <select id="b-vet" name="vet" class="form-select" data-fh-widget="select2-single" data-placeholder="Any vet"><option></option>${o(D.VETS)}</select></div>
  </div>
  <div class="row g-3 mb-3">
    <div class="col-md-6"><label class="form-label" for="b-date">Date</label>
      <div class="input-group" id="b-date-group" data-fh-widget="booking-date" data-disabled='${JSON.stringify(D.BOOKING_DISABLED_DATES)}'>
        <input id="b-date" name="date" type="text" class="form-control" placeholder="dd/mm/yyyy" autocomplete="off" required>
        <span class="input-group-text" data-td-target="#b-date-group" data-td-toggle="datetimepicker"><i class="bi bi-calendar3"></i></span>
      </div>
      <div class="form-text">Sundays and fully booked days are unavailable.</div></div>
    <div class="col-md-6"><label class="form-label" for="b-time">Time</label>
      <input id="b-time" name="time" type="time" class="form-control" min="08:00" max="18:00" step="900" required></div>
  </div>
  <div class="mb-3"><label class="form-label" for="b-services">Services</label>
    <select id="b-services" name="services" class="form-select" multiple data-fh-widget="select2-multi" data-placeholder="Add services">${o(D.SERVICES)}</select></div>
  <div class="mb-3"><label class="form-label" for="b-notes">Notes for the clinical team</label>
    <textarea id="b-notes" name="notes" class="form-control" rows="3"></textarea></div>
  <button class="btn btn-primary" type="submit">Create booking</button>
</form></div>`;
}

const SUP_PAGE = 10;
function supplierResults(q, pageNo) {
  const ql = (q || '').trim().toLowerCase();
  const all = S.suppliers.filter((s) => !ql || s.name.toLowerCase().includes(ql) || s.contact.toLowerCase().includes(ql) || s.category.toLowerCase().includes(ql)).sort((a, b) => a.name.localeCompare(b.name));
  const pages = Math.max(1, Math.ceil(all.length / SUP_PAGE));
  const p = Math.min(Math.max(1, Number(pageNo) || 1), pages);
  const rows = all.slice((p - 1) * SUP_PAGE, p * SUP_PAGE);
  const qs = (n) => `/suppliers/list?q=${encodeURIComponent(q || '')}&page=${n}`;
  return `<div id="supplier-results">
<p class="small text-muted mb-2">${all.length ? `Showing ${(p - 1) * SUP_PAGE + 1}–${(p - 1) * SUP_PAGE + rows.length} of ${all.length} suppliers` : 'No suppliers match.'}${ql ? ` matching “${esc(q)}”` : ''} · ${S.suppliers.length} suppliers in total</p>
<table class="table table-hover align-middle"><thead><tr><th>Supplier</th><th>Category</th><th>Account</th><th>Contact</th><th>Phone</th><th>Last order</th><th></th></tr></thead><tbody>
${rows.map((s) => `<tr><td>${esc(s.name)}</td><td>${esc(s.category)}</td><td>${esc(s.account)}</td><td>${esc(s.contact)}</td><td>${esc(s.phone)}</td><td>${longDate(s.lastOrder)}</td>
<td class="text-end"><button class="btn btn-sm btn-outline-danger" hx-delete="/suppliers/${s.id}?q=${encodeURIComponent(q || '')}&page=${p}" hx-target="#supplier-results" hx-swap="outerHTML" hx-confirm="Delete supplier “${esc(s.name)}” (account ${esc(s.account)})? This cannot be undone.">Delete</button></td></tr>`).join('\n')}
</tbody></table>
${pages > 1 ? `<nav aria-label="Supplier pages"><ul class="pagination pagination-sm">
<li class="page-item${p === 1 ? ' disabled' : ''}"><a class="page-link" href="#" hx-get="${qs(p - 1)}" hx-target="#supplier-results" hx-swap="outerHTML">Previous</a></li>
${Array.from({ length: pages }, (_, i) => i + 1).map((n) => `<li class="page-item${n === p ? ' active' : ''}"><a class="page-link" href="#" hx-get="${qs(n)}" hx-target="#supplier-results" hx-swap="outerHTML">${n}</a></li>`).join('')}
<li class="page-item${p === pages ? ' disabled' : ''}"><a class="page-link" href="#" hx-get="${qs(p + 1)}" hx-target="#supplier-results" hx-swap="outerHTML">Next</a></li>
</ul></nav>` : ''}
</div>`;
}
function suppliersPage() {
  return `<h1 class="h3 mb-3">Suppliers</h1>
<div class="mb-3" style="max-width:420px"><input class="form-control" type="search" name="q" placeholder="Search suppliers…" aria-label="Search suppliers"
  hx-get="/suppliers/list" hx-trigger="input changed delay:400ms, search" hx-target="#supplier-results" hx-swap="outerHTML"></div>
${supplierResults('', 1)}`;
}

// ---------------------------------------------------------------- verify
function verify() {
  const jobs = {};
  const tgt = S.appointments.find((a) => a.owner === 'Priya Raman' && a.pet === 'Clover' && a.date === '2027-05-24');
  const changedAppts = S.appointments.filter((a) => { const o = ORIGINAL.appointments.find((x) => x.id === a.id); return JSON.stringify(o) !== JSON.stringify(a); }).map((a) => a.id);
  jobs.cancel_appointment = { done: tgt.status === 'Cancelled' && changedAppts.length === 1 && changedAppts[0] === tgt.id, details: { target: tgt.id, status: tgt.status, vet: tgt.vet, changed: changedAppts } };

  const p = S.protocols.find((x) => x.id === D.PROTOCOL_TARGET);
  const h = p.html;
  const fast8 = /Withhold food for 8 hours/.test(h.replace(/<[^>]+>/g, ''));
  const still12 = /12 hours after extubation/.test(h.replace(/<[^>]+>/g, ''));
  const bold = /<(b|strong)(\s[^>]*)?>\s*Do not give NSAIDs to dogs already on corticosteroids\.?\s*<\/(b|strong)>/i.test(h) || /<(b|strong)(\s[^>]*)?>[^<]*Do not give NSAIDs to dogs already on corticosteroids[^<]*<\/(b|strong)>/i.test(h);
  jobs.edit_protocol = { done: fast8 && still12 && bold && p.revision >= 7, details: { fasting8h: fast8, painRecheckStill12h: still12, nsaidSentenceBold: bold, revision: p.revision } };

  const sent = S.reminders.filter((r) => r.sends.length);
  const rt = S.reminders.find((r) => r.id === D.REMINDER_TARGET);
  jobs.send_reminder = { done: rt.sends.length >= 1 && sent.length === 1, details: { sentCards: sent.map((r) => ({ id: r.id, pet: r.pet, owner: r.owner, breed: r.breed, codes: r.sends })) } };

  const imp = S.imports;
  jobs.import_lab_csv = { done: imp.length >= 1 && imp.every((i) => i.filename === 'idexx-lab-invoices-2027-05-revised.csv'), details: { imports: imp } };

  jobs.read_chart_value = { done: S.chartViews.includes('millbrook'), details: { clinicsViewed: S.chartViews, note: 'answer is checked from the report; see ANSWERS.md' } };

  const b = S.bookings;
  const okOne = (bk) => bk.patient === 'p-2201' && bk.clinic === 'millbrook' && bk.vet === 'Dr. Amara Kaur' && bk.date === '2027-05-27' && bk.time === '14:30'
    && [...bk.services].sort().join('|') === ['Dental scale & polish', 'Pre-anaesthetic bloods'].sort().join('|') && /nervous with strangers/i.test(bk.notes);
  const okB = b.length >= 1 && b.every(okOne);
  jobs.create_booking = { done: okB, details: { bookings: b } };

  const gone = ORIGINAL.suppliers.filter((s) => !S.suppliers.find((x) => x.id === s.id)).map((s) => s.name);
  jobs.delete_supplier = { done: gone.length === 1 && gone[0] === D.SUPPLIER_TARGET_NAME, details: { deleted: gone, remaining: S.suppliers.length } };
  return { today: D.TODAY, jobs, hits: S.hits };
}

// ---------------------------------------------------------------- static
const MIME = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.woff2': 'font/woff2', '.woff': 'font/woff', '.ttf': 'font/ttf', '.eot': 'application/vnd.ms-fontobject', '.svg': 'image/svg+xml', '.png': 'image/png', '.gif': 'image/gif', '.map': 'application/json' };
function serveStatic(res, rel) {
  const file = path.normalize(path.join(DIST, rel));
  if (!file.startsWith(DIST + path.sep)) return send(res, 403, 'Forbidden');
  fs.readFile(file, (err, buf) => {
    if (err) return send(res, 404, 'Not found', { 'Content-Type': 'text/plain' });
    res.writeHead(200, { 'Content-Type': MIME[path.extname(file)] || 'application/octet-stream', 'Cache-Control': 'public, max-age=300' });
    res.end(buf);
  });
}

// ---------------------------------------------------------------- csv upload
function parseCsv(text) {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.trim());
  const split = (l) => { const out = []; let cur = '', q = false; for (let i = 0; i < l.length; i++) { const c = l[i]; if (q) { if (c === '"' && l[i + 1] === '"') { cur += '"'; i++; } else if (c === '"') q = false; else cur += c; } else if (c === '"') q = true; else if (c === ',') { out.push(cur); cur = ''; } else cur += c; } out.push(cur); return out; };
  const head = split(lines[0]).map((h) => h.trim().toLowerCase());
  return { head, rows: lines.slice(1).map(split) };
}
function handleUpload(req, res) {
  let bb;
  try { bb = busboy({ headers: req.headers, limits: { fileSize: 2e6, files: 1 } }); } catch { return json(res, 400, { error: 'Expected a multipart upload.' }); }
  let file = null;
  bb.on('file', (name, stream, info) => { const chunks = []; stream.on('data', (c) => chunks.push(c)); stream.on('end', () => { file = { filename: info.filename, text: Buffer.concat(chunks).toString('utf8') }; }); });
  bb.on('close', () => {
    if (!file) return json(res, 400, { error: 'No file received.' });
    const { head, rows } = parseCsv(file.text);
    const ai = head.indexOf('amount_gbp');
    if (ai < 0) return json(res, 200, { error: 'Column amount_gbp not found — is this a lab invoice export?' });
    const total = rows.reduce((t, r) => t + Math.round(parseFloat(r[ai] || '0') * 100), 0) / 100;
    const rec = { filename: file.filename, rows: rows.length, total, at: '18 May 2027 ' + new Date().toISOString().slice(11, 16) };
    S.imports.push(rec);
    json(res, 200, {
      filename: rec.filename, rows: rec.rows, total: rec.total,
      summaryHtml: `<div class="alert alert-success mb-0"><strong>Import complete.</strong> ${esc(rec.filename)}: ${rec.rows} invoice lines, total <strong>${gbp(total)}</strong>. Batch LAB-2705-${String(S.imports.length).padStart(2, '0')}.</div>`,
    });
  });
  req.pipe(bb);
}

// ---------------------------------------------------------------- router
let lastActivity = Date.now();
const server = http.createServer(async (req, res) => {
  lastActivity = Date.now();
  try {
    const url = new URL(req.url, 'http://localhost');
    const p = url.pathname; const m = req.method;
    if (p.startsWith('/assets/') && (m === 'GET' || m === 'HEAD')) return serveStatic(res, p.slice('/assets/'.length));
    if (p === '/favicon.ico') return send(res, 204, '');
    if (p === '/__verify' && m === 'GET') return json(res, 200, verify());
    if (p === '/__reset' && m === 'POST') { reset(); return json(res, 200, { ok: true }); }

    if (p === '/' && m === 'GET') return page(req, res, 'Dashboard', dashboard(), '/');
    if (p === '/appointments' && m === 'GET') return page(req, res, 'Appointments', appointmentsPage(), '/appointments');
    if (p === '/api/appointments' && m === 'GET') return json(res, 200, S.appointments);
    if (p === '/appointments/blank-panel' && m === 'GET') return send(res, 200, '<div id="edit-panel" class="card"><div class="card-body text-muted small">Choose <em>Edit</em> on an appointment to change its status, vet, fee or notes.</div></div>');
    let mm;
    if ((mm = p.match(/^\/appointments\/(A-\d+)\/edit$/)) && m === 'GET') {
      const a = S.appointments.find((x) => x.id === mm[1]); if (!a) return send(res, 404, 'Not found');
      return send(res, 200, editForm(a));
    }
    if ((mm = p.match(/^\/appointments\/(A-\d+)$/)) && m === 'POST') {
      hit('POST /appointments/:id');
      const a = S.appointments.find((x) => x.id === mm[1]); if (!a) return send(res, 404, 'Not found');
      const f = await formBody(req);
      if (D.STATUSES.includes(f.status)) a.status = f.status;
      if (D.VETS.includes(f.vet)) a.vet = f.vet;
      if (f.fee !== undefined && !isNaN(parseFloat(f.fee))) a.fee = Math.round(parseFloat(f.fee) * 100) / 100;
      if (f.paid === 'Yes' || f.paid === 'No') a.paid = f.paid;
      if (typeof f.notes === 'string') a.notes = f.notes.slice(0, 500);
      return send(res, 200, editForm(a, `<div class="alert alert-success py-1 small">Saved ${esc(a.id)} — status ${esc(a.status)}.</div>`), { 'HX-Trigger': 'appointments-changed' });
    }

    if (p === '/protocols' && m === 'GET') return page(req, res, 'Clinical protocols', protocolsList(), '/protocols');
    if ((mm = p.match(/^\/protocols\/([a-z-]+)$/))) {
      const pr = S.protocols.find((x) => x.id === mm[1]); if (!pr) return send(res, 404, 'Not found');
      if (m === 'GET') return page(req, res, pr.title, protocolPage(pr), '/protocols');
      if (m === 'PUT') {
        hit('PUT /protocols/:id');
        const f = await formBody(req);
        if (typeof f.html !== 'string' || !f.html.trim()) return send(res, 422, '<div id="protocol-status" class="text-danger small">Protocol text cannot be empty.</div>');
        pr.html = f.html; pr.revision += 1; pr.updated = D.TODAY; pr.owner = 'Jo Mercer';
        return send(res, 200, protocolStatus(pr, true));
      }
    }

    if (p === '/reminders' && m === 'GET') return page(req, res, 'Vaccination reminders', remindersPage(), '/reminders');
    if ((mm = p.match(/^\/reminders\/(r-\d+)\/send$/)) && m === 'POST') {
      hit('POST /reminders/:id/send');
      const r = S.reminders.find((x) => x.id === mm[1]); if (!r) return send(res, 404, 'Not found');
      const code = D.reminderCode(r.id, r.sends.length + 1);
      r.sends.push(code);
      r.lastSent = '18 May 2027';
      return send(res, 200, reminderCard(r), { 'HX-Trigger': JSON.stringify({ 'reminder-sent': { code, pet: r.pet, owner: r.owner } }) });
    }

    if (p === '/imports' && m === 'GET') return page(req, res, 'Lab invoice import', importsPage(), '/imports');
    if (p === '/imports/history' && m === 'GET') return send(res, 200, importsTable());
    if (p === '/imports/lab-invoices' && m === 'POST') { hit('POST /imports/lab-invoices'); return handleUpload(req, res); }

    if (p === '/reports' && m === 'GET') {
      const c = url.searchParams.get('clinic');
      if (c) S.chartViews.push(c);
      return page(req, res, 'Revenue reports', reportsPage(c), '/reports');
    }
    if (p === '/reports/revenue' && m === 'GET') {
      const c = url.searchParams.get('clinic') || '';
      S.chartViews.push(c);
      return send(res, 200, reportPanel(c), { 'HX-Push-Url': `/reports?clinic=${encodeURIComponent(c)}` });
    }

    if (p === '/bookings/new' && m === 'GET') return page(req, res, 'New booking', bookingPage(), '/bookings/new');
    if (p === '/bookings' && m === 'POST') {
      hit('POST /bookings');
      const f = await formBody(req);
      const errs = [];
      const pt = D.PATIENTS.find((x) => x.id === f.patient); if (!pt) errs.push('Choose a patient.');
      const cl = D.CLINICS.find((x) => x.id === f.clinic); if (!cl) errs.push('Choose a clinic.');
      const dm = String(f.date || '').match(/^(\d{2})\/(\d{2})\/(\d{4})$/);
      const iso = dm ? `${dm[3]}-${dm[2]}-${dm[1]}` : '';
      if (!dm) errs.push('Enter the date as dd/mm/yyyy.');
      else if (iso < D.TODAY || D.BOOKING_DISABLED_DATES.includes(iso) || new Date(iso + 'T12:00:00Z').getUTCDay() === 0) errs.push('That date is not available.');
      if (!/^\d{2}:\d{2}$/.test(f.time || '')) errs.push('Enter a time.');
      const services = [].concat(f.services || []);
      if (!services.length) errs.push('Add at least one service.');
      if (errs.length) {
        return send(res, 200, `<div class="alert alert-danger">${errs.map(esc).join('<br>')}</div><p><a href="/bookings/new" hx-get="/bookings/new" hx-target="#main">Start again</a></p>`);
      }
      const ref = `BK-${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}-${String(4170 + S.bookings.length * 13 + (pt.id.charCodeAt(pt.id.length - 1) % 7)).padStart(4, '0')}`;
      const bk = { ref, patient: pt.id, patientLabel: `${pt.name} (${pt.species}) — ${pt.owner}`, clinic: cl.id, vet: f.vet || '', date: iso, time: f.time, services, notes: String(f.notes || '') };
      S.bookings.push(bk);
      return send(res, 200, `<div class="alert alert-success"><h2 class="h5">Booking confirmed</h2>
<p class="mb-1">Reference <strong>${esc(ref)}</strong></p>
<p class="mb-1">${esc(bk.patientLabel)} · ${esc(cl.name)}${bk.vet ? ' · ' + esc(bk.vet) : ''}</p>
<p class="mb-1">${longDate(iso)} at ${esc(bk.time)}</p><p class="mb-0">${services.map(esc).join(', ')}</p></div>
<a class="btn btn-outline-primary" href="/bookings/new" hx-get="/bookings/new" hx-target="#main" hx-push-url="true">New booking</a>`);
    }

    if (p === '/suppliers' && m === 'GET') return page(req, res, 'Suppliers', suppliersPage(), '/suppliers');
    if (p === '/suppliers/list' && m === 'GET') return send(res, 200, supplierResults(url.searchParams.get('q') || '', url.searchParams.get('page')));
    if ((mm = p.match(/^\/suppliers\/(\d+)$/)) && m === 'DELETE') {
      hit('DELETE /suppliers/:id');
      const i = S.suppliers.findIndex((x) => x.id === Number(mm[1]));
      if (i >= 0) S.suppliers.splice(i, 1);
      return send(res, 200, supplierResults(url.searchParams.get('q') || '', url.searchParams.get('page')));
    }
    send(res, 404, layout('Not found', '<h1 class="h3">Page not found</h1>', ''));
  } catch (e) {
    console.error(e);
    if (!res.headersSent) send(res, 500, 'Server error');
  }
});
server.listen(PORT, '127.0.0.1', () => console.log(`Fenwick & Hale back office on http://127.0.0.1:${PORT}/ (idle exit after ${IDLE_MS} ms)`));
const idle = setInterval(() => { if (Date.now() - lastActivity > IDLE_MS) { console.log('Idle timeout, exiting.'); process.exit(0); } }, Math.min(60000, Math.max(1000, IDLE_MS / 4)));
idle.unref?.();
