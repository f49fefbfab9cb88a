import { api } from '../api.js';

const LINKS = [
  { path: '/accessions', title: 'Accession register', text: 'Living collection records: status, location and inventory notes.', stat: (d) => `${d.accessions} accessions · ${d.living} living` },
  { path: '/notices', title: 'Visitor notices', text: 'Edit the notices shown on the website and at the glasshouse doors.', stat: (d) => `${d.notices} notices` },
  { path: '/works', title: 'Glasshouse works board', text: 'Maintenance work orders from request to done.', stat: (d) => `${d.openWorks} open work orders` },
  { path: '/shop', title: 'Shop stock', text: 'Stock on hand and stocktake imports.', stat: (d) => `${d.stockLines} catalogue lines` },
  { path: '/climate', title: 'Climate log', text: 'Glasshouse temperature and humidity, and verified readings.', stat: () => '4 glasshouses monitored' },
  { path: '/bookings', title: 'Group tour bookings', text: 'Book guided glasshouse tours for visiting groups.', stat: (d) => `${d.bookings} new bookings` },
  { path: '/volunteers', title: 'Volunteers', text: 'The volunteer list and rota details.', stat: (d) => `${d.volunteers} volunteers` },
];

export function* Dashboard() {
  let d = null;
  api.get('/api/dashboard').then((r) => { if (!this.isUnmounted) this.refresh(() => { d = r; }); }, () => {});
  for ({} of this) {
    yield (
      <section class="page">
        <h1>Operations dashboard</h1>
        <p class="lede">Good morning. Here is everything the office looks after.</p>
        <div class="tiles">
          {LINKS.map((l) => (
            <a class="tile" href={l.path} data-nav key={l.path}>
              <span class="tile-title">{l.title}</span>
              <span class="tile-text">{l.text}</span>
              <span class="tile-stat">{d ? l.stat(d) : '…'}</span>
            </a>
          ))}
        </div>
        <div class="card">
          <h2>Today at Hollowmere</h2>
          <ul class="plain">
            <li>Glasshouses open 10:00–16:30; last admission 16:00.</li>
            <li>Victoria House pond heater top-up is in progress.</li>
            <li>Boiler service on Monday 24 and Tuesday 25 November: no group tours on those days.</li>
          </ul>
        </div>
      </section>
    );
  }
}
