import { html, render } from 'uhtml';
import 'app-datepicker';
import 'select-pure';
import { get, api } from '../api.js';
import { TODAY } from '../today.js';

export async function mount(el) {
  render(el, html`
    <h1>Footplate experiences</h1>
    <p class="lead">Book a driver-experience turn on the footplate. No turns on Mondays, Tuesdays or gala days.</p>
    <p class="loading" id="fp-loading">Loading…</p>`);
  const locos = await get('/api/locos');
  if (!el.querySelector('#fp-loading')) return;
  let result = null, error = '', busy = false;
  render(el, html`
    <h1>Footplate experiences</h1>
    <p class="lead">Book a driver-experience turn on the footplate. No turns on Mondays, Tuesdays or gala days.</p>
    <form id="fp-form" class="form booking" onsubmit=${submit}>
      <label>Guest name <input name="guest" required autocomplete="off"></label>
      <div class="field"><span class="label">Locomotive</span>
        <select-pure name="loco" id="loco" default-label="Choose a locomotive">
          <option-pure value="" disabled hidden>Choose a locomotive</option-pure>
          ${locos.map(l => html`<option-pure value=${l}>${l}</option-pure>`)}
        </select-pure>
      </div>
      <div class="field"><span class="label">Date</span>
        <app-datepicker id="fp-date" min=${TODAY} max="2025-12-31" value=${TODAY} disabledDays="1,2" disabledDates="2025-10-25,2025-11-08" firstDayOfWeek="1" locale="en-GB"></app-datepicker>
        <p class="picked" id="fp-picked">No date chosen.</p>
      </div>
      <button class="primary" type="submit">Book turn</button>
    </form>
    <div id="fp-result"></div>`);
  const dp = el.querySelector('#fp-date');
  let chosen = null;
  dp.addEventListener('datepicker-value-updated', e => {
    chosen = e.detail.value;
    el.querySelector('#fp-picked').textContent = `Chosen date: ${new Date(chosen + 'T12:00:00Z').toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}`;
  });
  const out = el.querySelector('#fp-result');
  const draw = () => render(out, html`${busy ? html`<p class="msg">Booking…</p>` : ''}${error ? html`<p class="error">${error}</p>` : ''}
    ${result ? html`<div class="result"><p>Booked ${result.guest} on ${result.loco} for ${result.date}. Booking reference <b>${result.ref}</b>.</p></div>` : ''}`);
  async function submit(e) {
    e.preventDefault();
    if (busy || result) return;
    const form = e.currentTarget;
    const loco = el.querySelector('#loco').value;
    error = '';
    if (!form.guest.value.trim()) error = 'Enter the guest name.';
    else if (!loco) error = 'Choose a locomotive.';
    else if (!chosen) error = 'Choose a date.';
    if (error) return draw();
    busy = true; draw();
    try { result = await api('POST', '/api/bookings', { guest: form.guest.value.trim(), loco, date: chosen }); }
    catch (err) { error = err.message; }
    busy = false; draw();
  }
}
