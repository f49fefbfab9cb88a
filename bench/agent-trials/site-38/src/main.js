import { html, render } from 'uhtml';
import './style.css';
import { TODAY_LABEL } from './today.js';
import * as dashboard from './pages/dashboard.js';
import * as roster from './pages/roster.js';
import * as notice from './pages/notice.js';
import * as works from './pages/works.js';
import * as imports from './pages/imports.js';
import * as ridership from './pages/ridership.js';
import * as footplate from './pages/footplate.js';
import * as members from './pages/members.js';

export const ROUTES = [
  { path: '/', title: 'Dashboard', page: dashboard },
  { path: '/roster', title: 'Volunteer roster', page: roster },
  { path: '/notice', title: 'Visitor notice', page: notice },
  { path: '/works', title: 'Works orders', page: works },
  { path: '/imports', title: 'Shop takings import', page: imports },
  { path: '/ridership', title: 'Ridership', page: ridership },
  { path: '/footplate', title: 'Footplate experiences', page: footplate },
  { path: '/members', title: 'Members', page: members },
];

const app = document.getElementById('app');
let cleanup = null;

function shell(current) {
  return html`
    <header class="topbar">
      <a class="brand" href="/">Kestrel Valley Railway <small>Back office</small></a>
      <span class="today">Today: ${TODAY_LABEL}</span>
    </header>
    <div class="layout">
      <nav class="side">
        <ul>${ROUTES.map(r => html`<li><a href=${r.path} class=${r === current ? 'active' : ''}>${r.title}</a></li>`)}</ul>
      </nav>
      <main id="view"></main>
    </div>`;
}

function navigate() {
  const route = ROUTES.find(r => r.path === location.pathname) || null;
  if (cleanup) { try { cleanup(); } catch {} cleanup = null; }
  render(app, shell(route));
  const view = document.getElementById('view');
  document.title = `${route ? route.title : 'Not found'} · Kestrel Valley Railway`;
  if (!route) { render(view, html`<h1>Page not found</h1><p><a href="/">Back to the dashboard</a></p>`); return; }
  const c = route.page.mount(view, { ROUTES });
  if (c && typeof c.then === 'function') c.then(fn => { cleanup = fn || null; }); else cleanup = c || null;
}

export function go(path) { history.pushState(null, '', path); navigate(); }

document.addEventListener('click', e => {
  const a = e.target.closest && e.target.closest('a[href]');
  if (!a || a.target || e.ctrlKey || e.metaKey || e.shiftKey) return;
  const href = a.getAttribute('href');
  if (!href.startsWith('/') || href.startsWith('//')) return;
  e.preventDefault();
  if (href !== location.pathname) go(href);
});
window.addEventListener('popstate', navigate);
navigate();
