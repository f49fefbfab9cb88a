import { c, useState, useEffect } from 'atomico';
import './styles.css';
import { installLinkHandler } from './router.js';
import { Dashboard } from './pages/dashboard.jsx';
import { ManifestsPage } from './pages/manifests.jsx';
import { NoticesPage } from './pages/notices.jsx';
import { DeckPage } from './pages/deck.jsx';
import { CertificatesPage } from './pages/certificates.jsx';
import { CarryingsPage } from './pages/carryings.jsx';
import { MaintenancePage } from './pages/maintenance.jsx';
import { CrewPage } from './pages/crew.jsx';

export const ROUTES = [
  { path: '/', title: 'Dashboard', tag: 'gsf-dashboard', Comp: Dashboard },
  { path: '/manifests', title: 'Freight manifests', tag: 'gsf-manifests', Comp: ManifestsPage },
  { path: '/notices', title: 'Passenger notices', tag: 'gsf-notices', Comp: NoticesPage },
  { path: '/deck-plan', title: 'Vehicle deck plan', tag: 'gsf-deck', Comp: DeckPage },
  { path: '/certificates', title: 'Crew certificates', tag: 'gsf-certificates', Comp: CertificatesPage },
  { path: '/carryings', title: 'Carryings & returns', tag: 'gsf-carryings', Comp: CarryingsPage },
  { path: '/maintenance', title: 'Harbour maintenance', tag: 'gsf-maintenance', Comp: MaintenancePage },
  { path: '/crew', title: 'Crew list', tag: 'gsf-crew', Comp: CrewPage },
];
for (const r of ROUTES) customElements.define(r.tag, r.Comp);

const NotFound = c(() => (
  <host>
    <h1>Page not found</h1>
    <p><a href="/" data-link>Back to the dashboard</a></p>
  </host>
));
customElements.define('gsf-not-found', NotFound);

function App() {
  const [path, setPath] = useState(location.pathname);
  useEffect(() => {
    const on = () => setPath(location.pathname);
    window.addEventListener('popstate', on);
    window.addEventListener('gsf:navigate', on);
    return () => {
      window.removeEventListener('popstate', on);
      window.removeEventListener('gsf:navigate', on);
    };
  }, []);
  const clean = path.replace(/\/+$/, '') || '/';
  const route = ROUTES.find((r) => r.path === clean);
  useEffect(() => {
    document.title = `${route ? route.title : 'Not found'} · Gannet Sound Ferries`;
  }, [clean]);
  const Page = route ? route.Comp : NotFound;
  return (
    <host>
      <div class="shell">
        <aside class="side">
          <a class="brand" href="/" data-link>
            <svg class="brand-mark" viewBox="0 0 32 32" width="34" height="34" aria-hidden="true">
              <circle cx="16" cy="16" r="15" fill="#fff" />
              <path d="M6 19h20l-3 5H9z" fill="#12436b" />
              <rect x="11" y="12" width="10" height="6" fill="#2a6f97" />
              <rect x="14" y="8" width="3" height="4" fill="#d1495b" />
              <path d="M5 26c3 0 3-1.5 5.5-1.5S13 26 16 26s3-1.5 5.5-1.5S24 26 27 26" stroke="#2a6f97" stroke-width="1.5" fill="none" />
            </svg>
            <span>
              <strong>Gannet Sound Ferries</strong>
              <small>Back office</small>
            </span>
          </a>
          <nav aria-label="Main">
            <ul>
              {ROUTES.map((r) => (
                <li>
                  <a href={r.path} data-link class={r.path === clean ? 'active' : ''} aria-current={r.path === clean ? 'page' : null}>
                    {r.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <p class="side-foot">Signed in as <strong>Shift supervisor</strong><br />Port Ardle office</p>
        </aside>
        <main class="content">
          <Page />
        </main>
      </div>
    </host>
  );
}
customElements.define('gsf-app', c(App));
installLinkHandler();
