// The three sites of the economy bench, served on loopback: a booking page with a date picker,
// a rich application form, and a ledger paginated over 6 pages. The server records what was
// booked and submitted and knows the ledger's total, so each flow's answer is checked.
import type http from 'node:http';
import { FixtureServer } from '../test/harness/fixtureServer.js';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The picker opens on December 2026 whatever today is; six months forward is June 2027. */
export const BOOKING = { startYear: 2026, startMonth: 11, targetMonthLabel: 'June 2027', day: 14, dayLabel: '14 June 2027', guests: 5, isoDate: '2027-06-14' };

function bookingPage(): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Harbour Inn: book a stay</title>
<style>body{font:15px sans-serif;margin:24px} .grid{display:grid;grid-template-columns:repeat(7,36px);gap:4px} .grid button{width:36px} nav{margin:8px 0}</style></head>
<body>
<header><h1>Harbour Inn</h1><nav><a href="#rooms">Rooms</a> <a href="#offers">Offers</a> <a href="#contact">Contact</a></nav></header>
<main>
  <h2>Book a stay</h2>
  <section aria-label="Check-in date">
    <div><button id="prev" aria-label="Previous month">&lsaquo;</button> <strong id="month" aria-live="polite"></strong> <button id="next" aria-label="Next month">&rsaquo;</button></div>
    <div class="grid" role="group" aria-label="Days" id="days"></div>
    <p>Check-in: <output id="checkin" aria-label="Check-in">not chosen</output></p>
  </section>
  <section aria-label="Guests">
    <button id="fewer" aria-label="Fewer guests">-</button> <output id="guests" aria-label="Guests">1</output> <button id="more" aria-label="More guests">+</button>
  </section>
  <button id="book">Book</button>
  <p id="confirmation" role="status"></p>
</main>
<footer><p>Harbour Inn, 3 Quay Road. Free cancellation up to 48 hours before arrival.</p></footer>
<script>
const months = ${JSON.stringify(MONTHS)};
let year = ${BOOKING.startYear}, month = ${BOOKING.startMonth}, chosen = null, guests = 1;
function render() {
  document.getElementById('month').textContent = months[month] + ' ' + year;
  const days = document.getElementById('days');
  days.replaceChildren();
  const count = new Date(year, month + 1, 0).getDate();
  for (let d = 1; d <= count; d++) {
    const b = document.createElement('button');
    b.textContent = d;
    const label = d + ' ' + months[month] + ' ' + year;
    b.setAttribute('aria-label', label);
    if (chosen === label) b.setAttribute('aria-pressed', 'true');
    b.onclick = () => { chosen = label; document.getElementById('checkin').textContent = label; render(); };
    days.append(b);
  }
}
document.getElementById('next').onclick = () => { month++; if (month > 11) { month = 0; year++; } render(); };
document.getElementById('prev').onclick = () => { month--; if (month < 0) { month = 11; year--; } render(); };
document.getElementById('more').onclick = () => { guests = Math.min(8, guests + 1); document.getElementById('guests').textContent = guests; };
document.getElementById('fewer').onclick = () => { guests = Math.max(1, guests - 1); document.getElementById('guests').textContent = guests; };
document.getElementById('book').onclick = async () => {
  const out = document.getElementById('confirmation');
  if (!chosen) { out.textContent = 'Choose a check-in date first.'; return; }
  const res = await fetch('/booking/api', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ date: chosen, guests }) });
  const body = await res.json();
  out.textContent = 'Booked ' + body.date + ' for ' + body.guests + ' guests. Confirmation ' + body.id + '.';
};
render();
</script></body></html>`;
}

function applicationPage(): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Apply: Junior engineer</title>
<style>body{font:15px sans-serif;margin:24px} label{display:block;margin:8px 0} [contenteditable]{border:1px solid #888;min-height:60px;padding:4px}</style></head>
<body><h1>Apply: Junior engineer</h1>
<form id="application" novalidate>
  <label>Full name <input name="name" required autocomplete="name"></label>
  <div><span id="letter-label">Cover letter</span>
    <div id="editor" contenteditable="true" role="textbox" aria-multiline="true" aria-labelledby="letter-label"></div>
    <textarea name="letter" required hidden></textarea></div>
  <label>Country <select name="country" required><option value="">Choose…</option><option>France</option><option>Germany</option><option>Portugal</option><option>Spain</option></select></label>
  <label>Birth date <input type="date" name="birth" required min="1900-01-01" max="2008-12-31"></label>
  <fieldset><legend>Contact</legend>
    <label>Email <input type="email" name="email" required></label>
    <label>Phone <input type="tel" name="phone" pattern="[+0-9 ]{6,20}"></label></fieldset>
  <label>CV <input type="file" name="cv" required accept=".pdf,.txt"></label>
  <button type="submit">Submit application</button>
</form>
<p id="note" role="status"></p>
<script>
const form = document.getElementById('application');
const editor = document.getElementById('editor');
editor.addEventListener('input', () => { form.letter.value = editor.innerText.trim(); });
form.addEventListener('submit', async event => {
  event.preventDefault();
  const note = document.getElementById('note');
  if (!form.checkValidity()) { note.textContent = 'Please complete the form.'; return; }
  const res = await fetch('/apply/api', { method: 'POST', body: new FormData(form) });
  const body = await res.json();
  note.textContent = 'Application ' + body.id + ' received for ' + body.name + '.';
});
</script></body></html>`;
}

/** 6 pages of 20 ledger rows; amounts in cents are deterministic. */
export const LEDGER = { pages: 6, rowsPerPage: 20 };
const CATEGORIES = ['Travel', 'Office', 'Software', 'Meals', 'Hardware'];

function ledgerRow(index: number): { date: string; description: string; category: string; cents: number } {
  const cents = ((index * 7919) % 50000) + 1250 - (index % 9 === 0 ? 60000 : 0);
  const day = 1 + (index % 28);
  return { date: `2026-${String(1 + Math.floor(index / 28) % 12).padStart(2, '0')}-${String(day).padStart(2, '0')}`, description: `Invoice ${1000 + index}`, category: CATEGORIES[index % CATEGORIES.length], cents };
}

export function ledgerTotalCents(): number {
  let total = 0;
  for (let i = 0; i < LEDGER.pages * LEDGER.rowsPerPage; i++) total += ledgerRow(i).cents;
  return total;
}

export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}

function ledgerPage(page: number): string {
  const rows = Array.from({ length: LEDGER.rowsPerPage }, (_, i) => ledgerRow((page - 1) * LEDGER.rowsPerPage + i))
    .map(r => `<tr><td>${r.date}</td><td>${r.description}</td><td>${r.category}</td><td class="amount">${formatCents(r.cents)}</td></tr>`).join('');
  const prev = page > 1 ? `<a href="/ledger?page=${page - 1}">Previous</a>` : '';
  const next = page < LEDGER.pages ? `<a href="/ledger?page=${page + 1}">Next</a>` : '';
  return `<!doctype html><html><head><meta charset="utf-8"><title>Ledger, page ${page}</title></head>
<body><h1>Expense ledger</h1><table><thead><tr><th>Date</th><th>Description</th><th>Category</th><th>Amount</th></tr></thead><tbody>${rows}</tbody></table>
<nav aria-label="Pagination">${prev} <span>Page ${page} of ${LEDGER.pages}</span> ${next}</nav></body></html>`;
}

export interface EconomyServer {
  server: FixtureServer;
  bookings: { date: string; guests: number; id: string }[];
  applications: { id: string; fields: Record<string, string>; fileName?: string; fileBytes: number }[];
}

function parseMultipart(body: string, contentType: string): { fields: Record<string, string>; fileName?: string; fileBytes: number } {
  const boundary = /boundary=(.+)$/.exec(contentType)?.[1] ?? '';
  const fields: Record<string, string> = {};
  let fileName: string | undefined;
  let fileBytes = 0;
  for (const part of body.split(`--${boundary}`)) {
    const [head, ...rest] = part.split('\r\n\r\n');
    const name = /name="([^"]+)"/.exec(head)?.[1];
    if (!name) continue;
    const value = rest.join('\r\n\r\n').replace(/\r\n$/, '');
    const file = /filename="([^"]*)"/.exec(head)?.[1];
    if (file !== undefined) {
      fileName = file;
      fileBytes = Buffer.byteLength(value);
    } else {
      fields[name] = value;
    }
  }
  return { fields, fileName, fileBytes };
}

export async function startEconomyServer(): Promise<EconomyServer> {
  const server = await FixtureServer.start();
  const state: EconomyServer = { server, bookings: [], applications: [] };
  const html = (body: string) => (_req: http.IncomingMessage, res: http.ServerResponse): void => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(body);
  };
  const json = (res: http.ServerResponse, value: unknown): void => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
  };
  server.route('/booking', html(bookingPage()));
  server.route('/booking/api', (_req, res, body) => {
    const { date, guests } = JSON.parse(body) as { date: string; guests: number };
    const booking = { date, guests, id: `BK-${1000 + state.bookings.length}` };
    state.bookings.push(booking);
    json(res, booking);
  });
  server.route('/apply', html(applicationPage()));
  server.route('/apply/api', (req, res, body) => {
    const parsed = parseMultipart(body, req.headers['content-type'] ?? '');
    const id = `A-${2000 + state.applications.length}`;
    state.applications.push({ id, ...parsed });
    json(res, { id, name: parsed.fields.name });
  });
  server.route('/ledger', (req, res) => {
    const page = Math.min(LEDGER.pages, Math.max(1, Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page') ?? 1)));
    html(ledgerPage(page))(req, res);
  });
  return state;
}
