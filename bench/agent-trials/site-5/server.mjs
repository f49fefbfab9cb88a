// Trial site #5 ("Saltmarsh Grid Operations"): a Vue 3 single-page app (vue-router, client-side
// routing), built into dist/ by `npm run build` (Vite), served by this plain node:http server
// together with the JSON API the app calls. State is in memory.
//
//   PORT=4557 node server.mjs
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
const DIST = path.join(ROOT, 'dist');
const PORT = Number(process.env.PORT || 4557);
const HOST = '127.0.0.1';
const IDLE_MS = Number(process.env.IDLE_MS || 2 * 60 * 60 * 1000);
const UPLOAD_FILE = path.join(ROOT, 'files', D.UPLOAD_NAME);

const CUSTOMERS0 = D.makeCustomers();
const STAFF = D.makeStaff();
const DEMAND = D.makeDemand();
const REGION = D.makeRegion();

// ------------------------------------------------------------------ state
let state;
function reset() {
  state = {
    customers: CUSTOMERS0.map((c) => ({ ...c })),
    customerSaves: [], // [{account, psr, psrNeed}]
    rules: Object.fromEntries(D.RULES.map((r) => [r.id, { text: r.text, saves: [] }])),
    incidents: [], // {reference, substation, crew}
    uploads: [],
    demandViews: 0,
    outages: D.SEEDED_OUTAGES.map((o) => ({ ...o, crew: [...o.crew], cancelled: false })),
    nextOutage: 5140,
    revoked: [],
    authorisationViews: [],
    hits: {},
  };
}
reset();

// ------------------------------------------------------------------ checks
function loadSummary(buf) {
  const lines = buf.toString('utf8').split(/\r?\n/).filter((l) => l.trim());
  const head = lines[0].split(',').map((h) => h.trim().toLowerCase());
  const ix = (k) => { const i = head.indexOf(k); if (i < 0) throw new Error('missing column ' + k); return i; };
  const [iF, iD, iT, iK, iQ] = ['feeder', 'date', 'interval_end', 'kw', 'quality'].map(ix);
  let readings = 0, missing = 0, rejected = 0, estimated = 0, sum = 0, peak = null;
  const feeders = new Set(); const dates = new Set();
  for (const l of lines.slice(1)) {
    const c = l.split(',');
    feeders.add(c[iF]); dates.add(c[iD]);
    const q = (c[iQ] || '').trim();
    if (!c[iK] || !c[iK].trim()) { missing++; continue; }
    if (q === 'X') { rejected++; continue; }
    const kw = Number(c[iK]);
    if (!Number.isFinite(kw)) { rejected++; continue; }
    readings++; if (q === 'E') estimated++;
    sum += kw;
    if (!peak || kw > peak.kw) peak = { kw, date: c[iD], end: c[iT] };
  }
  const ds = [...dates].sort();
  const feeder = [...feeders].join(', ');
  return { feeder, feederName: D.FEEDER_NAMES[feeder] || feeder, from: ds[0], to: ds[ds.length - 1], readings, missing, rejected, estimated,
    peakMw: peak ? +(peak.kw / 1000).toFixed(2) : null, peakDate: peak?.date, peakAt: peak?.end,
    energyMwh: +(sum * 0.5 / 1000).toFixed(1), loadFactorPct: peak ? Math.round((100 * sum) / readings / peak.kw) : null };
}
const EXPECTED_LOAD = loadSummary(fs.readFileSync(UPLOAD_FILE));
const fmtDay = (d) => new Date(d + 'T12:00:00Z').toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const EXPECTED_LOAD_REPORT = `${EXPECTED_LOAD.peakMw.toFixed(2)} MW at ${EXPECTED_LOAD.peakAt} on ${fmtDay(EXPECTED_LOAD.peakDate)}`;
const DEMAND_ANSWER = DEMAND.series[D.DEMAND_Q.bsp][DEMAND.days.indexOf(D.DEMAND_Q.date)];

const norm = (t) => String(t).replace(/\r\n/g, '\n').split('\n').map((l) => l.replace(/\s+$/, '')).join('\n').replace(/\n+$/, '');
function lineDiff(a, b) {
  const A = norm(a).split('\n'), B = norm(b).split('\n');
  const out = [];
  for (let i = 0; i < Math.max(A.length, B.length); i++) if (A[i] !== B[i]) out.push({ line: i + 1, was: A[i] ?? null, now: B[i] ?? null });
  return out.slice(0, 20);
}

function verify() {
  const c0 = Object.fromEntries(CUSTOMERS0.map((c) => [c.account, c]));
  const changed = state.customers.filter((c) => c.psr !== c0[c.account].psr || c.psrNeed !== c0[c.account].psrNeed);
  const tgt = state.customers.find((c) => c.account === D.CUSTOMER_TARGET);
  const rt = state.rules[D.RULE_TARGET];
  const lastRule = rt.saves[rt.saves.length - 1];
  const otherRuleSaves = Object.entries(state.rules).filter(([id, r]) => id !== D.RULE_TARGET && r.saves.length).map(([id]) => id);
  const fileSha = crypto.createHash('sha256').update(fs.readFileSync(UPLOAD_FILE)).digest('hex');
  const goodUploads = state.uploads.filter((u) => u.name === D.UPLOAD_NAME && u.sha256 === fileSha);
  const userOutages = state.outages.filter((o) => !o.seeded && !o.cancelled);
  const seededOk = state.outages.filter((o) => o.seeded).every((o) => !o.cancelled);
  const T = D.OUTAGE_TARGET;
  const outOk = userOutages.length === 1 && seededOk && (() => {
    const o = userOutages[0];
    return o.feeder === T.feeder && o.type === T.type && o.date === T.date && o.start === T.start && o.end === T.end
      && JSON.stringify([...o.crew].sort()) === JSON.stringify([...T.crew].sort());
  })();
  const staffName = (id) => { const s = STAFF.find((x) => x.id === id); return s ? `${id} ${s.name} (${s.role}, ${s.depot})` : id; };
  const subName = (id) => D.SUBSTATIONS.find((s) => s.id === id)?.name || id;
  const tgtInc = state.incidents.filter((i) => i.substation === D.INCIDENT_TARGET.substation && i.crew === D.INCIDENT_TARGET.crew);
  return {
    jobs: {
      '1-grid-psr': {
        done: changed.length === 1 && changed[0].account === D.CUSTOMER_TARGET && tgt.psr === true && tgt.psrNeed === D.CUSTOMER_TARGET_NEED,
        changedCustomers: changed.map((c) => ({ account: c.account, name: `${c.title} ${c.firstName} ${c.surname}`, address: `${c.address}, ${c.town}`,
          psr: `${c0[c.account].psr} -> ${c.psr}`, psrNeed: `${JSON.stringify(c0[c.account].psrNeed)} -> ${JSON.stringify(c.psrNeed)}` })),
        saves: state.customerSaves,
      },
      '2-editor-alarm-rule': {
        done: !!lastRule && norm(lastRule) === norm(D.RULE_TARGET_EXPECTED.text) && otherRuleSaves.length === 0,
        saves: rt.saves.length,
        lastSaveDiff: lastRule ? lineDiff(D.RULES[0].text, lastRule) : null,
        expectedDiff: lineDiff(D.RULES[0].text, D.RULE_TARGET_EXPECTED.text),
        otherRulesSaved: otherRuleSaves,
      },
      '3-map-toast-dispatch': {
        done: state.incidents.length === 1 && tgtInc.length === 1,
        incidents: state.incidents.map((i) => ({ ...i, substationName: subName(i.substation) })),
        expectedReport: tgtInc.map((i) => i.reference).pop() ?? null,
      },
      '4-upload-load-profile': {
        done: goodUploads.length >= 1,
        uploads: state.uploads.map(({ name, bytes, sha256, summary, batch }) => ({ name, bytes, sha256: sha256.slice(0, 12), batch, summary })),
        expectedReport: EXPECTED_LOAD_REPORT,
      },
      '5-chart-demand': {
        done: state.demandViews > 0,
        note: 'answer-only job: done just means the page loaded the chart data; compare the reported number',
        demandViews: state.demandViews,
        expectedReport: `${DEMAND_ANSWER.toFixed(1)} MW`,
      },
      '6-datepicker-outage': {
        done: outOk,
        target: T,
        outages: state.outages,
      },
      '7-confirm-revoke': {
        done: state.revoked.length === 1 && state.revoked[0] === D.STAFF_TARGET,
        revoked: state.revoked.map(staffName),
        authorisationViews: state.authorisationViews,
        expectedReport: D.AUTH_ANSWER,
      },
    },
    hits: state.hits,
  };
}

// ------------------------------------------------------------------ helpers
function send(res, code, body, type = 'text/html; charset=utf-8', extra = {}) {
  res.writeHead(code, { 'content-type': type, 'cache-control': 'no-store', ...extra });
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
const readJson = async (req) => JSON.parse((await readBody(req)).toString() || '{}');
function parseMultipart(buf, contentType) {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType || '');
  if (!m) return [];
  const boundary = Buffer.from('--' + (m[1] || m[2]));
  const parts = [];
  let pos = buf.indexOf(boundary);
  while (pos !== -1) {
    const next = buf.indexOf(boundary, pos + boundary.length);
    if (next === -1) break;
    const part = buf.subarray(pos + boundary.length + 2, next - 2);
    const sep = part.indexOf('\r\n\r\n');
    if (sep !== -1) {
      const headers = part.subarray(0, sep).toString('utf8');
      parts.push({ name: /name="([^"]*)"/i.exec(headers)?.[1], filename: /filename="([^"]*)"/i.exec(headers)?.[1], data: part.subarray(sep + 4) });
    }
    pos = next;
  }
  return parts;
}
const MIME = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.map': 'application/json',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2', '.woff': 'font/woff', '.ico': 'image/x-icon', '.ttf': 'font/ttf' };
function hit(key) { state.hits[key] = (state.hits[key] || 0) + 1; }
const rid = (prefix, n = 6) => prefix + Array.from(crypto.randomBytes(n), (b) => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[b % 32]).join('');
function authorisation(cert) {
  if (D.AUTH_FIXED[cert]) return { cert, ...D.AUTH_FIXED[cert] };
  const s = STAFF.find((x) => x.cert === cert);
  if (!s) return null;
  const h = crypto.createHash('md5').update(cert).digest();
  const y = 2025 + (h[0] % 3), mo = 1 + (h[1] % 12), d = 1 + (h[2] % 27);
  const p = (n) => String(n).padStart(2, '0');
  const [first, ...rest] = s.name.split(' ');
  return { cert, holder: `${first} ${rest.join(' ').toUpperCase()}`, employee: s.id,
    level: /Senior/.test(s.role) ? 'Senior Authorised Person (HV, up to 33 kV)' : /^Authorised/.test(s.role) ? 'Authorised Person (HV, up to 11 kV)'
      : /Competent/.test(s.role) ? 'Competent Person (LV and HV accompanied)' : 'Instructed Person (LV)',
    issued: `${y}-${p(mo)}-${p(d)}`, validUntil: `${y + 3}-${p(mo)}-${p(d)}`, lastAssessment: `${y}-${p(mo)}-01`,
    refresherDue: `${y + 1 + (h[3] % 2)}-${p(1 + (h[4] % 12))}-28`, scope: `${s.depot.replace(' depot', '')} zone` };
}
function serveDist(res, rel) {
  const file = path.join(DIST, path.normalize(rel));
  if (!file.startsWith(DIST + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return false;
  const immutable = rel.startsWith('assets/');
  send(res, 200, fs.readFileSync(file), MIME[path.extname(file)] || 'application/octet-stream',
    immutable ? { 'cache-control': 'public, max-age=31536000, immutable' } : {});
  return true;
}
function indexHtml(res) {
  const f = path.join(DIST, 'index.html');
  if (!fs.existsSync(f)) return send(res, 503, 'dist/index.html is missing: run `npm run build` first', 'text/plain');
  send(res, 200, fs.readFileSync(f));
}

// ------------------------------------------------------------------ server
let lastActivity = Date.now();
const server = http.createServer(async (req, res) => {
  lastActivity = Date.now();
  const url = new URL(req.url, `http://${HOST}`);
  const p = url.pathname; const m = req.method;
  let mm;
  try {
    if (m === 'GET' || m === 'HEAD') {
      if (p === '/__verify') return json(res, 200, verify());
      if (p === '/api/me') return json(res, 200, D.USER);
      if (p === '/api/dashboard') return json(res, 200, {
        alarms: D.SUBSTATIONS.filter((s) => s.alarm).length, incidentsToday: state.incidents.length + 3,
        plannedOutages: state.outages.filter((o) => !o.cancelled).length, psrCustomers: state.customers.filter((c) => c.psr).length,
        customers: state.customers.length });
      if (p === '/api/customers') return json(res, 200, { customers: state.customers, psrNeeds: D.PSR_NEEDS });
      if (p === '/api/alarm-rules') return json(res, 200, D.RULES.map(({ text, ...r }) => ({ ...r, lines: state.rules[r.id].text.split('\n').length,
        savedByYou: state.rules[r.id].saves.length > 0 })));
      if ((mm = /^\/api\/alarm-rules\/([\w-]+)$/.exec(p))) {
        const r = D.RULES.find((x) => x.id === mm[1]);
        if (!r) return json(res, 404, { error: 'no such rule file' });
        const { text, ...meta } = r;
        return json(res, 200, { ...meta, text: state.rules[r.id].text });
      }
      if (p === '/api/network') return json(res, 200, { region: REGION, substations: D.SUBSTATIONS, circuits: D.CIRCUITS, crews: D.CREWS,
        dispatched: state.incidents.map(({ substation, crew }) => ({ substation, crew })) });
      if (p === '/api/load-profiles') return json(res, 200, state.uploads.map(({ name, batch, summary, at }) => ({ name, batch, summary, at })));
      if (p === '/api/demand') { state.demandViews++; return json(res, 200, { month: '2026-11', unit: 'MW', ...DEMAND }); }
      if (p === '/api/outage-options') return json(res, 200, { feeders: D.FEEDERS, types: D.WORK_TYPES, crew: D.CREW_MEMBERS, defaultCrew: [D.USER.name], today: D.TODAY });
      if (p === '/api/outages') return json(res, 200, state.outages.filter((o) => !o.cancelled).map(({ seeded, ...o }) => o));
      if (p === '/api/field-staff') return json(res, 200, STAFF.map((s) => ({ ...s, access: state.revoked.includes(s.id) ? 'Revoked' : 'Active' })));
      if ((mm = /^\/api\/authorisations\/([\w-]+)$/.exec(p))) {
        const a = authorisation(mm[1]);
        state.authorisationViews.push(mm[1]);
        return a ? json(res, 200, a) : json(res, 404, { error: 'no such certificate' });
      }
      if (p.startsWith('/api/')) return json(res, 404, { error: 'not found' });
      if (p === '/favicon.ico') { res.writeHead(204); return res.end(); }
      if (p.startsWith('/assets/') && serveDist(res, p.slice(1))) return;
      if (p.startsWith('/assets/')) return send(res, 404, 'not found', 'text/plain');
      return indexHtml(res); // client-side routes
    }
    if (m === 'POST') {
      if (p === '/__reset') { reset(); return json(res, 200, { ok: true }); }
      if (p === '/api/customers/save') {
        hit('POST /api/customers/save');
        const body = await readJson(req);
        const changes = Array.isArray(body.changes) ? body.changes : [];
        const applied = [];
        for (const ch of changes) {
          const c = state.customers.find((x) => x.account === ch.account);
          if (!c) continue;
          if (typeof ch.psr === 'boolean') c.psr = ch.psr;
          if (typeof ch.psrNeed === 'string') c.psrNeed = D.PSR_NEEDS.includes(ch.psrNeed) ? ch.psrNeed : c.psrNeed;
          applied.push({ account: c.account, psr: c.psr, psrNeed: c.psrNeed });
        }
        state.customerSaves.push(applied);
        return json(res, 200, { saved: applied.length, customers: applied });
      }
      if ((mm = /^\/api\/alarm-rules\/([\w-]+)$/.exec(p))) {
        hit('POST /api/alarm-rules/:id');
        const r = state.rules[mm[1]];
        if (!r) return json(res, 404, { error: 'no such rule file' });
        const body = await readJson(req);
        if (typeof body.text !== 'string') return json(res, 400, { error: 'text required' });
        r.saves.push(body.text);
        r.text = body.text;
        return json(res, 200, { ok: true, savedAt: new Date().toISOString(), revision: 'r' + (40 + r.saves.length) });
      }
      if (p === '/api/incidents') {
        hit('POST /api/incidents');
        const b = await readJson(req);
        const s = D.SUBSTATIONS.find((x) => x.id === b.substation);
        const c = D.CREWS.find((x) => x.id === b.crew);
        if (!s || !c) return json(res, 400, { error: 'substation and crew are required' });
        const reference = rid('INC-');
        state.incidents.push({ reference, substation: s.id, crew: c.id, note: String(b.note || '').slice(0, 500) });
        return json(res, 200, { reference, substation: s.name, crew: c.label });
      }
      if (p === '/api/load-profiles/upload') {
        hit('POST /api/load-profiles/upload');
        const f = parseMultipart(await readBody(req), req.headers['content-type']).find((x) => x.filename);
        if (!f) return json(res, 400, { error: 'no file' });
        let summary;
        try { summary = loadSummary(f.data); } catch (e) { return json(res, 422, { error: 'not a half-hourly load file: ' + e.message }); }
        const rec = { name: f.filename, bytes: f.data.length, sha256: crypto.createHash('sha256').update(f.data).digest('hex'),
          summary, batch: 'LP-' + (8820 + state.uploads.length), at: new Date().toISOString() };
        state.uploads.push(rec);
        return json(res, 200, { name: rec.name, batch: rec.batch, ...summary });
      }
      if (p === '/api/outages') {
        hit('POST /api/outages');
        const b = await readJson(req);
        const o = { id: 'PO-' + state.nextOutage++, feeder: String(b.feeder || ''), type: String(b.type || ''), date: String(b.date || ''),
          start: String(b.start || ''), end: String(b.end || ''), crew: Array.isArray(b.crew) ? b.crew.map(String) : [], notify: !!b.notify,
          seeded: false, cancelled: false };
        if (!o.feeder || !o.type || !/^\d{4}-\d\d-\d\d$/.test(o.date) || !/^\d\d:\d\d$/.test(o.start) || !/^\d\d:\d\d$/.test(o.end) || !o.crew.length) {
          state.nextOutage--; return json(res, 400, { error: 'feeder, work type, date, start and end time and at least one crew member are required' });
        }
        state.outages.push(o);
        return json(res, 200, o);
      }
      if ((mm = /^\/api\/outages\/([\w-]+)\/cancel$/.exec(p))) {
        hit('POST /api/outages/:id/cancel');
        const o = state.outages.find((x) => x.id === mm[1]);
        if (o) o.cancelled = true;
        return json(res, 200, { ok: !!o });
      }
      if ((mm = /^\/api\/field-staff\/([\w-]+)\/revoke$/.exec(p))) {
        hit('POST /api/field-staff/:id/revoke');
        const s = STAFF.find((x) => x.id === mm[1]);
        if (!s) return json(res, 404, { error: 'no such employee' });
        if (!state.revoked.includes(s.id)) state.revoked.push(s.id);
        return json(res, 200, { id: s.id, name: s.name });
      }
    }
    send(res, 404, 'not found', 'text/plain');
  } catch (e) {
    json(res, 500, { error: String((e && e.message) || e) });
  }
});
server.listen(PORT, HOST, () => console.log(`trial-site-5 on http://${HOST}:${PORT}/ (idle exit after ${IDLE_MS} ms)`));
setInterval(() => { if (Date.now() - lastActivity > IDLE_MS) { console.log('idle, exiting'); process.exit(0); } }, Math.min(60000, IDLE_MS)).unref();
