import { createResource, Show } from 'solid-js';
import { getJson, longDate } from '../api.js';

export default function Dashboard() {
  const [d] = createResource(() => getJson('/api/dashboard'));
  const [me] = createResource(() => getJson('/api/me'));
  return (<>
    <h1 class="page">Dashboard</h1>
    <Show when={me()}><p class="muted">Today is {longDate(me().today)}. Now playing: A Christmas Carol (Kestrel Stage), Hedda Gabler (Loft Studio).</p></Show>
    <Show when={d()}>
      <div class="cards">
        <div class="card"><b>{d().patrons}</b>Patrons</div>
        <div class="card"><b>{d().confirmedBookings}</b>Confirmed bookings</div>
        <div class="card"><b>{d().vouchersAwaiting}</b>Gift vouchers awaiting issue</div>
        <div class="card"><b>{d().accessPerformances}</b>Access performances scheduled</div>
        <div class="card"><b>{d().groupImports}</b>Group imports this month</div>
      </div>
    </Show>
  </>);
}
