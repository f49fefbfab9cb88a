import { onMount, createResource, createSignal, For, Show } from 'solid-js';
import '@vaadin/upload';
import { getJson } from '../api.js';

const fmt = (n) => n.toLocaleString('en-GB');
export default function GroupBookings() {
  let up;
  const [imports, { refetch }] = createResource(() => getJson('/api/group-imports'));
  const [result, setResult] = createSignal(null);
  onMount(() => {
    up.target = '/api/group-import'; up.maxFiles = 1; up.accept = '.csv,text/csv';
    up.addEventListener('upload-success', (e) => {
      const s = JSON.parse(e.detail.xhr.responseText);
      setResult({ ok: true, text: `Import ${s.batch} · ${s.name}: ${s.rows} rows read — ${s.groups} school groups for ${s.production} across ${s.performances} performances, `
        + `${fmt(s.seats)} seats booked (${fmt(s.adults)} adults, ${fmt(s.children)} children), ${s.wheelchair} wheelchair spaces. `
        + `${s.duplicates} duplicate rows ignored; ${s.otherProduction} rows for other productions skipped.` });
      refetch();
    });
    up.addEventListener('upload-error', (e) => {
      let m = e.detail.file.error || 'upload failed'; try { m = JSON.parse(e.detail.xhr.responseText).error; } catch {}
      setResult({ ok: false, text: 'Import failed: ' + m });
    });
  });
  return (<>
    <h1 class="page">Group bookings</h1>
    <p class="muted">Import the CSV export of school and group bookings from the schools' booking form. Seats are allocated for each performance; duplicate orders are ignored.</p>
    <div class="panel" style="max-width:760px"><vaadin-upload ref={up} /></div>
    <Show when={result()}><div class={result().ok ? 'status' : 'status error'} role={result().ok ? 'status' : 'alert'}>{result().text}</div></Show>
    <h2>Imports this month</h2>
    <table class="plain" style="max-width:760px"><thead><tr><th>Import</th><th>File</th><th>Groups</th><th>Seats</th></tr></thead>
      <tbody><For each={imports()} fallback={<tr><td colspan="4" class="muted">None yet.</td></tr>}>{(i) => <tr><td>{i.batch}</td><td>{i.name}</td><td>{i.groups}</td><td>{fmt(i.seats)}</td></tr>}</For></tbody></table>
  </>);
}
