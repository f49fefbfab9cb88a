// Trial site #2 ("Larkspur Workspace"): a few pages built on real widget libraries,
// with a JSON API that records what the agent did. Plain node:http, no framework.
//
//   PORT=4527 node server.mjs
//
// GET  /__verify  -> per-job check + hit counts of every mutating endpoint
// POST /__reset   -> back to the initial state
// Stops by itself after IDLE_MS (default 2 h) without any request.

import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const PORT = Number(process.env.PORT || 4527);
const HOST = '127.0.0.1';
const IDLE_MS = Number(process.env.IDLE_MS || 2 * 60 * 60 * 1000);

// ------------------------------------------------------------------ fixed data
// 1. Tickets (toast with a generated case id)
const TICKET_TARGET = 'TCK-5524';
const TICKETS = [
  ['TCK-5518', 'Password reset email not arriving', 'Harlow Dental', 'Normal'],
  ['TCK-5542', 'Invoice PDF missing VAT number', 'Brightwater Ltd', 'High'],
  ['TCK-5519', 'Cannot export timesheets to CSV', 'Oakfield School', 'Low'],
  ['TCK-5521', 'SSO login loops back to start page', 'Meridian Labs', 'High'],
  ['TCK-5524', 'Invoice PDF missing VAT line', 'Brightwater Ltd', 'High'],
  ['TCK-5525', 'Duplicate charge on March invoice', 'Northgate Cafe', 'Normal'],
  ['TCK-5254', 'Invoice PDF shows wrong VAT rate', 'Brightwater Ltd', 'Normal'],
  ['TCK-5527', 'Mobile app crashes on upload', 'Keel & Co', 'Normal'],
  ['TCK-5529', 'Webhook retries flooding endpoint', 'Meridian Labs', 'High'],
  ['TCK-5530', 'Request: dark mode for reports', 'Oakfield School', 'Low'],
].map(([id, subject, customer, priority]) => ({ id, subject, customer, priority }));

// 2. Reviewers (searchable multi-select)
const PEOPLE = [
  'Aaron Blake', 'Adaeze Okafor', 'Alice Moreau', 'Ben Carter', 'Chloe Dubois', 'Daniel Kim',
  'Elena Petrova', 'Farah Haddad', 'George Ellis', 'Hana Sato', 'Ivan Novak', 'Jasmine Patel',
  'Jonas Berg', 'Katarina Horvat', 'Lea Fischer', 'Lena Fischer', 'Lena Fisher', 'Liam O\'Connor',
  'Mark Benson', 'Marta Kowalczyk', 'Mei Lin', 'Noah Schulz', 'Omar Aziz', 'Paolo Ricci',
  'Priya Raman', 'Priya Ramesh', 'Priyanka Raman', 'Rafael Souza', 'Sara Lindqvist', 'Sofia Rossi',
  'Tomas Ortiz', 'Tomás Ortega', 'Tomás Ortego', 'Uma Reddy', 'Victor Lemaire', 'Yusuf Demir',
].map((name, i) => ({ id: 'u' + String(i + 1).padStart(2, '0'), name }));
const byName = (n) => PEOPLE.find((p) => p.name === n).id;
const REVIEWERS_INITIAL = [byName('Mark Benson'), byName('Priya Ramesh')];
const REVIEWERS_TARGET = ['Priya Raman', 'Tomás Ortega', 'Lena Fischer'].map(byName).sort();

// 3. Rich text (Quill)
const NOTICE_INITIAL_HTML =
  '<p><strong>Planned maintenance</strong></p>' +
  '<p>On 17 April, all customer portals will be unavailable from 22:00 to 02:00 (UTC) while we upgrade the database cluster. Internal tools are not affected.</p>' +
  '<p>The next maintenance window is planned for 22:00 on 15 May.</p>';
const NOTICE_EXPECTED_TEXT =
  'Planned maintenance\n' +
  'On 17 April, all customer portals will be unavailable from 23:30 to 02:00 (UTC) while we upgrade the database cluster. Internal tools are not affected.\n' +
  'The next maintenance window is planned for 22:00 on 15 May.\n';
const NOTICE_EXPECTED_BOLD = ['Planned maintenance', 'all customer portals'];

// 4. Leave (date range)
const LEAVE_TARGET = { start: '2027-02-08', end: '2027-02-19' };

// 5. Upload
const UPLOAD_NAME = 'receipts-march.csv';
const UPLOAD_FILE = path.join(ROOT, 'files', UPLOAD_NAME);

// 6. Chart (in an iframe)
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const SIGNUPS = {
  'Europe': [1520, 1604, 1688, 1712, 1795, 1840, 1911, 1838, 1962, 2010, 2088, 2131],
  'North America': [1302, 1333, 1410, 1468, 1502, 1577, 1645, 1702, 1766, 1801, 1853, 1920],
  'Asia-Pacific': [1105, 1187, 1240, 1298, 1376, 1455, 1873, 1837, 1783, 1690, 1722, 1804],
};
const CHART_ANSWER = SIGNUPS['Asia-Pacific'][7]; // August

// 7. Devices (Grid.js with pagination + SweetAlert2 confirm)
const DEVICE_TARGET_NAME = 'warehouse-scanner-07';
function makeDevices() {
  let s = 424242;
  const rnd = () => ((s = (s * 16807) % 2147483647) / 2147483647);
  const pick = (a) => a[Math.floor(rnd() * a.length)];
  const owners = ['J. Whitaker', 'M. Benson', 'P. Raman', 'L. Fischer', 'T. Ortega', 'H. Sato', 'O. Aziz', 'S. Rossi'];
  const locs = ['Leeds DC', 'Bristol DC', 'HQ London', 'Glasgow DC', 'Cardiff shop', 'Remote'];
  const models = ['Zebra TC52', 'Zebra TC21', 'iPad 10th gen', 'Galaxy Tab A8', 'ThinkPad T14', 'Honeywell CT40'];
  const names = [];
  for (const n of ['01', '02', '03', '04', '05', '06', '08', '09', '10', '11', '12', '17', '70']) names.push('warehouse-scanner-' + n);
  names.push('warehouse-scanner-07b', 'warehouse-scaner-07', 'wharehouse-scanner-07');
  for (let i = 1; i <= 14; i++) names.push('front-desk-tablet-' + String(i).padStart(2, '0'));
  for (let i = 1; i <= 16; i++) names.push('laptop-' + pick(['ops', 'fin', 'hr', 'dev']) + '-' + String(100 + i));
  for (let i = 1; i <= 10; i++) names.push('kiosk-' + pick(['leeds', 'bristol', 'glasgow']) + '-' + String(i).padStart(2, '0'));
  for (let i = names.length - 1; i > 0; i--) { const j = Math.floor(rnd() * (i + 1)); [names[i], names[j]] = [names[j], names[i]]; }
  names.splice(43, 0, DEVICE_TARGET_NAME); // 44th of 57 -> page 6 of 8 (8 per page)
  return names.map((name, i) => ({
    id: 'DEV-' + (4367 + i),
    name,
    owner: pick(owners),
    location: pick(locs),
    model: pick(models),
    os: pick(['Android 13', 'Android 14', 'iPadOS 17', 'Windows 11', 'Ubuntu 24.04']),
    firmware: `${1 + Math.floor(rnd() * 4)}.${Math.floor(rnd() * 20)}.${Math.floor(rnd() * 9)}`,
    serial: 'SN' + Math.floor(10000000 + rnd() * 89999999),
    ip: `10.${Math.floor(rnd() * 40)}.${Math.floor(rnd() * 250)}.${2 + Math.floor(rnd() * 250)}`,
    lastSeen: `2026-11-${String(1 + Math.floor(rnd() * 30)).padStart(2, '0')}`,
  }));
}
const DEVICES = makeDevices();
const DEVICE_TARGET_ID = DEVICES.find((d) => d.name === DEVICE_TARGET_NAME).id;

// ------------------------------------------------------------------ state
let state;
function reset() {
  state = {
    escalations: [], // {ticket, caseId, at}
    reviewers: [...REVIEWERS_INITIAL],
    reviewerSaves: [],
    noticeSaves: [], // delta objects
    leave: [], // {id, start, end, type, cancelled}
    uploads: [],
    chartViews: 0,
    analyticsViews: 0,
    revoked: [],
    hits: {},
  };
}
reset();

// ------------------------------------------------------------------ checks
function deltaInfo(delta) {
  const ops = (delta && delta.ops) || [];
  let text = '';
  const bold = [];
  let cur = null;
  const otherAttrs = new Set();
  for (const op of ops) {
    if (typeof op.insert !== 'string') { otherAttrs.add('embed'); cur = null; continue; }
    const a = op.attributes || {};
    for (const k of Object.keys(a)) if (k !== 'bold') otherAttrs.add(k);
    // split on newlines: a bold run never crosses a paragraph
    const parts = op.insert.split('\n');
    parts.forEach((p, i) => {
      if (i > 0) cur = null;
      if (a.bold && p) {
        if (cur !== null) bold[bold.length - 1] += p; else { bold.push(p); cur = bold.length - 1; }
      } else if (p) cur = null;
    });
    text += op.insert;
  }
  return { text, bold: bold.map((b) => b.trim()).filter(Boolean), otherAttrs: [...otherAttrs] };
}

function verify() {
  const esc = state.escalations;
  const targetEsc = esc.filter((e) => e.ticket === TICKET_TARGET);
  const activeLeave = state.leave.filter((l) => !l.cancelled);
  const lastNotice = state.noticeSaves[state.noticeSaves.length - 1];
  const ni = lastNotice ? deltaInfo(lastNotice) : null;
  const fileSha = crypto.createHash('sha256').update(fs.readFileSync(UPLOAD_FILE)).digest('hex');
  const goodUploads = state.uploads.filter((u) => u.name === UPLOAD_NAME && u.sha256 === fileSha);
  const rv = [...state.reviewers].sort();
  return {
    jobs: {
      '1-toast-escalate': {
        done: esc.length === 1 && esc[0].ticket === TICKET_TARGET,
        escalations: esc,
        expectedReport: targetEsc.length ? targetEsc[targetEsc.length - 1].caseId : null,
      },
      '2-multiselect-reviewers': {
        done: JSON.stringify(rv) === JSON.stringify(REVIEWERS_TARGET),
        reviewers: state.reviewers.map((id) => PEOPLE.find((p) => p.id === id)?.name || id),
        saves: state.reviewerSaves.length,
      },
      '3-richtext-notice': {
        done: !!ni && ni.text === NOTICE_EXPECTED_TEXT && JSON.stringify(ni.bold) === JSON.stringify(NOTICE_EXPECTED_BOLD),
        saves: state.noticeSaves.length,
        lastText: ni?.text ?? null,
        lastBold: ni?.bold ?? null,
        textMatches: ni ? ni.text === NOTICE_EXPECTED_TEXT : null,
        otherFormatting: ni?.otherAttrs ?? null,
      },
      '4-daterange-leave': {
        done: activeLeave.length === 1 && activeLeave[0].start === LEAVE_TARGET.start && activeLeave[0].end === LEAVE_TARGET.end,
        requests: state.leave,
      },
      '5-upload-expenses': {
        done: goodUploads.length >= 1,
        uploads: state.uploads,
        expectedReport: '€ 2,853.37',
      },
      '6-chart-signups': {
        done: state.chartViews > 0,
        note: 'answer-only job: done just means the chart iframe was loaded; compare the reported number',
        analyticsPageViews: state.analyticsViews,
        chartViews: state.chartViews,
        expectedReport: CHART_ANSWER,
      },
      '7-confirm-revoke': {
        done: state.revoked.length === 1 && state.revoked[0] === DEVICE_TARGET_ID,
        revoked: state.revoked.map((id) => `${id} ${DEVICES.find((d) => d.id === id)?.name}`),
      },
    },
    hits: state.hits,
  };
}

// ------------------------------------------------------------------ pages
const NAV = [
  ['/tickets', 'Tickets'], ['/reviewers', 'Reviewers'], ['/notice', 'Notices'], ['/leave', 'Leave'],
  ['/expenses', 'Expenses'], ['/analytics', 'Analytics'], ['/devices', 'Devices'],
];
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
function layout(title, active, head, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)} · Larkspur Workspace</title>
<style>
 body{font-family:system-ui,sans-serif;margin:0;color:#1e293b;background:#f8fafc}
 header{background:#3b2f63;color:#fff;padding:10px 24px;display:flex;gap:22px;align-items:center}
 header b{font-size:18px;margin-right:18px} header a{color:#ddd6fe;text-decoration:none} header a.on{color:#fff;text-decoration:underline}
 main{padding:20px 28px;max-width:1100px} h1{font-size:22px;margin:6px 0 14px}
 table.plain{border-collapse:collapse;background:#fff} table.plain td,table.plain th{border:1px solid #e2e8f0;padding:6px 10px;text-align:left}
 button{cursor:pointer;padding:5px 12px;border-radius:5px;border:1px solid #94a3b8;background:#fff}
 button.primary{background:#5b46b0;color:#fff;border-color:#5b46b0}
 .muted{color:#64748b;font-size:14px} .box{background:#fff;border:1px solid #e2e8f0;border-radius:8px;padding:16px;margin-bottom:16px}
 #msg{margin-top:12px;font-weight:600}
</style>${head}</head><body>
<header><b>Larkspur Workspace</b>${NAV.map(([h, t]) => `<a href="${h}"${h === active ? ' class="on"' : ''}>${t}</a>`).join('')}</header>
<main>${body}</main></body></html>`;
}
const V = '/vendor/';
const css = (p) => `<link rel="stylesheet" href="${V}${p}">`;
const js = (p) => `<script src="${V}${p}"></script>`;

function pageHome() {
  return layout('Home', '/', '', `<h1>Welcome back, Jordan</h1><p>Use the menu above to reach each area of the workspace.</p>
<ul>${NAV.map(([h, t]) => `<li><a href="${h}">${t}</a></li>`).join('')}</ul>`);
}

function pageTickets() {
  const rows = TICKETS.map((t) => `<tr><td>${t.id}</td><td>${esc(t.subject)}</td><td>${esc(t.customer)}</td><td>${t.priority}</td>
<td><button class="escalate" data-id="${t.id}">Escalate</button></td></tr>`).join('');
  return layout('Tickets', '/tickets', css('izitoast/dist/css/iziToast.min.css') + js('izitoast/dist/js/iziToast.min.js'),
    `<h1>Open support tickets</h1><p class="muted">Escalating a ticket hands it to the second-line team and opens a case.</p>
<table class="plain"><thead><tr><th>Ticket</th><th>Subject</th><th>Customer</th><th>Priority</th><th></th></tr></thead><tbody>${rows}</tbody></table>
<script>
document.addEventListener('click', async (ev) => {
  const b = ev.target.closest('button.escalate'); if (!b) return;
  b.disabled = true;
  const r = await fetch('/api/tickets/' + b.dataset.id + '/escalate', { method: 'POST' });
  const j = await r.json();
  b.disabled = false;
  iziToast.success({ title: 'Escalated', message: 'Ticket ' + j.ticket + ' escalated — case ' + j.caseId,
    timeout: 1200, pauseOnHover: false, resetOnHover: false, close: false, transitionIn: 'fadeIn', transitionOut: 'fadeOut', position: 'topRight', progressBar: true });
});
</script>`);
}

function pageReviewers() {
  const opts = PEOPLE.map((p) => `<option value="${p.id}"${state.reviewers.includes(p.id) ? ' selected' : ''}>${esc(p.name)}</option>`).join('');
  return layout('Reviewers', '/reviewers', css('choices.js/public/assets/styles/choices.min.css') + js('choices.js/public/assets/scripts/choices.min.js'),
    `<h1>Project reviewers</h1>
<div class="box" style="max-width:640px"><h3 style="margin-top:0">Atlas Migration</h3>
<p class="muted">Reviewers must approve every change request of this project.</p>
<label for="reviewers">Reviewers</label>
<select id="reviewers" multiple>${opts}</select>
<button class="primary" id="save">Save reviewers</button><div id="msg"></div></div>
<div class="box" style="max-width:640px"><h3 style="margin-top:0">Atlas Analytics</h3><p class="muted">Reviewers: Priya Ramesh, Tomas Ortiz (managed by the data team)</p></div>
<script>
const choices = new Choices('#reviewers', { removeItemButton: true, shouldSort: false, searchResultLimit: 8,
  placeholderValue: 'Type a name to add a reviewer…', itemSelectText: '' });
window.__choices = choices;
document.getElementById('save').onclick = async () => {
  const ids = choices.getValue(true);
  const r = await fetch('/api/reviewers', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ reviewers: ids }) });
  const j = await r.json();
  document.getElementById('msg').textContent = 'Saved: ' + j.reviewers.join(', ');
};
</script>`);
}

function pageNotice() {
  return layout('Notices', '/notice', css('quill/dist/quill.snow.css') + js('quill/dist/quill.js'),
    `<h1>Customer notice — draft</h1><p class="muted">This draft is published to the status page by the communications team.</p>
<div class="box" style="max-width:760px"><div id="editor" style="height:220px">${state.noticeHtml || NOTICE_INITIAL_HTML}</div>
<p><button class="primary" id="save">Save draft</button></p><div id="msg"></div></div>
<script>
const quill = new Quill('#editor', { theme: 'snow', modules: { toolbar: [['bold', 'italic', 'underline'], [{ list: 'bullet' }], ['link'], ['clean']] } });
window.__quill = quill;
document.getElementById('save').onclick = async () => {
  const r = await fetch('/api/notice', { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ delta: quill.getContents(), html: quill.root.innerHTML }) });
  document.getElementById('msg').textContent = r.ok ? 'Draft saved at ' + new Date().toLocaleTimeString() : 'Save failed';
};
</script>`);
}

function pageLeave() {
  const rows = state.leave.filter((l) => !l.cancelled).map((l) => `<tr><td>${l.id}</td><td>${l.type}</td><td>${l.start}</td><td>${l.end}</td>
<td><button class="cancel" data-id="${l.id}">Cancel request</button></td></tr>`).join('') || '<tr><td colspan="5" class="muted">No leave requests yet.</td></tr>';
  return layout('Leave', '/leave', js('litepicker/dist/litepicker.js'),
    `<h1>Book leave</h1>
<div class="box" style="max-width:560px">
<p><label>Type <select id="type"><option>Annual leave</option><option>Unpaid leave</option><option>Training</option></select></label></p>
<p><label>Dates <input id="dates" readonly placeholder="Pick first and last day" style="width:260px;padding:5px"></label></p>
<p class="muted">Both the first and the last day are included.</p>
<button class="primary" id="submit">Submit request</button><div id="msg"></div></div>
<h3>My requests</h3><table class="plain"><thead><tr><th>Request</th><th>Type</th><th>First day</th><th>Last day</th><th></th></tr></thead><tbody>${rows}</tbody></table>
<script>
const picker = new Litepicker({ element: document.getElementById('dates'), singleMode: false, numberOfMonths: 2, numberOfColumns: 2,
  format: 'YYYY-MM-DD', delimiter: ' to ', firstDay: 1, autoApply: true });
window.__picker = picker;
document.getElementById('submit').onclick = async () => {
  const s = picker.getStartDate(), e = picker.getEndDate();
  if (!s || !e) { document.getElementById('msg').textContent = 'Please pick the dates first.'; return; }
  const r = await fetch('/api/leave', { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ start: s.format('YYYY-MM-DD'), end: e.format('YYYY-MM-DD'), type: document.getElementById('type').value }) });
  const j = await r.json();
  document.getElementById('msg').textContent = 'Request ' + j.id + ' submitted.';
  setTimeout(() => location.reload(), 800);
};
document.addEventListener('click', async (ev) => {
  const b = ev.target.closest('button.cancel'); if (!b) return;
  await fetch('/api/leave/' + b.dataset.id + '/cancel', { method: 'POST' });
  location.reload();
});
</script>`);
}

function pageExpenses() {
  return layout('Expenses', '/expenses', css('uppy/dist/uppy.min.css') + js('uppy/dist/uppy.min.js'),
    `<h1>Expense claims</h1><p class="muted">Upload the CSV export of your card receipts. Only .csv files are accepted.</p>
<div id="uppy"></div><div id="msg"></div>
<script>
const { Uppy, Dashboard, XHRUpload } = window.Uppy;
const uppy = new Uppy({ restrictions: { maxNumberOfFiles: 1, allowedFileTypes: ['.csv'] }, autoProceed: false })
  .use(Dashboard, { inline: true, target: '#uppy', height: 340, proudlyDisplayPoweredByUppy: false })
  .use(XHRUpload, { endpoint: '/api/expenses/upload', fieldName: 'file', formData: true });
window.__uppy = uppy;
uppy.on('upload-success', (file, response) => {
  const b = response.body;
  document.getElementById('msg').textContent = 'Claim ' + b.claim + ': imported ' + b.rows + ' expense lines from ' + b.name + ', total ' + b.totalText + '.';
});
uppy.on('upload-error', (file, error) => { document.getElementById('msg').textContent = 'Upload failed: ' + error.message; });
</script>`);
}

function pageAnalytics() {
  return layout('Analytics', '/analytics', '',
    `<h1>Analytics</h1><p class="muted">Dashboards are provided by the BI service and embedded below.</p>
<div class="box"><h3 style="margin-top:0">New sign-ups per month, 2026</h3>
<iframe id="bi" src="/embed/signups" title="Sign-ups chart" style="width:100%;height:440px;border:0"></iframe></div>`);
}

function pageEmbedSignups() {
  return `<!doctype html><html><head><meta charset="utf-8"><title>BI · sign-ups</title>${js('apexcharts/dist/apexcharts.min.js')}
<style>body{font-family:system-ui,sans-serif;margin:0}</style></head><body><div id="chart"></div>
<script>
const chart = new ApexCharts(document.getElementById('chart'), {
  chart: { type: 'bar', height: 420, toolbar: { show: false }, animations: { enabled: false } },
  series: ${JSON.stringify(Object.entries(SIGNUPS).map(([name, data]) => ({ name, data })))},
  xaxis: { categories: ${JSON.stringify(MONTHS)} },
  dataLabels: { enabled: false },
  plotOptions: { bar: { columnWidth: '75%' } },
  tooltip: { shared: false, intersect: true },
  legend: { position: 'top' },
  colors: ['#5b46b0', '#0ea5e9', '#f59e0b'],
});
chart.render();
</script></body></html>`;
}

function pageDevices() {
  return layout('Devices', '/devices', css('gridjs/dist/theme/mermaid.min.css') + js('gridjs/dist/gridjs.umd.js') + js('sweetalert2/dist/sweetalert2.all.min.js'),
    `<h1>Enrolled devices</h1><p class="muted">Revoking a device signs it out everywhere and blocks it from re-enrolling.</p>
<div id="grid" style="width:960px"></div><div id="msg"></div>
<script>
const W = '150px';
const grid = new gridjs.Grid({
  columns: [
    { name: 'Device', width: '210px' }, { name: 'Owner', width: W }, { name: 'Location', width: W }, { name: 'Model', width: W },
    { name: 'OS', width: W }, { name: 'Firmware', width: '110px' }, { name: 'Serial', width: W }, { name: 'IP address', width: W },
    { name: 'Last seen', width: '130px' }, { name: 'Status', width: '110px' },
    { name: 'Action', width: '120px', formatter: (cell, row) => cell ? gridjs.html('<span style="color:#b91c1c">Revoked</span>')
        : gridjs.html('<button class="revoke" data-id="' + row.cells[11].data + '" data-name="' + row.cells[0].data + '" data-serial="' + row.cells[6].data + '">Revoke</button>') },
    { name: 'id', hidden: true },
  ],
  server: { url: '/api/devices', then: (data) => data.map((d) => [d.name, d.owner, d.location, d.model, d.os, d.firmware, d.serial, d.ip, d.lastSeen,
    d.revoked ? 'Revoked' : 'Active', d.revoked, d.id]) },
  pagination: { limit: 8 },
  search: false, sort: false, autoWidth: false, width: '960px',
  style: { td: { 'white-space': 'nowrap' }, th: { 'white-space': 'nowrap' } },
});
grid.render(document.getElementById('grid'));
document.addEventListener('click', async (ev) => {
  const b = ev.target.closest('button.revoke'); if (!b) return;
  const res = await Swal.fire({ title: 'Revoke device?', icon: 'warning',
    html: 'Revoke <b>' + b.dataset.name + '</b> (serial ' + b.dataset.serial + ')? It is signed out immediately and cannot enrol again.',
    showCancelButton: true, confirmButtonText: 'Yes, revoke', cancelButtonText: 'Keep device', focusCancel: true, confirmButtonColor: '#b91c1c' });
  if (!res.isConfirmed) return;
  const r = await fetch('/api/devices/' + b.dataset.id + '/revoke', { method: 'POST' });
  const j = await r.json();
  document.getElementById('msg').textContent = 'Device ' + j.name + ' revoked.';
  b.replaceWith(Object.assign(document.createElement('span'), { textContent: 'Revoked', style: 'color:#b91c1c' }));
});
</script>`);
}

// ------------------------------------------------------------------ helpers
function send(res, code, body, type = 'text/html; charset=utf-8') {
  res.writeHead(code, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}
const json = (res, code, obj) => send(res, code, JSON.stringify(obj, null, 2), 'application/json');
function readBody(req, limit = 5 * 1024 * 1024) {
  return new Promise((resolve, reject) => {
    const chunks = []; let n = 0;
    req.on('data', (c) => { n += c.length; if (n > limit) { reject(new Error('too large')); req.destroy(); } else chunks.push(c); });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
function parseMultipart(buf, contentType) {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType || '');
  if (!m) return [];
  const boundary = Buffer.from('--' + (m[1] || m[2]));
  const parts = [];
  let pos = buf.indexOf(boundary);
  while (pos !== -1) {
    const next = buf.indexOf(boundary, pos + boundary.length);
    if (next === -1) break;
    const part = buf.subarray(pos + boundary.length + 2, next - 2); // strip CRLF after boundary and before next
    const sep = part.indexOf('\r\n\r\n');
    if (sep !== -1) {
      const headers = part.subarray(0, sep).toString('utf8');
      const name = /name="([^"]*)"/i.exec(headers)?.[1];
      const filename = /filename="([^"]*)"/i.exec(headers)?.[1];
      parts.push({ name, filename, data: part.subarray(sep + 4) });
    }
    pos = next;
  }
  return parts;
}
const MIME = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.map': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2', '.woff': 'font/woff' };
function hit(key) { state.hits[key] = (state.hits[key] || 0) + 1; }
const rid = (prefix) => prefix + Array.from(crypto.randomBytes(6), (b) => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[b % 32]).join('');

// ------------------------------------------------------------------ server
let lastActivity = Date.now();
const server = http.createServer(async (req, res) => {
  lastActivity = Date.now();
  const url = new URL(req.url, `http://${HOST}`);
  const p = url.pathname; const m = req.method;
  try {
    if (m === 'GET' && p.startsWith('/vendor/')) {
      const rel = path.normalize(decodeURIComponent(p.slice('/vendor/'.length)));
      const file = path.join(ROOT, 'node_modules', rel);
      if (!file.startsWith(path.join(ROOT, 'node_modules') + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return send(res, 404, 'not found', 'text/plain');
      return send(res, 200, fs.readFileSync(file), MIME[path.extname(file)] || 'application/octet-stream');
    }
    if (m === 'GET') {
      switch (p) {
        case '/': return send(res, 200, pageHome());
        case '/tickets': return send(res, 200, pageTickets());
        case '/reviewers': return send(res, 200, pageReviewers());
        case '/notice': return send(res, 200, pageNotice());
        case '/leave': return send(res, 200, pageLeave());
        case '/expenses': return send(res, 200, pageExpenses());
        case '/analytics': state.analyticsViews++; return send(res, 200, pageAnalytics());
        case '/embed/signups': state.chartViews++; return send(res, 200, pageEmbedSignups());
        case '/devices': return send(res, 200, pageDevices());
        case '/api/devices': return json(res, 200, DEVICES.map((d) => ({ ...d, revoked: state.revoked.includes(d.id) })));
        case '/__verify': return json(res, 200, verify());
        case '/favicon.ico': res.writeHead(204); return res.end();
      }
    }
    if (m === 'POST') {
      if (p === '/__reset') { reset(); return json(res, 200, { ok: true }); }
      let mm;
      if ((mm = /^\/api\/tickets\/([\w-]+)\/escalate$/.exec(p))) {
        hit('POST /api/tickets/:id/escalate');
        const t = TICKETS.find((x) => x.id === mm[1]);
        if (!t) return json(res, 404, { error: 'no such ticket' });
        const caseId = rid('ESC-');
        state.escalations.push({ ticket: t.id, caseId, at: new Date().toISOString() });
        return json(res, 200, { ticket: t.id, caseId });
      }
      if (p === '/api/reviewers') {
        hit('POST /api/reviewers');
        const body = JSON.parse((await readBody(req)).toString() || '{}');
        const ids = (body.reviewers || []).filter((id) => PEOPLE.some((x) => x.id === id));
        state.reviewers = ids; state.reviewerSaves.push(ids);
        return json(res, 200, { reviewers: ids.map((id) => PEOPLE.find((x) => x.id === id).name) });
      }
      if (p === '/api/notice') {
        hit('POST /api/notice');
        const body = JSON.parse((await readBody(req)).toString() || '{}');
        state.noticeSaves.push(body.delta || {});
        state.noticeHtml = typeof body.html === 'string' ? body.html : undefined;
        return json(res, 200, { ok: true });
      }
      if (p === '/api/leave') {
        hit('POST /api/leave');
        const body = JSON.parse((await readBody(req)).toString() || '{}');
        const l = { id: 'LV-' + (301 + state.leave.length), start: String(body.start), end: String(body.end), type: String(body.type || ''), cancelled: false };
        state.leave.push(l);
        return json(res, 200, l);
      }
      if ((mm = /^\/api\/leave\/([\w-]+)\/cancel$/.exec(p))) {
        hit('POST /api/leave/:id/cancel');
        const l = state.leave.find((x) => x.id === mm[1]);
        if (l) l.cancelled = true;
        return json(res, 200, { ok: !!l });
      }
      if (p === '/api/expenses/upload') {
        hit('POST /api/expenses/upload');
        const buf = await readBody(req);
        const f = parseMultipart(buf, req.headers['content-type']).find((x) => x.filename);
        if (!f) return json(res, 400, { error: 'no file' });
        const lines = f.data.toString('utf8').split(/\r?\n/).filter((l) => l.trim());
        let cents = 0, rows = 0;
        for (const l of lines.slice(1)) { const v = Number(l.split(',').pop()); if (Number.isFinite(v)) { cents += Math.round(v * 100); rows++; } }
        const totalText = '€ ' + (cents / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
        const rec = { name: f.filename, bytes: f.data.length, sha256: crypto.createHash('sha256').update(f.data).digest('hex'), rows, totalText, claim: 'EXP-' + (7710 + state.uploads.length) };
        state.uploads.push(rec);
        return json(res, 200, rec);
      }
      if ((mm = /^\/api\/devices\/([\w-]+)\/revoke$/.exec(p))) {
        hit('POST /api/devices/:id/revoke');
        const d = DEVICES.find((x) => x.id === mm[1]);
        if (!d) return json(res, 404, { error: 'no such device' });
        if (!state.revoked.includes(d.id)) state.revoked.push(d.id);
        return json(res, 200, { id: d.id, name: d.name });
      }
    }
    send(res, 404, 'not found', 'text/plain');
  } catch (e) {
    json(res, 500, { error: String(e && e.message || e) });
  }
});
server.listen(PORT, HOST, () => console.log(`trial-site-2 on http://${HOST}:${PORT}/ (idle exit after ${IDLE_MS} ms)`));
setInterval(() => { if (Date.now() - lastActivity > IDLE_MS) { console.log('idle, exiting'); process.exit(0); } }, Math.min(60000, IDLE_MS)).unref();
