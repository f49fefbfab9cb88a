import { reactive, html } from '@arrow-js/core';
import $ from 'jquery';
import moment from 'moment';
import './../jq-globals.js';
import 'daterangepicker';
import 'daterangepicker/daterangepicker.css';
import '@github/auto-complete-element';
import { api, TODAY } from '../api.js';

export function bookingPage(el) {
  const st = reactive({ msg: '', err: '', busy: false, times: [] });
  let date = '';
  html`<h1>School visits</h1>
  <p class="lead">Book an education visit (turbine walk and classroom session in the welfare cabin). Visits run on weekdays only.</p>
  <form class="panel form" id="booking" @submit="${submit}" autocomplete="off">
    <label for="school-input">School</label>
    <auto-complete src="/api/schools" for="school-list">
      <input id="school-input" name="school" type="text" placeholder="Start typing a school name…">
      <ul id="school-list" class="ac-list"></ul>
      <div id="school-list-feedback" class="sr-only"></div>
    </auto-complete>
    <label>Visit date <input id="visit-date" name="date" type="text" readonly placeholder="Choose a date"></label>
    <label>Start time <select name="time"><option value="">Choose…</option>${() => st.times.map((t) => html`<option>${t}</option>`)}</select></label>
    <label>Note for the guide <textarea name="note" rows="3" placeholder="Year group, numbers, access needs…"></textarea></label>
    <button class="primary" disabled="${() => st.busy}">${() => (st.busy ? 'Booking…' : 'Book visit')}</button>
    <div class="${() => 'flash ' + (st.err ? 'err' : st.msg ? 'ok' : 'hide')}">${() => st.err || st.msg}</div>
  </form>`(el);
  let closed = [];
  api('/api/bookings/options').then((o) => {
    closed = o.closed; st.times = o.times;
    const inp = el.querySelector('#visit-date'); if (!inp) return;
    $(inp).daterangepicker({
      singleDatePicker: true, autoUpdateInput: false, autoApply: true, showDropdowns: false,
      minDate: moment(TODAY).add(1, 'day'), startDate: moment(TODAY).add(1, 'day'), locale: { format: 'ddd D MMM YYYY', firstDay: 1 },
      isInvalidDate: (m) => m.day() === 0 || m.day() === 6 || closed.includes(m.format('YYYY-MM-DD')),
    }, (start) => { date = start.format('YYYY-MM-DD'); inp.value = start.format('ddd D MMM YYYY'); });
  }).catch((e) => (st.err = e.message));
  async function submit(e) {
    e.preventDefault(); const f = new FormData(e.target); st.err = ''; st.msg = '';
    const school = el.querySelector('#school-input').value.trim();
    if (!school || !date || !f.get('time')) { st.err = 'Choose a school, a date and a time.'; return; }
    st.busy = true;
    try { const r = await api('/api/bookings', { method: 'POST', json: { school, date, time: f.get('time'), note: f.get('note') } }); st.msg = `Booked: ${r.school}, ${moment(r.date).format('ddd D MMM')} at ${r.time}. Booking reference ${r.ref}.`; }
    catch (x) { st.err = x.message; } finally { st.busy = false; }
  }
  return () => { const inp = el.querySelector('#visit-date'); if (inp && $(inp).data('daterangepicker')) $(inp).data('daterangepicker').remove(); };
}
