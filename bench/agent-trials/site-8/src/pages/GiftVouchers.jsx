import { createResource, createSignal, For, Show } from 'solid-js';
import toast from 'solid-toast';
import { getJson, postJson, plainDate, money } from '../api.js';

export default function GiftVouchers() {
  const [list, { refetch }] = createResource(() => getJson('/api/vouchers'));
  const [busy, setBusy] = createSignal('');
  const issue = async (v) => {
    setBusy(v.id);
    try {
      const r = await postJson(`/api/vouchers/${v.id}/issue`, {});
      toast.success(`Voucher issued to ${r.recipient} (${money(r.value)}). Voucher code ${r.code}`, { duration: 2000 });
      refetch();
    } catch (e) { toast.error('Could not issue the voucher: ' + e.message, { duration: 4000 }); } finally { setBusy(''); }
  };
  return (<>
    <h1 class="page">Gift vouchers</h1>
    <p class="muted">Gift voucher orders from the website. Issuing a voucher creates its code and sends it to the recipient by the chosen delivery.</p>
    <table class="plain"><thead><tr><th>Order</th><th>Ordered on</th><th>Bought by</th><th>For</th><th>Value</th><th>Delivery</th><th>Status</th><th /></tr></thead>
      <tbody><For each={list()}>{(v) => (
        <tr><td>{v.id}</td><td>{plainDate(v.date)}</td><td>{v.purchaser}</td><td>{v.recipient}</td><td>{money(v.value)}</td><td>{v.delivery}</td>
          <td>{v.issued ? 'Issued' : 'Awaiting issue'}</td>
          <td><Show when={!v.issued}><button type="button" class="btn secondary" disabled={busy() === v.id} onClick={() => issue(v)}>Issue voucher</button></Show></td></tr>
      )}</For></tbody></table>
  </>);
}
