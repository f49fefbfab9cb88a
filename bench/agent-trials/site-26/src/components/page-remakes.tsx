import { Component, State, h } from '@stencil/core';
import { api, W, monthLabel } from '../lib';

@Component({ tag: 'page-remakes', shadow: false })
export class PageRemakes {
  @State() data: any = null;
  @State() flags: any[] = [];
  @State() material = '';
  @State() month = '';
  @State() count = '';
  @State() comment = '';
  @State() saving = false;
  @State() message = '';
  chartEl: HTMLElement;
  c: any;
  async componentDidLoad() {
    const [d, f] = await Promise.all([api('/api/remakes'), api('/api/remake-flags')]);
    this.data = d; this.flags = f;
    this.c = W().mountChart(this.chartEl, { series: d.series, data: d.data.map((r: any) => ({ ...r, label: monthLabel(r.month) })) });
  }
  disconnectedCallback() { this.c && this.c.unmount(); }
  async submit(e: Event) {
    e.preventDefault();
    if (this.saving) return;
    this.saving = true; this.message = '';
    try {
      const f = await api('/api/remake-flags', { method: 'POST', body: { material: this.material, month: this.month, count: this.count, comment: this.comment } });
      this.flags = [...this.flags, f];
      this.message = `Flag ${f.id} raised for ${f.material}, ${monthLabel(f.month)}.`;
      this.count = ''; this.comment = '';
    } catch (err) { this.message = 'Could not raise flag: ' + err.message; }
    this.saving = false;
  }
  render() {
    const d = this.data;
    return (
      <section>
        <h1>Remake analysis</h1>
        <p class="muted">Restorations returned for remake, by material, June 2024 – May 2025. Hover a bar to see its count.</p>
        <div class="chart-host" ref={(el) => (this.chartEl = el)}></div>
        <h2>Flag a month for quality review</h2>
        <form class="form" onSubmit={(e) => this.submit(e)}>
          <label htmlFor="flag-material">Material</label>
          <select id="flag-material" onChange={(e: any) => (this.material = e.target.value)}>
            <option value="">Choose…</option>
            {d && d.series.map((s: string) => <option value={s} selected={this.material === s}>{s}</option>)}
          </select>
          <label htmlFor="flag-month">Month</label>
          <select id="flag-month" onChange={(e: any) => (this.month = e.target.value)}>
            <option value="">Choose…</option>
            {d && d.data.map((r: any) => <option value={r.month} selected={this.month === r.month}>{monthLabel(r.month)}</option>)}
          </select>
          <label htmlFor="flag-count">Remakes that month</label>
          <input id="flag-count" type="number" min="0" value={this.count} onInput={(e: any) => (this.count = e.target.value)} />
          <label htmlFor="flag-comment">Comment (optional)</label>
          <input id="flag-comment" type="text" value={this.comment} onInput={(e: any) => (this.comment = e.target.value)} />
          <div><button class="btn primary" type="submit" disabled={this.saving}>{this.saving ? 'Raising…' : 'Raise review flag'}</button></div>
        </form>
        {this.message && <p class="notice" role="status">{this.message}</p>}
        {this.flags.length > 0 && (
          <table class="table"><thead><tr><th>Flag</th><th>Material</th><th>Month</th><th>Count</th></tr></thead>
            <tbody>{this.flags.map((f) => <tr><td>{f.id}</td><td>{f.material}</td><td>{monthLabel(f.month)}</td><td>{f.count}</td></tr>)}</tbody></table>
        )}
      </section>
    );
  }
}
