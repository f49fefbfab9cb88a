import { component$, useResource$, Resource } from '@builder.io/qwik';
import { Link, NAV } from '../app';
import { api } from '../api.js';

export const Dashboard = component$(() => {
  const summary = useResource$(() => api('/api/summary'));
  return (
    <section>
      <h1>Good morning, Rowan</h1>
      <p class="lede">Library desk for the Larkfield Philharmonic. Spring gala on Saturday 29 March: parts go out next week.</p>
      <Resource value={summary} onPending={() => <p class="muted" role="status">Loading figures…</p>}
        onResolved={(s: any) => (
          <ul class="stats" aria-label="At a glance">
            <li><b>{s.sets}</b><span>sets catalogued</span></li>
            <li><b>{s.onLoan}</b><span>sets on loan</span></li>
            <li><b>{s.board.find((b: any) => b.id === 'requested')?.count}</b><span>part requests waiting</span></li>
            <li><b>{s.players}</b><span>players on file</span></li>
          </ul>
        )} />
      <h2>Go to</h2>
      <ul class="cards">
        {NAV.map(([p, label, blurb]) => (
          <li key={p} class="card"><Link href={p}>{label}</Link><p>{blurb}</p></li>
        ))}
      </ul>
    </section>
  );
});
