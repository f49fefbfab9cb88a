import { useEffect, useState } from 'react';
import DatePicker from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import Select from 'react-select';
import { api, fmtShort } from '../api.js';
const isoOf = (d) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
export default function Cuppings() {
  const [meta, setMeta] = useState(null);
  const [client, setClient] = useState('');
  const [date, setDate] = useState(null);
  const [time, setTime] = useState('');
  const [coffees, setCoffees] = useState([]);
  const [msg, setMsg] = useState(null);
  const [busy, setBusy] = useState(false);
  const load = () => api('/api/cuppings').then((m) => { setMeta(m); return m; });
  useEffect(() => { load().then((m) => setCoffees(m.defaults.map((c) => ({ value: c, label: c })))); }, []);
  if (!meta) return <h1 className="page">Cupping sessions</h1>;
  const today = new Date(meta.today + 'T00:00:00');
  const label = (t) => (meta.times.find(([v]) => v === t) || [t, t])[1];
  async function submit(e) {
    e.preventDefault(); setBusy(true);
    try {
      const s = await api('/api/cuppings', { json: { client, date: date ? isoOf(date) : '', time, coffees: coffees.map((o) => o.value) } });
      setMsg({ ok: true, text: `Cupping session ${s.id} booked: ${s.client}, ${fmtShort(s.date)} at ${label(s.time)} — ${s.coffees.join(', ')}.` });
      load();
    } catch (err) { setMsg({ ok: false, text: err.message }); }
    setBusy(false);
  }
  return (
    <>
      <h1 className="page">Cupping sessions</h1>
      <p className="hint">Book a roaster into our sample lab to cup a selection of coffees.</p>
      <form className="stack" aria-label="Book a cupping session" onSubmit={submit}>
        <div><label htmlFor="cl">Roaster</label>
          <select id="cl" value={client} onChange={(e) => setClient(e.currentTarget.value)}>
            <option value="">Choose…</option>{meta.clients.map((c) => <option key={c} value={c}>{c}</option>)}</select></div>
        <div><label htmlFor="dt">Date</label>
          <DatePicker id="dt" selected={date} onChange={setDate} minDate={today} openToDate={date || today} dateFormat="dd/MM/yyyy" placeholderText="dd/mm/yyyy" autoComplete="off" /></div>
        <div><label htmlFor="tm">Time</label>
          <select id="tm" value={time} onChange={(e) => setTime(e.currentTarget.value)}>
            <option value="">Choose…</option>{meta.times.map(([v, l]) => <option key={v} value={v}>{l}</option>)}</select></div>
        <div><label htmlFor="cf">Coffees to cup</label>
          <Select inputId="cf" isMulti options={meta.coffees.map((c) => ({ value: c, label: c }))} value={coffees} onChange={(v) => setCoffees(v || [])} /></div>
        <div><button className="primary" type="submit" disabled={busy}>Book cupping session</button></div>
      </form>
      <div role="status">{msg && <div className={msg.ok ? 'msg' : 'err'}>{msg.text}</div>}</div>
      <h2>Booked sessions</h2>
      <table className="plain"><thead><tr><th>Session</th><th>Roaster</th><th>Date</th><th>Time</th><th>Coffees</th></tr></thead>
        <tbody>{meta.scheduled.map((s) => <tr key={s.id}><td>{s.id}</td><td>{s.client}</td><td>{fmtShort(s.date)}</td><td>{label(s.time)}</td><td>{s.coffees.join(', ')}</td></tr>)}</tbody></table>
    </>
  );
}
