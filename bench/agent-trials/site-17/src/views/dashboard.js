import { View } from 'backbone.marionette';
import { get, esc } from '../api.js';

export const DashboardView = View.extend({
  template: () => '<div class="loading">Loading dashboard…</div>',
  onRender() {
    get('/api/dashboard').then((d) => {
      if (this.isDestroyed()) return;
      const rows = d.sailingsToday.map((r) => `<tr><td>${esc(r.depart)}</td><td>${esc(r.route)}</td><td>${esc(r.vessel)}</td><td>${r.carsBooked}/${r.carCapacity}</td><td>${r.footPassengers}</td><td><span class="pill pill-${r.status.toLowerCase()}">${esc(r.status)}</span></td></tr>`).join('');
      this.$el.html(`
        <div class="stats">
          <div class="stat"><span>Sailings today</span><b>${d.sailingsToday.length}</b></div>
          <div class="stat"><span>Delayed sailings</span><b>${d.delayed}</b></div>
          <div class="stat"><span>Upcoming freight bookings</span><b>${d.upcomingBookings}</b></div>
          <div class="stat"><span>Season tickets</span><b>${d.activeTickets}</b></div>
          <div class="stat"><span>Crew on the books</span><b>${d.crewCount}</b></div>
        </div>
        <div class="grid2">
          <div class="card"><h2>Today's sailings · ${esc(d.todayLabel)}</h2>
            <table class="table"><thead><tr><th>Depart</th><th>Route</th><th>Vessel</th><th>Cars</th><th>Foot</th><th>Status</th></tr></thead><tbody>${rows}</tbody></table>
          </div>
          <div class="card"><h2>Desk reminders</h2>
            <ul class="plain">
              <li>Spring timetable notice goes live on Monday 22 March — check the pier numbers.</li>
              <li>Linkspan inspection at Skerrow Quay on Wednesday 24 March: no freight slots.</li>
              <li>Easter closures: Good Friday 26 March and Easter Monday 29 March.</li>
              <li>Upload the 07:40 manifests before noon on sailing day.</li>
            </ul>
            <p><a href="/sailings">Open the sailings grid</a> · <a href="/freight/new">New freight booking</a></p>
          </div>
        </div>`);
    }).catch((e) => this.$el.html(`<div class="error">${esc(e.message)}</div>`));
  },
});
