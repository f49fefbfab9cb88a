import { c, useState, useEffect } from 'atomico';
import { api } from '../api.js';

const TILES = [
  { path: '/manifests', title: 'Freight manifests', blurb: 'Consignments booked on every route, with status and release codes.', stat: (s) => `${s.manifests} manifests` },
  { path: '/notices', title: 'Passenger notices', blurb: 'Timetable, works and accessibility notices shown to passengers.', stat: (s) => `${s.notices} published notices` },
  { path: '/deck-plan', title: 'Vehicle deck plan', blurb: "Lane allocations for today's Kestrel Isle sailings.", stat: (s) => `${s.deckBookings} vehicles booked today` },
  { path: '/certificates', title: 'Crew certificates', blurb: 'Certificates of competency, medicals and the yearly register import.', stat: (s) => `${s.certificates} expiring this year` },
  { path: '/carryings', title: 'Carryings & returns', blurb: 'Monthly vehicles and passengers per route, and regulator returns.', stat: () => '2024 figures' },
  { path: '/maintenance', title: 'Harbour maintenance', blurb: 'Contractor visits to piers, linkspans and slipways.', stat: (s) => `${s.maintenance} visits scheduled` },
  { path: '/crew', title: 'Crew list', blurb: 'Everyone on the roster across the fleet.', stat: (s) => `${s.crew} crew members` },
];

export const Dashboard = c(() => {
  const [s, setS] = useState(null);
  useEffect(() => { api('/api/summary').then(setS).catch(() => setS(false)); }, []);
  return (
    <host>
      <header class="page-head">
        <h1>Dashboard</h1>
        <p class="muted">{s ? s.todayLabel : 'Loading…'} · Port Ardle harbour office</p>
      </header>
      <section class="alerts" aria-label="Today">
        <div class="alert info"><strong>Weather:</strong> SW 4–5, moderate swell in the outer Sound. All sailings running.</div>
        <div class="alert-slot">{s ? <div class="alert warn"><strong>{s.openComplaints} passenger complaints</strong> are waiting for a reply from the customer team.</div> : null}</div>
      </section>
      <div class="tiles">
        {TILES.map((t) => (
          <a class="tile" href={t.path} data-link>
            <h2>{t.title}</h2>
            <p>{t.blurb}</p>
            <span class="tile-stat">{s ? t.stat(s) : '…'}</span>
          </a>
        ))}
      </div>
    </host>
  );
});
