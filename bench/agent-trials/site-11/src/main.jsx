import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import '@fontsource/inter/400.css';
import '@fontsource/inter/600.css';
import './styles.css';
import Vessels from './pages/Vessels.jsx';
import Tariff from './pages/Tariff.jsx';
import Lifts from './pages/Lifts.jsx';
import Fuel from './pages/Fuel.jsx';
import Activity from './pages/Activity.jsx';
import Booking from './pages/Booking.jsx';
import Invoices from './pages/Invoices.jsx';

const ROUTES = [
  { path: '/vessels', label: 'Vessel register', icon: '⚓', C: Vessels },
  { path: '/tariff', label: 'Tariff notes', icon: '✎', C: Tariff },
  { path: '/lift-schedule', label: 'Lift schedule', icon: '⇅', C: Lifts },
  { path: '/fuel-dock', label: 'Fuel dock import', icon: '◍', C: Fuel },
  { path: '/lift-activity', label: 'Lift activity', icon: '▦', C: Activity },
  { path: '/yard-booking', label: 'Book a yard slot', icon: '▤', C: Booking },
  { path: '/invoices', label: 'Invoices', icon: '£', C: Invoices },
];

export function navigate(to) {
  history.pushState({}, '', to);
  dispatchEvent(new PopStateEvent('popstate'));
}

function App() {
  const [path, setPath] = useState(location.pathname);
  useEffect(() => {
    const on = () => setPath(location.pathname);
    addEventListener('popstate', on);
    return () => removeEventListener('popstate', on);
  }, []);
  useEffect(() => { if (path === '/' || !ROUTES.find((r) => r.path === path)) { if (path === '/') navigate('/vessels'); } }, [path]);
  const route = ROUTES.find((r) => r.path === path);
  useEffect(() => { document.title = (route ? route.label + ' · ' : '') + 'Saltmarsh Boatyard'; }, [route]);
  const onNav = (e) => {
    const a = e.target.closest('a[href^="/"]');
    if (!a || e.metaKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    navigate(a.getAttribute('href'));
  };
  return (
    <div class="shell">
      <aside class="side" onClick={onNav}>
        <div class="brand"><span class="logo">S</span><div><b>Saltmarsh Boatyard</b><small>Back office · Penryn River</small></div></div>
        <nav aria-label="Main menu">
          {ROUTES.map((r) => (
            <a href={r.path} class={r.path === path ? 'active' : ''} aria-current={r.path === path ? 'page' : undefined}><span class="ico">{r.icon}</span>{r.label}</a>
          ))}
        </nav>
        <div class="me">Signed in as <b>yard office</b></div>
      </aside>
      <main class="main">
        {route ? <route.C key={route.path} /> : <div class="page"><h1>Page not found</h1><p>No page at <code>{path}</code>. Use the menu on the left.</p></div>}
      </main>
    </div>
  );
}
render(<App />, document.getElementById('app'));
