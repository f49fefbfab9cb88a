import { defineDatePickerComponent } from '@tylertech/forge/date-picker';
import { defineTextFieldComponent } from '@tylertech/forge/text-field';
import '@tylertech/forge/dist/forge.css';
import Awesomplete from 'awesomplete';
import 'awesomplete/awesomplete.css';
import { api, isoOf, longDate } from '../api.js';
import { TODAY_ISO } from '../fixed-date.js';

defineTextFieldComponent();
defineDatePickerComponent();

export function* BookingsPage() {
  let groups = null;
  let cal = null;
  let bookings = [];
  let error = null;
  let groupId = null;
  let date = null;
  let saving = false;
  let message = null;
  let confirmed = null;
  let awesomplete = null;
  let picker = null;

  const isDisabled = (d) => {
    const iso = isoOf(d);
    const dow = d.getDay();
    return dow === 0 || dow === 6 || iso <= TODAY_ISO || (cal && cal.closed.some((c) => c.date === iso));
  };

  const mount = (root) => {
    if (awesomplete || !groups) return;
    const input = root.querySelector('#group');
    awesomplete = new Awesomplete(input, { list: groups.map((g) => g.name), minChars: 1, maxItems: 12, autoFirst: false });
    const sync = () => {
      const g = groups.find((x) => x.name === input.value.trim());
      groupId = g ? g.id : null;
    };
    input.addEventListener('awesomplete-selectcomplete', sync);
    input.addEventListener('input', sync);
    input.addEventListener('change', sync);

    picker = root.querySelector('forge-date-picker');
    picker.disableDayCallback = isDisabled;
    picker.min = new Date(2025, 10, 14);
    picker.max = new Date(2026, 2, 31);
    picker.showToday = false;
    picker.dateFormat = 'DD-MMM-YYYY';
    picker.addEventListener('forge-date-picker-change', (e) => {
      const v = e.detail;
      date = v instanceof Date && !isNaN(v) ? isoOf(v) : null;
    });
  };
  this.cleanup(() => { if (awesomplete) awesomplete.destroy(); });

  Promise.all([api.get('/api/groups'), api.get('/api/calendar'), api.get('/api/bookings')]).then(
    ([g, c, b]) => { if (!this.isUnmounted) this.refresh(() => { groups = g; cal = c; bookings = b; }); },
    (e) => { if (!this.isUnmounted) this.refresh(() => { error = e.message; }); },
  );

  const submit = async (ev) => {
    ev.preventDefault();
    if (saving) return;
    const f = ev.target;
    const g = groups.find((x) => x.name === f.group.value.trim());
    groupId = g ? g.id : null;
    const v = picker.value;
    date = v instanceof Date && !isNaN(v) ? isoOf(v) : (typeof v === 'string' && v ? isoOf(new Date(v)) : null);
    const problems = [];
    if (!groupId) problems.push('Choose a group from the list.');
    if (!date) problems.push('Choose a date.');
    if (!f.time.value) problems.push('Choose a time.');
    if (problems.length) { this.refresh(() => { message = { kind: 'error', text: problems.join(' ') }; confirmed = null; }); return; }
    this.refresh(() => { saving = true; message = null; confirmed = null; });
    try {
      const res = await api.post('/api/bookings', { groupId, date, time: f.time.value, note: f.note.value });
      this.refresh(() => { saving = false; confirmed = res.booking; bookings = [...bookings, res.booking]; });
    } catch (e) {
      this.refresh(() => { saving = false; message = { kind: 'error', text: e.message }; });
    }
  };

  for ({} of this) {
    if (groups && !awesomplete) this.after(mount);
    yield (
      <section class="page">
        <h1>Group tour bookings</h1>
        <p class="lede">Book a guided glasshouse tour for a visiting group. Tours run on weekdays; the calendar only offers days we can take groups.</p>
        {error && <div class="notice error">{error}</div>}
        {!groups && !error && <div class="loading">Loading…</div>}
        {groups && <div class="card">
          <h2>New booking</h2>
          <form class="form-stack" onsubmit={submit} autocomplete="off">
            <label for="group">Group</label>
            <div class="group-field" copy={!!awesomplete}>
              <input id="group" name="group" type="text" placeholder="Start typing the group's name" class="text-input" />
            </div>
            <div class="field-gap" />
            <forge-date-picker copy={!!picker}>
              <forge-text-field>
                <label for="tour-date" slot="label">Tour date</label>
                <input type="text" id="tour-date" name="tourDate" />
              </forge-text-field>
            </forge-date-picker>
            <div class="field-gap" />
            <label for="time">Start time</label>
            <select id="time" name="time" class="text-input">
              <option value="">Choose a time…</option>
              {(cal ? cal.times : []).map((t) => <option value={t}>{t}</option>)}
            </select>
            <div class="field-gap" />
            <label for="note">Note for the guide</label>
            <textarea id="note" name="note" rows="3" class="text-input" placeholder="Access needs, age range, anything the guide should know" />
            <div class="form-actions"><button class="btn primary" type="submit" disabled={saving || !groups}>{saving ? 'Booking…' : 'Book tour'}</button></div>
          </form>
          {message && <div class={`notice ${message.kind}`} role="alert">{message.text}</div>}
          {confirmed && (
            <div class="notice ok" role="status">
              Booked: {confirmed.group}, {longDate(confirmed.date)} at {confirmed.time}. Booking reference <strong>{confirmed.ref}</strong>.
            </div>
          )}
        </div>}
        {bookings.length > 0 && (
          <div class="card">
            <h2>Booked this session</h2>
            <table class="table">
              <thead><tr><th>Reference</th><th>Group</th><th>Date</th><th>Time</th></tr></thead>
              <tbody>{bookings.map((b) => <tr key={b.ref}><td>{b.ref}</td><td>{b.group}</td><td>{longDate(b.date)}</td><td>{b.time}</td></tr>)}</tbody>
            </table>
          </div>
        )}
      </section>
    );
  }
}
