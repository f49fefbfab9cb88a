// Hangar tours: Ignite UI date picker (lit, shadow DOM, popover calendar with disabled dates)
// and Algolia Autocomplete (Preact-rendered panel) for the supporter group.
import { define, html } from 'hybrids';
import { defineComponents, IgcDatePickerComponent, DateRangeType } from 'igniteui-webcomponents';
import 'igniteui-webcomponents/themes/light/bootstrap.css';
import { autocomplete } from '@algolia/autocomplete-js';
import '@algolia/autocomplete-theme-classic';
import { api, longDate, TODAY } from '../api.js';

defineComponents(IgcDatePickerComponent);

const localDate = (iso) => { const [y, m, d] = iso.split('-').map(Number); return new Date(y, m - 1, d); };
const toIso = (d) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

function norm(s) { return s.toLowerCase().normalize('NFKD').replace(/[^a-z0-9 ]/g, ''); }

function mountWidgets(host, data) {
  // date picker
  const picker = host.querySelector('igc-date-picker');
  const tomorrow = localDate(TODAY); tomorrow.setDate(tomorrow.getDate() + 1);
  picker.disabledDates = [
    { type: DateRangeType.Before, dateRange: [tomorrow] },
    { type: DateRangeType.Weekends, dateRange: [] },
    { type: DateRangeType.Specific, dateRange: data.closed.map((c) => localDate(c.date)) },
  ];
  picker.activeDate = localDate(TODAY);
  picker.weekStart = 'monday';
  picker.locale = 'en-GB';
  picker.displayFormat = 'EEEE d MMMM yyyy';
  picker.addEventListener('igcChange', (e) => { host.date = e.detail ? toIso(e.detail) : ''; host.message = ''; });

  // supporter group combobox
  const groups = data.groups;
  host.ac = autocomplete({
    container: host.querySelector('.group-ac'),
    placeholder: 'Search supporter groups…',
    openOnFocus: true,
    detachedMediaQuery: 'none',
    panelPlacement: 'input-wrapper-width',
    translations: { clearButtonTitle: 'Clear', submitButtonTitle: 'Search' },
    onStateChange({ state }) {
      if (host.groupId && state.query !== host.groupName) { host.groupId = ''; host.groupName = ''; }
    },
    getSources({ query }) {
      return [{
        sourceId: 'groups',
        getItems() {
          const q = norm(query).trim();
          const words = q.split(/\s+/).filter(Boolean);
          return groups.filter((g) => { const n = norm(g.name); return words.every((w) => n.includes(w)); });
        },
        getItemInputValue({ item }) { return item.name; },
        onSelect({ item }) { host.groupId = item.id; host.groupName = item.name; host.message = ''; },
        templates: {
          item({ item, html: h }) {
            return h`<div class="aa-ItemWrapper"><div class="aa-ItemContent"><div class="aa-ItemContentBody">
              <div class="aa-ItemContentTitle">${item.name}</div>
              <div class="aa-ItemContentDescription">Contact: ${item.contact}</div>
            </div></div></div>`;
          },
          noResults() { return 'No supporter group matches that.'; },
        },
      }];
    },
  });
}

async function submit(host, event) {
  event.preventDefault();
  host.message = '';
  host.booked = null;
  if (!host.groupId) { host.message = 'Choose a supporter group from the list.'; return; }
  if (!host.date) { host.message = 'Choose a date.'; return; }
  const form = event.target;
  const time = form.elements.time.value;
  if (!time) { host.message = 'Choose a time.'; return; }
  host.busy = true;
  try {
    const rec = await api('POST', '/api/tours', { groupId: host.groupId, date: host.date, time, note: form.elements.note.value });
    host.booked = { ...rec, group: host.groupName };
    host.bookings = [...host.bookings, rec];
  } catch (e) {
    host.message = e.message;
  } finally {
    host.busy = false;
  }
}

define({
  tag: 'fw-tours',
  data: { value: undefined },
  bookings: { value: (h, v) => v || [] },
  groupId: '',
  groupName: '',
  date: '',
  busy: false,
  message: '',
  booked: { value: undefined },
  ac: { value: undefined, connect: (host) => () => { try { host.ac?.destroy(); } catch { /* ignore */ } } },
  render: {
    value: ({ data, bookings, busy, message, booked }) => html`
      <section class="page">
        <header>
          <h1>Hangar tours</h1>
          <p>Supporter groups can visit the hangar at Pennbridge base on weekdays. Tours last about an hour.</p>
        </header>
        <div class="panel">
          <h2>Book a tour</h2>
          <form class="tour-form" onsubmit="${submit}" novalidate>
            <div class="field full">
              <label class="field" for="group-input-label">Supporter group</label>
              <div class="group-ac" id="group-input-label"></div>
            </div>
            <div>
              <igc-date-picker label="Tour date" placeholder="Choose a date" non-editable></igc-date-picker>
            </div>
            <label class="field">Time
              <select name="time">
                <option value="">Choose a time…</option>
                ${(data ? data.slots : []).map((s) => html`<option value="${s}">${s}</option>`.key(s))}
              </select>
            </label>
            <label class="field full">Note for the crew
              <textarea name="note" rows="3" placeholder="Access needs, parking, group size…"></textarea>
            </label>
            <div class="full" style="display:flex; gap:.75rem; align-items:center">
              <button class="fw-btn primary" type="submit" disabled="${busy || !data}">${busy ? 'Booking…' : 'Book tour'}</button>
              ${message && html`<span class="msg error" role="alert">${message}</span>`}
            </div>
          </form>
          ${booked && html`
            <div class="confirm-box" role="status">
              Tour booked for <strong>${booked.group}</strong> on ${longDate(booked.date)} at ${booked.time}.<br />
              Booking reference: <span class="ref">${booked.ref}</span>
            </div>`}
        </div>
        <div class="panel">
          <h2>Upcoming tours</h2>
          <table class="fw-table">
            <thead><tr><th>Date</th><th>Time</th><th>Group</th></tr></thead>
            <tbody>
              ${[...bookings].sort((a, b) => (a.date + a.time).localeCompare(b.date + b.time)).map((b) => html`
                <tr><td>${longDate(b.date)}</td><td>${b.time}</td><td>${(data?.groups.find((g) => g.id === b.groupId) || {}).name}</td></tr>`.key(b.ref))}
            </tbody>
          </table>
        </div>
      </section>
    `,
    connect(host) {
      api('GET', '/api/tours').then((d) => {
        host.data = d;
        host.bookings = d.bookings;
        requestAnimationFrame(() => mountWidgets(host, d));
      }).catch((e) => { host.message = e.message; });
    },
  },
});
