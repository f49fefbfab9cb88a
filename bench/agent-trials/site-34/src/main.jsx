import './fixed-date.js';
import { renderer } from '@b9g/crank/dom';
import { onRoute } from './router.js';
import { longDate } from './api.js';
import { TODAY_ISO } from './fixed-date.js';
import { Dashboard } from './pages/dashboard.jsx';
import { AccessionsPage } from './pages/accessions.jsx';
import { NoticesPage } from './pages/notices.jsx';
import { WorksPage } from './pages/works.jsx';
import { ShopPage } from './pages/shop.jsx';
import { ClimatePage } from './pages/climate.jsx';
import { BookingsPage } from './pages/bookings.jsx';
import { VolunteersPage } from './pages/volunteers.jsx';
// our own styles last, so they win over the libraries' global rules
import './styles.css';

export const PAGES = [
  { path: '/', title: 'Dashboard', component: Dashboard },
  { path: '/accessions', title: 'Accession register', component: AccessionsPage },
  { path: '/notices', title: 'Visitor notices', component: NoticesPage },
  { path: '/works', title: 'Glasshouse works board', component: WorksPage },
  { path: '/shop', title: 'Shop stock', component: ShopPage },
  { path: '/climate', title: 'Climate log', component: ClimatePage },
  { path: '/bookings', title: 'Group tour bookings', component: BookingsPage },
  { path: '/volunteers', title: 'Volunteers', component: VolunteersPage },
];

function NotFound() {
  return (
    <section class="page">
      <h1>Page not found</h1>
      <p>That page does not exist. <a href="/" data-nav>Back to the dashboard</a>.</p>
    </section>
  );
}

function* App() {
  let path = location.pathname;
  const off = onRoute(() => this.refresh(() => { path = location.pathname; }));
  this.cleanup(off);
  for ({} of this) {
    const page = PAGES.find((p) => p.path === path);
    const Page = page ? page.component : NotFound;
    document.title = `${page ? page.title : 'Not found'} — Hollowmere back office`;
    yield (
      <div class="shell">
        <header class="topbar">
          <a class="brand" href="/" data-nav>
            <img src="/favicon.svg" alt="" width="28" height="28" />
            <span>Hollowmere Botanic Garden</span>
            <small>Operations office</small>
          </a>
          <div class="today">Today: {longDate(TODAY_ISO)}</div>
          <div class="user">Signed in as <strong>Duty manager</strong></div>
        </header>
        <nav class="sidenav" aria-label="Main">
          <ul>
            {PAGES.map((p) => (
              <li key={p.path}>
                <a href={p.path} data-nav class={p.path === path ? 'active' : ''} aria-current={p.path === path ? 'page' : null}>{p.title}</a>
              </li>
            ))}
          </ul>
        </nav>
        <main class="content">
          <Page key={path} />
        </main>
      </div>
    );
  }
}

renderer.render(<App />, document.getElementById('app'));
