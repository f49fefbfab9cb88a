// App shell: a hand-written client-side router around Hybrids page components.
import { define, html } from 'hybrids';
import './styles.css';
import { longDate, TODAY } from './api.js';

export const ROUTES = [
  { path: '/', title: 'Dashboard', tag: 'fw-dashboard', icon: '◧', load: () => import('./pages/dashboard.js') },
  { path: '/kit', title: 'Kit register', tag: 'fw-kit', icon: '▤', load: () => import('./pages/kit.js') },
  { path: '/notices', title: 'Crew notices', tag: 'fw-notice', icon: '✎', load: () => import('./pages/notice.js') },
  { path: '/follow-ups', title: 'Incident follow-ups', tag: 'fw-followups', icon: '☰', load: () => import('./pages/followups.js') },
  { path: '/shop-stock', title: 'Shop stock counts', tag: 'fw-stock', icon: '⇪', load: () => import('./pages/stock.js') },
  { path: '/income', title: 'Fundraising income', tag: 'fw-income', icon: '▥', load: () => import('./pages/income.js') },
  { path: '/hangar-tours', title: 'Hangar tours', tag: 'fw-tours', icon: '✈', load: () => import('./pages/tours.js') },
  { path: '/volunteers', title: 'Volunteers', tag: 'fw-volunteers', icon: '☺', load: () => import('./pages/volunteers.js') },
];

function routeFor(pathname) {
  const p = pathname.replace(/\/+$/, '') || '/';
  return ROUTES.find((r) => r.path === p) || null;
}

function pageTemplate(tag) {
  switch (tag) {
    case 'fw-dashboard': return html`<fw-dashboard></fw-dashboard>`;
    case 'fw-kit': return html`<fw-kit></fw-kit>`;
    case 'fw-notice': return html`<fw-notice></fw-notice>`;
    case 'fw-followups': return html`<fw-followups></fw-followups>`;
    case 'fw-stock': return html`<fw-stock></fw-stock>`;
    case 'fw-income': return html`<fw-income></fw-income>`;
    case 'fw-tours': return html`<fw-tours></fw-tours>`;
    case 'fw-volunteers': return html`<fw-volunteers></fw-volunteers>`;
    default: return html``;
  }
}

function navigate(host, pathname) {
  if (pathname !== location.pathname) history.pushState({}, '', pathname);
  host.path = pathname;
  window.scrollTo(0, 0);
}

define({
  tag: 'fw-app',
  path: {
    value: location.pathname,
    connect(host) {
      const onPop = () => { host.path = location.pathname; };
      const onClick = (e) => {
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        const a = e.composedPath().find((n) => n instanceof HTMLAnchorElement && n.hasAttribute('href'));
        if (!a || a.target === '_blank' || a.origin !== location.origin) return;
        if (!routeFor(a.pathname)) return;
        e.preventDefault();
        navigate(host, a.pathname);
      };
      window.addEventListener('popstate', onPop);
      document.addEventListener('click', onClick);
      return () => {
        window.removeEventListener('popstate', onPop);
        document.removeEventListener('click', onClick);
      };
    },
    observe(host, value) {
      const r = routeFor(value);
      document.title = `${r ? r.title : 'Not found'} — Fellwing back office`;
      if (r && host.loaded !== r.tag) {
        host.loading = true;
        r.load().then(() => { host.loaded = r.tag; host.loading = false; })
          .catch((err) => { host.loading = false; host.loadError = String(err); });
      }
    },
  },
  loaded: '',
  loading: false,
  loadError: '',
  render: ({ path, loaded, loading, loadError }) => {
    const r = routeFor(path);
    return html`
      <div class="shell">
        <aside class="sidebar">
          <a class="brand" href="/">
            <span class="brand-mark" aria-hidden="true">✚</span>
            <span><strong>Fellwing</strong><br /><small>Air Ambulance · Back office</small></span>
          </a>
          <nav aria-label="Main">
            <ul>
              ${ROUTES.map((route) => html`
                <li>
                  <a href="${route.path}" class="${{ active: r === route }}" aria-current="${r === route ? 'page' : 'false'}">
                    <span class="nav-icon" aria-hidden="true">${route.icon}</span>${route.title}
                  </a>
                </li>`.key(route.path))}
            </ul>
          </nav>
          <p class="sidebar-foot">Registered charity no. 1150442<br />Operations &amp; fundraising office</p>
        </aside>
        <div class="main">
          <header class="topbar">
            <span class="crumb">${r ? r.title : 'Not found'}</span>
            <span class="today" title="Office date">${longDate(TODAY)}</span>
            <span class="user">Signed in as <strong>Ops office</strong></span>
          </header>
          <main class="content">
            ${!r && html`<section class="page"><h1>Page not found</h1><p><a href="/">Back to the dashboard</a></p></section>`}
            ${r && loaded === r.tag && pageTemplate(r.tag)}
            ${r && loaded !== r.tag && loading && html`<p class="loading">Loading…</p>`}
            ${loadError && html`<p class="error">Could not load this page: ${loadError}</p>`}
          </main>
        </div>
      </div>
    `;
  },
});
