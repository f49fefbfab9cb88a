import { createResource, For } from 'solid-js';
import { A } from '@solidjs/router';
import { getJson, plainDate } from '../api.js';

export default function ShowPages() {
  const [list] = createResource(() => getJson('/api/show-pages'));
  return (<>
    <h1 class="page">Show pages</h1>
    <p class="muted">The text of each production's page on the public website.</p>
    <table class="plain"><thead><tr><th>Page</th><th>Ref.</th><th>Venue</th><th>Last updated</th></tr></thead>
      <tbody><For each={list()}>{(s) => <tr><td><A href={`/show-pages/${s.id}`}>{s.title}</A></td><td>{s.id}</td><td>{s.venue}</td><td>{plainDate(s.updated)}</td></tr>}</For></tbody></table>
  </>);
}
