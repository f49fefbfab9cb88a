import $ from './jq.js';
import 'jquery-ui/dist/jquery-ui.js';
import 'jquery-ui/dist/themes/base/jquery-ui.css';
import 'notyf/notyf.min.css';
import './styles.css';
import Backbone from 'backbone';
import { Application, View } from 'backbone.marionette';
import { TODAY_LABEL } from './api.js';
import { DashboardView } from './views/dashboard.js';
import { SailingsView } from './views/sailings.js';
import { NoticesView } from './views/notices.js';
import { CrewView } from './views/crew.js';
import { ManifestsView } from './views/manifests.js';
import { ReportsView } from './views/reports.js';
import { FreightListView, FreightNewView } from './views/freight.js';
import { TicketsView } from './views/tickets.js';

const NAV = [
  ['/', 'Dashboard', 'dashboard'],
  ['/sailings', 'Sailings', 'sailings'],
  ['/notices', 'Passenger notices', 'notices'],
  ['/crew', 'Crew', 'crew'],
  ['/manifests', 'Manifests', 'manifests'],
  ['/reports', 'Reports', 'reports'],
  ['/freight', 'Freight bookings', 'freight'],
  ['/season-tickets', 'Season tickets', 'tickets'],
];

const LayoutView = View.extend({
  el: '#app',
  template: () => `
    <div class="shell">
      <aside class="sidebar">
        <div class="brand"><span class="brand-mark">KI</span><div><strong>Kestrel Isles</strong><small>Ferries · back office</small></div></div>
        <nav class="side-nav">
          ${NAV.map(([href, label, key]) => `<a href="${href}" data-key="${key}">${label}</a>`).join('')}
        </nav>
        <div class="side-foot">Operations desk · Skerrow Quay</div>
      </aside>
      <div class="main">
        <header class="topbar">
          <h1 class="page-title"></h1>
          <div class="topbar-right"><span class="today">${TODAY_LABEL}</span><span class="user">Signed in as <b>Mhairi Lamont</b></span></div>
        </header>
        <section class="content"></section>
      </div>
    </div>`,
  regions: { content: '.content' },
  setActive(key, title) {
    this.$('.side-nav a').removeClass('active').filter(`[data-key="${key}"]`).addClass('active');
    this.$('.page-title').text(title);
    document.title = `${title} · Kestrel Isles Ferries`;
  },
});

const app = new Application({
  onStart() {
    const layout = new LayoutView();
    layout.render();
    const show = (key, title, ViewClass, opts) => () => {
      layout.setActive(key, title);
      layout.showChildView('content', new ViewClass(opts || {}));
    };
    const Router = Backbone.Router.extend({
      routes: {
        '': show('dashboard', 'Dashboard', DashboardView),
        sailings: show('sailings', 'Sailings', SailingsView),
        notices: show('notices', 'Passenger notices', NoticesView),
        crew: show('crew', 'Crew', CrewView),
        manifests: show('manifests', 'Manifests', ManifestsView),
        reports: show('reports', 'Reports', ReportsView),
        freight: show('freight', 'Freight bookings', FreightListView),
        'freight/new': show('freight', 'New freight booking', FreightNewView),
        'season-tickets': show('tickets', 'Season tickets', TicketsView),
        '*other': show('dashboard', 'Page not found', View.extend({ template: () => '<div class="card"><p>That page does not exist. <a href="/">Back to the dashboard</a></p></div>' })),
      },
    });
    window.appRouter = new Router();
    $(document).on('click', 'a[href^="/"]:not([target])', (e) => {
      if (e.metaKey || e.ctrlKey || e.shiftKey) return;
      e.preventDefault();
      Backbone.history.navigate(e.currentTarget.getAttribute('href'), { trigger: true });
    });
    Backbone.history.start({ pushState: true });
  },
});
app.start();
