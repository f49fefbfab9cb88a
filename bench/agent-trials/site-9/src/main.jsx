import { lazy, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Link, Route, Switch } from 'wouter';
import { ToastContainer } from 'react-toastify';
import { api } from './api.js';
import './app.css';

const Dashboard = lazy(() => import('./pages/Dashboard.jsx'));
const Lots = lazy(() => import('./pages/Lots.jsx'));
const OfferSheets = lazy(() => import('./pages/OfferSheets.jsx'));
const OfferSheet = lazy(() => import('./pages/OfferSheet.jsx'));
const Contracts = lazy(() => import('./pages/Contracts.jsx'));
const Arrivals = lazy(() => import('./pages/Arrivals.jsx'));
const Producers = lazy(() => import('./pages/Producers.jsx'));
const Cuppings = lazy(() => import('./pages/Cuppings.jsx'));
const Reservations = lazy(() => import('./pages/Reservations.jsx'));

const MENU = [['/', 'Dashboard'], ['/lots', 'Green lots'], ['/offer-sheets', 'Offer sheets'], ['/contracts', 'Sales contracts'], ['/arrivals', 'Arrivals'],
  ['/producers', 'Partner producers'], ['/cuppings', 'Cupping sessions'], ['/reservations', 'Reservations']];

function NotFound() { return <><h1 className="page">Page not found</h1><p>There is no such page. Use the menu.</p></>; }

function App() {
  const [me, setMe] = useState(null);
  useEffect(() => { api('/api/me').then(setMe); }, []);
  return (
    <div className="shell">
      <header className="top">
        <span className="brand">Ridgeline Green Coffee</span><span className="sub">Importer back office</span>
        <span className="user">{me ? `${me.user} · today ${me.today}` : ''}</span>
      </header>
      <nav aria-label="Main" className="side">
        <ul>{MENU.map(([href, label]) => <li key={href}><Link href={href} className={(active) => (active ? 'active' : '')}>{label}</Link></li>)}</ul>
      </nav>
      <main className="content">
        <Suspense fallback={<p>Loading…</p>}>
          <Switch>
            <Route path="/"><Dashboard /></Route>
            <Route path="/lots"><Lots /></Route>
            <Route path="/offer-sheets"><OfferSheets /></Route>
            <Route path="/offer-sheets/:id">{(params) => <OfferSheet key={params.id} id={params.id} />}</Route>
            <Route path="/contracts"><Contracts /></Route>
            <Route path="/arrivals"><Arrivals /></Route>
            <Route path="/producers"><Producers /></Route>
            <Route path="/cuppings"><Cuppings /></Route>
            <Route path="/reservations"><Reservations /></Route>
            <Route><NotFound /></Route>
          </Switch>
        </Suspense>
      </main>
      <ToastContainer position="top-right" autoClose={2000} />
    </div>
  );
}
createRoot(document.getElementById('app')).render(<App />);
