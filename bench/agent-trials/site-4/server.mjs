// Trial site #4 ("Quayside Clinic Scheduler"): a React single-page app (client-side routing),
// built into dist/ by `npm run build`, served by this plain node:http server together with
// the JSON API the app calls. State is in memory.
//
//   PORT=4547 node server.mjs
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
const PORT = Number(process.env.PORT || 4547);
const HOST = '127.0.0.1';
const IDLE_MS = Number(process.env.IDLE_MS || 2 * 60 * 60 * 1000);
const UPLOAD_FILE = path.join(ROOT, 'files', D.UPLOAD_NAME);

const PATIENTS0 = D.makePatients();
const STAFF = D.makeStaff();

// ------------------------------------------------------------------ state
let state;
function reset() {
  state = {
    patients: PATIENTS0.map((p) => ({ ...p })),
    reminderChanges: [], // {patient, channel, enabled}
    letters: Object.fromEntries(D.LETTERS.map((l) => [l.id, { html: l.html, saves: [] }])),
    bookings: [], // {entry, reference}
    uploads: [],
    reportViews: 0,
    sessions: D.SEEDED_SESSIONS.map((s) => ({ ...s, staff: [...s.staff], cancelled: false })),
    nextSession: 901,
    deactivated: [],
    registerViews: [],
    hits: {},
  };
}
reset();

// ------------------------------------------------------------------ checks
// TipTap/ProseMirror JSON -> plain text (blocks joined by \n) + bold runs + other marks
function docInfo(doc) {
  const blocks = [];
  const bold = [];
  const other = new Set();
  const walk = (node) => {
    if (!node || typeof node !== 'object') return;
    if (node.type === 'paragraph' || node.type === 'heading') {
      let text = '';
      let run = null;
      for (const c of node.content || []) {
        if (c.type === 'text') {
          const marks = (c.marks || []).map((m) => m.type);
          for (const m of marks) if (m !== 'bold') other.add(m);
          if (marks.includes('bold')) { run = (run ?? '') + c.text; } else { if (run !== null) bold.push(run); run = null; }
          text += c.text;
        } else { other.add(c.type); if (run !== null) bold.push(run); run = null; if (c.type === 'hardBreak') text += '\n'; }
      }
      if (run !== null) bold.push(run);
      if (node.type === 'heading') other.add('heading');
      blocks.push(text);
      return;
    }
    if (node.type !== 'doc') other.add(node.type);
    for (const c of node.content || []) walk(c);
  };
  walk(doc);
  return { text: blocks.join('\n'), bold: bold.map((b) => b.trim()).filter(Boolean), other: [...other] };
}

function labSummary(buf) {
  const lines = buf.toString('utf8').split(/\r?\n/).filter((l) => l.trim());
  const head = lines[0].split(',').map((h) => h.trim().toLowerCase());
  const ix = (k) => head.indexOf(k);
  let imported = 0, rejected = 0, outside = 0;
  const patients = new Set();
  for (const l of lines.slice(1)) {
    const c = l.split(',');
    const rr = D.REF_RANGES[c[ix('test')]];
    const v = Number(c[ix('result')]);
    if (!rr || !Number.isFinite(v)) { rejected++; continue; }
    imported++;
    patients.add(c[ix('patient_id')]);
    if (v < rr[1] || v > rr[2]) outside++;
  }
  return { imported, rejected, patients: patients.size, outside };
}
const EXPECTED_LAB = labSummary(fs.readFileSync(UPLOAD_FILE));

function verify() {
  const p0 = Object.fromEntries(PATIENTS0.map((p) => [p.id, p]));
  const changedPatients = state.patients.filter((p) => p.smsReminders !== p0[p.id].smsReminders || p.emailReminders !== p0[p.id].emailReminders);
  const target = state.patients.find((p) => p.id === D.PATIENT_TARGET_ID);
  const lt = state.letters[D.LETTER_TARGET_ID];
  const lastLetter = lt.saves[lt.saves.length - 1];
  const li = lastLetter ? docInfo(lastLetter) : null;
  const otherLetterSaves = Object.entries(state.letters).filter(([id, l]) => id !== D.LETTER_TARGET_ID && l.saves.length).map(([id]) => id);
  const fileSha = crypto.createHash('sha256').update(fs.readFileSync(UPLOAD_FILE)).digest('hex');
  const goodUploads = state.uploads.filter((u) => u.name === D.UPLOAD_NAME && u.sha256 === fileSha);
  const active = state.sessions.filter((s) => !s.cancelled);
  const userActive = active.filter((s) => !s.seeded);
  const seededOk = state.sessions.filter((s) => s.seeded).every((s) => !s.cancelled);
  const T = D.SESSION_TARGET;
  const sessOk = userActive.length === 1 && seededOk && (() => {
    const s = userActive[0];
    return s.clinic === T.clinic && s.type === T.type && s.date === T.date && s.start === T.start
      && JSON.stringify([...s.staff].sort()) === JSON.stringify([...T.staff].sort());
  })();
  const staffName = (id) => { const s = STAFF.find((x) => x.id === id); return s ? `${id} ${s.name} (${s.contract} ${s.role}, ${s.clinic})` : id; };
  return {
    jobs: {
      '1-grid-sms-reminders': {
        done: changedPatients.length === 1 && changedPatients[0].id === D.PATIENT_TARGET_ID && target.smsReminders === false && target.emailReminders === true,
        changedPatients: changedPatients.map((p) => ({ id: p.id, name: `${p.firstName} ${p.surname}`, dob: p.dob, clinic: p.clinic,
          sms: `${p0[p.id].smsReminders} -> ${p.smsReminders}`, email: `${p0[p.id].emailReminders} -> ${p.emailReminders}` })),
        changes: state.reminderChanges,
      },
      '2-richtext-letter': {
        done: !!li && li.text === D.LETTER_TARGET_EXPECTED_TEXT && JSON.stringify(li.bold) === JSON.stringify(D.LETTER_TARGET_EXPECTED_BOLD)
          && li.other.length === 0 && otherLetterSaves.length === 0,
        saves: lt.saves.length,
        textMatches: li ? li.text === D.LETTER_TARGET_EXPECTED_TEXT : null,
        lastBold: li?.bold ?? null,
        otherFormatting: li?.other ?? null,
        otherLettersSaved: otherLetterSaves,
        lastText: li?.text ?? null,
      },
      '3-toast-booking': {
        done: state.bookings.length === 1 && state.bookings[0].entry === D.WAIT_TARGET_ID,
        bookings: state.bookings,
        expectedReport: state.bookings.filter((b) => b.entry === D.WAIT_TARGET_ID).map((b) => b.reference).pop() ?? null,
      },
      '4-upload-lab-results': {
        done: goodUploads.length >= 1,
        uploads: state.uploads.map(({ name, bytes, sha256, summary, batch }) => ({ name, bytes, sha256: sha256.slice(0, 12), summary, batch })),
        expectedReport: EXPECTED_LAB.outside,
      },
      '5-chart-dna': {
        done: state.reportViews > 0,
        note: 'answer-only job: done just means the report data was loaded by the page; compare the reported number',
        reportViews: state.reportViews,
        expectedReport: D.CHART_ANSWER,
      },
      '6-datepicker-session': {
        done: sessOk,
        target: T,
        sessions: state.sessions,
      },
      '7-confirm-deactivate': {
        done: state.deactivated.length === 1 && state.deactivated[0] === D.STAFF_TARGET_ID,
        deactivated: state.deactivated.map(staffName),
        registerViews: state.registerViews,
        expectedReport: D.REGISTER_ANSWER,
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
  '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2', '.woff': 'font/woff', '.ico': 'image/x-icon' };
function hit(key) { state.hits[key] = (state.hits[key] || 0) + 1; }
const rid = (prefix, n = 6) => prefix + Array.from(crypto.randomBytes(n), (b) => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[b % 32]).join('');
function registerEntry(num) {
  if (D.REGISTER[num]) return { number: num, ...D.REGISTER[num] };
  const s = STAFF.find((x) => x.reg === num && x.body === 'GMC');
  if (!s) return null;
  const h = crypto.createHash('md5').update(num).digest();
  const y = 2027 + (h[0] % 3), mo = 1 + (h[1] % 12);
  const last = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return { number: num, name: s.name.replace(/^Dr /, '').replace(/(\S+)$/, (x) => x.toUpperCase()), gender: '—',
    registeredSince: `${1995 + (h[2] % 20)}-08-0${1 + (h[3] % 7)}`, status: 'Registered with a licence to practise',
    licenceUntil: `${y}-${String(mo).padStart(2, '0')}-${last}`, revalidation: `${y + (h[4] % 2)}-${String(1 + (h[5] % 12)).padStart(2, '0')}-28`,
    gpRegister: s.role === 'GP' ? 'On the GP Register' : 'On the Specialist Register', qualification: 'MB ChB' };
}
function serveDist(res, rel) {
  const file = path.join(DIST, path.normalize(rel));
  if (!file.startsWith(DIST + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return false;
  const immutable = rel.startsWith('assets/') && /-[A-Z0-9]{8}\./.test(rel);
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
      if (p === '/api/me') return json(res, 200, { name: 'Jordan Pike', role: 'Practice manager', clinic: 'Harbour Street', today: '2026-12-05' });
      if (p === '/api/patients') return json(res, 200, state.patients);
      if (p === '/api/letters') return json(res, 200, D.LETTERS.map(({ html, ...l }) => ({ ...l, saved: state.letters[l.id].saves.length > 0 })));
      if ((mm = /^\/api\/letters\/([\w-]+)$/.exec(p))) {
        const l = D.LETTERS.find((x) => x.id === mm[1]);
        if (!l) return json(res, 404, { error: 'no such letter' });
        const { html, ...meta } = l;
        return json(res, 200, { ...meta, html: state.letters[l.id].html });
      }
      if (p === '/api/waitlist') return json(res, 200, D.WAITLIST.map((w) => ({ ...w, booked: state.bookings.some((b) => b.entry === w.id) })));
      if (p === '/api/reports/dna') {
        state.reportViews++;
        return json(res, 200, { year: 2026, months: D.MONTHS.slice(0, D.DNA_MONTHS), clinics: D.CLINICS,
          dna: Object.fromEntries(Object.entries(D.DNA).map(([k, v]) => [k, v.slice(0, D.DNA_MONTHS)])), attended: D.ATTENDED });
      }
      if (p === '/api/session-options') return json(res, 200, { clinics: D.CLINICS, types: D.SESSION_TYPES, staff: D.SESSION_STAFF, defaultStaff: ['Jordan Pike'] });
      if (p === '/api/sessions') return json(res, 200, state.sessions.filter((s) => !s.cancelled).map(({ seeded, ...s }) => s));
      if (p === '/api/staff') return json(res, 200, STAFF.map((s) => ({ ...s, active: !state.deactivated.includes(s.id) })));
      if ((mm = /^\/api\/register\/(\w+)$/.exec(p))) {
        const e = registerEntry(mm[1]);
        state.registerViews.push(mm[1]);
        return e ? json(res, 200, e) : json(res, 404, { error: 'not on the register' });
      }
      if (p.startsWith('/api/')) return json(res, 404, { error: 'not found' });
      if (p === '/favicon.ico') { res.writeHead(204); return res.end(); }
      if (p.startsWith('/assets/') && serveDist(res, p.slice(1))) return;
      if (p.startsWith('/assets/')) return send(res, 404, 'not found', 'text/plain');
      return indexHtml(res); // client-side routes
    }
    if (m === 'POST') {
      if (p === '/__reset') { reset(); return json(res, 200, { ok: true }); }
      if ((mm = /^\/api\/patients\/([\w-]+)\/reminders$/.exec(p))) {
        hit('POST /api/patients/:id/reminders');
        const body = await readJson(req);
        const pt = state.patients.find((x) => x.id === mm[1]);
        if (!pt) return json(res, 404, { error: 'no such patient' });
        const key = body.channel === 'email' ? 'emailReminders' : body.channel === 'sms' ? 'smsReminders' : null;
        if (!key) return json(res, 400, { error: 'channel must be sms or email' });
        pt[key] = !!body.enabled;
        state.reminderChanges.push({ patient: pt.id, channel: body.channel, enabled: !!body.enabled });
        return json(res, 200, pt);
      }
      if ((mm = /^\/api\/letters\/([\w-]+)$/.exec(p))) {
        hit('POST /api/letters/:id');
        const l = state.letters[mm[1]];
        if (!l) return json(res, 404, { error: 'no such letter' });
        const body = await readJson(req);
        l.saves.push(body.doc || {});
        if (typeof body.html === 'string') l.html = body.html;
        return json(res, 200, { ok: true, savedAt: new Date().toISOString() });
      }
      if ((mm = /^\/api\/waitlist\/([\w-]+)\/book$/.exec(p))) {
        hit('POST /api/waitlist/:id/book');
        const w = D.WAITLIST.find((x) => x.id === mm[1]);
        if (!w) return json(res, 404, { error: 'no such entry' });
        if (state.bookings.some((b) => b.entry === w.id)) return json(res, 409, { error: 'already booked' });
        const reference = rid('QB-');
        state.bookings.push({ entry: w.id, patient: w.patient, service: w.service, clinic: w.clinic, slot: w.slot, reference });
        return json(res, 200, { entry: w.id, reference });
      }
      if (p === '/api/results/import') {
        hit('POST /api/results/import');
        const f = parseMultipart(await readBody(req), req.headers['content-type']).find((x) => x.filename);
        if (!f) return json(res, 400, { error: 'no file' });
        let summary;
        try { summary = labSummary(f.data); } catch { return json(res, 422, { error: 'not a lab results file' }); }
        const rec = { name: f.filename, bytes: f.data.length, sha256: crypto.createHash('sha256').update(f.data).digest('hex'),
          summary, batch: 'LAB-' + (4410 + state.uploads.length) };
        state.uploads.push(rec);
        return json(res, 200, { name: rec.name, batch: rec.batch, ...summary });
      }
      if (p === '/api/sessions') {
        hit('POST /api/sessions');
        const b = await readJson(req);
        const s = { id: 'CS-' + state.nextSession++, clinic: String(b.clinic || ''), type: String(b.type || ''), date: String(b.date || ''),
          start: String(b.start || ''), staff: Array.isArray(b.staff) ? b.staff.map(String) : [], seeded: false, cancelled: false };
        if (!s.clinic || !s.type || !/^\d{4}-\d\d-\d\d$/.test(s.date) || !/^\d\d:\d\d$/.test(s.start) || !s.staff.length) {
          state.nextSession--; return json(res, 400, { error: 'clinic, type, date, start time and at least one staff member are required' });
        }
        state.sessions.push(s);
        return json(res, 200, s);
      }
      if ((mm = /^\/api\/sessions\/([\w-]+)\/cancel$/.exec(p))) {
        hit('POST /api/sessions/:id/cancel');
        const s = state.sessions.find((x) => x.id === mm[1]);
        if (s) s.cancelled = true;
        return json(res, 200, { ok: !!s });
      }
      if ((mm = /^\/api\/staff\/([\w-]+)\/deactivate$/.exec(p))) {
        hit('POST /api/staff/:id/deactivate');
        const s = STAFF.find((x) => x.id === mm[1]);
        if (!s) return json(res, 404, { error: 'no such staff member' });
        if (!state.deactivated.includes(s.id)) state.deactivated.push(s.id);
        return json(res, 200, { id: s.id, name: s.name });
      }
    }
    send(res, 404, 'not found', 'text/plain');
  } catch (e) {
    json(res, 500, { error: String((e && e.message) || e) });
  }
});
server.listen(PORT, HOST, () => console.log(`trial-site-4 on http://${HOST}:${PORT}/ (idle exit after ${IDLE_MS} ms)`));
setInterval(() => { if (Date.now() - lastActivity > IDLE_MS) { console.log('idle, exiting'); process.exit(0); } }, Math.min(60000, IDLE_MS)).unref();
