import m from 'mithril';
import './app.css';
import { MembersPage } from './pages/members.js';
import { HandbookPage } from './pages/handbook.js';
import { LoansPage } from './pages/loans.js';
import { IntakePage } from './pages/intake.js';
import { UsagePage } from './pages/usage.js';
import { BookingsPage } from './pages/bookings.js';
import { CataloguePage } from './pages/catalogue.js';

const NAV = [
  ['/', 'Dashboard'],
  ['/members', 'Members'],
  ['/handbook', 'Member handbook'],
  ['/loans', 'Active loans'],
  ['/intake', 'Donation intake'],
  ['/usage', 'Usage report'],
  ['/bench', 'Repair bench booking'],
  ['/catalogue', 'Tool catalogue'],
];

const Layout = {
  view: (v) => m('.shell', [
    m('aside.sidebar', [
      m('.brand', [m('span.logo', '⚒'), m('div', [m('strong', 'Ridgeway'), m('small', 'Tool Library · back office')])]),
      m('nav', NAV.map(([href, label]) => m(m.route.Link, {
        href, class: (m.route.get() || '/').split('?')[0] === href ? 'active' : '',
      }, label))),
      m('.sidebar-foot', ['Signed in as ', m('strong', 'Counter staff'), m('br'), 'Wed 10 March 2027']),
    ]),
    m('main.content', v.children),
  ]),
};

const Dashboard = {
  view: () => [
    m('h1', 'Good morning'),
    m('p.lead', 'This is the staff back office of the Ridgeway Tool Library, a member-owned lending cooperative with two sites: Main Street and the Riverside shed.'),
    m('.cards', [
      card('/members', 'Members', 'Look up and correct member records.'),
      card('/handbook', 'Member handbook', 'Edit the handbook shown to members.'),
      card('/loans', 'Active loans', 'Renew tools that are currently out.'),
      card('/intake', 'Donation intake', 'Upload drop-off manifests from the sites.'),
      card('/usage', 'Usage report', 'Monthly loans by category per site.'),
      card('/bench', 'Repair bench booking', 'Book bench sessions and equipment for the repair café.'),
      card('/catalogue', 'Tool catalogue', 'Browse the catalogue and retire broken tools.'),
    ]),
    m('p.muted', 'Opening hours: Wednesday to Saturday. The repair café bench runs on the same days.'),
  ],
};
function card(href, title, text) {
  return m(m.route.Link, { href, class: 'card' }, [m('h3', title), m('p', text)]);
}

const wrap = (C) => ({ render: () => m(Layout, m(C)) });
m.route.prefix = '';
m.route(document.getElementById('app'), '/', {
  '/': wrap(Dashboard),
  '/members': wrap(MembersPage),
  '/handbook': wrap(HandbookPage),
  '/loans': wrap(LoansPage),
  '/intake': wrap(IntakePage),
  '/usage': wrap(UsagePage),
  '/bench': wrap(BookingsPage),
  '/catalogue': wrap(CataloguePage),
  '/:404...': wrap({ view: () => [m('h1', 'Page not found'), m('p', 'Use the menu on the left.')] }),
});
