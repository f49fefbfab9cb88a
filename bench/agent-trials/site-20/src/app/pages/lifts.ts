import { Component, OnInit, inject, signal } from '@angular/core';
import { FormsModule } from '@angular/forms';
import { NgSelectModule } from '@ng-select/ng-select';
import { DatePickerModule } from 'primeng/datepicker';
import { ButtonModule } from 'primeng/button';
import { toast } from 'ngx-sonner';
import { Api, Booking, VesselOption, errorText, longDate } from '../api';

interface Opt extends VesselOption { label: string }

const SERVICES = ['Lift out', 'Lift in', 'Mast unstep', 'Mast step', 'Hold in slings'];

function toIso(d: Date) {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
function fromIso(iso: string) {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y, m - 1, d);
}

@Component({
  selector: 'app-lifts',
  imports: [FormsModule, NgSelectModule, DatePickerModule, ButtonModule],
  template: `
    <div class="page-head">
      <div>
        <h1>Crane &amp; lift bookings</h1>
        <p class="sub">Book the 25-tonne travel hoist. Lifts run on weekdays between 07:30 and 16:00, subject to tide.</p>
      </div>
    </div>

    <div class="grid-2">
      <section class="card" aria-labelledby="nb">
        <h2 id="nb">New booking</h2>
        <form (ngSubmit)="submit()" class="bform" novalidate>
          <label class="field" for="vessel">Vessel</label>
          <ng-select labelForId="vessel" name="vessel" [items]="options()" bindValue="id" bindLabel="label" [(ngModel)]="vesselId"
                     [searchFn]="search" [virtualScroll]="true" placeholder="Type a vessel or owner name" [clearable]="true"
                     notFoundText="No vessel matches" [loading]="!options().length" ariaLabel="Vessel">
            <ng-template ng-option-tmp let-item="item">
              <div class="opt"><strong>{{ item.name }}</strong> <span>{{ item.model }}</span><span class="o">{{ item.owner }} · berth {{ item.berth }}</span></div>
            </ng-template>
          </ng-select>

          <label class="field" for="service">Service</label>
          <select id="service" name="service" class="native-input" [(ngModel)]="service">
            <option value="" disabled>Choose a service</option>
            @for (s of services; track s) { <option [value]="s">{{ s }}</option> }
          </select>

          <div class="two">
            <div>
              <label class="field" for="lift-date">Date</label>
              <p-datepicker inputId="lift-date" name="date" [(ngModel)]="date" [minDate]="minDate()" [disabledDays]="[0, 6]"
                            [disabledDates]="closedDates()" [defaultDate]="minDate()" [firstDayOfWeek]="1" dateFormat="D d M yy"
                            [showIcon]="true" iconDisplay="input" [showOtherMonths]="false" placeholder="Choose a date" appendTo="body">
                <ng-template #disabledDate let-date>{{ date.day }}<span class="visually-hidden"> (unavailable)</span></ng-template>
              </p-datepicker>
              <p class="hint">Greyed-out days can't be booked: weekends, bank holidays and crane maintenance days.</p>
            </div>
            <div>
              <label class="field" for="lift-time">Time</label>
              <p-datepicker inputId="lift-time" name="time" [(ngModel)]="time" [timeOnly]="true" hourFormat="24" [stepMinute]="15"
                            [defaultDate]="defaultTime()" placeholder="HH:MM" appendTo="body" />
              <p class="hint">24-hour clock, quarter-hour slots.</p>
            </div>
          </div>

          <label class="field" for="note">Note for the crane driver</label>
          <textarea id="note" name="note" class="native-input" rows="3" [(ngModel)]="note" placeholder="e.g. mast up, owner attending, slings positions"></textarea>

          @if (error()) { <p class="error" role="alert">{{ error() }}</p> }
          <div class="btn-row" style="margin-top:14px">
            <p-button type="submit" [label]="saving() ? 'Booking…' : 'Book lift'" [disabled]="saving()" />
            <p-button type="button" label="Clear" severity="secondary" [outlined]="true" (onClick)="clear()" [disabled]="saving()" />
          </div>
        </form>
      </section>

      <section class="card" aria-labelledby="cf" aria-live="polite">
        <h2 id="cf">Confirmation</h2>
        @if (confirmed(); as b) {
          <div class="confirm">
            <p class="ok"><strong>Booking confirmed</strong></p>
            <p>Reference <strong class="ref">{{ b.ref }}</strong></p>
            <p>{{ b.service }} for <strong>{{ b.vessel }}</strong> on {{ fmt(b.date) }} at {{ b.time }}</p>
            @if (b.note) { <p class="muted">Note: {{ b.note }}</p> }
          </div>
        } @else {
          <p class="muted">The booking reference appears here once the lift is booked.</p>
        }
        <h2 style="margin-top:20px">Upcoming lifts</h2>
        <table class="simple">
          <thead><tr><th>Ref</th><th>Date</th><th>Time</th><th>Vessel</th><th>Service</th></tr></thead>
          <tbody>
            @for (b of bookings(); track b.ref) {
              <tr><td>{{ b.ref }}</td><td>{{ fmt(b.date) }}</td><td>{{ b.time }}</td><td>{{ b.vessel }}</td><td>{{ b.service }}</td></tr>
            }
          </tbody>
        </table>
      </section>
    </div>
  `,
  styles: [`
    .bform { max-width: 560px; }
    .two { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; }
    .opt { display: flex; gap: 6px; align-items: baseline; flex-wrap: wrap; }
    .opt span { color: var(--sq-muted); }
    .opt .o { margin-left: auto; font-size: .85em; }
    .confirm { background: #eef8f1; border: 1px solid #bfe0c9; border-radius: 8px; padding: 10px 14px; }
    .confirm p { margin: 4px 0; }
    .ref { font-size: 1.15rem; letter-spacing: .02em; }
    :host ::ng-deep .p-datepicker { width: 100%; }
    :host ::ng-deep .ng-select .ng-select-container { min-height: 38px; border-color: #b9c3cc; }
  `],
})
export class LiftsPage implements OnInit {
  private api = inject(Api);
  fmt = longDate;
  services = SERVICES;
  options = signal<Opt[]>([]);
  bookings = signal<Booking[]>([]);
  minDate = signal<Date>(new Date());
  defaultTime = signal<Date>(new Date(2026, 3, 15, 9, 0));
  closedDates = signal<Date[]>([]);
  confirmed = signal<Booking | null>(null);
  saving = signal(false);
  error = signal('');
  vesselId: string | null = null;
  service = '';
  date: Date | null = null;
  time: Date | null = null;
  note = '';

  search = (term: string, item: Opt) => {
    const t = term.trim().toLowerCase();
    return `${item.name} ${item.owner} ${item.model} ${item.berth}`.toLowerCase().includes(t);
  };

  async ngOnInit() {
    const meta = await this.api.loadMeta();
    this.minDate.set(fromIso(meta.today));
    const t = fromIso(meta.today); t.setHours(9, 0, 0, 0);
    this.defaultTime.set(t);
    this.closedDates.set(meta.closedDays.map((c) => fromIso(c.date)));
    const [opts, bookings] = await Promise.all([
      this.api.get<VesselOption[]>('/api/vessels/options'),
      this.api.get<Booking[]>('/api/bookings'),
    ]);
    this.options.set(opts.map((o) => ({ ...o, label: `${o.name} — ${o.model} (${o.owner})` })));
    this.setBookings(bookings);
  }

  private setBookings(b: Booking[]) {
    const today = this.api.meta()!.today;
    this.bookings.set(b.filter((x) => x.date >= today).sort((x, y) => (x.date + x.time).localeCompare(y.date + y.time)));
  }

  clear() {
    this.vesselId = null; this.service = ''; this.date = null; this.time = null; this.note = ''; this.error.set('');
  }

  async submit() {
    this.error.set('');
    if (!this.vesselId) return this.error.set('Choose the vessel to lift.');
    if (!this.service) return this.error.set('Choose a service.');
    if (!this.date) return this.error.set('Choose a date.');
    if (!this.time) return this.error.set('Choose a time.');
    const hhmm = `${String(this.time.getHours()).padStart(2, '0')}:${String(this.time.getMinutes()).padStart(2, '0')}`;
    this.saving.set(true);
    try {
      const b = await this.api.post<Booking>('/api/bookings', {
        vesselId: this.vesselId, service: this.service, date: toIso(this.date), time: hhmm, note: this.note.trim(),
      });
      this.confirmed.set(b);
      this.setBookings([...this.bookings(), b]);
      toast.success(`Lift booked: ${b.ref}`);
      this.clear();
    } catch (err) {
      this.error.set(errorText(err));
    } finally {
      this.saving.set(false);
    }
  }
}
