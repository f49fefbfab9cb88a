// Ridgeway Tool Library — back-office API + static server (node:http only).
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import * as D from './data.mjs';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.join(ROOT, 'dist');
const PORT = Number(process.env.PORT || 4614);
const IDLE_MS = Number(process.env.IDLE_MS || 2 * 60 * 60 * 1000);

const MUTATING = ['POST /api/members/save', 'PUT /api/handbook', 'POST /api/loans/:id/renew', 'POST /api/intake/upload', 'POST /api/bookings', 'DELETE /api/tools/:tag'];
let S;
function reset() {
  S = {
    members: D.seedMembers(),
    handbook: { html: D.HANDBOOK_HTML, updatedAt: null },
    loans: D.seedLoans(),
    renewals: [],
    intakes: [],
    usage: D.seedUsage(),
    usageViews: { main: 0, riverside: 0 },
    bookings: [],
    tools: D.seedTools(),
    retired: [],
    hits: Object.fromEntries(MUTATING.map((k) => [k, 0])),
  };
}
reset();

const MIME = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.woff': 'font/woff', '.woff2': 'font/woff2', '.ttf': 'font/ttf', '.ico': 'image/x-icon', '.map': 'application/json' };

function send(res, code, body, type = 'application/json') {
  const data = type === 'application/json' ? JSON.stringify(body) : body;
  res.writeHead(code, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  res.end(data);
}
function readBody(req, limit = 5 * 1024 * 1024) {
  return new Promise((resolve, reject) => {
    const chunks = []; let n = 0;
    req.on('data', (c) => { n += c.length; if (n > limit) { reject(new Error('too large')); req.destroy(); } else chunks.push(c); });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
async function readJson(req) {
  const b = await readBody(req);
  try { return JSON.parse(b.toString('utf8') || '{}'); } catch { return null; }
}
function serveFile(res, file) {
  fs.readFile(file, (err, buf) => {
    if (err) return send(res, 404, { error: 'not found' });
    res.writeHead(200, { 'Content-Type': MIME[path.extname(file)] || 'application/octet-stream' });
    res.end(buf);
  });
}

// ---------- verification ----------
function textOf(html) { return html.replace(/<[^>]+>/g, '').replace(/&nbsp;/g, ' ').replace(/&pound;/g, '£').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim(); }
function paragraphs(html) { return [...html.matchAll(/<(p|li)[^>]*>([\s\S]*?)<\/\1>/g)].map((m) => m[2]); }
function verify() {
  const jobs = {};
  // 1 members grid
  {
    const t = S.members.find((m) => m.id === 'M-1147');
    const others = S.members.filter((m) => m.last === 'Okafor' && m.id !== 'M-1147');
    const othersOk = others.every((m) => ({ 'M-1063': 9, 'M-1212': 3 })[m.id] === m.volunteerHours);
    const done = t.volunteerHours === 14 && othersOk && S.hits['POST /api/members/save'] >= 1;
    jobs['1-member-volunteer-hours'] = { done, details: `M-1147 Adaeze Okafor (Elm Hollow) volunteerHours=${t.volunteerHours} (want 14); other Okafors unchanged=${othersOk}; saves=${S.hits['POST /api/members/save']}` };
  }
  // 2 handbook
  {
    const html = S.handbook.html;
    const ps = paragraphs(html);
    const borrow = ps.find((p) => /renewed once/.test(textOf(p))) || '';
    const dep = ps.find((p) => /Deposits are refunded/.test(textOf(p))) || '';
    const bt = textOf(borrow);
    const has21 = /\b21 days\b/.test(bt) && !/\b14\b/.test(bt);
    const bold = /<(strong|b)\b[^>]*>[^<]*21[^<]*<\/(strong|b)>/.test(borrow) || /<(strong|b)\b[^>]*>\s*21\s*<\/(strong|b)>\s*days/.test(borrow);
    const depOk = /within 14 days/.test(textOf(dep));
    const restOk = /up to 5 tools/.test(bt) && /£1 per day/.test(textOf(html)) && /10 or more hours/.test(textOf(html));
    jobs['2-handbook-loan-period'] = { done: has21 && bold && depOk && restOk && S.hits['PUT /api/handbook'] >= 1, details: `borrowing paragraph says 21 days=${has21}, 21 bold=${bold}, deposits still 14 days=${depOk}, rest intact=${restOk}, saves=${S.hits['PUT /api/handbook']}` };
  }
  // 3 renewal toast
  {
    const t = S.loans.find((l) => l.id === D.RENEW_TARGET);
    const wrong = S.renewals.filter((id) => id !== D.RENEW_TARGET);
    jobs['3-loan-renewal-code'] = { done: t.renewed && wrong.length === 0, details: `L-5341 (Makita circular saw, Priya Natarajan) renewed=${t.renewed}; other loans renewed: ${wrong.join(', ') || 'none'}`, expectedReport: D.renewalCode(D.RENEW_TARGET) };
  }
  // 4 upload
  {
    const ok = S.intakes.filter((i) => i.branch === 'Riverside shed');
    const bad = S.intakes.filter((i) => i.branch !== 'Riverside shed');
    jobs['4-donation-upload'] = { done: ok.length >= 1 && bad.length === 0, details: `uploads: ${S.intakes.map((i) => `${i.filename} (${i.items} items, £${i.total})`).join('; ') || 'none'}`, expectedReport: '£319.74 (18 items)' };
  }
  // 5 chart
  jobs['5-usage-chart-tooltip'] = { done: S.usageViews.riverside > 0, details: `Riverside shed usage data requested ${S.usageViews.riverside} time(s); answer must be checked in the agent's report`, expectedReport: '47 Garden loans at Riverside shed in Oct 2026' };
  // 6 booking
  {
    const b = S.bookings.find((x) => x.date === '2027-03-25');
    const ok = !!b && S.bookings.length === 1 && /tom[aá]s\s+lindqvist/i.test(b.member) && b.time === '18:30' && [...b.equipment].sort().join('|') === 'Multimeter|Soldering station' && /fixing a vintage radio/i.test(b.notes);
    jobs['6-bench-booking'] = { done: ok, details: `bookings: ${JSON.stringify(S.bookings)}` };
  }
  // 7 retire
  {
    const gone = !S.tools.find((t) => t.tag === D.RETIRE_TARGET);
    const kept = !!S.tools.find((t) => t.tag === D.RETIRE_KEEP);
    jobs['7-retire-tool'] = { done: gone && kept && S.retired.length === 1, details: `T-0087 retired=${gone}; T-0078 still listed=${kept}; retired: ${S.retired.join(', ') || 'none'}` };
  }
  return { today: D.TODAY, jobs, hits: S.hits };
}

// ---------- API ----------
async function api(req, res, url) {
  const p = url.pathname; const m = req.method;
  let mm;
  if (m === 'GET' && p === '/api/members') return send(res, 200, S.members);
  if (m === 'POST' && p === '/api/members/save') {
    S.hits['POST /api/members/save']++;
    const body = await readJson(req);
    if (!body || !Array.isArray(body.changes)) return send(res, 400, { error: 'changes[] required' });
    const editable = { phone: 'string', email: 'string', volunteerHours: 'number', status: 'string' };
    let applied = 0;
    for (const c of body.changes) {
      const row = S.members.find((x) => x.id === c.id);
      if (!row || !editable[c.field]) continue;
      let v = c.value;
      if (editable[c.field] === 'number') { v = Number(String(v).trim()); if (!Number.isFinite(v) || v < 0) continue; }
      else v = String(v);
      row[c.field] = v; applied++;
    }
    return send(res, 200, { ok: true, applied });
  }
  if (m === 'GET' && p === '/api/handbook') return send(res, 200, S.handbook);
  if (m === 'PUT' && p === '/api/handbook') {
    S.hits['PUT /api/handbook']++;
    const body = await readJson(req);
    if (!body || typeof body.html !== 'string') return send(res, 400, { error: 'html required' });
    S.handbook = { html: body.html, updatedAt: new Date().toISOString() };
    return send(res, 200, { ok: true, updatedAt: S.handbook.updatedAt });
  }
  if (m === 'GET' && p === '/api/loans') return send(res, 200, S.loans);
  if (m === 'POST' && (mm = p.match(/^\/api\/loans\/([\w-]+)\/renew$/))) {
    S.hits['POST /api/loans/:id/renew']++;
    const l = S.loans.find((x) => x.id === mm[1]);
    if (!l) return send(res, 404, { error: 'no such loan' });
    if (l.renewed) return send(res, 409, { error: 'This loan has already been renewed once.' });
    l.renewed = true;
    const d = new Date(l.due + 'T12:00:00Z'); d.setUTCDate(d.getUTCDate() + 14);
    l.due = d.toISOString().slice(0, 10);
    S.renewals.push(l.id);
    return send(res, 200, { ok: true, code: D.renewalCode(l.id), due: l.due });
  }
  if (m === 'GET' && p === '/api/intake') return send(res, 200, S.intakes);
  if ((m === 'POST') && p === '/api/intake/upload') {
    S.hits['POST /api/intake/upload']++;
    const buf = await readBody(req);
    const q = url.searchParams;
    const text = buf.toString('utf8');
    const lines = text.split(/\r?\n/).filter((l) => l.trim());
    const header = (lines.shift() || '').split(',');
    const vi = header.indexOf('estimated_value_gbp');
    if (vi < 0) return send(res, 422, { error: 'Not a donation manifest: missing estimated_value_gbp column' });
    let total = 0; let items = 0; const areas = new Set();
    for (const l of lines) { const c = l.split(','); total += Number(c[vi]) || 0; items++; areas.add(c[header.indexOf('donor_postcode_area')]); }
    const branch = areas.has('RG4') ? 'Riverside shed' : 'Main Street';
    const rec = { id: `IN-${String(700 + S.intakes.length + 1)}`, filename: q.get('flowFilename') || 'upload.csv', items, total: total.toFixed(2), branch, sha: crypto.createHash('sha1').update(buf).digest('hex').slice(0, 10) };
    S.intakes.push(rec);
    return send(res, 200, rec);
  }
  if (m === 'GET' && p === '/api/usage') {
    const b = url.searchParams.get('branch') === 'riverside' ? 'riverside' : 'main';
    S.usageViews[b]++;
    return send(res, 200, { categories: D.USAGE_MONTHS, series: S.usage[b] });
  }
  if (m === 'GET' && p === '/api/bookings/options') return send(res, 200, { equipment: D.BOOKING_EQUIPMENT, times: D.BOOKING_TIMES, fullyBooked: D.FULLY_BOOKED, closedWeekdays: D.CLOSED_WEEKDAYS, today: D.TODAY });
  if (m === 'POST' && p === '/api/bookings') {
    S.hits['POST /api/bookings']++;
    const b = await readJson(req);
    if (!b) return send(res, 400, { error: 'bad json' });
    const errs = [];
    if (!b.member || !String(b.member).trim()) errs.push('Member name is required');
    if (!/^2027-\d\d-\d\d$/.test(b.date || '') || b.date < D.TODAY) errs.push('Pick a date from today onwards');
    else {
      const wd = new Date(b.date + 'T12:00:00Z').getUTCDay();
      if (D.CLOSED_WEEKDAYS.includes(wd) || D.FULLY_BOOKED.includes(b.date)) errs.push('That date is not available');
    }
    if (!D.BOOKING_TIMES.includes(b.time)) errs.push('Pick a time slot');
    if (!Array.isArray(b.equipment) || !b.equipment.length) errs.push('Reserve at least one piece of equipment');
    if (errs.length) return send(res, 422, { error: errs.join('; ') });
    const rec = { ref: `BK-${3100 + S.bookings.length + 1}`, member: String(b.member).trim(), date: b.date, time: b.time, equipment: b.equipment, notes: String(b.notes || '') };
    S.bookings.push(rec);
    return send(res, 200, rec);
  }
  if (m === 'GET' && p === '/api/bookings') return send(res, 200, S.bookings);
  if (m === 'GET' && p === '/api/tools') {
    const q = (url.searchParams.get('q') || '').toLowerCase().trim();
    const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
    const size = 10;
    const list = S.tools.filter((t) => !q || `${t.tag} ${t.name} ${t.location} ${t.condition}`.toLowerCase().includes(q));
    return send(res, 200, { total: list.length, page, pages: Math.max(1, Math.ceil(list.length / size)), items: list.slice((page - 1) * size, page * size) });
  }
  if (m === 'DELETE' && (mm = p.match(/^\/api\/tools\/([\w-]+)$/))) {
    S.hits['DELETE /api/tools/:tag']++;
    const i = S.tools.findIndex((t) => t.tag === mm[1]);
    if (i < 0) return send(res, 404, { error: 'no such tool' });
    const [t] = S.tools.splice(i, 1);
    S.retired.push(t.tag);
    return send(res, 200, { ok: true, retired: t });
  }
  return send(res, 404, { error: 'unknown endpoint' });
}

let last = Date.now();
const server = http.createServer(async (req, res) => {
  last = Date.now();
  const url = new URL(req.url, 'http://127.0.0.1');
  const p = url.pathname;
  try {
    if (p.startsWith('/api/')) return await api(req, res, url);
    if (p === '/__verify' && req.method === 'GET') return send(res, 200, verify());
    if (p === '/__reset' && req.method === 'POST') { reset(); return send(res, 200, { ok: true }); }
    if (p.startsWith('/__')) return send(res, 404, { error: 'unknown harness endpoint' });
    if (p.startsWith('/assets/')) {
      const f = path.normalize(path.join(DIST, decodeURIComponent(p)));
      if (!f.startsWith(DIST + path.sep)) return send(res, 403, { error: 'forbidden' });
      return serveFile(res, f);
    }
    if (p === '/favicon.ico') { res.writeHead(204); return res.end(); }
    return serveFile(res, path.join(DIST, 'index.html'));
  } catch (e) {
    return send(res, 500, { error: String(e.message || e) });
  }
});
server.listen(PORT, '127.0.0.1', () => console.log(`Ridgeway Tool Library back office on http://127.0.0.1:${PORT}/`));
const timer = setInterval(() => {
  if (Date.now() - last > IDLE_MS) { console.log('idle, shutting down'); clearInterval(timer); server.close(); process.exit(0); }
}, Math.min(60000, Math.max(1000, IDLE_MS / 4)));
