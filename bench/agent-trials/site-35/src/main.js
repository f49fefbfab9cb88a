import { reactive, html } from '@arrow-js/core';
import './style.css';
import { gridPage } from './pages/grid.js';
import { noticePage } from './pages/notice.js';
import { boardPage } from './pages/board.js';
import { uploadPage } from './pages/upload.js';
import { chartPage } from './pages/chart.js';
import { bookingPage } from './pages/booking.js';
import { peoplePage } from './pages/people.js';

const PAGES = [
  { path: '/faults', title: 'Turbine faults', blurb: 'Fault log for all twelve turbines — triage, notes and work orders.', mount: gridPage },
  { path: '/notices', title: 'Site notices', blurb: 'Edit the safety notice posted at the gate and in the welfare cabin.', mount: noticePage },
  { path: '/visits', title: 'Maintenance visits', blurb: 'Board of planned and running maintenance visits.', mount: boardPage },
  { path: '/share-register', title: 'Share register import', blurb: 'Import the members’ share register from the registrar’s CSV.', mount: uploadPage },
  { path: '/grid-export', title: 'Grid export', blurb: 'Daily export to the grid per feeder, and meter reconciliation.', mount: chartPage },
  { path: '/school-visits', title: 'School visits', blurb: 'Book education visits to the site for local schools.', mount: bookingPage },
  { path: '/people', title: 'Volunteers & contacts', blurb: 'Stewards, guides, board members and other contacts.', mount: peoplePage },
];

const state = reactive({ path: location.pathname });
let cleanup = null;

function navigate(p) { if (p !== location.pathname) history.pushState({}, '', p); state.path = p; }
window.addEventListener('popstate', () => (state.path = location.pathname));
document.addEventListener('click', (e) => {
  const a = e.target.closest && e.target.closest('a[data-nav]');
  if (a && !e.metaKey && !e.ctrlKey) { e.preventDefault(); navigate(a.getAttribute('href')); }
});

const shell = html`
  <div class="layout">
    <aside class="side">
      <a href="/" data-nav class="brand"><span class="logo">✦</span> Brackenfell Wind Co-op<small>Operations office</small></a>
      <nav>
        <a href="/" data-nav class="${() => (state.path === '/' ? 'on' : '')}">Dashboard</a>
        ${PAGES.map((p) => html`<a href="${p.path}" data-nav class="${() => (state.path === p.path ? 'on' : '')}">${p.title}</a>`)}
      </nav>
      <div class="today">Today: Thu 12 June 2025</div>
    </aside>
    <main id="page"></main>
  </div>`;
shell(document.getElementById('app'));

function dashboard(el) {
  html`<h1>Operations dashboard</h1>
  <p class="lead">Brackenfell Community Wind Co-operative · 12 turbines · 1,904 member-owners · Hollin Lane, Oxenhope</p>
  <div class="cards">${PAGES.map((p) => html`<a class="card" href="${p.path}" data-nav><h3>${p.title}</h3><p>${p.blurb}</p></a>`)}</div>
  <section class="panel"><h2>This week</h2><ul>
    <li>Turbine T06 back in service after converter repair (Tue).</li>
    <li>Annual members’ meeting papers go out on 20 June.</li>
    <li>Landowner payments for Q2 are due on 30 June.</li></ul></section>`(el);
}

function render() {
  const el = document.getElementById('page');
  if (cleanup) { try { cleanup(); } catch {} cleanup = null; }
  el.innerHTML = '';
  const page = PAGES.find((p) => p.path === state.path);
  document.title = (page ? page.title : 'Dashboard') + ' — Brackenfell Wind Co-op';
  if (!page) { dashboard(el); return; }
  const c = page.mount(el); if (typeof c === 'function') cleanup = c;
}
let last = null;
import { watch } from '@arrow-js/core';
watch(() => state.path, (p) => { if (p !== last) { last = p; render(); } });
