import { $ } from '../globals.js';
import ko from 'knockout';
import Selectr from 'mobius1-selectr';
import 'mobius1-selectr/dist/selectr.min.css';
import 'zebra_datepicker';
import 'zebra_datepicker/dist/css/default/zebra_datepicker.min.css';
import { page } from './component.js';
import { api, fmtDay, TODAY } from '../api.js';

const SLOTS = [];
for (let h = 9; h <= 15; h++) for (const m of ['00', '30']) SLOTS.push(`${String(h).padStart(2, '0')}:${m}`);
const zebraDate = (iso) => { const [y, m, d] = iso.split('-').map(Number); return `${d} ${m} ${y}`; };

const template = `
<div class="cols">
  <section class="panel">
    <h2>Book a plot viewing</h2>
    <form class="form" data-bind="submit: submit">
      <div class="field">
        <label for="vw-applicant">Applicant (from the waiting list)</label>
        <select id="vw-applicant" class="applicant-select"></select>
      </div>
      <div class="field">
        <label for="vw-site">Site</label>
        <select id="vw-site" data-bind="options: sites, optionsText: 'name', optionsValue: 'name', optionsCaption: 'Choose a site…', value: site"></select>
      </div>
      <div class="field-row">
        <div class="field">
          <label for="vw-date">Date</label>
          <input id="vw-date" type="text" class="date-input" placeholder="Pick a date">
        </div>
        <div class="field">
          <label for="vw-time">Time</label>
          <select id="vw-time" data-bind="options: slots, optionsCaption: '--:--', value: time"></select>
        </div>
      </div>
      <div class="field">
        <label for="vw-note">Note for the warden</label>
        <textarea id="vw-note" rows="3" data-bind="textInput: note"></textarea>
      </div>
      <ul class="error" data-bind="foreach: errors"><li data-bind="text: $data"></li></ul>
      <button class="btn primary" type="submit" data-bind="enable: !busy(), text: busy() ? 'Booking…' : 'Book viewing'"></button>
    </form>
    <div class="confirm-box" data-bind="visible: booked, with: booked">
      <h3>Viewing booked</h3>
      <p>Reference <strong class="ref" data-bind="text: ref"></strong> — <span data-bind="text: applicant"></span> at <span data-bind="text: site"></span>, <span data-bind="text: $component.day(date)"></span> at <span data-bind="text: time"></span>.</p>
    </div>
  </section>
  <section class="panel">
    <h2>Upcoming viewings</h2>
    <table class="table">
      <thead><tr><th>Ref</th><th>Applicant</th><th>Site</th><th>Date</th><th>Time</th></tr></thead>
      <tbody data-bind="foreach: viewings"><tr><td data-bind="text: ref"></td><td data-bind="text: applicant"></td><td data-bind="text: site"></td><td data-bind="text: $component.day(date)"></td><td data-bind="text: time"></td></tr></tbody>
    </table>
    <h3>Office closed</h3>
    <p class="muted">Viewings can be booked on weekdays from today, except:</p>
    <ul class="plain" data-bind="foreach: closedDays"><li><span data-bind="text: $component.day(date)"></span> — <span data-bind="text: reason"></span></li></ul>
  </section>
</div>`;

class ViewingsVM {
  constructor(params, el) {
    this.el = el;
    this.day = fmtDay;
    this.sites = ko.observableArray([]);
    this.site = ko.observable();
    this.slots = SLOTS;
    this.time = ko.observable();
    this.note = ko.observable('');
    this.date = ko.observable('');
    this.errors = ko.observableArray([]);
    this.busy = ko.observable(false);
    this.booked = ko.observable(null);
    this.viewings = ko.observableArray([]);
    this.closedDays = ko.observableArray([]);
    this.submit = this.submit.bind(this);
  }
  koDescendantsComplete() {
    Promise.all([api('GET', '/api/sites'), api('GET', '/api/applicants'), api('GET', '/api/viewings')]).then(([sites, applicants, v]) => {
      if (this.disposed) return;
      this.sites(sites);
      this.viewings(v.viewings.slice().sort((a, b) => (a.date + a.time).localeCompare(b.date + b.time)));
      this.closedDays(v.closedDays);
      const sel = this.el.querySelector('.applicant-select');
      this.selectr = new Selectr(sel, {
        searchable: true,
        defaultSelected: false,
        placeholder: 'Search the waiting list…',
        data: applicants.slice().sort((a, b) => a.name.localeCompare(b.name)).map((a) => ({ value: a.id, text: `${a.name} (${a.postcode})` })),
      });
      const input = this.el.querySelector('.date-input');
      $(input).Zebra_DatePicker({
        format: 'D j M Y',
        direction: [fmtDay(v.today), false],
        disabled_dates: ['* * * 0,6', ...v.closedDays.map((c) => zebraDate(c.date))],
        show_select_today: false,
        first_day_of_week: 1,
        onSelect: (formatted, ymd) => this.date(ymd),
        onClear: () => this.date(''),
      });
      this.picker = $(input).data('Zebra_DatePicker');
    });
  }
  submit() {
    this.errors([]);
    const body = { applicantId: this.selectr ? this.selectr.getValue() : '', site: this.site(), date: this.date(), time: this.time(), note: this.note() };
    this.busy(true);
    api('POST', '/api/viewings', body).then((v) => {
      this.booked(v);
      this.viewings.push(v);
    }).catch((e) => this.errors(e.data?.errors || [e.message])).finally(() => this.busy(false));
    return false;
  }
  dispose() { this.disposed = true; if (this.picker) this.picker.destroy(); if (this.selectr) this.selectr.destroy(); }
}
page('page-viewings', template, ViewingsVM);
