import { c, useState, useEffect, useRef } from 'atomico';
import $ from 'jquery';
import 'bootstrap-datepicker';
import 'bootstrap-datepicker/dist/css/bootstrap-datepicker3.standalone.min.css';
import '@lion/ui/define/lion-combobox.js';
import '@lion/ui/define/lion-option.js';
import { api, dateLabel } from '../api.js';

const pad = (n) => String(n).padStart(2, '0');
const isoOf = (d) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const dmyOf = (iso) => { const [y, m, d] = iso.split('-'); return `${d}/${m}/${y}`; };
const fromIso = (iso) => { const [y, m, d] = iso.split('-').map(Number); return new Date(y, m - 1, d); };

export const MaintenancePage = c(() => {
  const comboRef = useRef();
  const dateRef = useRef();
  const timeRef = useRef();
  const noteRef = useRef();
  const [info, setInfo] = useState(null);
  const [sending, setSending] = useState(false);
  const [msg, setMsg] = useState(null);
  const [done, setDone] = useState(null);
  const contractorsRef = useRef([]);

  useEffect(() => {
    let alive = true;
    Promise.all([api('/api/contractors'), api('/api/maintenance')]).then(([contractors, m]) => {
      if (!alive) return;
      setInfo(m);
      contractorsRef.current = contractors;
      const combo = comboRef.current;
      combo.showAllOnEmpty = true;
      combo.autocomplete = 'list';
      combo.matchMode = 'all';
      for (const ct of contractors) {
        const o = document.createElement('lion-option');
        o.choiceValue = ct.name; // lion matches and fills the textbox from choiceValue
        o.textContent = ct.name;
        combo.appendChild(o);
      }
      const closed = Object.fromEntries(m.closed.map((x) => [x.date, x.reason]));
      $(dateRef.current).datepicker({
        format: 'dd/mm/yyyy',
        weekStart: 1,
        startDate: fromIso(m.today),
        defaultViewDate: { year: Number(m.today.slice(0, 4)), month: Number(m.today.slice(5, 7)) - 1, day: Number(m.today.slice(8, 10)) },
        daysOfWeekDisabled: [0, 6],
        datesDisabled: m.closed.map((x) => dmyOf(x.date)),
        autoclose: true,
        todayHighlight: false,
        maxViewMode: 1,
        orientation: 'bottom left',
        beforeShowDay: (d) => {
          const r = closed[isoOf(d)];
          return r ? { enabled: false, classes: 'closed-day', tooltip: r } : true;
        },
      });
    });
    return () => {
      alive = false;
      try { $(dateRef.current).datepicker('destroy'); } catch { /* ignore */ }
    };
  }, []);

  function readDate() {
    const d = $(dateRef.current).datepicker('getDate');
    if (d instanceof Date && !isNaN(d)) return isoOf(d);
    const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec((dateRef.current.value || '').trim());
    return m ? `${m[3]}-${pad(m[2])}-${pad(m[1])}` : '';
  }

  async function submit(e) {
    e.preventDefault();
    if (sending) return;
    const name = comboRef.current.modelValue;
    const picked = contractorsRef.current.find((x) => typeof name === 'string' && x.name === name);
    const body = { contractorId: picked ? picked.id : '', date: readDate(), time: timeRef.current.value, note: noteRef.current.value };
    if (!body.contractorId) { setMsg({ kind: 'error', text: 'Choose a contractor from the list.' }); return; }
    if (!body.date) { setMsg({ kind: 'error', text: 'Choose a date.' }); return; }
    if (!body.time) { setMsg({ kind: 'error', text: 'Choose a time.' }); return; }
    setSending(true);
    setMsg({ kind: 'info', text: 'Booking…' });
    try {
      const r = await api('/api/maintenance-bookings', { method: 'POST', body });
      setMsg(null);
      setDone(r);
      setInfo(await api('/api/maintenance'));
    } catch (ex) {
      setMsg({ kind: 'error', text: ex.message });
    } finally {
      setSending(false);
    }
  }

  return (
    <host>
      <header class="page-head">
        <h1>Harbour maintenance</h1>
        <p class="muted">Contractor visits to piers, linkspans and slipways. Visits are booked on weekdays only.</p>
      </header>
      <div class="two-col">
        <section class="panel">
          <h2>Book a contractor visit</h2>
          <form class="stack" onsubmit={submit} autocomplete="off">
            <lion-combobox ref={comboRef} name="contractor" label="Contractor" placeholder="Start typing a contractor name" staticNode></lion-combobox>
            <label class="field"><span>Date</span>
              <input ref={dateRef} type="text" class="date-input" placeholder="dd/mm/yyyy" aria-label="Date" staticNode />
            </label>
            <label class="field"><span>Time</span>
              <select ref={timeRef}>
                <option value="">Choose a time…</option>
                {(info ? info.times : []).map((t) => <option value={t}>{t}</option>)}
              </select>
            </label>
            <label class="field"><span>Note for the contractor</span>
              <textarea ref={noteRef} rows="3" placeholder="What needs doing?"></textarea>
            </label>
            <div class="form-actions">
              <button class="btn primary" type="submit" disabled={sending || !!done}>{sending ? 'Booking…' : 'Book visit'}</button>
            </div>
          </form>
          <div class="msg-area">
            {msg ? <div class={`msg ${msg.kind}`} role="alert">{msg.text}</div> : null}
            {done ? (
              <div class="msg ok" role="status">
                Visit booked for {done.booking.contractor} on {dateLabel(done.booking.date)} at {done.booking.time}. Booking reference <strong>{done.ref}</strong>.
              </div>
            ) : null}
          </div>
        </section>
        <section class="panel">
          <h2>Scheduled visits</h2>
          <table class="table small">
            <thead><tr><th>Ref</th><th>Date</th><th>Contractor</th><th>Work</th></tr></thead>
            <tbody>
              {(info ? info.jobs : []).map((j) => (
                <tr><td>{j.ref}</td><td>{dateLabel(j.date)} {j.time}</td><td>{j.contractor}</td><td>{j.note}</td></tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
    </host>
  );
});
