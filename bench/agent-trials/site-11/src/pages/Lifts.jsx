import { useEffect, useState } from 'preact/hooks';
import toastr from 'toastr';
import 'toastr/build/toastr.min.css';
import { api, fmtDate } from '../api.js';

toastr.options = { positionClass: 'toast-bottom-right', timeOut: 2000, extendedTimeOut: 600, closeButton: false, progressBar: false, newestOnTop: true, preventDuplicates: false };

export default function Lifts() {
  const [rows, setRows] = useState([]);
  const [busy, setBusy] = useState(null);
  useEffect(() => { api('/api/lifts').then(setRows); }, []);
  async function confirm(l) {
    setBusy(l.id);
    try {
      const r = await api(`/api/lifts/${l.id}/confirm`, { method: 'POST' });
      setRows((rs) => rs.map((x) => (x.id === l.id ? { ...x, status: 'Confirmed' } : x)));
      toastr.success(`Slip ticket <b>${r.ticket}</b> issued for ${l.vessel}.`, 'Lift confirmed');
    } catch (e) { toastr.error(e.message, 'Could not confirm'); }
    setBusy(null);
  }
  return (
    <div class="page">
      <h1>Lift schedule</h1>
      <p class="lead">Upcoming lifts booked on the yard's lifting equipment. Confirm a lift once the crew and slot are agreed; the system issues a slip ticket for the lift.</p>
      <div class="card" style="padding:0">
        <table class="list">
          <thead><tr><th>Date</th><th>Time</th><th>Vessel</th><th>Operation</th><th>Equipment</th><th>Status</th><th></th></tr></thead>
          <tbody>
            {rows.map((l) => (
              <tr key={l.id}>
                <td>{fmtDate(l.date)}</td><td>{l.time}</td><td>{l.vessel}</td><td>{l.operation}</td><td>{l.equipment}</td>
                <td><span class={`badge ${l.status}`}>{l.status}</span></td>
                <td style="text-align:right">{l.status === 'Pending' ? <button class="btn" disabled={busy === l.id} onClick={() => confirm(l)}>Confirm lift</button> : <span class="muted">—</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
