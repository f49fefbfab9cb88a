import { definePage } from './page.js';
import { api, esc, fmtDate } from '../api.js';
import { provideFluentDesignSystem, fluentCombobox, fluentOption, fluentCalendar, fluentButton, fluentSelect, fluentTextArea } from '@fluentui/web-components';

provideFluentDesignSystem().register(fluentCombobox(), fluentOption(), fluentCalendar(), fluentButton(), fluentSelect(), fluentTextArea());
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

definePage('page-room', `
  <h1>Extraction room</h1>
  <p class="lede">Book the honey house extraction room for a member. The room is open on weekdays only, and some days are closed for cleaning or already fully booked.</p>
  <div class="panel">
    <form id="book" class="form-grid">
      <label id="l-member" for="member">Member</label>
      <fluent-combobox id="member" autocomplete="both" placeholder="Type a member's name" aria-labelledby="l-member" style="min-width:340px"></fluent-combobox>
      <label id="l-date" for="date-btn">Date</label>
      <div class="datepop">
        <div class="row"><input id="date-text" readonly aria-labelledby="l-date" placeholder="No date chosen" style="padding:6px;width:240px"><fluent-button id="date-btn" type="button" aria-haspopup="dialog" aria-expanded="false">Choose date</fluent-button></div>
        <div class="pop" id="pop" role="dialog" aria-label="Choose a date" hidden>
          <div class="nav"><fluent-button id="prev" appearance="stealth" aria-label="Previous month">‹</fluent-button><span id="mlabel"></span><fluent-button id="next" appearance="stealth" aria-label="Next month">›</fluent-button></div>
          <fluent-calendar id="cal"></fluent-calendar>
          <p class="status" style="margin:4px 0 0">Greyed-out days are not available.</p>
        </div>
      </div>
      <label id="l-time" for="time">Time</label>
      <fluent-select id="time" aria-labelledby="l-time" style="min-width:160px"></fluent-select>
      <label id="l-note" for="note">Note for the room steward</label>
      <fluent-text-area id="note" aria-labelledby="l-note" resize="vertical" style="width:100%"></fluent-text-area>
      <span></span><div><fluent-button appearance="accent" type="button" id="submit">Book the room</fluent-button> <span class="error" id="err" role="alert"></span></div>
    </form>
    <div id="done" aria-live="polite"></div>
  </div>`, async (el) => {
  const [room, mem] = await Promise.all([api('/api/extraction-room'), api('/api/members?all=1')]);
  const combo = el.querySelector('#member');
  const byText = new Map();
  combo.innerHTML = mem.members.map((m) => { const t = `${m.name} (${m.apiary})`; byText.set(t, m.id); return `<fluent-option value="${m.id}">${esc(t)}</fluent-option>`; }).join('');
  // look-alike display names: keep the membership number in the text where two share a label
  const time = el.querySelector('#time');
  time.innerHTML = `<fluent-option value="">Choose a time</fluent-option>` + room.times.map((t) => `<fluent-option value="${t}">${t}</fluent-option>`).join('');
  const cal = el.querySelector('#cal');
  cal.readonly = false;
  const pop = el.querySelector('#pop');
  const dateBtn = el.querySelector('#date-btn');
  const dateText = el.querySelector('#date-text');
  const closed = new Set(room.closed.map((c) => c.date));
  let [ty, tm] = room.today.split('-').map(Number);
  let chosen = null;
  const iso = (y, m, d) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const available = (y, m, d) => { const s = iso(y, m, d); const w = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); return s >= room.today && w !== 0 && w !== 6 && !closed.has(s); };
  function show(y, m) {
    cal.month = m; cal.year = y;
    el.querySelector('#mlabel').textContent = `${MONTH_NAMES[m - 1]} ${y}`;
    const dis = [];
    for (let mm = m - 1; mm <= m + 1; mm++) {
      const yy = y + Math.floor((mm - 1) / 12); const m2 = ((mm - 1 + 12) % 12) + 1;
      const len = new Date(Date.UTC(yy, m2, 0)).getUTCDate();
      for (let d = 1; d <= len; d++) if (!available(yy, m2, d)) dis.push(`${m2}-${d}-${yy}`);
    }
    cal.disabledDates = dis.join(',');
    cal.selectedDates = chosen ? `${Number(chosen.slice(5, 7))}-${Number(chosen.slice(8))}-${chosen.slice(0, 4)}` : '';
  }
  let vy = ty, vm = tm;
  show(vy, vm);
  el.querySelector('#prev').addEventListener('click', () => { vm--; if (vm < 1) { vm = 12; vy--; } show(vy, vm); });
  el.querySelector('#next').addEventListener('click', () => { vm++; if (vm > 12) { vm = 1; vy++; } show(vy, vm); });
  dateBtn.addEventListener('click', () => { pop.hidden = !pop.hidden; dateBtn.setAttribute('aria-expanded', String(!pop.hidden)); });
  cal.addEventListener('dateselected', (e) => {
    const { day, month, year } = e.detail;
    if (!available(year, month, day)) return;
    chosen = iso(year, month, day);
    dateText.value = fmtDate(chosen);
    show(vy, vm);
    pop.hidden = true; dateBtn.setAttribute('aria-expanded', 'false');
  });
  const form = el.querySelector('#book');
  const err = el.querySelector('#err');
  const submit = el.querySelector('#submit');
  let busy = false;
  form.addEventListener('submit', (e) => { e.preventDefault(); doSubmit(); });
  submit.addEventListener('click', () => doSubmit());
  async function doSubmit() {
    if (busy) return;
    err.textContent = '';
    const memberId = byText.get(combo.value);
    if (!memberId) { err.textContent = 'Choose a member from the list.'; return; }
    if (!chosen) { err.textContent = 'Choose a date.'; return; }
    if (!time.value) { err.textContent = 'Choose a time.'; return; }
    submit.disabled = true; busy = true;
    try {
      const r = await api('/api/extraction-bookings', { method: 'POST', body: JSON.stringify({ memberId, date: chosen, time: time.value, note: el.querySelector('#note').value }) });
      el.querySelector('#done').innerHTML = `<div class="result" role="status">Booking confirmed for ${esc(r.memberName)} on ${esc(fmtDate(r.date))} at ${r.time}. Booking reference <strong>${esc(r.reference)}</strong>.</div>`;
    } catch (ex) { err.textContent = ex.message; submit.disabled = false; busy = false; }
  }
});
