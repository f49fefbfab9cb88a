import Ractive from 'ractive';
import Datepickk from 'datepickk/dist/datepickk.js';
import 'datepickk/dist/datepickk.min.css';
import AutoComplete from 'js-autocomplete';
import 'js-autocomplete/auto-complete.css';
import { api, get, fmtDate } from '../api.js';

const DAY = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const toIso = (d) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const fromIso = (s) => { const [y, m, d] = s.split('-').map(Number); return new Date(y, m - 1, d); };
const longDate = (iso) => iso ? `${DAY[fromIso(iso).getDay()]} ${fmtDate(iso)}` : '';

export default Ractive.extend({
  data: () => ({
    opts: null, date: '', equipment: '', supers: '', busy: false, error: '', booked: null, mine: [], longDate,
    equipmentName: (opts, id) => ((opts && opts.equipment.find((e) => e.id === id)) || {}).name || id,
  }),
  template: `
    <section class="page extraction-page">
      <h1>Honey house booking</h1>
      <p class="lede">Book the extraction room and the kit you need. One booking per day; the honey house is shut on Sundays.</p>
      <form class="booking-form" on-submit="@this.book(@event)">
        <div class="field"><span class="label">Booked by</span><span>{{#if opts}}{{opts.user}}{{/if}}</span></div>
        <div class="field calendar-field">
          <span class="label">Day</span>
          <div>
            <div id="booking-calendar" class="booking-calendar"></div>
            <p class="chosen-day">{{#if date}}Chosen day: <strong>{{longDate(date)}}</strong>{{else}}No day chosen yet{{/if}}</p>
          </div>
        </div>
        <label class="field"><span class="label">Equipment</span>
          <input id="equipment" type="text" name="equipment" placeholder="Start typing, e.g. radial" value="{{equipment}}" />
        </label>
        <label class="field"><span class="label">Supers to extract</span>
          <input type="number" name="supers" min="1" max="20" value="{{supers}}" />
        </label>
        <div class="toolbar">
          <button type="submit" class="btn btn-go" disabled="{{busy}}">{{#if busy}}Booking…{{else}}Book the slot{{/if}}</button>
          {{#if error}}<span class="error">{{error}}</span>{{/if}}
        </div>
      </form>
      {{#if booked}}
        <div class="result-box">
          <h2>Booked</h2>
          <p>Booking reference <strong class="ref">{{booked.ref}}</strong></p>
          <p class="muted">{{longDate(booked.date)}} · {{equipmentName(opts, booked.equipmentId)}} · {{booked.supers}} supers</p>
        </div>
      {{/if}}
      {{#if mine.length}}
        <h2 class="sub">Your bookings</h2>
        <table class="plain"><thead><tr><th>Reference</th><th>Day</th><th>Equipment</th><th>Supers</th></tr></thead>
        <tbody>{{#each mine}}<tr><td>{{.ref}}</td><td>{{longDate(.date)}}</td><td>{{equipmentName(opts, .equipmentId)}}</td><td>{{.supers}}</td></tr>{{/each}}</tbody></table>
      {{/if}}
    </section>
  `,
  async oncomplete() {
    try {
      const [opts, mine] = await Promise.all([get('/api/bookings/options'), get('/api/bookings/mine')]);
      if (this.torndown) return;
      this.set({ opts, mine });
      this.setupCalendar(opts);
      this.setupAutocomplete(opts);
    } catch (e) {
      this.set('error', e.message);
    }
  },
  setupCalendar(opts) {
    const page = this;
    const closed = opts.closedDays.map((d) => DAY.indexOf(d));
    this.picker = new Datepickk({
      container: this.find('#booking-calendar'),
      inline: true,
      lang: 'en',
      weekStart: 1,
      today: false,
      maxSelections: 1,
      startDate: fromIso(opts.minDate),
      minDate: fromIso(opts.minDate),
      maxDate: fromIso(opts.maxDate),
      disabledDays: closed,
      disabledDates: opts.unavailable.map(fromIso),
      onSelect(checked) {
        page.set('date', checked ? toIso(this) : '');
      },
    });
  },
  setupAutocomplete(opts) {
    const names = opts.equipment.map((e) => e.name);
    this.ac = new AutoComplete({
      selector: this.find('#equipment'),
      minChars: 1,
      delay: 100,
      cache: false,
      source(term, suggest) {
        const words = term.toLowerCase().split(/\s+/).filter(Boolean);
        suggest(names.filter((n) => words.every((w) => n.toLowerCase().includes(w))));
      },
      onSelect: (e, term) => { this.set('equipment', term); },
    });
  },
  async book(ev) {
    if (ev && ev.preventDefault) ev.preventDefault(); // @event is the DOM submit event
    const { date, equipment, supers, opts } = this.get();
    const eq = opts && opts.equipment.find((x) => x.name === String(equipment).trim());
    if (!date) { this.set('error', 'Choose a day on the calendar.'); return false; }
    if (!eq) { this.set('error', 'Choose the equipment from the suggestions.'); return false; }
    if (!supers || Number(supers) < 1) { this.set('error', 'How many supers?'); return false; }
    this.set({ busy: true, error: '' });
    try {
      const r = await api('POST', '/api/bookings', { date, equipmentId: eq.id, supers: Number(supers) });
      this.set({ booked: r.booking });
      this.push('mine', r.booking);
    } catch (e) {
      this.set('error', e.message);
    } finally {
      this.set('busy', false);
    }
    return false;
  },
  onteardown() {
    this.torndown = true;
    if (this.ac && this.ac.destroy) this.ac.destroy();
    if (this.picker && this.picker.el && this.picker.el.parentNode) this.picker.el.parentNode.removeChild(this.picker.el);
  },
});
