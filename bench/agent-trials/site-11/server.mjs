import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import * as D from './data.mjs';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.join(ROOT, 'dist');
const PORT = Number(process.env.PORT || 4599);
const IDLE_MS = Number(process.env.IDLE_MS || 2 * 60 * 60 * 1000);

const RIGHT_CSV = fs.readFileSync(path.join(ROOT, 'files', D.FILES.right), 'utf8');
const sha = (s) => crypto.createHash('sha256').update(s).digest('hex');

let S;
function reset() {
  const vessels = D.makeVessels();
  S = {
    vessels,
    vesselsOriginal: JSON.parse(JSON.stringify(vessels)),
    vesselSaves: [],
    tariff: D.makeTariff(),
    tariffSaves: 0,
    lifts: D.makeLifts(),
    fuelImports: [],
    statsViews: 0,
    bookings: [],
    invoices: D.makeInvoices(vessels),
    hits: {
      'POST /api/vessels/changes': 0,
      'PUT /api/tariff': 0,
      'POST /api/lifts/:id/confirm': 0,
      'POST /api/fuel/import': 0,
      'POST /api/bookings': 0,
      'POST /api/invoices/:id/write-off': 0,
    },
  };
}
reset();

function send(res, code, body, type = 'application/json; charset=utf-8') {
  const data = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  res.writeHead(code, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(data);
}
function readBody(req) {
  return new Promise((resolve) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}
const json = (s) => { try { return JSON.parse(s || '{}'); } catch { return {}; } };

function verify() {
  // Job 1
  const diffs = [];
  S.vessels.forEach((v, i) => {
    const o = S.vesselsOriginal[i];
    for (const k of Object.keys(v)) if (String(v[k]) !== String(o[k])) diffs.push({ id: v.id, field: k, from: o[k], to: v[k] });
  });
  const t = D.VESSEL_TARGET;
  const j1 = diffs.length === 1 && diffs[0].id === t.id && diffs[0].field === t.field && diffs[0].to === t.value;
  // Job 2
  const expected = D.makeTariff().map((b) => b.id === D.TARIFF_CHANGE.block ? { ...b, data: { ...b.data, text: b.data.text.replace(D.TARIFF_CHANGE.from, D.TARIFF_CHANGE.to) } } : b);
  const norm = (blocks) => blocks.map((b) => ({ type: b.type, text: String(b.data?.text ?? '').replace(/&nbsp;|\u00a0/g, ' ').trim(), level: b.data?.level ?? null }));
  const j2 = S.tariffSaves > 0 && JSON.stringify(norm(S.tariff)) === JSON.stringify(norm(expected));
  // Job 3
  const target = S.lifts.find((l) => l.id === D.LIFT_TARGET);
  const confirmed = S.lifts.filter((l) => l.status === 'Confirmed').map((l) => l.id);
  const j3 = confirmed.length === 1 && confirmed[0] === D.LIFT_TARGET;
  // Job 4
  const rightHash = sha(RIGHT_CSV);
  const j4 = S.fuelImports.length === 1 && S.fuelImports[0].sha === rightHash;
  const fuelExpected = D.summariseFuel(RIGHT_CSV);
  // Job 5
  const st = D.makeLiftStats().find((s) => s.year === D.STATS_QUESTION.year && s.equipment === D.STATS_QUESTION.equipment);
  // Job 6
  const bt = D.BOOKING_TARGET;
  const b = S.bookings[0];
  const j6 = S.bookings.length === 1 && b.vesselId === bt.vesselId && b.date === bt.date && b.time === bt.time && JSON.stringify([...b.services].sort()) === JSON.stringify(bt.services);
  // Job 7
  const wo = S.invoices.filter((i) => i.status === 'Written off').map((i) => i.id);
  const targetInv = D.makeInvoices(D.makeVessels())[D.INVOICE_TARGET_INDEX];
  const j7 = wo.length === 1 && wo[0] === targetInv.id;
  return {
    jobs: {
      1: { done: j1, details: { changes: diffs, saves: S.vesselSaves.length, expected: t } },
      2: { done: j2, details: { saves: S.tariffSaves, savedBlocks: norm(S.tariff), expectedChange: D.TARIFF_CHANGE } },
      3: { done: j3, details: { confirmed }, expectedReport: target.ticket },
      4: { done: j4, details: { imports: S.fuelImports.map((f) => ({ name: f.name, rows: f.summary.rows, right: f.sha === rightHash })) }, expectedReport: `${fuelExpected.dieselLitres} litres of diesel (${fuelExpected.dieselLitres.toLocaleString('en-GB', { minimumFractionDigits: 1 })} L)` },
      5: { done: S.statsViews > 0, details: { note: 'read-only job; done means the chart data was loaded; check the reported number', statsViews: S.statsViews, question: D.STATS_QUESTION }, expectedReport: String(st.lifts) },
      6: { done: j6, details: { bookings: S.bookings, expected: bt } },
      7: { done: j7, details: { writtenOff: wo }, expectedReport: targetInv.id },
    },
    hits: S.hits,
  };
}

const MIME = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html; charset=utf-8', '.woff2': 'font/woff2', '.woff': 'font/woff', '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.ico': 'image/x-icon', '.json': 'application/json' };

let idleTimer;
function touch() {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => { console.log('idle, shutting down'); server.close(); process.exit(0); }, IDLE_MS);
}

const server = http.createServer(async (req, res) => {
  touch();
  const url = new URL(req.url, 'http://x');
  const p = url.pathname;
  const m = req.method;
  try {
    if (p === '/__verify' && m === 'GET') return send(res, 200, verify());
    if (p === '/__reset' && m === 'POST') { reset(); return send(res, 200, { ok: true }); }
    if (p.startsWith('/api/')) {
      if (p === '/api/meta' && m === 'GET') return send(res, 200, { today: D.TODAY, yard: 'Saltmarsh Boatyard' });
      if (p === '/api/vessels' && m === 'GET') return send(res, 200, S.vessels);
      if (p === '/api/vessels/changes' && m === 'POST') {
        S.hits['POST /api/vessels/changes']++;
        const body = json(await readBody(req));
        const applied = [];
        for (const c of body.changes || []) {
          const v = S.vessels.find((x) => x.id === c.id);
          if (v && c.field in v && c.field !== 'id') { v[c.field] = String(c.value); applied.push(c); }
        }
        S.vesselSaves.push(applied);
        return send(res, 200, { ok: true, applied: applied.length });
      }
      if (p === '/api/tariff' && m === 'GET') return send(res, 200, { blocks: S.tariff });
      if (p === '/api/tariff' && m === 'PUT') {
        S.hits['PUT /api/tariff']++;
        const body = json(await readBody(req));
        if (!Array.isArray(body.blocks)) return send(res, 400, { error: 'blocks required' });
        S.tariff = body.blocks; S.tariffSaves++;
        return send(res, 200, { ok: true, savedAt: new Date().toISOString() });
      }
      if (p === '/api/lifts' && m === 'GET') return send(res, 200, S.lifts.map(({ ticket, ...l }) => l));
      let mm;
      if ((mm = p.match(/^\/api\/lifts\/([\w-]+)\/confirm$/)) && m === 'POST') {
        S.hits['POST /api/lifts/:id/confirm']++;
        const l = S.lifts.find((x) => x.id === mm[1]);
        if (!l) return send(res, 404, { error: 'not found' });
        l.status = 'Confirmed';
        return send(res, 200, { ok: true, id: l.id, ticket: l.ticket });
      }
      if (p === '/api/fuel/import' && m === 'POST') {
        S.hits['POST /api/fuel/import']++;
        const text = await readBody(req);
        const name = decodeURIComponent(req.headers['x-file-name'] || 'upload.csv');
        if (!/^date,pump,fuel,litres/.test(text)) return send(res, 422, { error: 'Not a fuel dock log (expected header date,pump,fuel,litres,…)' });
        const summary = D.summariseFuel(text);
        const months = [...new Set(text.trim().split(/\r?\n/).slice(1).map((l) => l.slice(0, 7)))];
        S.fuelImports.push({ name, sha: sha(text), summary });
        return send(res, 200, { ok: true, name, months, ...summary });
      }
      if (p === '/api/stats/lifts' && m === 'GET') { S.statsViews++; return send(res, 200, D.makeLiftStats()); }
      if (p === '/api/services' && m === 'GET') return send(res, 200, D.SERVICES);
      if (p === '/api/bookings' && m === 'POST') {
        S.hits['POST /api/bookings']++;
        const b = json(await readBody(req));
        const errs = [];
        if (!S.vessels.find((v) => v.id === b.vesselId)) errs.push('vessel');
        if (!/^\d{4}-\d{2}-\d{2}$/.test(b.date || '') || b.date < D.TODAY) errs.push('date');
        if (!/^\d{2}:\d{2}$/.test(b.time || '')) errs.push('time');
        if (!Array.isArray(b.services) || !b.services.length) errs.push('services');
        if (errs.length) return send(res, 422, { error: 'Invalid: ' + errs.join(', ') });
        const booking = { ref: `YB-${5100 + S.bookings.length + 1}`, vesselId: b.vesselId, date: b.date, time: b.time, services: b.services, notes: b.notes || '' };
        S.bookings.push(booking);
        return send(res, 200, { ok: true, booking });
      }
      if (p === '/api/invoices' && m === 'GET') return send(res, 200, S.invoices);
      if ((mm = p.match(/^\/api\/invoices\/([\w-]+)\/write-off$/)) && m === 'POST') {
        S.hits['POST /api/invoices/:id/write-off']++;
        const inv = S.invoices.find((x) => x.id === mm[1]);
        if (!inv) return send(res, 404, { error: 'not found' });
        if (inv.status !== 'Overdue') return send(res, 409, { error: 'Only overdue invoices can be written off' });
        inv.status = 'Written off';
        return send(res, 200, { ok: true, invoice: inv });
      }
      return send(res, 404, { error: 'no such endpoint' });
    }
    if (p.startsWith('/__')) return send(res, 404, { error: 'not found' });
    if (p.startsWith('/assets/') || /\.(ico|png|svg|woff2?)$/.test(p)) {
      const f = path.join(DIST, path.normalize(p).replace(/^(\.\.[/\\])+/, ''));
      if (f.startsWith(DIST) && fs.existsSync(f) && fs.statSync(f).isFile()) return send(res, 200, fs.readFileSync(f), MIME[path.extname(f)] || 'application/octet-stream');
      return send(res, 404, 'not found', 'text/plain');
    }
    return send(res, 200, fs.readFileSync(path.join(DIST, 'index.html')), MIME['.html']);
  } catch (e) {
    console.error(e);
    return send(res, 500, { error: String(e.message || e) });
  }
});
server.listen(PORT, '127.0.0.1', () => { console.log(`Saltmarsh Boatyard back office on http://127.0.0.1:${PORT}`); touch(); });
