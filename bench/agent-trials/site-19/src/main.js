import './globals.js';
import ko from 'knockout';
import Navigo from 'navigo';
import './styles.css';
import { TODAY_LABEL } from './api.js';
import './pages/dashboard.js';
import './pages/plots.js';
import './pages/notices.js';
import './pages/inspections.js';
import './pages/soil.js';
import './pages/water.js';
import './pages/viewings.js';
import './pages/waiting.js';

const NAV = [
  { section: 'Office' },
  { path: '/', label: 'Dashboard', component: 'page-dashboard', title: 'Dashboard' },
  { path: '/plots', label: 'Plot tenancies', component: 'page-plots', title: 'Plot tenancies' },
  { path: '/waiting-list', label: 'Waiting list', component: 'page-waiting', title: 'Waiting list' },
  { path: '/viewings', label: 'Plot viewings', component: 'page-viewings', title: 'Plot viewings' },
  { section: 'Sites' },
  { path: '/inspections', label: 'Inspections board', component: 'page-inspections', title: 'Inspections board' },
  { path: '/soil-tests', label: 'Soil tests', component: 'page-soil', title: 'Soil tests' },
  { path: '/water', label: 'Water usage', component: 'page-water', title: 'Water usage' },
  { section: 'Communications' },
  { path: '/notices', label: 'Notices to tenants', component: 'page-notices', title: 'Notices to tenants' },
].map((n) => ({ section: null, ...n }));

const router = new Navigo('/');
const app = {
  nav: NAV,
  page: ko.observable(null),
  title: ko.observable(''),
  currentPath: ko.observable('/'),
  todayLabel: TODAY_LABEL,
  go(item) { router.navigate(item.path); return false; },
  navigate(path) { router.navigate(path); },
};
for (const n of NAV.filter((x) => x.path)) {
  router.on(n.path, () => {
    app.currentPath(n.path);
    app.title(n.title);
    document.title = `${n.title} · Allotments Office`;
    app.page(n.component);
  });
}
router.notFound(() => { app.title('Not found'); app.page('page-notfound'); });
ko.components.register('page-notfound', { template: '<div class="panel"><p>That page does not exist.</p></div>' });
ko.applyBindings(app, document.getElementById('app'));
router.resolve();
