import Alpine from 'alpinejs';
import '@fontsource/inter/400.css';
import '@fontsource/inter/600.css';
import './style.css';
import { inventoryPage } from './pages/inventory.js';
import { newsletterPage } from './pages/newsletter.js';
import { remindersPage } from './pages/reminders.js';
import { importsPage } from './pages/imports.js';
import { roomLoadPage } from './pages/roomload.js';
import { bookingPage } from './pages/booking.js';
import { waitlistPage } from './pages/waitlist.js';
import { fmtDate } from './util.js';

const NAV = [
  { path: '/', label: 'Dashboard', blurb: '' },
  { path: '/inventory', label: 'Instrument inventory', blurb: 'Every rentable instrument, where it is and who has it.' },
  { path: '/newsletter', label: 'Newsletter', blurb: 'Edit the term newsletter draft.' },
  { path: '/reminders', label: 'Payment reminders', blurb: 'Chase overdue lesson invoices.' },
  { path: '/imports', label: 'Lesson log import', blurb: 'Import weekly lesson logs from teachers.' },
  { path: '/room-load', label: 'Room load', blurb: 'Booked teaching hours by department.' },
  { path: '/book-room', label: 'Book a room', blurb: 'Reserve a practice room or the hall.' },
  { path: '/waitlist', label: 'Waiting list', blurb: 'Pupils waiting for a place.' },
];

window.Alpine = Alpine;
Alpine.data('app', () => ({
  nav: NAV,
  route: location.pathname,
  todayLabel: fmtDate('2027-02-15'),
  init() {
    if (!NAV.some((n) => n.path === this.route)) this.route = '/';
    window.addEventListener('popstate', () => { this.route = location.pathname; });
    this.setTitle();
  },
  go(path) {
    if (path !== location.pathname) history.pushState({}, '', path);
    this.route = path;
    this.setTitle();
    window.scrollTo(0, 0);
  },
  setTitle() {
    const n = NAV.find((x) => x.path === this.route);
    document.title = (n && n.path !== '/' ? n.label + ' · ' : '') + 'Larkspur Music School';
  },
  fmtDate,
}));
Alpine.data('inventoryPage', inventoryPage);
Alpine.data('newsletterPage', newsletterPage);
Alpine.data('remindersPage', remindersPage);
Alpine.data('importsPage', importsPage);
Alpine.data('roomLoadPage', roomLoadPage);
Alpine.data('bookingPage', bookingPage);
Alpine.data('waitlistPage', waitlistPage);
Alpine.start();
