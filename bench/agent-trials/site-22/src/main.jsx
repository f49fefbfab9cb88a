import { render } from 'inferno';
import { createElement } from 'inferno-create-element';
import { BrowserRouter, Route, Switch, NavLink } from 'inferno-router';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import Dashboard from './pages/Dashboard.jsx';
import Accounts from './pages/Accounts.jsx';
import Guide from './pages/Guide.jsx';
import Board from './pages/Board.jsx';
import Lab from './pages/Lab.jsx';
import Sales from './pages/Sales.jsx';
import Tours from './pages/Tours.jsx';
import Contacts from './pages/Contacts.jsx';

export const NAV = [
  ['/', 'Dashboard'],
  ['/accounts', 'Trade accounts'],
  ['/documents/cellar-guide', 'Cellar care guide'],
  ['/brewing/schedule', 'Brew schedule'],
  ['/lab/gravity', 'Lab: gravity logs'],
  ['/sales', 'Sales report'],
  ['/tours/new', 'Book a brewery tour'],
  ['/contacts', 'Trade contacts'],
];

function NotFound() {
  return <div><h1 className="h3">Page not found</h1><p>That page does not exist. <a href="/">Back to the dashboard</a>.</p></div>;
}

function Shell() {
  return (
    <div className="app-shell">
      <header className="topbar">
        <a className="brand" href="/"><img src="/favicon.svg" alt="" width="28" height="28" /> Ridgeback Brewing Co.</a>
        <span className="topbar-meta">Back office · Wed 14 May 2025 · Signed in as Jess Ormerod</span>
      </header>
      <div className="app-body">
        <nav className="sidenav" aria-label="Main">
          <ul>
            {NAV.map(([to, label]) => <li key={to}><NavLink exact={to === '/'} to={to} activeClassName="active">{label}</NavLink></li>)}
          </ul>
        </nav>
        <main className="content" id="main">
          <Switch>
            <Route exact path="/" component={Dashboard} />
            <Route path="/accounts" component={Accounts} />
            <Route path="/documents/cellar-guide" component={Guide} />
            <Route path="/brewing/schedule" component={Board} />
            <Route path="/lab/gravity" component={Lab} />
            <Route path="/sales" component={Sales} />
            <Route path="/tours/new" component={Tours} />
            <Route path="/contacts" component={Contacts} />
            <Route component={NotFound} />
          </Switch>
        </main>
      </div>
    </div>
  );
}

render(<BrowserRouter><Shell /></BrowserRouter>, document.getElementById('app'));
