import Ractive from './ractive-setup.js';
import './styles.css';
import { ROUTES, startRouter } from './router.js';
import { get } from './api.js';
import Dashboard from './pages/dashboard.js';
import HivesPage from './pages/hives.js';
import NoticesPage from './pages/notices.js';
import BatchesPage from './pages/batches.js';
import InspectionsPage from './pages/inspections.js';
import YieldsPage from './pages/yields.js';
import ExtractionPage from './pages/extraction.js';
import MembersPage from './pages/members.js';


const app = new Ractive({
  target: '#app',
  components: {
    Dashboard, HivesPage, NoticesPage, BatchesPage, InspectionsPage, YieldsPage, ExtractionPage, MembersPage,
  },
  data: { route: null, routes: ROUTES, meta: { org: "Kestrel Vale Beekeepers' Cooperative", today: '', user: '' } },
  template: `
    <header class="topbar">
      <a class="brand" href="/">
        <svg width="26" height="26" viewBox="0 0 26 26" aria-hidden="true"><path d="M13 1l11 6.5v12L13 25 2 19.5v-12z" fill="#e7a614" stroke="#7a4d00" stroke-width="1.5"/></svg>
        <span>Hive Office</span>
      </a>
      <span class="org">{{meta.org}}</span>
      <span class="spacer"></span>
      <span class="today">Today: {{meta.todayLabel}}</span>
      <span class="user">{{meta.user}}</span>
    </header>
    <div class="shell">
      <nav class="sidenav">
        <ul>
          {{#each routes}}
            <li><a href="{{.path}}" class="{{#if ~/route && ~/route.name === .name}}active{{/if}}">{{.title}}</a></li>
          {{/each}}
        </ul>
      </nav>
      <main class="content">
        {{#if route}}
          {{#if route.name === 'dashboard'}}<Dashboard />
          {{elseif route.name === 'hives'}}<HivesPage />
          {{elseif route.name === 'notices'}}<NoticesPage />
          {{elseif route.name === 'batches'}}<BatchesPage />
          {{elseif route.name === 'inspections'}}<InspectionsPage />
          {{elseif route.name === 'yields'}}<YieldsPage />
          {{elseif route.name === 'extraction'}}<ExtractionPage />
          {{elseif route.name === 'members'}}<MembersPage />
          {{else}}<section class="page"><h1>Page not found</h1><p><a href="/">Back to the dashboard</a></p></section>
          {{/if}}
        {{/if}}
      </main>
    </div>
  `,
});

get('/api/meta').then((meta) => {
  const [y, m, d] = meta.today.split('-').map(Number);
  meta.todayLabel = new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  app.set('meta', meta);
}).catch(() => {});

startRouter((route) => {
  app.set('route', route);
  document.title = `${route.title} · Hive Office`;
  window.scrollTo(0, 0);
});
