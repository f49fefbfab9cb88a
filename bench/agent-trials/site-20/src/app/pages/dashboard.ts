import { Component, OnInit, inject, signal } from '@angular/core';
import { RouterLink } from '@angular/router';
import { Api, Booking, longDate } from '../api';
import { NAV } from '../nav';

interface Summary {
  vessels: number; byStatus: Record<string, number>; openJobs: number; readyForLaunch: number;
  upcomingLifts: number; customers: number; noticeUpdated: string;
}

@Component({
  selector: 'app-dashboard',
  imports: [RouterLink],
  template: `
    <div class="page-head">
      <div>
        <h1>Good morning, {{ api.meta()?.user?.name?.split(' ')?.[0] }}</h1>
        <p class="sub">Saltmarsh Quay Boatyard · office dashboard for {{ fmt(api.meta()!.today) }}</p>
      </div>
    </div>

    <section aria-label="Yard figures" class="kpis">
      @if (summary(); as s) {
        <div class="kpi"><span class="n">{{ s.vessels }}</span><span>boats on the register</span></div>
        <div class="kpi"><span class="n">{{ s.byStatus['Hauled out'] || 0 }}</span><span>hauled out</span></div>
        <div class="kpi"><span class="n">{{ s.openJobs }}</span><span>open workshop jobs</span></div>
        <div class="kpi"><span class="n">{{ s.readyForLaunch }}</span><span>ready for launch</span></div>
        <div class="kpi"><span class="n">{{ s.upcomingLifts }}</span><span>lifts booked</span></div>
        <div class="kpi"><span class="n">{{ s.customers }}</span><span>customer accounts</span></div>
      } @else {
        <p class="muted">Loading figures…</p>
      }
    </section>

    <div class="grid-2">
      <section class="card" aria-labelledby="goto">
        <h2 id="goto">Go to</h2>
        <ul class="tiles">
          @for (item of links; track item.path) {
            <li><a [routerLink]="item.path"><strong>{{ item.label }}</strong><span>{{ item.desc }}</span></a></li>
          }
        </ul>
      </section>
      <section class="card" aria-labelledby="next-lifts">
        <h2 id="next-lifts">Next crane lifts</h2>
        @if (lifts(); as l) {
          <table class="simple">
            <thead><tr><th>Date</th><th>Time</th><th>Vessel</th><th>Service</th></tr></thead>
            <tbody>
              @for (b of l; track b.ref) {
                <tr><td>{{ fmt(b.date) }}</td><td>{{ b.time }}</td><td>{{ b.vessel }}</td><td>{{ b.service }}</td></tr>
              }
            </tbody>
          </table>
        } @else { <p class="muted">Loading…</p> }
        <p class="hint">Tide tables and crane availability are posted in the yard office.</p>
      </section>
    </div>
  `,
  styles: [`
    .kpis { display: grid; grid-template-columns: repeat(6, minmax(0, 1fr)); gap: 12px; margin-bottom: 16px; }
    .kpi { background: #fff; border: 1px solid var(--sq-border); border-radius: 8px; padding: 12px 14px; display: flex; flex-direction: column; color: var(--sq-muted); font-size: .85rem; }
    .kpi .n { font-size: 1.6rem; font-weight: 700; color: var(--sq-navy); }
    .tiles { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: 1fr 1fr; gap: 10px; }
    .tiles a { display: flex; flex-direction: column; gap: 2px; padding: 12px; border: 1px solid var(--sq-border); border-radius: 8px; text-decoration: none; color: inherit; }
    .tiles a:hover { border-color: var(--sq-sea); background: #f5f9fc; }
    .tiles strong { color: var(--sq-sea); }
    .tiles span { color: var(--sq-muted); font-size: .85rem; }
  `],
})
export class DashboardPage implements OnInit {
  api = inject(Api);
  fmt = longDate;
  links = NAV.filter((n) => n.path !== '/');
  summary = signal<Summary | null>(null);
  lifts = signal<Booking[] | null>(null);
  async ngOnInit() {
    const [s, b] = await Promise.all([this.api.get<Summary>('/api/summary'), this.api.get<Booking[]>('/api/bookings')]);
    this.summary.set(s);
    const today = this.api.meta()!.today;
    this.lifts.set(b.filter((x) => x.date >= today).sort((x, y) => (x.date + x.time).localeCompare(y.date + y.time)).slice(0, 6));
  }
}
