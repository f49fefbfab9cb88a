import './jq.js';
import './style.css';

const routes = {
  '/': { tag: 'page-home', load: () => import('./pages/home.js'), title: 'Overview' },
  '/orders': { tag: 'page-orders', load: () => import('./pages/orders.js'), title: 'Print orders' },
  '/briefs': { tag: 'page-brief', load: () => import('./pages/brief.js'), title: 'Job briefs' },
  '/presses': { tag: 'page-presses', load: () => import('./pages/presses.js'), title: 'Presses' },
  '/stock-count': { tag: 'page-stock', load: () => import('./pages/stock.js'), title: 'Stock count' },
  '/revenue': { tag: 'page-revenue', load: () => import('./pages/revenue.js'), title: 'Revenue' },
  '/press-checks': { tag: 'page-bookings', load: () => import('./pages/bookings.js'), title: 'Press checks' },
  '/customers': { tag: 'page-customers', load: () => import('./pages/customers.js'), title: 'Customers' },
};

class LpApp extends HTMLElement {
  connectedCallback() {
    const links = Object.entries(routes).map(([href, r]) => `<li><a data-link href="${href}">${r.title}</a></li>`).join('');
    this.innerHTML = `
      <header class="topbar">
        <a data-link href="/" class="brand"><span class="lamp">◆</span> Lantern Press <small>back office</small></a>
        <span class="today">Monday 12 April 2027</span>
      </header>
      <div class="layout">
        <nav class="sidenav" aria-label="Main"><ul>${links}</ul></nav>
        <main id="outlet" tabindex="-1"></main>
      </div>`;
    this.addEventListener('click', (e) => {
      const a = e.target.closest('a[data-link]');
      if (!a || e.ctrlKey || e.metaKey || e.shiftKey) return;
      e.preventDefault();
      if (a.getAttribute('href') !== location.pathname) history.pushState({}, '', a.getAttribute('href'));
      this.route();
    });
    window.addEventListener('popstate', () => this.route());
    this.route();
  }
  async route() {
    const r = routes[location.pathname.replace(/\/$/, '') || '/'];
    const outlet = this.querySelector('#outlet');
    this.querySelectorAll('.sidenav a').forEach((a) => a.classList.toggle('active', a.getAttribute('href') === location.pathname));
    if (!r) { outlet.innerHTML = '<h1>Page not found</h1><p>Use the menu on the left.</p>'; document.title = 'Not found · Lantern Press'; return; }
    document.title = `${r.title} · Lantern Press`;
    outlet.innerHTML = '<p class="muted">Loading…</p>';
    await r.load();
    outlet.innerHTML = '';
    outlet.append(document.createElement(r.tag));
  }
}
customElements.define('lp-app', LpApp);
