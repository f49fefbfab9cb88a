import { Component, OnInit, inject, signal } from '@angular/core';
import { DecimalPipe } from '@angular/common';
import { FormsModule } from '@angular/forms';
import { MatButtonModule } from '@angular/material/button';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatInputModule } from '@angular/material/input';
import { MatRadioModule } from '@angular/material/radio';
import { AgCharts } from 'ag-charts-angular';
import { AgCartesianChartOptions, AllCommunityModule, ModuleRegistry } from 'ag-charts-community';
import { toast } from 'ngx-sonner';
import { Api, FuelMonth, Reconciliation, errorText } from '../api';

ModuleRegistry.registerModules([AllCommunityModule]);

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

@Component({
  selector: 'app-fuel',
  imports: [AgCharts, FormsModule, DecimalPipe, MatButtonModule, MatFormFieldModule, MatInputModule, MatRadioModule],
  template: `
    <div class="page-head">
      <div>
        <h1>Fuel dock</h1>
        <p class="sub">Litres sold at the fuel pontoon each month, from the till system. Hover over a point to see the exact figure.</p>
      </div>
    </div>

    <section class="card chart-card" aria-labelledby="ch">
      <h2 id="ch" class="visually-hidden">Monthly fuel sales chart</h2>
      @if (options(); as o) {
        <ag-charts [options]="o" class="chart" role="img" aria-label="Line chart of litres of diesel and petrol sold per month in 2024 and 2025"></ag-charts>
      } @else { <p class="muted">Loading chart…</p> }
    </section>

    <div class="grid-2" style="margin-top:16px">
      <section class="card" aria-labelledby="rc">
        <h2 id="rc">Record a meter reconciliation</h2>
        <p class="muted small">At month end the pump meters are checked against the till. Record the till figure (litres) from the chart for the month and fuel you checked.</p>
        <form (ngSubmit)="record()" #f="ngForm" class="rform">
          <mat-form-field>
            <mat-label>Month</mat-label>
            <select matNativeControl name="month" [(ngModel)]="month" required>
              <option value="" disabled>Choose a month</option>
              @for (m of monthOptions; track m.value) { <option [value]="m.value">{{ m.label }}</option> }
            </select>
          </mat-form-field>
          <div class="fuel-radio">
            <span id="fuel-label" class="lbl">Fuel</span>
            <mat-radio-group name="fuel" [(ngModel)]="fuel" aria-labelledby="fuel-label">
              <mat-radio-button value="Diesel">Diesel</mat-radio-button>
              <mat-radio-button value="Petrol">Petrol</mat-radio-button>
            </mat-radio-group>
          </div>
          <mat-form-field>
            <mat-label>Litres sold (till figure)</mat-label>
            <input matInput type="number" name="litres" [(ngModel)]="litres" min="1" step="1" required />
          </mat-form-field>
          @if (error()) { <p class="error" role="alert">{{ error() }}</p> }
          <div class="btn-row">
            <button mat-flat-button type="submit" [disabled]="saving()">{{ saving() ? 'Recording…' : 'Record reconciliation' }}</button>
          </div>
        </form>
      </section>
      <section class="card" aria-labelledby="rl">
        <h2 id="rl">Recorded reconciliations</h2>
        <table class="simple">
          <thead><tr><th>Month</th><th>Fuel</th><th>Litres</th><th>By</th><th>On</th></tr></thead>
          <tbody>
            @for (r of recs(); track r.id) {
              <tr><td>{{ monthLabel(r.month) }}</td><td>{{ r.fuel }}</td><td>{{ r.litres | number }}</td><td>{{ r.recordedBy }}</td><td>{{ r.recordedAt }}</td></tr>
            }
          </tbody>
        </table>
      </section>
    </div>
  `,
  styles: [`
    .chart-card { padding: 8px; }
    .chart { display: block; height: 440px; }
    .visually-hidden { position: absolute !important; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
    .rform { display: flex; flex-direction: column; gap: 12px; max-width: 360px; }
    .fuel-radio { display: flex; align-items: center; gap: 12px; }
    .fuel-radio .lbl { font-weight: 600; }
    .small { font-size: .88rem; }
  `],
})
export class FuelPage implements OnInit {
  private api = inject(Api);
  options = signal<AgCartesianChartOptions | null>(null);
  recs = signal<Reconciliation[]>([]);
  saving = signal(false);
  error = signal('');
  month = '';
  fuel = '';
  litres: number | null = null;
  monthOptions = MONTHS.map((m, i) => ({ value: `2025-${String(i + 1).padStart(2, '0')}`, label: `${m} 2025` }))
    .concat(MONTHS.slice(0, 3).map((m, i) => ({ value: `2026-${String(i + 1).padStart(2, '0')}`, label: `${m} 2026` })));

  async ngOnInit() {
    const [data, recs] = await Promise.all([
      this.api.get<FuelMonth[]>('/api/fuel/monthly'),
      this.api.get<Reconciliation[]>('/api/fuel/reconciliations'),
    ]);
    this.recs.set(recs);
    const font = 'system-ui, Segoe UI, Arial, sans-serif';
    const line = (yKey: keyof FuelMonth, yName: string, stroke: string, dashed: boolean, shape: 'circle' | 'square' | 'diamond' | 'triangle') => ({
      type: 'line' as const, xKey: 'month', yKey, yName, stroke, strokeWidth: dashed ? 1.5 : 2.5,
      lineDash: dashed ? [6, 4] : undefined,
      marker: { enabled: true, shape, size: 8, fill: stroke, stroke },
    });
    this.options.set({
      data,
      title: { text: 'Fuel dock sales by month (litres)', fontFamily: font, fontSize: 16 },
      subtitle: { text: 'Till totals, January–December', fontFamily: font },
      series: [
        line('diesel2025', 'Diesel 2025', '#1f6f9f', false, 'circle'),
        line('diesel2024', 'Diesel 2024', '#7fb2d6', true, 'square'),
        line('petrol2025', 'Petrol 2025', '#d9822b', false, 'diamond'),
        line('petrol2024', 'Petrol 2024', '#efb879', true, 'triangle'),
      ],
      axes: {
        x: { type: 'category', position: 'bottom', label: { fontFamily: font } },
        y: { type: 'number', position: 'left', title: { text: 'Litres', fontFamily: font }, label: { fontFamily: font }, gridLine: { enabled: true } },
      },
      legend: { position: 'bottom', item: { label: { fontFamily: font } } },
    } as AgCartesianChartOptions);
  }

  monthLabel(v: string) {
    const [y, m] = v.split('-');
    return `${MONTHS[Number(m) - 1]} ${y}`;
  }

  async record() {
    this.error.set('');
    if (!this.month) return this.error.set('Choose the month you checked.');
    if (!this.fuel) return this.error.set('Choose diesel or petrol.');
    if (!this.litres || this.litres <= 0) return this.error.set('Enter the litres figure.');
    this.saving.set(true);
    try {
      const r = await this.api.post<Reconciliation>('/api/fuel/reconciliations', { month: this.month, fuel: this.fuel, litres: Number(this.litres) });
      this.recs.update((x) => [...x, r]);
      toast.success(`Reconciliation recorded for ${r.fuel.toLowerCase()}, ${this.monthLabel(r.month)}`);
      this.month = ''; this.fuel = ''; this.litres = null;
    } catch (err) {
      this.error.set(errorText(err));
    } finally {
      this.saving.set(false);
    }
  }
}
