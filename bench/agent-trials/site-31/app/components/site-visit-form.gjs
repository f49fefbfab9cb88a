import Component from '@glimmer/component';
import { tracked } from '@glimmer/tracking';
import { action } from '@ember/object';
import { on } from '@ember/modifier';
import { fn } from '@ember/helper';
import PowerSelect from 'ember-power-select/components/power-select';
import PowerCalendar from 'ember-power-calendar/components/power-calendar';
import BasicDropdown from 'ember-basic-dropdown/components/basic-dropdown';
import 'ember-basic-dropdown/styles';
import 'ember-power-select/styles';
import 'ember-power-calendar/styles';
import { api, fmtDate, isoOf, dateOf, TODAY } from '../utils/api';

export default class SiteVisitForm extends Component {
  @tracked promoters = [];
  @tracked closed = {};
  @tracked times = [];
  @tracked promoter = null;
  @tracked date = null; // Date
  @tracked center = dateOf(TODAY);
  @tracked time = '';
  @tracked note = '';
  @tracked submitting = false;
  @tracked error = '';
  @tracked booked = null;
  @tracked visits = [];

  minDate = dateOf('2025-10-17');
  maxDate = dateOf('2026-03-31');

  constructor() {
    super(...arguments);
    this.load();
  }

  async load() {
    const [p, c, v] = await Promise.all([api('GET', '/api/promoters'), api('GET', '/api/site-visits/calendar'), api('GET', '/api/site-visits')]);
    this.promoters = p.promoters;
    this.closed = c.closed;
    this.times = c.times;
    this.visits = v.visits;
  }

  get disabledDates() {
    // every weekend day from the start of the season to the end of the booking window, plus closed days
    const out = [];
    for (let d = dateOf('2025-09-01'); d <= this.maxDate; d = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1, 12)) {
      if (d.getDay() === 0 || d.getDay() === 6) out.push(d);
    }
    return [...out, ...Object.keys(this.closed).map(dateOf)];
  }

  get closedList() {
    return Object.entries(this.closed)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([iso, why]) => ({ label: fmtDate(iso), why }));
  }

  get dateLabel() {
    return this.date ? fmtDate(isoOf(this.date)) : 'Choose a date…';
  }

  dayClass = (day) => (this.closed[isoOf(day.date)] ? 'day-closed' : '');
  dayTitle = (day) => this.closed[isoOf(day.date)] || '';

  @action setPromoter(p) {
    this.promoter = p;
    this.booked = null;
  }

  @action pickDate(dropdown, day) {
    this.date = day.date;
    this.booked = null;
    dropdown.actions.close();
  }

  @action setCenter({ date }) {
    this.center = date;
  }

  @action setField(field, e) {
    this[field] = e.target.value;
    this.booked = null;
  }

  @action async submit(e) {
    e.preventDefault();
    if (this.submitting) return;
    this.error = '';
    if (!this.promoter || !this.date || !this.time) {
      this.error = 'Promoter, date and time are required.';
      return;
    }
    this.submitting = true;
    try {
      const v = await api('POST', '/api/site-visits', {
        promoterId: this.promoter.id,
        date: isoOf(this.date),
        time: this.time,
        note: this.note,
      });
      this.booked = v;
      this.visits = [...this.visits, v];
    } catch (err) {
      this.error = err.message;
    } finally {
      this.submitting = false;
    }
  }

  fmt = (iso) => fmtDate(iso);

  <template>
    <div class="two-col">
      <section class="panel">
        <h2>Book a site visit</h2>
        <form class="form-grid" {{on "submit" this.submit}}>
          <label for="promoter-trigger">Promoter</label>
          <div class="field">
            <PowerSelect
              @options={{this.promoters}}
              @selected={{this.promoter}}
              @onChange={{this.setPromoter}}
              @searchEnabled={{true}}
              @searchField="name"
              @placeholder="Choose a promoter…"
              @searchPlaceholder="Type to search promoters"
              @noMatchesMessage="No promoter matches"
              @triggerId="promoter-trigger"
              as |p|
            >
              {{p.name}}
            </PowerSelect>
          </div>

          <label for="visit-date-trigger">Date</label>
          <div class="field">
            <BasicDropdown as |dd|>
              <dd.Trigger id="visit-date-trigger" class="date-trigger" aria-label="Visit date">
                <span class={{if this.date "" "placeholder"}}>{{this.dateLabel}}</span>
                <svg class="cal-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><rect x="1.5" y="3" width="13" height="11.5" rx="1.5" fill="none" stroke="currentColor"/><path d="M1.5 6.5h13M5 1.5v3M11 1.5v3" stroke="currentColor"/></svg>
              </dd.Trigger>
              <dd.Content class="calendar-dropdown">
                <PowerCalendar
                  class="visit-calendar"
                  @selected={{this.date}}
                  @center={{this.center}}
                  @onCenterChange={{this.setCenter}}
                  @onSelect={{fn this.pickDate dd}}
                  as |cal|
                >
                  <cal.Nav />
                  <cal.Days
                    @minDate={{this.minDate}}
                    @maxDate={{this.maxDate}}
                    @disabledDates={{this.disabledDates}}
                    @startOfWeek={{1}}
                    @dayClass={{this.dayClass}}
                    as |day|
                  >
                    <span title={{this.dayTitle day}}>{{day.number}}</span>
                  </cal.Days>
                </PowerCalendar>
                <p class="cal-legend">Weekends and closed days cannot be booked.</p>
              </dd.Content>
            </BasicDropdown>
          </div>

          <label for="visit-time">Time</label>
          <select id="visit-time" {{on "change" (fn this.setField "time")}}>
            <option value="" selected={{if this.time false true}}>Choose a time…</option>
            {{#each this.times as |t|}}<option value={{t}}>{{t}}</option>{{/each}}
          </select>

          <label for="visit-note">Note</label>
          <textarea id="visit-note" rows="3" placeholder="Anything the duty manager should know" value={{this.note}} {{on "input" (fn this.setField "note")}}></textarea>

          <span></span>
          <div><button type="submit" class="btn primary" disabled={{this.submitting}}>{{if this.submitting "Booking…" "Book site visit"}}</button></div>
        </form>
        {{#if this.error}}<p class="error" role="alert">{{this.error}}</p>{{/if}}
        {{#if this.booked}}
          <div class="success booked" role="status">
            Site visit booked for <strong>{{this.booked.promoter}}</strong> on {{this.fmt this.booked.date}} at {{this.booked.time}}.
            Booking reference <strong class="ref">{{this.booked.ref}}</strong>
          </div>
        {{/if}}
      </section>
      <aside class="panel">
        <h2>Closed days</h2>
        <ul class="closed-list">
          {{#each this.closedList as |c|}}<li><strong>{{c.label}}</strong>: {{c.why}}</li>{{/each}}
        </ul>
        <h2>Booked this session</h2>
        <ul class="closed-list">
          {{#each this.visits as |v|}}<li>{{this.fmt v.date}} {{v.time}}: {{v.promoter}}</li>{{else}}<li>None yet.</li>{{/each}}
        </ul>
      </aside>
    </div>
  </template>
}
