import { CustomElement } from 'aurelia';
import { LineChart } from '@carbon/charts';
import '@carbon/charts/styles.css';
import { api } from '../api.js';

export const StatsPage = CustomElement.define({
  name: 'stats-page',
  template: `
  <h1>Travel statistics</h1>
  <p class="muted">Pupils travelling each month of the 2025–26 school year, by key stage. Hover a point to see its figure.</p>
  <div class="chart-host" ref="host"></div>
  <form class="card-form" submit.trigger="signoff($event)">
    <h2>Monthly sign-off</h2>
    <p class="muted">Record the confirmed figure for the governors' report.</p>
    <label>Key stage <select aria-label="Key stage" value.bind="series"><option value="">Choose…</option><option repeat.for="s of seriesNames" value.bind="s">\${s}</option></select></label>
    <label>Month <select aria-label="Month" value.bind="month"><option value="">Choose…</option><option repeat.for="m of months" value.bind="m">\${m}</option></select></label>
    <label>Pupils travelling <input type="number" min="0" value.bind="value"></label>
    <button type="submit" class="primary" disabled.bind="busy">Record sign-off</button>
    <p role="status" class="status">\${message}</p>
  </form>`,
}, class {
  seriesNames = []; months = []; series = ''; month = ''; value = ''; message = ''; busy = false;
  async attached() {
    const s = await api('GET', '/api/stats');
    this.seriesNames = Object.keys(s.series); this.months = s.monthLabels;
    const data = [];
    for (const [g, vals] of Object.entries(s.series)) vals.forEach((v, i) => data.push({ group: g, key: s.monthLabels[i], value: v }));
    this.chart = new LineChart(this.host, { data, options: {
      title: 'Pupils travelling per month', height: '420px', toolbar: { enabled: false }, theme: 'white',
      axes: { bottom: { title: 'Month', mapsTo: 'key', scaleType: 'labels' }, left: { title: 'Pupils', mapsTo: 'value', scaleType: 'linear' } },
      points: { radius: 4 }, legend: { clickable: true },
    } });
    // figures are read from the hover tooltip; keep the point markers free of value labels
    const strip = () => this.host.querySelectorAll('circle.dot[aria-label]').forEach((c) => c.removeAttribute('aria-label'));
    this.observer = new MutationObserver(strip); this.observer.observe(this.host, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] }); strip();
  }
  async signoff(e) {
    e.preventDefault();
    if (!this.series || !this.month || this.value === '') { this.message = 'Choose a key stage and month and enter the figure.'; return; }
    this.busy = true;
    try { const r = await api('POST', '/api/stats/signoff', { series: this.series, month: this.month, value: Number(this.value) }); this.message = `Signed off: ${r.series}, ${r.month} = ${r.value} (ref ${r.ref}).`; }
    catch (err) { this.message = 'Could not record: ' + err.message; }
    finally { this.busy = false; }
  }
  detaching() { this.observer && this.observer.disconnect(); this.chart && this.chart.destroy && this.chart.destroy(); }
});
