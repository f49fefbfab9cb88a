import Aurelia, { CustomElement } from 'aurelia';
import { RouterConfiguration } from '@aurelia/router';
import { Dashboard } from './pages/dashboard.js';
import { TravellersPage } from './pages/travellers.js';
import { LetterPage } from './pages/letter.js';
import { BoardPage } from './pages/board.js';
import { ManifestPage } from './pages/manifest.js';
import { StatsPage } from './pages/stats.js';
import { MeetingPage } from './pages/meeting.js';
import { VolunteersPage } from './pages/volunteers.js';
import './styles.css';

class AppRoot {
  static routes = [
    { path: '', component: Dashboard, title: 'Dashboard' },
    { path: 'travellers', component: TravellersPage, title: 'Traveller register' },
    { path: 'letters', component: LetterPage, title: 'Parent letters' },
    { path: 'approvals', component: BoardPage, title: 'Trip approvals' },
    { path: 'manifests', component: ManifestPage, title: 'Manifest upload' },
    { path: 'statistics', component: StatsPage, title: 'Travel statistics' },
    { path: 'meetings', component: MeetingPage, title: 'Book a meeting' },
    { path: 'volunteers', component: VolunteersPage, title: 'Accompanying adults' },
  ];
}
const App = CustomElement.define({
  name: 'app-root',
  template: `
  <header class="topbar">
    <a class="brand" load="">Fernhill Trips Office</a>
    <nav aria-label="Main">
      <a load="">Dashboard</a>
      <a load="travellers">Travellers</a>
      <a load="letters">Letters</a>
      <a load="approvals">Approvals</a>
      <a load="manifests">Manifests</a>
      <a load="statistics">Statistics</a>
      <a load="meetings">Meetings</a>
      <a load="volunteers">Volunteers</a>
    </nav>
    <span class="user">J. Okafor · Trips Coordinator</span>
  </header>
  <main><au-viewport></au-viewport></main>`,
}, AppRoot);

Aurelia.register(RouterConfiguration.customize({ useUrlFragmentHash: false }))
  .app({ host: document.querySelector('app-root'), component: App })
  .start();
