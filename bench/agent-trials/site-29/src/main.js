import { FASTElement, html, repeat, observable } from '@microsoft/fast-element';
import './styles.css';
import { api } from './api.js';

const ROUTES = [
  { path: '/', label: 'Dashboard', tag: 'page-dashboard', load: () => import('./pages/dashboard.js') },
  { path: '/hives', label: 'Hive register', tag: 'page-hives', load: () => import('./pages/hives.js') },
  { path: '/bulletin', label: 'Members\u2019 bulletin', tag: 'page-bulletin', load: () => import('./pages/bulletin.js') },
  { path: '/swarms', label: 'Swarm collections', tag: 'page-swarms', load: () => import('./pages/swarms.js') },
  { path: '/honey-lab', label: 'Honey lab', tag: 'page-honeylab', load: () => import('./pages/honeylab.js') },
  { path: '/yields', label: 'Yield returns', tag: 'page-yields', load: () => import('./pages/yields.js') },
  { path: '/extraction-room', label: 'Extraction room', tag: 'page-room', load: () => import('./pages/room.js') },
  { path: '/members', label: 'Members', tag: 'page-members', load: () => import('./pages/members.js') },
];
export { ROUTES };

const template = html`
  <div class="shell">
    <aside class="side">
      <div class="brand">Hollowmere Beekeepers</div>
      <div class="sub">Co-operative office · Today ${(x) => x.todayLabel}</div>
      <nav aria-label="Main">
        ${repeat((x) => x.routes, html`<a href="${(r) => r.path}" aria-current="${(r, c) => (c.parent.current === r.path ? 'page' : null)}" @click="${(r, c) => c.parent.go(c.event, r.path)}">${(r) => r.label}</a>`)}
      </nav>
    </aside>
    <main id="main"></main>
  </div>`;

class BeeApp extends FASTElement {
  constructor() { super(); this.routes = ROUTES; this.current = '/'; this.todayLabel = '10 June 2026'; }
  connectedCallback() {
    super.connectedCallback();
    window.addEventListener('popstate', () => this.render());
    document.addEventListener('click', (e) => {
      const a = e.target.closest && e.target.closest('a[data-nav]');
      if (a) this.go(e, a.getAttribute('href'));
    });
    this.render();
  }
  go(event, path) {
    if (event && (event.metaKey || event.ctrlKey || event.shiftKey)) return true;
    event && event.preventDefault();
    if (location.pathname !== path) history.pushState({}, '', path);
    this.render();
    return false;
  }
  async render() {
    const path = location.pathname.replace(/\/+$/, '') || '/';
    const route = ROUTES.find((r) => r.path === path);
    this.current = route ? route.path : '';
    const main = this.querySelector('#main');
    main.innerHTML = '';
    if (!route) { main.innerHTML = '<h1>Page not found</h1><p><a href="/" data-nav>Back to the dashboard</a></p>'; document.title = 'Not found'; return; }
    document.title = `${route.label} — Hollowmere Beekeepers' Co-operative`;
    await route.load();
    if (location.pathname.replace(/\/+$/, '') !== path && !(path === '/' && location.pathname === '/')) return;
    main.innerHTML = '';
    main.appendChild(document.createElement(route.tag));
  }
}
observable(BeeApp.prototype, 'current');
observable(BeeApp.prototype, 'todayLabel');
FASTElement.define(BeeApp, { name: 'bee-app', template, shadowOptions: null });
