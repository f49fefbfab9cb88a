import { component, register } from 'riot';
import { Router, Route } from '@riotjs/route';

// Widget stylesheets bundled into assets/app.css (the grid, editor and chart
// libraries bring their own stylesheets from /vendor at run time).
import '@material/button/dist/mdc.button.css';
import '@material/dialog/dist/mdc.dialog.css';
import '@trevoreyre/autocomplete-js/dist/style.css';
import 'hello-week/dist/hello.week.css';
import 'js-snackbar/snackbar.css';
import './styles/app.css';

import App from './app.riot';
import DashboardPage from './pages/dashboard-page.riot';
import MovesPage from './pages/moves-page.riot';
import TemplatesPage from './pages/templates-page.riot';
import BoardPage from './pages/board-page.riot';
import InventoryPage from './pages/inventory-page.riot';
import FleetPage from './pages/fleet-page.riot';
import SurveyPage from './pages/survey-page.riot';
import StaffPage from './pages/staff-page.riot';
import NotFoundPage from './pages/not-found-page.riot';

register('router', Router);
register('route', Route);
register('dashboard-page', DashboardPage);
register('moves-page', MovesPage);
register('templates-page', TemplatesPage);
register('board-page', BoardPage);
register('inventory-page', InventoryPage);
register('fleet-page', FleetPage);
register('survey-page', SurveyPage);
register('staff-page', StaffPage);
register('not-found-page', NotFoundPage);

component(App)(document.getElementById('app'));
