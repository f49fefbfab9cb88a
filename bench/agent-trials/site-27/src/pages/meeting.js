import { CustomElement } from 'aurelia';
import autocomplete from 'autocompleter';
import 'autocompleter/autocomplete.css';
import pickmeup from 'pickmeup';
import 'pickmeup/css/pickmeup.css';
import { api, fmtDate } from '../api.js';

const iso = (d) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

export const MeetingPage = CustomElement.define({
  name: 'meeting-page',
  template: `
  <h1>Book a meeting</h1>
  <p class="muted">Book a meeting with the Trips Office. The office is closed at weekends and on the days greyed out in the calendar; meetings cannot be booked for today.</p>
  <form class="card-form wide" submit.trigger="book($event)" if.bind="!booking">
    <label>School <input ref="schoolInput" type="text" autocomplete="off" placeholder="Start typing a school name" input.trigger="schoolTyped()"></label>
    <label>Meeting type <select aria-label="Meeting type" value.bind="type"><option value="">Choose…</option><option repeat.for="t of types" value.bind="t">\${t}</option></select></label>
    <label>Date <input ref="dateInput" type="text" readonly placeholder="Pick a date" value.bind="dateText"></label>
    <label>Time <select aria-label="Time" value.bind="time"><option value="">Choose…</option><option repeat.for="t of times" value.bind="t">\${t}</option></select></label>
    <label>Note for the office <textarea rows="3" value.bind="note"></textarea></label>
    <button type="submit" class="primary" disabled.bind="busy">\${busy ? 'Booking…' : 'Book meeting'}</button>
    <p role="alert" class="error" if.bind="error">\${error}</p>
  </form>
  <section class="result" if.bind="booking" aria-label="Booking confirmation">
    <h2>Meeting booked</h2>
    <dl>
      <dt>Booking reference</dt><dd class="big">\${booking.ref}</dd>
      <dt>School</dt><dd>\${booking.school}</dd>
      <dt>When</dt><dd>\${pretty(booking.date)} at \${booking.time}</dd>
      <dt>Type</dt><dd>\${booking.type}</dd>
      <dt>Note</dt><dd>\${booking.note || '—'}</dd>
    </dl>
    <button type="button" click.trigger="another()">Book another meeting</button>
  </section>`,
}, class {
  types = []; times = []; type = ''; time = ''; note = ''; date = ''; dateText = ''; schoolId = ''; busy = false; error = ''; booking = null;
  pretty(d) { return fmtDate(d); }
  async attached() {
    const o = await api('GET', '/api/meeting-options');
    this.options = o; this.types = o.types; this.times = o.times;
    this.setupWidgets();
  }
  setupWidgets() {
    const o = this.options;
    const schools = o.schools;
    this.ac = autocomplete({
      input: this.schoolInput, minLength: 1, showOnFocus: true, emptyMsg: 'No matching school',
      fetch: (text, update) => { const t = text.toLowerCase(); update(schools.filter((s) => s.name.toLowerCase().includes(t)).map((s) => ({ label: s.name, value: s.id }))); },
      onSelect: (item) => { this.schoolInput.value = item.label; this.schoolId = item.value; },
    });
    const today = new Date(o.today + 'T00:00:00');
    const closed = new Set(o.closedDays);
    this.pmu = pickmeup(this.dateInput, {
      format: 'd/m/Y', default_date: false, hide_on_select: true, current: today, date: [], first_day: 1,
      render: (d) => {
        const s = iso(d); const day = d.getDay();
        const off = s <= o.today || day === 0 || day === 6 || closed.has(s);
        return off ? { disabled: true, class_name: closed.has(s) ? 'pmu-closed' : '' } : {};
      },
    });
    this.dateInput.addEventListener('pickmeup-change', (e) => { this.date = iso(e.detail.date); this.dateText = fmtDate(this.date); this.dateInput.value = this.dateText; });
  }
  schoolTyped() { this.schoolId = ''; }
  async book(e) {
    e.preventDefault(); this.error = '';
    if (!this.schoolId) { this.error = 'Choose a school from the suggestions.'; return; }
    if (!this.type) { this.error = 'Choose a meeting type.'; return; }
    if (!this.date) { this.error = 'Pick a date.'; return; }
    if (!this.time) { this.error = 'Choose a time.'; return; }
    this.busy = true;
    try { this.booking = await api('POST', '/api/meetings', { schoolId: this.schoolId, type: this.type, date: this.date, time: this.time, note: this.note }); this.teardown(); }
    catch (err) { this.error = err.message; }
    finally { this.busy = false; }
  }
  another() { this.booking = null; this.type = ''; this.time = ''; this.note = ''; this.date = ''; this.dateText = ''; this.schoolId = ''; queueMicrotask(() => setTimeout(() => this.setupWidgets(), 0)); }
  teardown() { this.ac && this.ac.destroy(); this.pmu && pickmeup(this.dateInput).destroy(); this.ac = null; this.pmu = null; }
  detaching() { if (this.booking == null) this.teardown(); }
});
