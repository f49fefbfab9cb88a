// <survey-date>: inline calendar (wc-datepicker web component) that greys out days the office
// cannot offer. Property `availability` ({earliest, latest, closed:[{date}], weekendsClosed}).
// Emits `datechange` with {date: 'YYYY-MM-DD'}.
import { defineCustomElement } from 'wc-datepicker/dist/components/wc-datepicker';
import 'wc-datepicker/dist/themes/light.css';
import { emit, fmtDate } from '../api.js';

defineCustomElement();

const iso = (d) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

class SurveyDate extends HTMLElement {
  set availability(v) { this._av = v; if (this._picker) this.configure(); }
  get availability() { return this._av; }
  set value(v) { this._value = v || ''; if (this._out) this.showValue(); }
  get value() { return this._value || ''; }

  connectedCallback() {
    if (this._picker) return;
    const labelId = this.getAttribute('label-id') || '';
    this.innerHTML = `
      <div class="date-field">
        <span class="date-output" aria-live="polite"></span>
      </div>
      <wc-datepicker class="calendar" first-day-of-week="1" locale="en-GB" show-today-button="false" show-clear-button="false"></wc-datepicker>
      <p class="hint">Weekends, past days, fully booked days and office closures are greyed out.</p>`;
    this._picker = this.querySelector('wc-datepicker');
    this._out = this.querySelector('.date-output');
    if (labelId) this._picker.setAttribute('aria-labelledby', labelId);
    this._picker.addEventListener('selectDate', (ev) => {
      const d = ev.detail;
      if (!d || typeof d !== 'string') return;
      this._value = d;
      this.showValue();
      emit(this, 'datechange', { date: d });
    });
    if (this._av) this.configure();
    this.showValue();
  }

  configure() {
    const av = this._av;
    const closed = new Set(av.closed.map((c) => c.date));
    this._picker.disableDate = (date) => {
      const s = iso(date);
      const day = date.getDay();
      return s < av.earliest || s > av.latest || (av.weekendsClosed && (day === 0 || day === 6)) || closed.has(s);
    };
    this._picker.startDate = this._value || av.earliest;
  }

  showValue() {
    this._out.textContent = this._value ? `Selected: ${fmtDate(this._value, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}` : 'No date selected yet';
    if (this._picker) this._picker.value = this._value ? new Date(this._value + 'T12:00:00') : undefined;
  }
}

customElements.define('survey-date', SurveyDate);
