import { LitElement, html, css } from 'lit';
import '@vaadin/date-picker';
import '@vaadin/select';
import '@vaadin/multi-select-combo-box';
import { pageStyles } from '../shared.js';
import { api, post } from '../api.js';

const SLOTS = [];
for (let h = 8; h <= 16; h++) for (const m of ['00', '30']) SLOTS.push(`${String(h).padStart(2, '0')}:${m}`);

class KhColdroom extends LitElement {
  static properties = { opts: { state: true }, msg: { state: true }, busy: { state: true } };
  static styles = [pageStyles, css`
    form { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem 1.4rem; max-width: 760px; }
    .full { grid-column: 1 / -1; }
    vaadin-date-picker, vaadin-select, vaadin-multi-select-combo-box { width: 100%; }
    label.txt { display: flex; flex-direction: column; gap: .3rem; font-size: .9rem; color: #4a5447; }
    input[type=text] { font: inherit; padding: .45rem .6rem; border: 1px solid #c9c3b1; border-radius: 4px; }
  `];
  constructor() { super(); this.opts = null; this.msg = null; this.busy = false; }
  async connectedCallback() { super.connectedCallback(); this.opts = await api('/api/booking/options'); }
  updated() {
    if (this.opts && !this._init) {
      this._init = true;
      const ms = this.renderRoot.querySelector('vaadin-multi-select-combo-box');
      ms.items = this.opts.staff; ms.selectedItems = [...this.opts.defaultStaff];
      this.renderRoot.querySelector('#time').items = SLOTS.map((s) => ({ label: s, value: s }));
      this.renderRoot.querySelector('#room').items = this.opts.rooms.map((s) => ({ label: s, value: s }));
    }
  }
  async submit(e) {
    e.preventDefault();
    const q = (s) => this.renderRoot.querySelector(s);
    const body = { date: q('#date').value, time: q('#time').value, room: q('#room').value, staff: [...q('#staff').selectedItems], purpose: q('#purpose').value };
    if (!body.date || !body.time || !body.room) { this.msg = { ok: false, text: 'Please choose a date, a time slot and a room.' }; return; }
    this.busy = true;
    try {
      const r = await post('/api/bookings', body);
      this.msg = { ok: true, text: `Booked ${r.booking.room} on ${r.booking.date} at ${r.booking.time} (${r.booking.id}) for ${r.booking.staff.join(', ')}.` };
    } catch (err) { this.msg = { ok: false, text: err.message }; }
    this.busy = false;
  }
  render() {
    if (!this.opts) return html`<p>Loading…</p>`;
    return html`
      <h1>Cold room booking</h1>
      <p class="sub">Reserve a 30-minute access slot for the cold vaults or the lab. Everyone entering a vault must be listed as an attendee.</p>
      <div class="card">
        <form @submit=${this.submit}>
          <vaadin-date-picker id="date" label="Date" min=${this.opts.today} placeholder="Pick a date"></vaadin-date-picker>
          <vaadin-select id="time" label="Time slot" placeholder="Choose a slot"></vaadin-select>
          <vaadin-select id="room" class="full" label="Room" placeholder="Choose a room"></vaadin-select>
          <vaadin-multi-select-combo-box id="staff" class="full" label="Attendees" placeholder="Add people"></vaadin-multi-select-combo-box>
          <label class="txt full">Purpose<input type="text" id="purpose" placeholder="e.g. inventory audit"></label>
          <div class="full row"><button class="btn" type="submit" ?disabled=${this.busy}>Book slot</button></div>
        </form>
        ${this.msg ? html`<div class="msg ${this.msg.ok ? 'ok' : 'err'}" role="status">${this.msg.text}</div>` : ''}
      </div>`;
  }
}
customElements.define('kh-coldroom', KhColdroom);
