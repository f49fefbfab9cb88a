// Trial site #7 ("Fernhill Veterinary Group"): a multi-page app rendered by this plain node:http server
// (real page loads between pages; plain scripts per page; widget libraries served from node_modules).
//
//   PORT=4577 node server.mjs
//
// GET  /__verify  -> per-job check + hit counts of every mutating endpoint
// POST /__reset   -> back to the initial state
// Stops by itself after IDLE_MS (default 2 h) without any request.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import * as D from './data.mjs';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const PORT = Number(process.env.PORT || 4577);
const HOST = '127.0.0.1';
const IDLE_MS = Number(process.env.IDLE_MS || 2 * 60 * 60 * 1000);
const UPLOAD_FILE = path.join(ROOT, 'files', D.UPLOAD_NAME);
const NM = path.join(ROOT, 'node_modules');
const VENDOR = {
  'w2ui.js': 'w2ui/w2ui-2.0.min.js', 'w2ui.css': 'w2ui/w2ui-2.0.min.css',
  'svg.js': '@svgdotjs/svg.js/dist/svg.min.js',
  'notify.js': 'simple-notify/dist/simple-notify.min.js', 'notify.css': 'simple-notify/dist/simple-notify.css',
  'pell.js': 'pell/dist/pell.min.js', 'pell.css': 'pell/dist/pell.min.css',
  'plupload.js': 'plupload/js/plupload.full.min.js',
  'uplot.js': 'uplot/dist/uPlot.iife.min.js', 'uplot.css': 'uplot/dist/uPlot.min.css',
  'datepicker.js': 'vanillajs-datepicker/dist/js/datepicker-full.min.js', 'datepicker.css': 'vanillajs-datepicker/dist/css/datepicker.min.css',
  'tagify.js': '@yaireo/tagify/dist/tagify.js', 'tagify.css': '@yaireo/tagify/dist/tagify.css',
};

const PATIENTS0 = D.makePatients();
const BATCHES = D.makeBatches();
const CONSULTS = D.makeConsults();

let state;
function reset() {
  state = {
    patients: PATIENTS0.map((p) => ({ ...p })), patientSaves: [],
    leaflets: Object.fromEntries(D.LEAFLETS.map((l) => [l.id, { html: l.html, saves: [] }])),
    discharges: [], uploads: [], chartViews: 0,
    sessions: D.SEEDED_SESSIONS.map((s) => ({ ...s, staff: [...s.staff] })), nextSession: 5104,
    disposed: [], recordViews: [], hits: {},
  };
}
reset();

// ---------------------------------------------------------------- checks
function labSummary(buf) {
  const lines = buf.toString('utf8').split(/\r?\n/).filter((l) => l.trim());
  const head = lines[0].split(',').map((h) => h.trim().toLowerCase());
  const ix = (k) => { const i = head.indexOf(k); if (i < 0) throw new Error('missing column ' + k); return i; };
  const [iC, iS, iT, iF] = ['clinic', 'sample_id', 'test', 'flag'].map(ix);
  const counts = {}; for (const l of lines.slice(1)) { const c = l.split(',')[iC]; counts[c] = (counts[c] || 0) + 1; }
  const code = Object.entries(counts).sort((a, b) => b[1] - a[1])[0][0];
  const clinic = D.LAB_CLINICS[code]; if (!clinic) throw new Error('unknown clinic code ' + code);
  const seen = new Set(); const samples = new Set(); let rows = 0, duplicates = 0, other = 0, flagged = 0;
  for (const l of lines.slice(1)) {
    const c = l.split(','); rows++;
    if (c[iC] !== code) { other++; continue; }
    const k = c[iS] + '|' + c[iT]; if (seen.has(k)) { duplicates++; continue; }
    seen.add(k); samples.add(c[iS]); if (/^[HL]$/.test((c[iF] || '').trim())) flagged++;
  }
  return { clinicCode: code, clinic: clinic.name, rows, results: seen.size, samples: samples.size, duplicates, otherClinic: other, flagged };
}
const EXPECTED_LABS = labSummary(fs.readFileSync(UPLOAD_FILE));
const CONSULT_ANSWER = CONSULTS.series.find((s) => s.name === D.CONSULT_Q.clinic).values[CONSULTS.months.indexOf(D.CONSULT_Q.month)];
const htmlText = (h) => String(h).replace(/<br\s*\/?>/gi, '\n').replace(/<\/(div|p|h\d|li|blockquote)>/gi, '\n').replace(/<[^>]+>/g, '')
  .replace(/&nbsp;|\u00a0/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'")
  .split('\n').map((l) => l.replace(/\s+/g, ' ').trim()).filter(Boolean).join('\n');
const LEAF0 = D.LEAFLETS.find((l) => l.id === D.LEAFLET_TARGET);
const LEAF_EXPECTED = htmlText(LEAF0.html).replace(D.LEAFLET_FROM, D.LEAFLET_TO);
function lineDiff(a, b) {
  const A = a.split('\n'), B = b.split('\n'); const out = [];
  for (let i = 0; i < Math.max(A.length, B.length); i++) if (A[i] !== B[i]) out.push({ line: i + 1, was: A[i] ?? null, now: B[i] ?? null });
  return out.slice(0, 20);
}
function verify() {
  const p0 = Object.fromEntries(PATIENTS0.map((p) => [p.id, p]));
  const changed = state.patients.filter((p) => p.neutered !== p0[p.id].neutered);
  const lt = state.leaflets[D.LEAFLET_TARGET]; const last = lt.saves[lt.saves.length - 1];
  const otherLeaf = Object.entries(state.leaflets).filter(([id, l]) => id !== D.LEAFLET_TARGET && l.saves.length).map(([id]) => id);
  const sha = crypto.createHash('sha256').update(fs.readFileSync(UPLOAD_FILE)).digest('hex');
  const user = state.sessions.filter((s) => !s.seeded); const T = D.SESSION_TARGET;
  const sessOk = user.length === 1 && (() => { const s = user[0];
    return s.clinic === T.clinic && s.type === T.type && s.date === T.date && s.start === T.start && s.end === T.end
      && JSON.stringify([...s.staff].sort()) === JSON.stringify([...T.staff].sort()); })();
  const tgt = state.discharges.filter((d) => d.id === D.DISCHARGE_TARGET.id && d.outcome === D.DISCHARGE_TARGET.outcome);
  const ip = (id) => { const p = D.INPATIENTS.find((x) => x.id === id); return p ? `${p.name} (${p.breed}, owner ${p.owner}, pen ${p.pen})` : id; };
  const bt = (b) => { const x = BATCHES.find((y) => y.batch === b); return x ? `${b} ${x.product} (${x.clinic}, ${x.status})` : b; };
  return {
    jobs: {
      '1-grid-neutered': {
        done: changed.length === 1 && changed[0].id === D.PATIENT_TARGET && changed[0].neutered === true,
        changedPatients: changed.map((p) => ({ id: p.id, pet: `${p.pet} (${p.breed})`, owner: `${p.title} ${p.first} ${p.surname}, ${p.address}, ${p.town}`, neutered: `${p0[p.id].neutered} -> ${p.neutered}` })),
        saves: state.patientSaves,
      },
      '2-editor-leaflet': {
        done: !!last && htmlText(last) === LEAF_EXPECTED && otherLeaf.length === 0,
        saves: lt.saves.length, lastSaveDiff: last ? lineDiff(htmlText(LEAF0.html), htmlText(last)) : null,
        expectedDiff: lineDiff(htmlText(LEAF0.html), LEAF_EXPECTED), otherLeafletsSaved: otherLeaf,
      },
      '3-floorplan-toast-discharge': {
        done: state.discharges.length === 1 && tgt.length === 1,
        discharges: state.discharges.map((d) => ({ ...d, patient: ip(d.id) })),
        expectedReport: tgt.map((d) => d.reference).pop() ?? null,
      },
      '4-upload-labs': {
        done: state.uploads.some((u) => u.name === D.UPLOAD_NAME && u.sha256 === sha),
        uploads: state.uploads.map(({ name, bytes, sha256, summary, batch }) => ({ name, bytes, sha256: sha256.slice(0, 12), batch, summary })),
        expectedReport: `${EXPECTED_LABS.flagged} results flagged`,
      },
      '5-chart-consultations': {
        done: state.chartViews > 0, note: 'answer-only job: done just means the chart page was loaded; compare the reported number',
        chartViews: state.chartViews, expectedReport: `${CONSULT_ANSWER.toLocaleString('en-GB')} consultations`,
      },
      '6-datepicker-chips-session': { done: sessOk, target: T, sessions: state.sessions },
      '7-newtab-confirm-dispose': {
        done: state.disposed.length === 1 && state.disposed[0] === D.BATCH_TARGET,
        disposed: state.disposed.map(bt), recordViews: state.recordViews, expectedReport: D.BATCH_ANSWER,
      },
    },
    hits: state.hits,
  };
}

// ---------------------------------------------------------------- helpers
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
const jsonScript = (id, v) => `<script type="application/json" id="${id}">${JSON.stringify(v).replace(/</g, '\\u003c')}</script>`;
function send(res, code, body, type = 'text/html; charset=utf-8', extra = {}) { res.writeHead(code, { 'content-type': type, 'cache-control': 'no-store', ...extra }); res.end(body); }
const json = (res, code, obj) => send(res, code, JSON.stringify(obj, null, 2), 'application/json');
function readBody(req, limit = 5 * 1024 * 1024) {
  return new Promise((resolve, reject) => { const chunks = []; let n = 0;
    req.on('data', (c) => { n += c.length; if (n > limit) { reject(new Error('too large')); req.destroy(); } else chunks.push(c); });
    req.on('end', () => resolve(Buffer.concat(chunks))); req.on('error', reject); });
}
const readJson = async (req) => JSON.parse((await readBody(req)).toString() || '{}');
function parseMultipart(buf, contentType) {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType || ''); if (!m) return [];
  const boundary = Buffer.from('--' + (m[1] || m[2])); const parts = []; let pos = buf.indexOf(boundary);
  while (pos !== -1) { const next = buf.indexOf(boundary, pos + boundary.length); if (next === -1) break;
    const part = buf.subarray(pos + boundary.length + 2, next - 2); const sep = part.indexOf('\r\n\r\n');
    if (sep !== -1) { const h = part.subarray(0, sep).toString('utf8'); parts.push({ name: /name="([^"]*)"/i.exec(h)?.[1], filename: /filename="([^"]*)"/i.exec(h)?.[1], data: part.subarray(sep + 4) }); }
    pos = next; }
  return parts;
}
function hit(k) { state.hits[k] = (state.hits[k] || 0) + 1; }
const rid = (prefix, n = 6) => prefix + Array.from(crypto.randomBytes(n), (b) => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[b % 32]).join('');
const longDate = (iso) => new Date(iso + 'T12:00:00Z').toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const times = () => { const o = []; for (let m = 8 * 60; m <= 19 * 60; m += 15) o.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`); return o; };

const NAV = [['/', 'Dashboard'], ['/patients', 'Patients'], ['/leaflets', 'Client leaflets'], ['/wards', 'Ward plan'], ['/lab-import', 'Lab import'],
  ['/consultations', 'Consultations'], ['/vaccination-clinics', 'Vaccination clinics'], ['/pharmacy', 'Pharmacy stock']];
const CSS = `*{box-sizing:border-box}body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1f2a24;background:#f5f7f4}
header.top{background:#24513f;color:#fff;padding:10px 20px;display:flex;justify-content:space-between;align-items:center}header.top .brand{font-weight:700;font-size:18px}
.wrap{display:flex;min-height:calc(100vh - 48px)}nav.side{width:200px;background:#e6ede7;padding:12px 0;flex:none}nav.side a{display:block;padding:8px 18px;color:#1f3d30;text-decoration:none}
nav.side a[aria-current=page]{background:#c9dccf;font-weight:600}nav.side a:hover{background:#d6e5da}main{flex:1;padding:18px 24px;min-width:0}
h1.page{margin:0 0 12px;font-size:24px}button,.btn{font:inherit;padding:6px 14px;border:1px solid #24513f;background:#2f6b53;color:#fff;border-radius:4px;cursor:pointer}
button.secondary{background:#fff;color:#24513f}button:disabled{opacity:.6}table.plain{border-collapse:collapse;background:#fff;width:100%}table.plain th,table.plain td{border:1px solid #d3dcd5;padding:6px 8px;text-align:left}
table.plain th{background:#eef3ef}.status{margin:10px 0;padding:8px 12px;background:#e3f1e7;border:1px solid #9cc7a8;border-radius:4px}.error{background:#fbe9e7;border-color:#e0a39a}
label{font-weight:600}.field{margin:0 0 12px}.field>label{display:block;margin-bottom:4px}select,input[type=text],input[type=search]{font:inherit;padding:5px 8px;border:1px solid #9aa8a0;border-radius:4px}
.cards{display:flex;gap:14px;flex-wrap:wrap}.card{background:#fff;border:1px solid #d3dcd5;border-radius:6px;padding:14px 18px;min-width:170px}.card b{display:block;font-size:26px}
.muted{color:#5b6b62}`;
function layout(active, title, body, { css = [], js = [], script = '' } = {}) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)} · Fernhill Veterinary Group</title>
<link rel="icon" href="data:,">${css.map((c) => `<link rel="stylesheet" href="/vendor/${c}">`).join('')}<style>${CSS}</style></head><body>
<header class="top"><span class="brand">Fernhill Veterinary Group</span><span>${esc(D.USER.name)} · ${esc(D.USER.role)}</span></header>
<div class="wrap"><nav class="side" aria-label="Main">${NAV.map(([h, l]) => `<a href="${h}"${h === active ? ' aria-current="page"' : ''}>${l}</a>`).join('')}</nav>
<main><h1 class="page">${esc(title)}</h1>${body}</main></div>
${js.map((j) => `<script src="/vendor/${j}"></script>`).join('')}${script ? `<script>${script}</script>` : ''}</body></html>`;
}
const postJson = `async function postJson(u, b) { const r = await fetch(u, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) }); const j = await r.json(); if (!r.ok) throw new Error(j.error || r.status); return j; }`;

// ---------------------------------------------------------------- pages
function pDashboard() {
  const c = [['Patients', state.patients.length], ['Inpatients at Brookside', D.INPATIENTS.length - state.discharges.length], ['Lab imports this month', state.uploads.length],
    ['Upcoming vaccination clinics', state.sessions.length], ['Batches with cold chain breach', BATCHES.filter((b) => b.status === 'Cold chain breach' && !state.disposed.includes(b.batch)).length]];
  return layout('/', 'Dashboard', `<p class="muted">Today is ${longDate(D.TODAY)}. Clinics: ${D.CLINICS.map((x) => esc(x.name)).join(', ')}.</p>
<div class="cards">${c.map(([l, n]) => `<div class="card"><b>${n}</b>${l}</div>`).join('')}</div>`);
}
function pPatients() {
  const cols = [['id', 'Patient no.', 100], ['pet', 'Pet', 90], ['species', 'Species', 80], ['breed', 'Breed', 170], ['title', 'Title', 60], ['first', 'Owner first name', 130],
    ['surname', 'Owner surname', 130], ['address', 'Address', 150], ['town', 'Town', 100], ['postcode', 'Postcode', 100], ['sex', 'Sex', 80], ['dob', 'Date of birth', 110],
    ['colour', 'Colour', 120], ['microchip', 'Microchip', 150], ['phone', 'Phone', 120], ['clinic', 'Registered clinic', 170], ['vet', 'Usual vet', 140],
    ['lastVisit', 'Last visit', 100], ['boosterDue', 'Booster due', 110], ['weight', 'Weight (kg)', 100], ['insured', 'Insured', 80]];
  return layout('/patients', 'Patients', `<p class="muted">All registered patients across the group (${state.patients.length}). Tick or untick <b>Neutered</b> in a row, then save.</p>
<p><button type="button" id="save">Save changes</button> <span id="msg" role="status"></span></p>
<div id="grid" style="height:560px;width:100%"></div>${jsonScript('patients-data', state.patients)}`, { css: ['w2ui.css'], js: ['w2ui.js'], script: `${postJson}
const cols = ${JSON.stringify(cols)}.map(([field, text, w]) => ({ field, text, size: w + 'px', sortable: true }));
cols.push({ field: 'neutered', text: 'Neutered', size: '90px', style: 'text-align:center', editable: { type: 'checkbox', style: 'text-align:center' } });
const grid = new w2grid({ name: 'patients', box: '#grid', columns: cols, show: { footer: true }, recordHeight: 28,
  records: JSON.parse(document.getElementById('patients-data').textContent).map((p) => ({ recid: p.id, ...p })) });
const msg = document.getElementById('msg'); const btn = document.getElementById('save');
btn.addEventListener('click', async () => {
  const changes = grid.getChanges().filter((c) => 'neutered' in c).map((c) => ({ id: c.recid, neutered: !!c.neutered }));
  if (!changes.length) { msg.textContent = 'No changes to save.'; return; }
  btn.disabled = true;
  try { const r = await postJson('/api/patients/save', { changes }); grid.mergeChanges(); msg.textContent = 'Saved ' + r.saved + ' patient record' + (r.saved === 1 ? '' : 's') + '.'; }
  catch (e) { msg.textContent = 'Could not save: ' + e.message; } finally { btn.disabled = false; }
});` });
}
function pLeaflets() {
  return layout('/leaflets', 'Client leaflets', `<p class="muted">Printed and e-mailed to clients after procedures.</p><table class="plain"><thead><tr><th>Leaflet</th><th>Ref.</th><th>Last updated</th></tr></thead><tbody>
${D.LEAFLETS.map((l) => `<tr><td><a href="/leaflets/${l.id}">${esc(l.title)}</a></td><td>${l.id}</td><td>${state.leaflets[l.id].saves.length ? 'Today' : longDate(l.updated)}</td></tr>`).join('')}</tbody></table>`);
}
function pLeaflet(l) {
  return layout('/leaflets', l.title, `<p><a href="/leaflets">← All leaflets</a> · ${l.id}</p><div id="editor" style="background:#fff;max-width:860px"></div>
<p><button type="button" id="save">Save leaflet</button> <span id="msg" role="status"></span></p>${jsonScript('leaflet-data', { id: l.id, html: state.leaflets[l.id].html })}`,
  { css: ['pell.css'], js: ['pell.js'], script: `${postJson}
const d = JSON.parse(document.getElementById('leaflet-data').textContent);
const ed = pell.init({ element: document.getElementById('editor'), onChange: () => {}, defaultParagraphSeparator: 'p', actions: ['bold', 'italic', 'underline', 'ulist', 'olist'] });
ed.content.innerHTML = d.html; ed.content.setAttribute('aria-label', 'Leaflet text');
const msg = document.getElementById('msg'); const btn = document.getElementById('save');
btn.addEventListener('click', async () => { btn.disabled = true;
  try { const r = await postJson('/api/leaflets/' + d.id, { html: ed.content.innerHTML }); msg.textContent = 'Saved at ' + new Date().toTimeString().slice(0, 5) + ' (' + r.version + ').'; }
  catch (e) { msg.textContent = 'Could not save: ' + e.message; } finally { btn.disabled = false; } });` });
}
function pWards() {
  const gone = new Set(state.discharges.map((d) => d.id));
  const pats = D.INPATIENTS.filter((p) => !gone.has(p.id));
  return layout('/wards', 'Ward plan – Fernhill Brookside hospital', `<p class="muted">Current inpatients. Point at a patient to see who it is; click to open the patient.</p>
<div style="display:flex;gap:16px;align-items:flex-start"><div id="plan" style="position:relative;background:#fff;border:1px solid #d3dcd5"><div id="tip" role="tooltip" style="display:none;position:absolute;pointer-events:none;background:#1f2a24;color:#fff;padding:6px 9px;border-radius:4px;font-size:13px;white-space:nowrap;z-index:5"></div></div>
<aside id="panel" aria-label="Inpatient details" style="width:300px;background:#fff;border:1px solid #d3dcd5;padding:12px 14px"><p class="muted">No patient selected.</p></aside></div>
${jsonScript('ward-data', { patients: pats, outcomes: D.OUTCOMES })}`, { css: ['notify.css'], js: ['svg.js', 'notify.js'], script: `${postJson}
const d = JSON.parse(document.getElementById('ward-data').textContent);
const draw = SVG().addTo('#plan').size(880, 500).viewbox(0, 0, 880, 500);
const room = (x, y, w, h, label) => { draw.rect(w, h).move(x, y).fill('#f6f3ea').stroke({ color: '#5c625d', width: 3 }); draw.text(label).move(x + 10, y + 8).font({ size: 15, weight: 600, family: 'system-ui' }).fill('#3d4a42'); };
room(20, 20, 500, 220, 'Dog ward'); room(540, 20, 320, 220, 'Cat ward'); room(20, 260, 260, 220, 'Isolation'); room(300, 260, 300, 220, 'Prep & theatre'); room(620, 260, 240, 220, 'Nurses\\' station');
const P = {}; for (let i = 0; i < 8; i++) P['K' + (i + 1)] = [60 + (i % 4) * 120, 80 + Math.floor(i / 4) * 100];
for (let i = 0; i < 6; i++) P['C' + (i + 1)] = [590 + (i % 3) * 105, 80 + Math.floor(i / 3) * 100]; P.I1 = [80, 340]; P.I2 = [200, 340];
for (const [pen, [x, y]] of Object.entries(P)) { draw.rect(80, 70).center(x + 20, y + 20).fill('none').stroke({ color: '#b9b3a2', width: 1.5, dasharray: '4 3' }); draw.text(pen).move(x - 15, y - 10).font({ size: 11, family: 'system-ui' }).fill('#8a8577'); }
const tip = document.getElementById('tip'); const panel = document.getElementById('panel'); const plan = document.getElementById('plan');
function openPanel(p, mk) {
  panel.innerHTML = '<h2 style="margin:0 0 6px;font-size:20px"></h2><p class="who"></p><div class="field"><label for="outcome">Discharge outcome</label><select id="outcome"><option value="">Choose…</option>' +
    d.outcomes.map((o) => '<option>' + o + '</option>').join('') + '</select></div><button type="button" id="dis">Discharge patient</button> <p class="err" role="alert"></p>';
  panel.querySelector('h2').textContent = p.name; panel.querySelector('.who').textContent = p.breed + ' · pen ' + p.pen + ' · owner: ' + p.owner + ' · ' + p.id;
  const b = panel.querySelector('#dis');
  b.addEventListener('click', async () => { const outcome = panel.querySelector('#outcome').value; if (!outcome) { panel.querySelector('.err').textContent = 'Choose a discharge outcome.'; return; }
    b.disabled = true;
    try { const r = await postJson('/api/discharges', { id: p.id, outcome }); mk.remove(); panel.innerHTML = '<p>' + p.name + ' has been discharged.</p>';
      new Notify({ status: 'success', title: 'Patient discharged', text: r.name + ' discharged (' + r.outcome + '). Discharge reference ' + r.reference, autoclose: true, autotimeout: 2000, position: 'right top', effect: 'fade', speed: 200 });
    } catch (e) { panel.querySelector('.err').textContent = 'Could not discharge: ' + e.message; b.disabled = false; } });
}
for (const p of d.patients) { const [x, y] = P[p.pen];
  const mk = draw.group().addClass('ip-marker').css({ cursor: 'pointer' }); mk.circle(26).center(x + 20, y + 22).fill('#2f6b53').stroke({ color: '#fff', width: 2 }); mk.circle(8).center(x + 20, y + 22).fill('#fff');
  mk.on('mouseenter', () => { tip.innerHTML = '<strong></strong><br><span></span>'; tip.querySelector('strong').textContent = p.name; tip.querySelector('span').textContent = p.breed + ' · pen ' + p.pen + ' · owner ' + p.owner;
    tip.style.display = 'block'; tip.style.left = (x + 40) + 'px'; tip.style.top = (y - 8) + 'px'; });
  mk.on('mouseleave', () => { tip.style.display = 'none'; });
  mk.on('click', () => openPanel(p, mk)); }` });
}
function pLabImport() {
  const rows = state.uploads.map((u) => `<tr><td>${u.batch}</td><td>${esc(u.name)}</td><td>${esc(u.summary.clinic)}</td><td>${u.summary.results}</td><td>${u.summary.flagged}</td></tr>`).join('');
  return layout('/lab-import', 'Lab import', `<p class="muted">Import the CSV export from a clinic's in-house blood analyser. The results are matched to patients and abnormal values are flagged.</p>
<div id="upwrap" style="background:#fff;border:1px dashed #7f9a88;padding:18px;max-width:700px"><button type="button" id="pick" class="secondary">Choose a CSV file…</button> <span id="chosen" class="muted">No file chosen</span>
<p><button type="button" id="go" disabled>Import results</button></p><div id="result"></div></div>
<h2 style="font-size:18px">Imports this month</h2><table class="plain" style="max-width:700px"><thead><tr><th>Import</th><th>File</th><th>Clinic</th><th>Results</th><th>Flagged</th></tr></thead><tbody>${rows || '<tr><td colspan="5" class="muted">None yet.</td></tr>'}</tbody></table>`,
  { js: ['plupload.js'], script: `
const res = document.getElementById('result'); const go = document.getElementById('go'); const chosen = document.getElementById('chosen');
const up = new plupload.Uploader({ runtimes: 'html5', browse_button: 'pick', container: 'upwrap', url: '/api/lab-import', multi_selection: false, file_data_name: 'file',
  filters: { mime_types: [{ title: 'CSV files', extensions: 'csv' }], max_file_size: '5mb' } });
up.init();
up.bind('FilesAdded', (u, files) => { while (u.files.length > 1) u.removeFile(u.files[0]); chosen.textContent = 'Selected: ' + u.files[0].name; go.disabled = false; res.innerHTML = ''; });
up.bind('UploadProgress', (u, f) => { res.textContent = 'Uploading… ' + f.percent + '%'; });
up.bind('FileUploaded', (u, f, r) => { const s = JSON.parse(r.response); res.innerHTML = '<div class="status" role="status"></div>';
  res.firstChild.textContent = 'Import ' + s.batch + ': ' + s.clinic + ' (' + s.clinicCode + ') · ' + s.name + ' — ' + s.rows.toLocaleString('en-GB') + ' rows, ' + s.results.toLocaleString('en-GB') + ' results for ' + s.samples + ' samples (' + s.duplicates + ' duplicate rows ignored, ' + s.otherClinic + ' rows for other clinics skipped). ' + s.flagged + ' results flagged as abnormal.';
  u.removeFile(f); chosen.textContent = 'No file chosen'; });
up.bind('Error', (u, e) => { let m = e.message; try { m = JSON.parse(e.response).error; } catch {} res.innerHTML = '<div class="status error" role="alert"></div>'; res.firstChild.textContent = 'Import failed: ' + m; go.disabled = false; });
go.addEventListener('click', () => { go.disabled = true; up.start(); });` });
}
function pConsultations() {
  state.chartViews++;
  return layout('/consultations', 'Consultations', `<p class="muted">Consultations per month by clinic, January – November 2026. Point at the chart to see the figures for a month.</p>
<div id="chart" style="position:relative;background:#fff;border:1px solid #d3dcd5;padding:10px;width:940px"><div id="ctip" role="tooltip" style="display:none;position:absolute;pointer-events:none;background:rgba(31,42,36,.93);color:#fff;padding:7px 10px;border-radius:4px;font-size:13px;z-index:20;white-space:nowrap"></div></div>
${jsonScript('consult-data', CONSULTS)}`, { css: ['uplot.css'], js: ['uplot.js'], script: `
const d = JSON.parse(document.getElementById('consult-data').textContent); const M = d.months; const xs = M.map((_, i) => i);
const colors = ['#2f6b53', '#c2703d', '#3b6ea8', '#8a4f9e']; const el = document.getElementById('chart'); const tip = document.getElementById('ctip');
const fmt = (n) => n.toLocaleString('en-GB');
new uPlot({ width: 920, height: 400, scales: { x: { time: false, range: [-0.4, M.length - 0.6] } }, legend: { live: false },
  series: [{ label: 'Month' }, ...d.series.map((s, i) => ({ label: s.name, stroke: colors[i], width: 2, points: { size: 6, fill: colors[i] } }))],
  axes: [{ splits: () => xs, values: (u, sp) => sp.map((i) => (M[i] || '').slice(0, 3)) }, { label: 'Consultations', size: 60 }],
  hooks: { setCursor: [(u) => { const i = u.cursor.idx; if (i == null || u.cursor.left < 0) { tip.style.display = 'none'; return; }
    tip.innerHTML = '<b>' + M[i] + '</b>' + d.series.map((s, k) => '<div><span style="color:' + colors[k] + '">●</span> ' + s.name + ': ' + fmt(s.values[i]) + ' consultations</div>').join('');
    const ob = u.over.getBoundingClientRect(), eb = el.getBoundingClientRect(); tip.style.display = 'block';
    tip.style.left = (ob.left - eb.left + u.cursor.left + 14) + 'px'; tip.style.top = (ob.top - eb.top + Math.max(0, u.cursor.top - 60)) + 'px'; }] } },
  [xs, ...d.series.map((s) => s.values)], el);` });
}
function pSessions(q) {
  const booked = state.sessions.find((s) => s.id === q.get('booked'));
  const err = q.get('error');
  const list = [...state.sessions].sort((a, b) => (a.date + a.start).localeCompare(b.date + b.start)).map((s) => `<tr><td>${s.id}</td><td>${longDate(s.date)}</td><td>${s.start}–${s.end}</td><td>${esc(s.clinic)}</td><td>${esc(s.type)}</td><td>${s.staff.map(esc).join(', ')}</td></tr>`).join('');
  const opt = (a) => a.map((x) => `<option>${esc(x)}</option>`).join('');
  return layout('/vaccination-clinics', 'Vaccination clinics', `${booked ? `<div class="status" role="status">Session ${booked.id} booked: ${esc(booked.type)} at ${esc(booked.clinic)} on ${longDate(booked.date)}, ${booked.start}–${booked.end}.</div>` : ''}${err ? `<div class="status error" role="alert">${esc(err)}</div>` : ''}
<form method="post" action="/vaccination-clinics" aria-label="Book a vaccination clinic" id="f" style="background:#fff;border:1px solid #d3dcd5;padding:14px 18px;max-width:620px">
<div class="field"><label for="clinic">Clinic</label><select id="clinic" name="clinic"><option value="">Choose…</option>${opt(D.CLINICS.map((c) => c.name))}</select></div>
<div class="field"><label for="type">Session</label><select id="type" name="type"><option value="">Choose…</option>${opt(D.SESSION_TYPES)}</select></div>
<div class="field"><label for="date">Date</label><input type="text" id="date" name="date" placeholder="Choose a date" autocomplete="off"></div>
<div class="field" style="display:flex;gap:18px"><span><label for="start">Start time</label> <select id="start" name="start"><option value="">–</option>${opt(times())}</select></span>
<span><label for="end">End time</label> <select id="end" name="end"><option value="">–</option>${opt(times())}</select></span></div>
<div class="field"><label for="staff">Staff</label><input id="staff" name="staff" value="${esc(D.USER.name)}"></div>
<button type="submit" id="book">Book session</button></form>
<h2 style="font-size:18px">Upcoming sessions</h2><table class="plain"><thead><tr><th>Ref.</th><th>Date</th><th>Time</th><th>Clinic</th><th>Session</th><th>Staff</th></tr></thead><tbody>${list}</tbody></table>
${jsonScript('staff-data', D.STAFF)}`, { css: ['datepicker.css', 'tagify.css'], js: ['datepicker.js', 'tagify.js'], script: `
const dp = new Datepicker(document.getElementById('date'), { format: 'dd/mm/yyyy', minDate: new Date(2026, 11, 7), defaultViewDate: new Date(2026, 11, 7), weekStart: 1, autohide: true });
const tg = new Tagify(document.getElementById('staff'), { whitelist: JSON.parse(document.getElementById('staff-data').textContent), enforceWhitelist: true,
  dropdown: { enabled: 1, maxItems: 20, closeOnSelect: true } });
document.getElementById('f').addEventListener('submit', (e) => { const b = document.getElementById('book'); if (b.dataset.sent) { e.preventDefault(); return; } b.dataset.sent = '1'; b.disabled = true; });` });
}
function pPharmacy(q) {
  const qs = (q.get('q') || '').trim().toLowerCase(); const cl = q.get('clinic') || '';
  const rows = BATCHES.filter((b) => (!qs || (b.product + ' ' + b.batch).toLowerCase().includes(qs)) && (!cl || b.clinic === cl));
  const disposed = q.get('disposed'); const db = BATCHES.find((b) => b.batch === disposed);
  return layout('/pharmacy', 'Pharmacy stock', `${db ? `<div class="status" role="status">Batch ${db.batch} (${esc(db.product)}, ${esc(db.clinic)}) has been disposed of and removed from stock.</div>` : ''}
<form method="get" action="/pharmacy" style="display:flex;gap:12px;align-items:end;margin-bottom:12px"><span><label for="q">Search batches</label><br><input type="search" id="q" name="q" value="${esc(q.get('q') || '')}"></span>
<span><label for="clinicf">Clinic</label><br><select id="clinicf" name="clinic"><option value="">All clinics</option>${D.CLINICS.map((c) => `<option${c.name === cl ? ' selected' : ''}>${esc(c.name)}</option>`).join('')}</select></span><button type="submit">Filter</button></form>
<table class="plain"><thead><tr><th>Product</th><th>Batch</th><th>Clinic</th><th>Qty</th><th>Status</th><th></th></tr></thead><tbody>
${rows.map((b) => { const gone = state.disposed.includes(b.batch); return `<tr><td>${esc(b.product)}</td><td><a href="/pharmacy/batches/${b.batch}" target="_blank">${b.batch}</a></td><td>${esc(b.clinic)}</td><td>${gone ? 0 : b.qty}</td><td>${gone ? 'Disposed' : esc(b.status)}</td><td>${gone ? '' : `<button type="button" class="secondary dispose" data-batch="${b.batch}" data-label="${esc(b.product)}, ${esc(b.clinic)}">Dispose…</button>`}</td></tr>`; }).join('') || '<tr><td colspan="6" class="muted">No batches match.</td></tr>'}</tbody></table>
<dialog id="dlg" aria-labelledby="dlg-title" style="border:1px solid #888;border-radius:6px;padding:18px 22px;max-width:440px"><h2 id="dlg-title" style="margin-top:0;font-size:19px">Dispose of batch?</h2>
<p id="dlg-text"></p><p class="muted">This cannot be undone: the batch is written off and removed from stock.</p><p style="display:flex;gap:10px;justify-content:flex-end"><button type="button" class="secondary" id="keep">Keep batch</button><button type="button" id="yes">Dispose of batch</button></p></dialog>`,
  { script: `${postJson}
const dlg = document.getElementById('dlg'); let cur = null;
document.querySelectorAll('button.dispose').forEach((b) => b.addEventListener('click', () => { cur = b.dataset.batch; document.getElementById('dlg-text').textContent = 'Batch ' + cur + ' (' + b.dataset.label + ') will be recorded as disposed of.'; dlg.showModal(); }));
document.getElementById('keep').addEventListener('click', () => dlg.close());
document.getElementById('yes').addEventListener('click', async (e) => { e.target.disabled = true;
  try { await postJson('/api/batches/' + cur + '/dispose', {}); const u = new URL(location.href); u.searchParams.set('disposed', cur); location.href = u.toString(); }
  catch (err) { alert('Could not dispose: ' + err.message); e.target.disabled = false; } });` });
}
function pBatch(b) {
  const gone = state.disposed.includes(b.batch);
  const h = crypto.createHash('md5').update(b.batch).digest();
  const rows = [['Product', b.product], ['Batch number', b.batch], ['Clinic', b.clinic], ['Status', gone ? 'Disposed' : b.status], ['Quantity', gone ? 0 : b.qty + ' doses/units'],
    ['Date received', longDate(b.received)], ['Expiry date', longDate(b.expiry)], ['Supplier', ['Covetrus', 'NVS', 'MWI Animal Health'][h[0] % 3]], ['Storage', /Nobivac|Purevax|Versifel/.test(b.product) ? 'Refrigerate at 2–8 °C' : 'Below 25 °C'],
    ['Last stock check', longDate('2026-11-' + String(1 + (h[1] % 28)).padStart(2, '0'))]];
  if (b.status === 'Cold chain breach') rows.push(['Cold chain log', 'Fridge alarm 6 December 2026 02:14 – 14.2 °C for 5 h 20 min']);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Batch ${b.batch} · Fernhill Veterinary Group</title><link rel="icon" href="data:,"><style>${CSS} body{padding:24px} table.plain{max-width:640px}</style></head><body>
<p class="muted">Fernhill Veterinary Group · Pharmacy</p><h1 class="page">Batch record</h1><table class="plain"><tbody>${rows.map(([k, v]) => `<tr><th scope="row">${k}</th><td>${esc(v)}</td></tr>`).join('')}</tbody></table></body></html>`;
}

// ---------------------------------------------------------------- server
let lastActivity = Date.now();
const server = http.createServer(async (req, res) => {
  lastActivity = Date.now();
  const url = new URL(req.url, `http://${HOST}`); const p = url.pathname; const m = req.method; let mm;
  try {
    if (m === 'GET' || m === 'HEAD') {
      if (p === '/__verify') return json(res, 200, verify());
      if ((mm = /^\/vendor\/([\w.]+)$/.exec(p)) && VENDOR[mm[1]]) {
        const f = path.join(NM, VENDOR[mm[1]]);
        return send(res, 200, fs.readFileSync(f), f.endsWith('.css') ? 'text/css' : 'text/javascript', { 'cache-control': 'public, max-age=3600' });
      }
      if (p === '/') return send(res, 200, pDashboard());
      if (p === '/patients') return send(res, 200, pPatients());
      if (p === '/leaflets') return send(res, 200, pLeaflets());
      if ((mm = /^\/leaflets\/([\w-]+)$/.exec(p))) { const l = D.LEAFLETS.find((x) => x.id === mm[1]); if (l) return send(res, 200, pLeaflet(l)); }
      if (p === '/wards') return send(res, 200, pWards());
      if (p === '/lab-import') return send(res, 200, pLabImport());
      if (p === '/consultations') return send(res, 200, pConsultations());
      if (p === '/vaccination-clinics') return send(res, 200, pSessions(url.searchParams));
      if (p === '/pharmacy') return send(res, 200, pPharmacy(url.searchParams));
      if ((mm = /^\/pharmacy\/batches\/(\w+)$/.exec(p))) { const b = BATCHES.find((x) => x.batch === mm[1]); if (b) { state.recordViews.push(b.batch); return send(res, 200, pBatch(b)); } }
      if (p === '/favicon.ico') { res.writeHead(204); return res.end(); }
      return send(res, 404, layout('', 'Page not found', '<p>There is no such page. Use the menu.</p>'));
    }
    if (m === 'POST') {
      if (p === '/__reset') { reset(); return json(res, 200, { ok: true }); }
      if (p === '/api/patients/save') {
        hit('POST /api/patients/save');
        const body = await readJson(req); const applied = [];
        for (const ch of Array.isArray(body.changes) ? body.changes : []) {
          const x = state.patients.find((y) => y.id === ch.id); if (!x || typeof ch.neutered !== 'boolean') continue;
          x.neutered = ch.neutered; applied.push({ id: x.id, neutered: x.neutered });
        }
        state.patientSaves.push(applied); return json(res, 200, { saved: applied.length, patients: applied });
      }
      if ((mm = /^\/api\/leaflets\/([\w-]+)$/.exec(p))) {
        hit('POST /api/leaflets/:id');
        const l = state.leaflets[mm[1]]; if (!l) return json(res, 404, { error: 'no such leaflet' });
        const body = await readJson(req); if (typeof body.html !== 'string') return json(res, 400, { error: 'html required' });
        l.saves.push(body.html); l.html = body.html; return json(res, 200, { ok: true, version: 'version ' + (4 + l.saves.length) });
      }
      if (p === '/api/discharges') {
        hit('POST /api/discharges');
        const b = await readJson(req); const ip = D.INPATIENTS.find((x) => x.id === b.id);
        if (!ip || !D.OUTCOMES.includes(b.outcome)) return json(res, 400, { error: 'patient and outcome are required' });
        if (state.discharges.some((d) => d.id === ip.id)) return json(res, 409, { error: 'already discharged' });
        const reference = rid('DIS-'); state.discharges.push({ reference, id: ip.id, outcome: b.outcome });
        return json(res, 200, { reference, name: ip.name, outcome: b.outcome });
      }
      if (p === '/api/lab-import') {
        hit('POST /api/lab-import');
        const parts = parseMultipart(await readBody(req), req.headers['content-type']);
        const f = parts.find((x) => x.filename !== undefined && x.name === 'file'); if (!f) return json(res, 400, { error: 'no file' });
        const name = parts.find((x) => x.name === 'name')?.data.toString('utf8') || f.filename;
        let summary; try { summary = labSummary(f.data); } catch (e) { return json(res, 422, { error: 'not an analyser export: ' + e.message }); }
        const rec = { name, bytes: f.data.length, sha256: crypto.createHash('sha256').update(f.data).digest('hex'), summary, batch: 'LI-' + (880 + state.uploads.length) };
        state.uploads.push(rec); return json(res, 200, { name, batch: rec.batch, ...summary });
      }
      if (p === '/vaccination-clinics') {
        hit('POST /vaccination-clinics');
        const f = new URLSearchParams((await readBody(req)).toString());
        let staff = []; const raw = f.get('staff') || '';
        try { staff = JSON.parse(raw).map((x) => String(x.value)); } catch { staff = raw.split(',').map((s) => s.trim()).filter(Boolean); }
        const dm = /^(\d\d)\/(\d\d)\/(\d{4})$/.exec(f.get('date') || '');
        const s = { id: 'VC-' + state.nextSession, clinic: f.get('clinic') || '', type: f.get('type') || '', date: dm ? `${dm[3]}-${dm[2]}-${dm[1]}` : '', start: f.get('start') || '', end: f.get('end') || '', staff, seeded: false };
        if (!s.clinic || !s.type || !s.date || !s.start || !s.end || !staff.length || s.end <= s.start || s.date < D.TODAY) {
          res.writeHead(303, { location: '/vaccination-clinics?error=' + encodeURIComponent('Choose a clinic, session, date (today or later), start and end time, and at least one member of staff.') }); return res.end();
        }
        state.nextSession++; state.sessions.push(s);
        res.writeHead(303, { location: '/vaccination-clinics?booked=' + s.id }); return res.end();
      }
      if ((mm = /^\/api\/batches\/(\w+)\/dispose$/.exec(p))) {
        hit('POST /api/batches/:batch/dispose');
        const b = BATCHES.find((x) => x.batch === mm[1]); if (!b) return json(res, 404, { error: 'no such batch' });
        if (!state.disposed.includes(b.batch)) state.disposed.push(b.batch);
        return json(res, 200, { batch: b.batch, product: b.product });
      }
    }
    send(res, 404, 'not found', 'text/plain');
  } catch (e) { json(res, 500, { error: String((e && e.message) || e) }); }
});
server.listen(PORT, HOST, () => console.log(`trial-site-7 on http://${HOST}:${PORT}/ (idle exit after ${IDLE_MS} ms)`));
setInterval(() => { if (Date.now() - lastActivity > IDLE_MS) { console.log('idle, exiting'); process.exit(0); } }, Math.min(60000, IDLE_MS)).unref();
