import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { api, fmtDate } from '../api.js';
export default function Contracts() {
  const [list, setList] = useState([]);
  const [busy, setBusy] = useState(null);
  const load = () => api('/api/contracts').then(setList);
  useEffect(() => { load(); }, []);
  async function confirm(c) {
    setBusy(c.id);
    try {
      const r = await api(`/api/contracts/${c.id}/confirm`, { method: 'POST' });
      toast.success(`Contract ${r.contract} confirmed with ${r.buyer}. Shipping reference ${r.shippingRef}`);
    } catch (e) { toast.error(e.message); }
    setBusy(null); load();
  }
  return (
    <>
      <h1 className="page">Sales contracts</h1>
      <p className="hint">Contracts agreed with roasters. Confirming a contract books the shipment from the warehouse.</p>
      <table className="plain">
        <thead><tr><th>Contract</th><th>Agreed</th><th>Roaster</th><th>Coffee</th><th>Bags</th><th>Status</th></tr></thead>
        <tbody>{list.map((c) => (
          <tr key={c.id}><td>{c.id}</td><td>{fmtDate(c.date)}</td><td>{c.buyer}</td><td>{c.coffee}</td><td>{c.bags}</td>
            <td>{c.confirmed ? 'Confirmed' : <button onClick={() => confirm(c)} disabled={busy === c.id}>Confirm contract</button>}</td></tr>))}
        </tbody>
      </table>
    </>
  );
}
