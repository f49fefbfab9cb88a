// "Acme Ops": a small internal web app like the one issue 26's agents were tried on, served on
// loopback for the tests of what an agent reads (mutationState, errors, observe(), receipts).
// Its pages are built the way real apps are: a sign-in that redirects, a read-only ticket list
// whose scripts only GET, a ticket form that POSTs, a priority picker whose listbox is rendered
// in a portal at the end of <body> and tied to its combobox by aria-owns, and Shoelace's own
// <sl-input> and <sl-alert> (the real library, served from node_modules).
import type { FixtureServer } from './fixtureServer.js';
import { packageFolder } from './packageFolder.js';

export interface Ticket { id: string; title: string; priority: string }

const page = (title: string, body: string, head = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>${body}</body></html>`;

const SHOELACE_HEAD = `<link rel="stylesheet" href="/vendor/shoelace/cdn/themes/light.css">
<script type="module" src="/vendor/shoelace/cdn/shoelace-autoloader.js"></script>`;

const LOGIN = page('Sign in - Acme Ops', `
<main><h1>Sign in</h1>
<form method="post" action="/login">
  <div class="field"><label for="user">Username</label><div class="required">*</div>
    <input id="user" name="user" required></div>
  <div class="field"><label for="pass">Password</label><div class="required">*</div>
    <input id="pass" name="pass" type="password" required></div>
  <button type="submit">Sign in</button>
</form></main>`);

export class OpsApp {
  readonly tickets: Ticket[] = [
    { id: 'TCK-1040', title: 'Printer on 3rd floor jams', priority: 'Low' },
    { id: 'TCK-1041', title: 'VPN drops every hour', priority: 'High' },
  ];
  /** Every POST the server received, "path body". */
  readonly posts: string[] = [];
  /** Every GET of the ticket list's API (the read-only page's own script). */
  readonly gets: string[] = [];

  constructor(readonly server: FixtureServer) {
    // Shoelace's cdn/ build loads in a page with no bundler.
    server.files('/vendor/shoelace', packageFolder('@shoelace-style/shoelace'));
    server
      .route('/login', (req, res, body) => {
        if (req.method === 'POST') {
          this.posts.push(`/login ${new URLSearchParams(body).get('user') ?? ''}`);
          res.writeHead(303, { location: '/tickets', 'set-cookie': 'sid=signed-in; Path=/; HttpOnly' }).end();
          return;
        }
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(LOGIN);
      })
      .route('/account', (req, res) => {
        if (!/\bsid=signed-in\b/.test(req.headers.cookie ?? '')) {
          res.writeHead(302, { location: '/login?next=%2Faccount' }).end();
          return;
        }
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page('Account - Acme Ops', '<main><h1>Account</h1><p>Signed in as ada</p></main>'));
      })
      // Read-only: the list arrives by fetch (a GET), and the script names the tab once it has it.
      .page('/tickets', page('Acme Ops', `
<main><h1>Tickets</h1><p id="state">Loading</p><table hidden><thead><tr><th>Ticket</th><th>Title</th><th>Priority</th></tr></thead><tbody></tbody></table>
<a href="/tickets/new">New ticket</a></main>
<script>
fetch('/api/tickets').then(r => r.json()).then(tickets => {
  document.querySelector('tbody').innerHTML = tickets.map(t => '<tr><td>' + t.id + '</td><td>' + t.title + '</td><td>' + t.priority + '</td></tr>').join('');
  document.querySelector('table').hidden = false;
  document.getElementById('state').textContent = tickets.length + ' open tickets';
  document.title = 'Tickets - Acme Ops';
});
</script>`))
      .route('/api/tickets', (req, res, body) => {
        if (req.method === 'POST') {
          const { title, priority } = JSON.parse(body) as { title: string; priority: string };
          const ticket = { id: `TCK-${1040 + this.tickets.length}`, title, priority };
          this.tickets.push(ticket);
          this.posts.push(`/api/tickets ${title}`);
          setTimeout(() => res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(ticket)), 100);
          return;
        }
        this.gets.push('/api/tickets');
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(this.tickets));
      })
      .page('/tickets/new', page('New ticket - Acme Ops', `
<main><h1>New ticket</h1>
<form aria-label="New ticket" id="f">
  <sl-input id="title" name="title" label="Title" required></sl-input>
  <div class="field"><span id="prio-label">Priority</span>
    <button type="button" id="prio" role="combobox" aria-labelledby="prio-label" aria-haspopup="listbox" aria-expanded="false">Normal</button></div>
  <button type="submit">Create ticket</button>
</form>
<sl-alert variant="success" id="created" closable><span id="created-text"></span></sl-alert>
<sl-alert variant="danger" id="failed"><span>Could not create the ticket</span></sl-alert>
</main>
<div id="portal"></div>
<script>
const prio = document.getElementById('prio');
const portal = document.getElementById('portal');
prio.addEventListener('click', () => {
  if (prio.getAttribute('aria-expanded') === 'true') return close();
  // Rendered in the portal at the end of <body>, like React portals and most headless UI kits.
  const list = document.createElement('ul');
  list.id = 'prio-list';
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', 'Priority');
  for (const name of ['Low', 'Normal', 'High', 'Urgent']) {
    const li = document.createElement('li');
    li.setAttribute('role', 'option');
    li.textContent = name;
    li.setAttribute('aria-selected', String(name === prio.textContent));
    li.addEventListener('click', () => { prio.textContent = name; close(); });
    list.append(li);
  }
  portal.append(list);
  prio.setAttribute('aria-owns', 'prio-list');
  prio.setAttribute('aria-expanded', 'true');
});
function close() {
  document.getElementById('prio-list')?.remove();
  prio.removeAttribute('aria-owns');
  prio.setAttribute('aria-expanded', 'false');
}
document.getElementById('f').addEventListener('submit', async event => {
  event.preventDefault();
  const response = await fetch('/api/tickets', { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ title: document.getElementById('title').value, priority: prio.textContent }) });
  if (!response.ok) return document.getElementById('failed').show();
  const ticket = await response.json();
  document.getElementById('created-text').textContent = 'Ticket ' + ticket.id + ' created';
  await customElements.whenDefined('sl-alert');
  document.getElementById('created').show();
});
</script>`, SHOELACE_HEAD));
  }
}
