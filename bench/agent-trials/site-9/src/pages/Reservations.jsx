import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import Modal from 'react-modal';
import { api, fmtDate } from '../api.js';
Modal.setAppElement('#app');
const qs = (o) => '/reservations?' + new URLSearchParams(Object.entries(o).filter(([, v]) => v && v !== 1 && v !== '1')).toString();
export default function Reservations() {
  const sp = new URLSearchParams(useSearch());
  const q = sp.get('q') || ''; const status = sp.get('status') || ''; const page = sp.get('page') || '1';
  const [, route] = useLocation();
  const [data, setData] = useState(null);
  const [text, setText] = useState(q);
  const [st, setSt] = useState(status);
  const [target, setTarget] = useState(null);
  const [msg, setMsg] = useState(null);
  const [busy, setBusy] = useState(false);
  const load = () => api('/api/reservations?' + new URLSearchParams({ q, status, page })).then(setData);
  useEffect(() => { setText(q); setSt(status); load(); }, [q, status, page]);
  async function release() {
    setBusy(true);
    try {
      const r = await api(`/api/reservations/${target.ref}/release`, { method: 'POST' });
      setMsg({ ok: true, text: `Reservation ${r.ref} released: ${r.bags} bags of ${r.coffee} are available again.` });
    } catch (e) { setMsg({ ok: false, text: e.message }); }
    setBusy(false); setTarget(null); load();
  }
  return (
    <>
      <h1 className="page">Reservations</h1>
      <p className="hint">Bags held for roasters until they sign a contract. Releasing a reservation puts the bags back on the offer list; it cannot be undone.</p>
      <form className="toolbar" role="search" onSubmit={(e) => { e.preventDefault(); route(qs({ q: text.trim(), status: st })); }}>
        <input type="search" aria-label="Search reservations" placeholder="Roaster, coffee or reservation no." value={text} onChange={(e) => setText(e.currentTarget.value)} style={{ width: 300, padding: 6 }} />
        <select aria-label="Status" value={st} onChange={(e) => setSt(e.currentTarget.value)}><option value="">All statuses</option><option value="Active">Active</option><option value="Released">Released</option></select>
        <button type="submit">Search</button>
      </form>
      <div role="status">{msg && <div className={msg.ok ? 'msg' : 'err'}>{msg.text}</div>}</div>
      {data && <>
        <table className="plain">
          <thead><tr><th>Reservation</th><th>Roaster</th><th>Coffee</th><th>Bags</th><th>Reserved on</th><th>Held until</th><th>Status</th><th></th></tr></thead>
          <tbody>{data.rows.map((r) => (
            <tr key={r.ref}><td>{r.ref}</td><td>{r.customer}</td><td>{r.coffee}</td><td>{r.bags}</td><td>{fmtDate(r.date)}</td><td>{fmtDate(r.until)}</td><td>{r.status}</td>
              <td>{r.status === 'Active' && <button onClick={() => { setMsg(null); setTarget(r); }}>Release…</button>}</td></tr>))}
          </tbody>
        </table>
        <div className="pager">
          <button disabled={data.page <= 1} onClick={() => route(qs({ q, status, page: data.page - 1 }))}>Previous</button>
          <span>Page {data.page} of {data.pages} · {data.total} reservations</span>
          <button disabled={data.page >= data.pages} onClick={() => route(qs({ q, status, page: data.page + 1 }))}>Next</button>
        </div>
      </>}
      <Modal isOpen={!!target} onRequestClose={() => setTarget(null)} contentLabel="Release reservation?" className="modal-box" overlayClassName="modal-overlay">
        {target && <>
          <h2>Release reservation?</h2>
          <p>{target.ref}: {target.bags} bags of {target.coffee} held for {target.customer} (reserved {fmtDate(target.date)}). The bags go back on the offer list. This cannot be undone.</p>
          <div className="toolbar"><button onClick={() => setTarget(null)}>Keep reservation</button>
            <button className="primary" disabled={busy} onClick={release}>Release bags</button></div>
        </>}
      </Modal>
    </>
  );
}
