import { createApp } from 'vue';
import { createRouter, createWebHistory } from 'vue-router';
import ElementPlus from 'element-plus';
import 'element-plus/dist/index.css';
import '@fontsource/source-sans-3/400.css';
import '@fontsource/source-sans-3/600.css';
import 'vue-sonner/style.css';
import './app.css';
import App from './App.vue';
import Home from './pages/Home.vue';
import Customers from './pages/Customers.vue';
import AlarmRules from './pages/AlarmRules.vue';
import AlarmRuleEdit from './pages/AlarmRuleEdit.vue';
import NetworkMap from './pages/NetworkMap.vue';
import LoadProfiles from './pages/LoadProfiles.vue';
import Demand from './pages/Demand.vue';
import PlannedOutages from './pages/PlannedOutages.vue';
import FieldStaff from './pages/FieldStaff.vue';
import Authorisation from './pages/Authorisation.vue';
import NotFound from './pages/NotFound.vue';

export const NAV = [
  ['/', 'Control room', 'Overview'],
  ['/network-map', 'Network map', 'Network'],
  ['/alarm-rules', 'Alarm rules', 'Network'],
  ['/demand', 'Demand', 'Network'],
  ['/load-profiles', 'Load profiles', 'Network'],
  ['/customers', 'Customer connections', 'Customers'],
  ['/planned-outages', 'Planned outages', 'Field work'],
  ['/field-staff', 'Field staff', 'Field work'],
];

const routes = [
  { path: '/', component: Home, meta: { title: 'Control room' } },
  { path: '/customers', component: Customers, meta: { title: 'Customer connections' } },
  { path: '/alarm-rules', component: AlarmRules, meta: { title: 'Alarm rules' } },
  { path: '/alarm-rules/:id', component: AlarmRuleEdit, meta: { title: 'Alarm rules' } },
  { path: '/network-map', component: NetworkMap, meta: { title: 'Network map' } },
  { path: '/load-profiles', component: LoadProfiles, meta: { title: 'Load profiles' } },
  { path: '/demand', component: Demand, meta: { title: 'Demand' } },
  { path: '/planned-outages', component: PlannedOutages, meta: { title: 'Planned outages' } },
  { path: '/field-staff', component: FieldStaff, meta: { title: 'Field staff' } },
  { path: '/authorisations/:cert', component: Authorisation, meta: { title: 'Authorisation certificate', bare: true } },
  { path: '/:rest(.*)*', component: NotFound, meta: { title: 'Not found' } },
];
const router = createRouter({ history: createWebHistory(), routes });
router.afterEach((to) => { if (!to.meta.bare) document.title = `${to.meta.title} · Saltmarsh Grid Operations`; });

createApp(App).use(router).use(ElementPlus).mount('#app');
