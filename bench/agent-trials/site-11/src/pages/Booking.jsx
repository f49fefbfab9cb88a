import { useEffect, useRef, useState } from 'preact/hooks';
import { easepick, LockPlugin } from '@easepick/bundle';
import easepickCss from '@easepick/bundle/dist/index.css?url';
import 'virtual-select-plugin/dist/virtual-select.min.css';
import 'virtual-select-plugin/dist/virtual-select.min.js';
import { api } from '../api.js';

const TIMES = [];
for (let h = 8; h < 17; h++) for (const m of ['00', '30']) TIMES.push(`${String(h).padStart(2, '0')}:${m}`);

export default function Booking() {
  const dateEl = useRef();
  const svcEl = useRef();
  const picker = useRef();
  const [vessels, setVessels] = useState([]);
  const [vesselId, setVesselId] = useState('');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [notes, setNotes] = useState('');
  const [msg, setMsg] = useState(null);
  useEffect(() => {
    let vs;
    Promise.all([api('/api/meta'), api('/api/vessels'), api('/api/services')]).then(([meta, vs0, services]) => {
      setVessels([...vs0].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)));
      picker.current = new easepick.create({
        element: dateEl.current,
        css: [easepickCss],
        format: 'ddd D MMMM YYYY',
        zIndex: 20,
        plugins: [LockPlugin],
        LockPlugin: { minDate: meta.today, filter: (d) => d.getDay() === 0 },
        setup(p) { p.on('select', (e) => setDate(e.detail.date.format('YYYY-MM-DD'))); },
      });
      picker.current.gotoDate(meta.today);
      VirtualSelect.init({
        ele: svcEl.current,
        options: services.map((s) => ({ label: s, value: s })),
        multiple: true,
        search: true,
        placeholder: 'Choose services',
        selectedValue: ['Pressure wash', 'Antifouling'],
        showValueAsTags: true,
        name: 'services',
      });
      vs = svcEl.current;
    });
    return () => { try { picker.current?.destroy(); vs?.destroy?.(); } catch {} };
  }, []);
  async function submit(e) {
    e.preventDefault();
    setMsg(null);
    const services = svcEl.current.value || [];
    if (!vesselId || !date || !time || !services.length) { setMsg({ ok: false, text: 'Please choose a vessel, date, time and at least one service.' }); return; }
    try {
      const r = await api('/api/bookings', { method: 'POST', body: JSON.stringify({ vesselId, date, time, services, notes }) });
      setMsg({ ok: true, text: `Booked — reference ${r.booking.ref}.` });
    } catch (err) { setMsg({ ok: false, text: err.message }); }
  }
  return (
    <div class="page">
      <h1>Book a yard slot</h1>
      <p class="lead">Reserve a slot on the hard for yard work. The yard is closed on Sundays.</p>
      <form class="card" style="max-width:560px" onSubmit={submit}>
        <div class="form-row"><label for="vessel">Vessel</label>
          <select id="vessel" class="text" value={vesselId} onChange={(e) => setVesselId(e.target.value)}>
            <option value="">— choose a vessel —</option>
            {vessels.map((v) => <option value={v.id}>{v.name} — {v.make} {v.model} ({v.id})</option>)}
          </select></div>
        <div class="form-row"><label for="slot-date">Date</label>
          <input id="slot-date" class="text" ref={dateEl} placeholder="Pick a date" readOnly /></div>
        <div class="form-row"><label for="slot-time">Start time</label>
          <select id="slot-time" class="text" value={time} onChange={(e) => setTime(e.target.value)}>
            <option value="">— choose a time —</option>
            {TIMES.map((t) => <option value={t}>{t}</option>)}
          </select></div>
        <div class="form-row"><label for="services">Services</label><div id="services" ref={svcEl} /></div>
        <div class="form-row"><label for="notes">Notes for the yard (optional)</label>
          <textarea id="notes" class="text" rows={3} value={notes} onInput={(e) => setNotes(e.target.value)} /></div>
        <button class="btn primary" type="submit">Book slot</button>
        {msg && <p class={msg.ok ? 'ok' : 'err'} role="status">{msg.text}</p>}
      </form>
    </div>
  );
}
