import $ from '../jq.js';
import '@selectize/selectize';
import '@selectize/selectize/dist/css/selectize.default.css';
import { View } from 'backbone.marionette';
import { api, get, esc, TODAY } from '../api.js';

export const FreightListView = View.extend({
  template: () => `
    <div class="card">
      <div class="toolbar"><h2 class="inline">Freight slots</h2><span class="spacer"></span><a class="btn btn-primary" href="/freight/new">New freight booking</a></div>
      <table class="table"><thead><tr><th>Reference</th><th>Haulier</th><th>Route</th><th>Date</th><th>Arrival at pier</th><th>Note</th></tr></thead><tbody><tr><td colspan="6" class="muted">Loading…</td></tr></tbody></table>
    </div>`,
  onRender() {
    get('/api/freight-bookings').then((list) => {
      if (this.isDestroyed()) return;
      this.$('tbody').html(list.map((b) => `<tr><td>${esc(b.ref)}</td><td>${esc(b.haulier)}</td><td>${esc(b.routeName)}</td><td>${esc(b.dateLabel)}</td><td>${esc(b.time)}</td><td>${esc(b.note)}</td></tr>`).join(''));
    });
  },
});

const iso = (d) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

export const FreightNewView = View.extend({
  template: () => `
    <div class="card form-card">
      <h2>Book a freight slot</h2>
      <form class="freight-form" autocomplete="off" novalidate>
        <div class="field"><label for="haulier">Haulier</label><select id="haulier" name="haulier" placeholder="Start typing a haulier name…"></select></div>
        <div class="field"><label for="route">Route</label><select id="route" name="route" class="input"><option value="">Choose a route…</option></select></div>
        <div class="row2">
          <div class="field"><label for="sailing-date">Sailing date</label><input id="sailing-date" class="input" type="text" readonly placeholder="Pick a date"><input type="hidden" name="date" class="date-iso"></div>
          <div class="field"><label for="arrival">Arrival at pier</label><input id="arrival" name="time" class="input" type="time" step="300"></div>
        </div>
        <div class="field"><label for="note">Note for the pier team</label><textarea id="note" name="note" class="input" rows="3"></textarea></div>
        <div class="form-errors"></div>
        <div class="form-actions"><button type="submit" class="btn btn-primary">Book freight slot</button> <a href="/freight">Cancel</a></div>
      </form>
      <div class="confirmation" hidden></div>
      <p class="muted small">No freight slots at weekends, on the day itself, or on harbour closure days.</p>
    </div>`,
  events: { 'submit form': 'onSubmit' },
  onAttach() {
    Promise.all([get('/api/hauliers'), get('/api/routes'), get('/api/closed-days')]).then(([hauliers, routes, closed]) => {
      if (this.isDestroyed()) return;
      this.$('#route').append(routes.map((r) => `<option value="${r.code}">${esc(r.name)}</option>`).join(''));
      this.$('#haulier').selectize({
        options: hauliers,
        valueField: 'id',
        labelField: 'label',
        searchField: ['label'],
        sortField: 'label',
        maxItems: 1,
      });
      const closedMap = Object.fromEntries(closed.closed.map((c) => [c.date, c.reason]));
      const [y, m, d] = closed.today.split('-').map(Number);
      const tomorrow = new Date(y, m - 1, d + 1);
      this.$('#sailing-date').datepicker({
        dateFormat: 'D d M yy',
        altField: this.$('.date-iso'),
        altFormat: 'yy-mm-dd',
        firstDay: 1,
        minDate: tomorrow,
        defaultDate: tomorrow,
        showOtherMonths: true,
        beforeShowDay: (date) => {
          const day = date.getDay();
          if (day === 0 || day === 6) return [false, 'weekend', 'No freight at weekends'];
          const reason = closedMap[iso(date)];
          if (reason) return [false, 'closed-day', reason];
          return [true, '', ''];
        },
      });
    });
  },
  onSubmit(e) {
    e.preventDefault();
    const body = {
      haulierId: this.$('#haulier').val(),
      route: this.$('#route').val(),
      date: this.$('.date-iso').val(),
      time: this.$('#arrival').val(),
      note: this.$('#note').val(),
    };
    const missing = [];
    if (!body.haulierId) missing.push('Choose a haulier');
    if (!body.route) missing.push('Choose a route');
    if (!body.date) missing.push('Pick a sailing date');
    if (!body.time) missing.push('Enter an arrival time');
    if (missing.length) { this.$('.form-errors').html(`<div class="alert alert-err">${missing.map(esc).join('<br>')}</div>`); return; }
    const $b = this.$('button[type=submit]').prop('disabled', true).text('Booking…');
    this.$('.form-errors').empty();
    api('POST', '/api/freight-bookings', body).then((r) => {
      this.$('form').attr('hidden', true);
      this.$('.confirmation').removeAttr('hidden').html(`<div class="alert alert-ok"><h3>Freight slot booked</h3><p>Booking reference <strong class="ref">${esc(r.ref)}</strong></p></div><p><a href="/freight">Back to freight bookings</a></p>`);
    }).catch((err) => {
      $b.prop('disabled', false).text('Book freight slot');
      this.$('.form-errors').html(`<div class="alert alert-err">${esc(err.data?.errors ? err.data.errors.join('; ') : err.message)}</div>`);
    });
  },
  onBeforeDestroy() {
    const s = this.$('#haulier')[0];
    if (s && s.selectize) s.selectize.destroy();
    this.$('#sailing-date').datepicker('destroy');
  },
});
