import { render } from 'solid-js/web';
import { Router, Route, A } from '@solidjs/router';
import { createResource, lazy } from 'solid-js';
import { Toaster } from 'solid-toast';
import { getJson } from './api.js';
import './app.css';

const NAV = [['/', 'Dashboard'], ['/patrons', 'Patrons'], ['/show-pages', 'Show pages'], ['/gift-vouchers', 'Gift vouchers'], ['/group-bookings', 'Group bookings'],
  ['/ticket-sales', 'Ticket sales'], ['/access-performances', 'Access performances'], ['/bookings', 'Bookings']];

function Shell(props) {
  const [me] = createResource(() => getJson('/api/me'));
  return (<>
    <header class="top"><span class="brand">Kestrel Playhouse · Box office</span><span>{me() ? `${me().user.name} · ${me().user.role}` : ''}</span></header>
    <div class="wrap">
      <nav class="side" aria-label="Main">{NAV.map(([h, l]) => <A href={h} end={h === '/'}>{l}</A>)}</nav>
      <main>{props.children}</main>
    </div>
    <Toaster position="top-right" />
  </>);
}
const NotFound = () => <><h1 class="page">Page not found</h1><p>There is no such page. Use the menu.</p></>;

render(() => (
  <Router root={Shell}>
    <Route path="/" component={lazy(() => import('./pages/Dashboard.jsx'))} />
    <Route path="/patrons" component={lazy(() => import('./pages/Patrons.jsx'))} />
    <Route path="/show-pages" component={lazy(() => import('./pages/ShowPages.jsx'))} />
    <Route path="/show-pages/:id" component={lazy(() => import('./pages/ShowPage.jsx'))} />
    <Route path="/gift-vouchers" component={lazy(() => import('./pages/GiftVouchers.jsx'))} />
    <Route path="/group-bookings" component={lazy(() => import('./pages/GroupBookings.jsx'))} />
    <Route path="/ticket-sales" component={lazy(() => import('./pages/TicketSales.jsx'))} />
    <Route path="/access-performances" component={lazy(() => import('./pages/AccessPerformances.jsx'))} />
    <Route path="/bookings" component={lazy(() => import('./pages/Bookings.jsx'))} />
    <Route path="*" component={NotFound} />
  </Router>
), document.getElementById('root'));
