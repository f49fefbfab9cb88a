// Trial site #6 ("Brightwater Library Services"): a Svelte 5 single-page app (client-side history
// routing), built into dist/ by `npm run build` (Vite), served by this plain node:http server together
// with the JSON API the app calls. State is in memory.
//
//   PORT=4567 node server.mjs
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
const PORT = Number(process.env.PORT || 4567);
const HOST = '127.0.0.1';
const IDLE_MS = Number(process.env.IDLE_MS || 2 * 60 * 60 * 1000);
const UPLOAD_FILE = path.join(ROOT, 'files', D.UPLOAD_NAME);

const PATRONS0 = D.makePatrons();
const ITEMS = D.makeItems();
const VISITS = D.makeVisits();

// ------------------------------------------------------------------ state
let state;
function reset() {
  state = {
    patrons: PATRONS0.map((c) => ({ ...c })),
    patronSaves: [],
    notices: Object.fromEntries(D.NOTICES.map((n) => [n.id, { html: n.html, saves: [] }])),
    closures: [],
    uploads: [],
    chunks: {},
    visitViews: 0,
    events: D.SEEDED_EVENTS.map((e) => ({ ...e, staff: [...e.staff] })),
    nextEvent: 7040,
    withdrawn: [],
    recordViews: [],
    hits: {},
  };
}
reset();

// ------------------------------------------------------------------ checks
function stockSummary(buf) {
  const lines = buf.toString('utf8').split(/\r?\n/).filter((l) => l.trim());
  const head = lines[0].split(',').map((h) => h.trim().toLowerCase());
  const ix = (k) => { const i = head.indexOf(k); if (i < 0) throw new Error('missing column ' + k); return i; };
  const [iB, iC, iS] = ['branch', 'barcode', 'status'].map(ix);
  const codes = new Set(); const seen = new Set();
  let scans = 0, duplicates = 0, other = 0, damaged = 0;
  for (const l of lines.slice(1)) {
    const c = l.split(','); scans++; codes.add(c[iB]);
    const st = (c[iS] || '').trim();
    if (st === 'OTHER_BRANCH') { other++; continue; }
    if (seen.has(c[iC])) { duplicates++; continue; }
    seen.add(c[iC]); if (st === 'DAMAGED') damaged++;
  }
  const code = [...codes].join(', ');
  const b = D.STOCK_BRANCHES[code];
  if (!b) throw new Error('unknown branch code ' + code);
  return { branchCode: code, branch: b.name, catalogue: b.catalogue, scans, distinct: seen.size, duplicates, otherBranch: other, damaged, missing: b.catalogue - seen.size };
}
const EXPECTED_STOCK = stockSummary(fs.readFileSync(UPLOAD_FILE));
const VISIT_ANSWER = VISITS.series.find((s) => s.name === D.VISIT_Q.branch).values[VISITS.months.indexOf(D.VISIT_Q.month)];

const htmlText = (h) => String(h).replace(/<br\s*\/?>/gi, '\n').replace(/<\/(div|p|h\d|li|blockquote)>/gi, '\n').replace(/<[^>]+>/g, '')
  .replace(/&nbsp;|\u00a0/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'")
  .split('\n').map((l) => l.replace(/\s+/g, ' ').trim()).filter(Boolean).join('\n');
const NOTICE0 = D.NOTICES.find((n) => n.id === D.NOTICE_TARGET);
const NOTICE_EXPECTED = htmlText(NOTICE0.html).replace(D.NOTICE_FROM, D.NOTICE_TO);
function lineDiff(a, b) {
  const A = a.split('\n'), B = b.split('\n'); const out = [];
  for (let i = 0; i < Math.max(A.length, B.length); i++) if (A[i] !== B[i]) out.push({ line: i + 1, was: A[i] ?? null, now: B[i] ?? null });
  return out.slice(0, 20);
}

function verify() {
  const p0 = Object.fromEntries(PATRONS0.map((c) => [c.card, c]));
  const changed = state.patrons.filter((c) => c.homeDelivery !== p0[c.card].homeDelivery);
  const nt = state.notices[D.NOTICE_TARGET];
  const lastNotice = nt.saves[nt.saves.length - 1];
  const otherNoticeSaves = Object.entries(state.notices).filter(([id, n]) => id !== D.NOTICE_TARGET && n.saves.length).map(([id]) => id);
  const fileSha = crypto.createHash('sha256').update(fs.readFileSync(UPLOAD_FILE)).digest('hex');
  const goodUploads = state.uploads.filter((u) => u.name === D.UPLOAD_NAME && u.sha256 === fileSha);
  const userEvents = state.events.filter((e) => !e.seeded);
  const T = D.EVENT_TARGET;
  const evOk = userEvents.length === 1 && (() => {
    const e = userEvents[0];
    return e.branch === T.branch && e.type === T.type && e.date === T.date && e.start === T.start && e.end === T.end
      && JSON.stringify([...e.staff].sort()) === JSON.stringify([...T.staff].sort());
  })();
  const branchName = (id) => D.BRANCHES.find((b) => b.id === id)?.name || id;
  const tgtClosure = state.closures.filter((c) => c.branch === D.CLOSURE_TARGET.branch && c.reason === D.CLOSURE_TARGET.reason);
  const itemName = (bc) => { const i = ITEMS.find((x) => x.barcode === bc); return i ? `${bc} ${i.title} (${i.format}, ${i.branch}, ${i.status})` : bc; };
  return {
    jobs: {
      '1-grid-home-delivery': {
        done: changed.length === 1 && changed[0].card === D.PATRON_TARGET && changed[0].homeDelivery === true,
        changedPatrons: changed.map((c) => ({ card: c.card, name: `${c.title} ${c.firstName} ${c.surname}`, address: `${c.address}, ${c.town}`,
          homeDelivery: `${p0[c.card].homeDelivery} -> ${c.homeDelivery}` })),
        saves: state.patronSaves,
      },
      '2-editor-notice': {
        done: !!lastNotice && htmlText(lastNotice) === NOTICE_EXPECTED && otherNoticeSaves.length === 0,
        saves: nt.saves.length,
        lastSaveDiff: lastNotice ? lineDiff(htmlText(NOTICE0.html), htmlText(lastNotice)) : null,
        expectedDiff: lineDiff(htmlText(NOTICE0.html), NOTICE_EXPECTED),
        otherNoticesSaved: otherNoticeSaves,
      },
      '3-map-toast-closure': {
        done: state.closures.length === 1 && tgtClosure.length === 1,
        closures: state.closures.map((c) => ({ ...c, branchName: branchName(c.branch) })),
        expectedReport: tgtClosure.map((c) => c.reference).pop() ?? null,
      },
      '4-upload-stocktake': {
        done: goodUploads.length >= 1,
        uploads: state.uploads.map(({ name, bytes, sha256, summary, batch }) => ({ name, bytes, sha256: sha256.slice(0, 12), batch, summary })),
        expectedReport: `${EXPECTED_STOCK.missing} items missing`,
      },
      '5-chart-visits': {
        done: state.visitViews > 0,
        note: 'answer-only job: done just means the page loaded the chart data; compare the reported number',
        visitViews: state.visitViews,
        expectedReport: `${VISIT_ANSWER.toLocaleString('en-GB')} visits`,
      },
      '6-datepicker-event': {
        done: evOk,
        target: T,
        events: state.events,
      },
      '7-newtab-confirm-withdraw': {
        done: state.withdrawn.length === 1 && state.withdrawn[0] === D.ITEM_TARGET,
        withdrawn: state.withdrawn.map(itemName),
        recordViews: state.recordViews,
        expectedReport: D.ITEM_ANSWER,
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
function record(bc) {
  const it = ITEMS.find((x) => x.barcode === bc);
  if (!it) return null;
  let extra = D.RECORD_FIXED[bc];
  if (!extra) {
    const h = crypto.createHash('md5').update(bc).digest(); const p = (n) => String(n).padStart(2, '0');
    extra = { shelfmark: `${800 + (h[0] % 100)}.${h[1] % 10} ${it.author.split(' ').pop().slice(0, 3).toUpperCase()}`, isbn: '978' + String(1000000000 + h.readUInt32BE(2) % 899999999),
      acquired: `${2012 + (h[6] % 13)}-${p(1 + (h[7] % 12))}-${p(1 + (h[8] % 28))}`, price: `£${7 + (h[9] % 12)}.99`, supplier: ['Askews', 'Peters Library Service', 'Browns Books'][h[10] % 3],
      lastIssued: `2026-${p(1 + (h[11] % 11))}-${p(1 + (h[12] % 28))}`, issues: h[13] % 60 };
  }
  return { ...it, ...extra, status: state.withdrawn.includes(bc) ? 'Withdrawn' : it.status };
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
        branches: D.BRANCHES.length, closuresToday: state.closures.length, patrons: state.patrons.length,
        homeDelivery: state.patrons.filter((c) => c.homeDelivery).length, upcomingEvents: state.events.length, today: D.TODAY });
      if (p === '/api/patrons') return json(res, 200, state.patrons);
      if (p === '/api/notices') return json(res, 200, D.NOTICES.map(({ html, ...n }) => ({ ...n, savedByYou: state.notices[n.id].saves.length > 0 })));
      if ((mm = /^\/api\/notices\/([\w-]+)$/.exec(p))) {
        const n = D.NOTICES.find((x) => x.id === mm[1]);
        if (!n) return json(res, 404, { error: 'no such notice' });
        return json(res, 200, { ...n, html: state.notices[n.id].html });
      }
      if (p === '/api/branch-map') return json(res, 200, { county: D.COUNTY, branches: D.BRANCHES, reasons: D.CLOSURE_REASONS,
        closed: state.closures.map((c) => c.branch) });
      if (p === '/api/stocktakes') return json(res, 200, state.uploads.map(({ name, batch, summary, at }) => ({ name, batch, summary, at })));
      if (p === '/api/visits') { state.visitViews++; return json(res, 200, VISITS); }
      if (p === '/api/event-options') return json(res, 200, { branches: D.BRANCHES.map((b) => b.name), types: D.EVENT_TYPES, staff: D.EVENT_STAFF, defaultStaff: [D.USER.name], today: D.TODAY });
      if (p === '/api/events') return json(res, 200, state.events.map(({ seeded, ...e }) => e));
      if (p === '/api/items') return json(res, 200, ITEMS.map((i) => ({ ...i, status: state.withdrawn.includes(i.barcode) ? 'Withdrawn' : i.status })));
      if ((mm = /^\/api\/items\/(\d+)\/record$/.exec(p))) {
        const r = record(mm[1]);
        state.recordViews.push(mm[1]);
        return r ? json(res, 200, r) : json(res, 404, { error: 'no such item' });
      }
      if (p.startsWith('/api/')) return json(res, 404, { error: 'not found' });
      if (p === '/favicon.ico') { res.writeHead(204); return res.end(); }
      if (p.startsWith('/assets/') && serveDist(res, p.slice(1))) return;
      if (p.startsWith('/assets/')) return send(res, 404, 'not found', 'text/plain');
      return indexHtml(res); // client-side routes
    }
    if (m === 'POST') {
      if (p === '/__reset') { reset(); return json(res, 200, { ok: true }); }
      if (p === '/api/patrons/save') {
        hit('POST /api/patrons/save');
        const body = await readJson(req);
        const changes = Array.isArray(body.changes) ? body.changes : [];
        const applied = [];
        for (const ch of changes) {
          const c = state.patrons.find((x) => x.card === ch.card);
          if (!c || typeof ch.homeDelivery !== 'boolean') continue;
          c.homeDelivery = ch.homeDelivery;
          applied.push({ card: c.card, homeDelivery: c.homeDelivery });
        }
        state.patronSaves.push(applied);
        return json(res, 200, { saved: applied.length, patrons: applied });
      }
      if ((mm = /^\/api\/notices\/([\w-]+)$/.exec(p))) {
        hit('POST /api/notices/:id');
        const n = state.notices[mm[1]];
        if (!n) return json(res, 404, { error: 'no such notice' });
        const body = await readJson(req);
        if (typeof body.html !== 'string') return json(res, 400, { error: 'html required' });
        n.saves.push(body.html); n.html = body.html;
        return json(res, 200, { ok: true, savedAt: new Date().toISOString(), version: 'v' + (11 + n.saves.length) });
      }
      if (p === '/api/closures') {
        hit('POST /api/closures');
        const b = await readJson(req);
        const br = D.BRANCHES.find((x) => x.id === b.branch);
        if (!br || !D.CLOSURE_REASONS.includes(b.reason)) return json(res, 400, { error: 'branch and reason are required' });
        const reference = rid('CLO-');
        state.closures.push({ reference, branch: br.id, reason: b.reason, note: String(b.note || '').slice(0, 500) });
        return json(res, 200, { reference, branch: br.name, reason: b.reason });
      }
      if (p === '/api/stocktakes/upload') {
        // Resumable.js sends the file in chunks (multipart, one request per chunk); files here fit in one chunk
        hit('POST /api/stocktakes/upload');
        const parts = parseMultipart(await readBody(req), req.headers['content-type']);
        const field = (k) => parts.find((x) => x.name === k)?.data.toString('utf8');
        const f = parts.find((x) => x.filename !== undefined && x.name === 'file');
        if (!f) return json(res, 400, { error: 'no file' });
        const id = field('resumableIdentifier') || 'single'; const num = Number(field('resumableChunkNumber') || 1); const total = Number(field('resumableTotalChunks') || 1);
        const name = field('resumableFilename') || f.filename;
        const ch = (state.chunks[id] ||= {}); ch[num] = f.data;
        if (Object.keys(ch).length < total) return json(res, 200, { ok: true, chunk: num, of: total });
        const data = Buffer.concat(Array.from({ length: total }, (_, i) => ch[i + 1])); delete state.chunks[id];
        let summary;
        try { summary = stockSummary(data); } catch (e) { return json(res, 422, { error: 'not a stock-take scan file: ' + e.message }); }
        const rec = { name, bytes: data.length, sha256: crypto.createHash('sha256').update(data).digest('hex'), summary, batch: 'ST-' + (3310 + state.uploads.length), at: new Date().toISOString() };
        state.uploads.push(rec);
        return json(res, 200, { name: rec.name, batch: rec.batch, ...summary });
      }
      if (p === '/api/events') {
        hit('POST /api/events');
        const b = await readJson(req);
        const e = { id: 'EV-' + state.nextEvent++, branch: String(b.branch || ''), type: String(b.type || ''), date: String(b.date || ''),
          start: String(b.start || ''), end: String(b.end || ''), staff: Array.isArray(b.staff) ? b.staff.map(String) : [], seeded: false };
        if (!e.branch || !e.type || !/^\d{4}-\d\d-\d\d$/.test(e.date) || !/^\d\d:\d\d$/.test(e.start) || !/^\d\d:\d\d$/.test(e.end) || !e.staff.length) {
          state.nextEvent--; return json(res, 400, { error: 'branch, event, date, start and end time and at least one member of staff are required' });
        }
        state.events.push(e);
        return json(res, 200, e);
      }
      if ((mm = /^\/api\/items\/(\d+)\/withdraw$/.exec(p))) {
        hit('POST /api/items/:barcode/withdraw');
        const it = ITEMS.find((x) => x.barcode === mm[1]);
        if (!it) return json(res, 404, { error: 'no such item' });
        if (!state.withdrawn.includes(it.barcode)) state.withdrawn.push(it.barcode);
        return json(res, 200, { barcode: it.barcode, title: it.title });
      }
    }
    send(res, 404, 'not found', 'text/plain');
  } catch (e) {
    json(res, 500, { error: String((e && e.message) || e) });
  }
});
server.listen(PORT, HOST, () => console.log(`trial-site-6 on http://${HOST}:${PORT}/ (idle exit after ${IDLE_MS} ms)`));
setInterval(() => { if (Date.now() - lastActivity > IDLE_MS) { console.log('idle, exiting'); process.exit(0); } }, Math.min(60000, IDLE_MS)).unref();
