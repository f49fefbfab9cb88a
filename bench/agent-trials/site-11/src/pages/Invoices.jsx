import { useEffect, useMemo, useState } from 'preact/hooks';
import tingle from 'tingle.js';
import 'tingle.js/dist/tingle.min.css';
import { api, gbp, fmtDate } from '../api.js';

const PAGE = 10;
export default function Invoices() {
  const [all, setAll] = useState([]);
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [msg, setMsg] = useState(null);
  useEffect(() => { api('/api/invoices').then(setAll); }, []);
  const rows = useMemo(() => {
    const s = q.trim().toLowerCase();
    return all.filter((i) => (!status || i.status === status) && (!s || `${i.id} ${i.customer} ${i.vessel}`.toLowerCase().includes(s)));
  }, [all, q, status]);
  const pages = Math.max(1, Math.ceil(rows.length / PAGE));
  const cur = Math.min(page, pages);
  const shown = rows.slice((cur - 1) * PAGE, cur * PAGE);

  function writeOff(inv) {
    const modal = new tingle.modal({ footer: true, stickyFooter: false, closeMethods: ['overlay', 'button', 'escape'], closeLabel: 'Close', cssClass: ['writeoff-modal'] });
    modal.setContent(`<h2 style="margin-top:0">Write off invoice?</h2><p>${inv.customer} — ${inv.vessel}<br>${inv.description}, issued ${fmtDate(inv.issued)}, <b>${gbp(inv.amount)}</b></p><p>The balance will be moved to bad debt. This cannot be undone.</p>`);
    modal.addFooterBtn('Cancel', 'tingle-btn tingle-btn--default', () => modal.close());
    modal.addFooterBtn('Write off', 'tingle-btn tingle-btn--danger', async () => {
      modal.close();
      try {
        await api(`/api/invoices/${inv.id}/write-off`, { method: 'POST' });
        setAll((a) => a.map((x) => (x.id === inv.id ? { ...x, status: 'Written off' } : x)));
        setMsg({ ok: true, text: 'Invoice written off.' });
      } catch (e) { setMsg({ ok: false, text: e.message }); }
    });
    modal.open();
  }

  return (
    <div class="page">
      <h1>Invoices</h1>
      <p class="lead">Customer invoices for 2026. Overdue invoices can be written off to bad debt.</p>
      <div class="toolbar">
        <input class="text" type="search" placeholder="Search customer, vessel or invoice no." style="width:300px" value={q} onInput={(e) => { setQ(e.target.value); setPage(1); }} aria-label="Search invoices" />
        <select class="text" value={status} onChange={(e) => { setStatus(e.target.value); setPage(1); }} aria-label="Status">
          <option value="">All statuses</option><option>Open</option><option>Overdue</option><option>Paid</option><option>Written off</option>
        </select>
        <span class="muted">{rows.length} invoice{rows.length === 1 ? '' : 's'}</span>
        {msg && <span class={msg.ok ? 'ok' : 'err'} role="status">{msg.text}</span>}
      </div>
      <div class="card" style="padding:0">
        <table class="list">
          <thead><tr><th>Customer</th><th>Vessel</th><th>Work</th><th>Issued</th><th>Due</th><th style="text-align:right">Amount</th><th>Status</th><th></th></tr></thead>
          <tbody>
            {shown.map((i) => (
              <tr key={i.id}>
                <td>{i.customer}</td><td>{i.vessel}</td><td>{i.description}</td><td>{fmtDate(i.issued)}</td><td>{fmtDate(i.due)}</td>
                <td style="text-align:right">{gbp(i.amount)}</td>
                <td><span class={`badge ${i.status.split(' ')[0]}`}>{i.status}</span></td>
                <td style="text-align:right;white-space:nowrap">
                  <details class="more"><summary class="btn" style="display:inline-block;padding:4px 10px">⋯</summary>
                    <div class="more-menu"><div class="muted" style="font-size:12px">Invoice no. <b>{i.id}</b></div>
                      {i.status === 'Overdue' ? <button class="btn danger" onClick={() => writeOff(i)}>Write off…</button> : <span class="muted" style="font-size:12px">No actions</span>}
                    </div></details>
                </td>
              </tr>
            ))}
            {!shown.length && <tr><td colSpan={8} class="muted">No invoices match.</td></tr>}
          </tbody>
        </table>
      </div>
      <div class="pager">
        <button class="btn" disabled={cur <= 1} onClick={() => setPage(cur - 1)}>‹ Prev</button>
        {Array.from({ length: pages }, (_, k) => k + 1).map((p) => <button class={`btn ${p === cur ? 'cur' : ''}`} onClick={() => setPage(p)} aria-label={`Page ${p}`}>{p}</button>)}
        <button class="btn" disabled={cur >= pages} onClick={() => setPage(cur + 1)}>Next ›</button>
        <span class="muted">Page {cur} of {pages}</span>
      </div>
    </div>
  );
}
