// observe() (and read()) on a single-page app right after a click: the router pushes the URL at once, draws
// the route in a later task and fetches its data after that. A trial's agent observed seven
// routes this way and read the old route's view under each new URL (issue 41). observe() lets a
// page that is visibly busy settle first, and says what was still loading when it gave up.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { TabwrightHome, hasBrowser, testTimeout } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { explain } from './harness/testAids.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
let home: TabwrightHome;
let server: FixtureServer;
/** Requests of /api/never, answered only when the test ends. */
const held: ServerResponse[] = [];

// A router like React Router's in a transition: pushState now, the new route drawn in a later
// task (a loading line), its rows once its data has come.
const SPA = `<title>Clinic</title>
<nav aria-label="Main"><a href="/spa/patients" data-api="/api/patients">Patients</a> <a href="/spa/stuck" data-api="/api/never">Stuck</a></nav>
<main id="main"><h1>Dashboard</h1><p>Good morning</p></main>
<script>
document.querySelectorAll('nav a').forEach(link => link.addEventListener('click', event => {
  event.preventDefault();
  history.pushState({}, '', link.href);
  setTimeout(() => {
    main.innerHTML = '<h1>' + link.textContent + '</h1><p>Loading…</p>';
    fetch(link.dataset.api).then(r => r.json()).then(rows => {
      main.innerHTML = '<h1>' + link.textContent + '</h1><ul>' + rows.map(r => '<li>' + r + '</li>').join('') + '</ul>';
    });
  }, 120);
}));
</script>`;

before(async () => {
  home = new TabwrightHome({ prefix: 'tw-observe-settle-' });
  server = await FixtureServer.start();
  server.page('/spa', SPA);
  // The data takes a while, as a busy server's does.
  server.route('/api/patients', (_req, res) => {
    setTimeout(() => { res.writeHead(200, { 'content-type': 'application/json' }); res.end(JSON.stringify(['Eileen Doyle', 'Tobias Wren'])); }, 700);
  });
  server.route('/api/never', (_req, res) => { held.push(res); });
  // A lazy route (SolidJS's lazy(), React.lazy): the URL changes at once, the route's code is a
  // module fetched on the click, large and slow (site 8's trial: a 4.8 MB chart chunk), and the
  // route draws only once it has run.
  server.page('/lazy', `<title>Box office</title>
<nav aria-label="Main"><a href="/lazy/sales">Ticket sales</a></nav>
<main id="main"><h1>Dashboard</h1><p>Good morning</p></main>
<script type="module">
document.querySelector('nav a').addEventListener('click', async event => {
  event.preventDefault();
  history.pushState({}, '', event.target.href);
  const route = await import('/chunks/sales.js');
  route.draw(document.getElementById('main'));
});
</script>`);
  server.route('/chunks/sales.js', (_req, res) => {
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(`export function draw(main) { main.innerHTML = '<h1>Ticket sales</h1><p>The Winter\\'s Tale: 521 tickets</p>'; }`);
    }, 900);
  });
});

after(async () => {
  for (const res of held) res.end('[]');
  await home?.dispose();
  await server?.close();
});

test('observe() right after a single-page app\'s link click shows the new route with its data, not the old view', { skip, timeout: testTimeout(3) }, async () => {
  const r = await home.program('spa', 'spa-1', `
    await page.goto(${JSON.stringify(server.url('/spa'))});
    await page.getByRole('link', { name: 'Patients' }).click();
    return await observe();`);
  assert.equal(r.json.status, 'succeeded', explain(r, home));
  const view = String(r.json.result);
  assert.match(view, /Eileen Doyle/, `the route's rows:\n${view}`);
  assert.doesNotMatch(view, /Good morning|Loading…/, view);
  assert.doesNotMatch(view, /still loading/, view);
});

test('a request that does not end within observe()\'s wait is named in the view, which is read as it is', { skip, timeout: testTimeout(3) }, async () => {
  const r = await home.program('stuck', 'stuck-1', `
    await page.goto(${JSON.stringify(server.url('/spa'))});
    await page.getByRole('link', { name: 'Stuck' }).click();
    return await observe();`);
  assert.equal(r.json.status, 'succeeded', explain(r, home));
  const view = String(r.json.result);
  assert.match(view, /^\(still loading after \d+\.\d s: GET \/api\/never; expect\(\) what you need before reading it\)$/m, view);
  assert.match(view, /Loading…/, `the route as drawn so far:\n${view}`);
});

test('read() waits the same way: the new route\'s text, not the old one\'s', { skip, timeout: testTimeout(3) }, async () => {
  const r = await home.program('spa-read', 'spa-read-1', `
    await page.goto(${JSON.stringify(server.url('/spa'))});
    await page.getByRole('link', { name: 'Patients' }).click();
    return await read();`);
  assert.equal(r.json.status, 'succeeded', explain(r, home));
  const text = String(r.json.result);
  assert.match(text, /Eileen Doyle/, text);
  assert.doesNotMatch(text, /Good morning/, text);
});

test('observe() right after a click into a lazy route waits for the route\'s code, then shows the route', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.program('lazy', 'lazy-1', `
    await page.goto(${JSON.stringify(server.url('/lazy'))});
    await page.getByRole('link', { name: 'Ticket sales' }).click();
    return await observe();`);
  assert.equal(r.json.status, 'succeeded', explain(r, home));
  const view = String(r.json.result);
  assert.match(view, /521 tickets/, `the lazy route, drawn:\n${view}`);
  assert.doesNotMatch(view, /Good morning/, view);
});

// Site 15's trial: Bootstrap's modal fades its backdrop in, and only when that transition ends
// shows the dialog, which fades in too. observe() right after the click read the page between
// the two: no dialog, and the agent looked again. A spinner that turns for ever is not waited on.
test('observe() right after a click that opens a modal in two fades (backdrop, then dialog) shows the dialog', { skip, timeout: testTimeout(2) }, async () => {
  server.page('/fade', `<title>Suppliers</title><style>
.backdrop { position: fixed; inset: 0; background: #000; opacity: 0; transition: opacity 120ms linear; }
.backdrop.show { opacity: .5; }
.modal { display: none; position: fixed; inset: 20% 30%; background: #fff; opacity: 0; transition: opacity 150ms linear; }
.modal.show { opacity: 1; }
.spinner { width: 20px; height: 20px; border: 2px solid; animation: turn 1s linear infinite; }
@keyframes turn { to { transform: rotate(360deg); } }
</style>
<h1>Suppliers</h1><div class="spinner"></div><button id="del">Delete</button>
<script>
del.onclick = () => {
  const backdrop = Object.assign(document.createElement('div'), { className: 'backdrop' });
  const modal = Object.assign(document.createElement('div'), { className: 'modal', innerHTML: '<p>Delete supplier Brambles?</p><button>Confirm delete</button>' });
  modal.setAttribute('role', 'dialog');
  document.body.append(backdrop, modal);
  backdrop.offsetWidth;
  backdrop.classList.add('show');
  backdrop.addEventListener('transitionend', () => { modal.style.display = 'block'; modal.offsetWidth; modal.classList.add('show'); }, { once: true });
};
</script>`);
  const r = await home.program('fade', 'open', `await page.goto(${JSON.stringify(server.url('/fade'))});
await page.getByRole('button', { name: 'Delete' }).click();
return await observe();`);
  assert.equal(r.json.status, 'succeeded', explain(r, home));
  assert.match(r.json.result, /^dialog:$/m, r.json.result);
  assert.match(r.json.result, /^ e\d+ button Confirm delete$/m, r.json.result);
});


// Site 36: picasso.js draws its tooltip 500 ms after the pointer comes to a point. The agent hovered
// five points, observed after each and read "no changes" five times, then read the figure off
// the axis. A view after a hover that comes out as the last one is taken again once the page
// changes (a second after the hover at most).
test('observe() right after a hover whose tooltip shows after a delay shows the tooltip', { skip, timeout: testTimeout(2) }, async () => {
  server.page('/late-tip', `<title>Yields</title><h1>Season yields</h1>
<svg width="300" height="100"><circle id="jul" cx="50" cy="50" r="8" fill="teal"/><circle id="aug" cx="150" cy="50" r="8" fill="teal"/></svg>
<div id="tip" hidden></div>
<script>
for (const point of document.querySelectorAll('circle')) point.addEventListener('mouseenter', () => {
  setTimeout(() => { tip.hidden = false; tip.textContent = 'Hollins Lane North · ' + point.id + ': 47.3 kg'; }, 500);
});
</script>`);
  const r = await home.program('late-tip', 'hover', `await page.goto(${JSON.stringify(server.url('/late-tip'))});
await observe();
await page.locator('#jul').hover();
const first = await observe({ since: 'last' });
const box = await page.locator('#aug').boundingBox();
await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
return { first, second: await observe() };`);
  assert.equal(r.json.status, 'succeeded', explain(r, home));
  assert.match(r.json.result.first, /^\+ Hollins Lane North · jul: 47\.3 kg$/m, r.json.result.first);
  assert.match(r.json.result.second, /^Hollins Lane North · aug: 47\.3 kg$/m, r.json.result.second);
});
