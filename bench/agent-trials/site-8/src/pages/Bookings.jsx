import { createResource, createSignal, For, Show } from 'solid-js';
import { useSearchParams } from '@solidjs/router';
import { AlertDialog } from '@kobalte/core/alert-dialog';
import { getJson, postJson, shortDate, time12, money } from '../api.js';

export default function Bookings() {
  const [sp, setSp] = useSearchParams();
  const [data, { refetch }] = createResource(() => ({ q: sp.q || '', production: sp.production || '', page: sp.page || '1' }),
    (k) => getJson('/api/bookings?' + new URLSearchParams(k)));
  const [q, setQ] = createSignal(sp.q || ''); const [prod, setProd] = createSignal(sp.production || '');
  const [target, setTarget] = createSignal(null); const [busy, setBusy] = createSignal(false); const [msg, setMsg] = createSignal(null);
  const search = (e) => { e.preventDefault(); setSp({ q: q() || undefined, production: prod() || undefined, page: undefined }); };
  const cancel = async () => {
    const b = target(); setBusy(true);
    try { const r = await postJson(`/api/bookings/${b.ref}/cancel`, {}); setMsg({ ok: true, text: `Booking ${r.ref} cancelled. ${money(r.refund)} refunded to ${r.card}.` }); setTarget(null); refetch(); }
    catch (err) { setMsg({ ok: false, text: 'Could not cancel: ' + err.message }); setTarget(null); } finally { setBusy(false); }
  };
  return (<>
    <h1 class="page">Bookings</h1>
    <Show when={msg()}><div class={msg().ok ? 'status' : 'status error'} role={msg().ok ? 'status' : 'alert'}>{msg().text}</div></Show>
    <form onSubmit={search} style="display:flex;gap:12px;align-items:end;margin-bottom:12px">
      <span><label for="q">Search bookings</label><br /><input type="search" id="q" value={q()} onInput={(e) => setQ(e.currentTarget.value)} placeholder="Customer or booking ref." /></span>
      <span><label for="prodf">Production</label><br /><select id="prodf" value={prod()} onChange={(e) => setProd(e.currentTarget.value)}>
        <option value="">All productions</option><For each={data.latest ? data.latest.productions : []}>{(p) => <option selected={p === prod()}>{p}</option>}</For></select></span>
      <button type="submit" class="btn">Search</button>
    </form>
    <Show when={data.latest}>{(() => { const d = () => data.latest; return (<>
      <table class="plain"><thead><tr><th>Booking</th><th>Customer</th><th>Production</th><th>Performance</th><th>Seats</th><th>Total</th><th>Paid by</th><th>Booked on</th><th>Status</th><th /></tr></thead>
        <tbody><For each={d().rows} fallback={<tr><td colspan="10" class="muted">No bookings match.</td></tr>}>{(b) => (
          <tr><td>{b.ref}</td><td>{b.customer}</td><td>{b.production}</td><td>{shortDate(b.date)}, {time12(b.time)}</td><td>{b.seats}</td><td>{money(b.total)}</td>
            <td>{b.card}</td><td>{shortDate(b.booked)}</td><td>{b.status}</td>
            <td><Show when={b.status === 'Confirmed'}><button type="button" class="btn secondary" onClick={() => setTarget(b)}>Cancel booking…</button></Show></td></tr>)}</For></tbody></table>
      <p style="display:flex;gap:12px;align-items:center">
        <button type="button" class="btn secondary" disabled={d().page <= 1} onClick={() => setSp({ page: String(d().page - 1) })}>Previous</button>
        <span>Page {d().page} of {d().pages} · {d().total} bookings</span>
        <button type="button" class="btn secondary" disabled={d().page >= d().pages} onClick={() => setSp({ page: String(d().page + 1) })}>Next</button></p>
    </>); })()}</Show>
    <AlertDialog open={!!target()} onOpenChange={(o) => { if (!o) setTarget(null); }}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay class="dlg-overlay" />
        <div class="dlg-positioner"><AlertDialog.Content class="dlg-content">
          <AlertDialog.Title as="h2">Cancel booking?</AlertDialog.Title>
          <Show when={target()}>{(b) => <AlertDialog.Description>
            Booking {b().ref}: {b().seats} {b().seats === 1 ? 'seat' : 'seats'} for {b().production}, {shortDate(b().date)} at {time12(b().time)}, booked by {b().customer}.
            {' '}{money(b().total)} will be refunded to {b().card}. This cannot be undone.</AlertDialog.Description>}</Show>
          <div class="dlg-buttons">
            <AlertDialog.CloseButton class="btn secondary">Keep booking</AlertDialog.CloseButton>
            <button type="button" class="btn" disabled={busy()} onClick={cancel}>Cancel and refund</button>
          </div>
        </AlertDialog.Content></div>
      </AlertDialog.Portal>
    </AlertDialog>
  </>);
}
