import $ from '../jq.js';
import 'pickadate/lib/picker.js';
import 'pickadate/lib/picker.date.js';
import 'pickadate/lib/themes/default.css';
import 'pickadate/lib/themes/default.date.css';
import 'multiple-select/dist/multiple-select.js';
import 'multiple-select/dist/multiple-select.min.css';

const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));

class PageBookings extends HTMLElement {
  async connectedCallback() {
    const [meta, customers, bookings] = await Promise.all(['/api/meta', '/api/customers', '/api/bookings'].map((u) => fetch(u).then((r) => r.json())));
    const names = customers.map((c) => c.name).filter((n, i, a) => a.indexOf(n) === i).sort((a, b) => a.localeCompare(b));
    this.innerHTML = `<h1>Press checks</h1>
      <p class="sub">Book a customer in to check sheets at the press. Press checks run on weekdays; the shop is closed to visitors on some days.</p>
      <div class="card"><form id="f" novalidate>
        <div class="form-row"><label for="customer">Customer</label><select id="customer" required><option value="">Choose a customer…</option>${names.map((n) => `<option>${esc(n)}</option>`).join('')}</select></div>
        <div class="form-row"><label for="date">Date</label><input id="date" type="text" placeholder="Pick a date" readonly></div>
        <div class="form-row"><label for="time">Time</label><select id="time"><option value="">Choose a time…</option>${meta.times.map((t) => `<option>${t}</option>`).join('')}</select></div>
        <div class="form-row"><label for="checks">Checks to run</label><select id="checks" multiple>${meta.checks.map((c) => `<option value="${esc(c)}">${esc(c)}</option>`).join('')}</select></div>
        <div class="form-row"><label for="notes">Notes for the press room</label><textarea id="notes" rows="3"></textarea></div>
        <button class="btn primary" type="submit">Book press check</button> <span id="state"></span>
      </form></div>
      <div class="card"><h3>Upcoming press checks</h3><table class="plain"><thead><tr><th>Ref</th><th>Customer</th><th>Date</th><th>Time</th><th>Checks</th></tr></thead><tbody id="rows"></tbody></table></div>`;
    const rows = this.querySelector('#rows');
    const render = (list) => { rows.innerHTML = list.map((b) => `<tr><td>${b.id}</td><td>${esc(b.customer)}</td><td>${b.date}</td><td>${b.time}</td><td>${b.checks.map(esc).join(', ')}</td></tr>`).join(''); };
    render(bookings);
    const closed = meta.closedDates.map((d) => { const [y, m, dd] = d.split('-').map(Number); return [y, m - 1, dd]; });
    const $date = $(this.querySelector('#date')).pickadate({
      min: new Date(2027, 3, 13), max: new Date(2027, 5, 30),
      disable: [1, 7, ...closed],
      format: 'dddd d mmmm yyyy', firstDay: 1, selectYears: false,
      today: '', clear: 'Clear', close: 'Close',
    });
    this.picker = $date.pickadate('picker');
    const $checks = $(this.querySelector('#checks'));
    $checks.multipleSelect({ placeholder: 'Choose checks…', selectAll: false, filter: false, width: '100%', minimumCountSelected: 6 });
    const state = this.querySelector('#state');
    this.querySelector('#f').addEventListener('submit', async (e) => {
      e.preventDefault();
      const body = {
        customer: this.querySelector('#customer').value,
        date: this.picker.get('select', 'yyyy-mm-dd'),
        time: this.querySelector('#time').value,
        checks: $checks.multipleSelect('getSelects'),
        notes: this.querySelector('#notes').value,
      };
      const missing = [!body.customer && 'customer', !body.date && 'date', !body.time && 'time', !body.checks.length && 'at least one check'].filter(Boolean);
      if (missing.length) { state.className = 'msg-err'; state.textContent = `Please choose ${missing.join(', ')}.`; return; }
      const res = await fetch('/api/bookings', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      const out = await res.json();
      if (!res.ok) { state.className = 'msg-err'; state.textContent = out.error || 'Booking failed'; return; }
      state.className = 'msg-ok'; state.textContent = `Booked ${out.id} for ${out.customer}.`;
      bookings.push(out); render(bookings);
      e.target.reset(); this.picker.clear(); $checks.multipleSelect('uncheckAll');
    });
  }
  disconnectedCallback() {
    try { this.picker && this.picker.stop(); } catch { /* ignore */ }
    try { $(this.querySelector('#checks')).multipleSelect('destroy'); } catch { /* ignore */ }
  }
}
customElements.define('page-bookings', PageBookings);
