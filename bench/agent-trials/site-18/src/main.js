import './jq.js';
import van from 'vanjs-core';
import './style.css';
import dashboard from './pages/dashboard.js';
import members from './pages/members.js';
import notices from './pages/notices.js';
import courses from './pages/courses.js';
import inspections from './pages/inspections.js';
import checkins from './pages/checkins.js';
import booking from './pages/booking.js';
import routesPage from './pages/routes.js';
import { fmtDate, TODAY } from './api.js';

const { div, nav, a, span, header, main, h1, p, aside, strong } = van.tags;

const ROUTES = [
  { path: '/', title: 'Dashboard', icon: '▦', page: dashboard },
  { path: '/members', title: 'Members', icon: '☺', page: members },
  { path: '/notices', title: 'Notices', icon: '✎', page: notices },
  { path: '/courses', title: 'Courses & sessions', icon: '★', page: courses },
  { path: '/inspections', title: 'Rope inspections', icon: '⚑', page: inspections },
  { path: '/check-ins', title: 'Check-ins', icon: '↗', page: checkins },
  { path: '/group-bookings', title: 'Group bookings', icon: '✚', page: booking },
  { path: '/routes', title: 'Routes', icon: '▲', page: routesPage },
];

const current = van.state(location.pathname);
let cleanup = null;

export function navigate(path) {
  if (path !== location.pathname) history.pushState({}, '', path);
  render();
}
window.addEventListener('popstate', render);

const navLink = (r) =>
  a({
    href: r.path,
    class: () => 'nav-link' + (current.val === r.path ? ' active' : ''),
    onclick: (e) => { if (e.metaKey || e.ctrlKey) return; e.preventDefault(); navigate(r.path); },
  }, span({ class: 'nav-icon' }, r.icon), r.title);

const content = main({ class: 'content' });
const app = div({ class: 'shell' },
  aside({ class: 'sidebar' },
    div({ class: 'brand' }, span({ class: 'brand-mark' }, '◣'), div(strong('Cruxline'), div({ class: 'brand-sub' }, 'Climbing centres'))),
    nav(ROUTES.map(navLink)),
    div({ class: 'sidebar-foot' }, 'Signed in as ', strong('Jess Okafor'), div('Operations manager')),
  ),
  div({ class: 'main-col' },
    header({ class: 'topbar' },
      span({ class: 'topbar-title' }, () => (ROUTES.find((r) => r.path === current.val) || { title: 'Not found' }).title),
      span({ class: 'topbar-date' }, fmtDate(TODAY, true)),
    ),
    content,
  ),
);
document.getElementById('app').replaceWith(app);

function render() {
  current.val = location.pathname;
  if (cleanup) { try { cleanup(); } catch (e) { console.error(e); } cleanup = null; }
  content.replaceChildren();
  const r = ROUTES.find((x) => x.path === location.pathname);
  if (!r) {
    van.add(content, h1('Page not found'), p('There is nothing at this address. ', a({ href: '/', onclick: (e) => { e.preventDefault(); navigate('/'); } }, 'Back to the dashboard')));
    return;
  }
  document.title = `${r.title} — Cruxline back office`;
  cleanup = r.page(content, { navigate }) || null;
}
render();
