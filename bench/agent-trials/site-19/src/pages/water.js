import '../globals.js';
import ko from 'knockout';
import 'morris.js/morris.js';
import 'morris.js/morris.css';
import { page } from './component.js';
import { api, MONTHS } from '../api.js';

const label = (ym) => { const [y, m] = ym.split('-').map(Number); return `${MONTHS[m - 1]} ${y}`; };
const template = `
<section class="panel">
  <div class="toolbar">
    <label>Site
      <select class="site-select" data-bind="options: sites, optionsText: 'name', optionsValue: 'code', optionsCaption: 'Choose a site…', value: site"></select>
    </label>
    <span class="muted" data-bind="text: loading() ? 'Loading…' : ''"></span>
  </div>
  <h2 data-bind="text: heading"></h2>
  <p class="muted">Monthly metered water use, October 2026 to September 2027, in cubic metres. Hover over the chart to read a month.</p>
  <div class="legend" data-bind="visible: site"><span><i style="background:#2f7d4f"></i>Troughs</span><span><i style="background:#c0792b"></i>Standpipes</span><span><i style="background:#5470a8"></i>Main meter</span></div>
  <div class="chart" style="height: 360px"></div>
  <p class="muted" data-bind="visible: !site()">Choose a site to see its water usage.</p>
</section>`;

class WaterVM {
  constructor(params, el) {
    this.el = el;
    this.sites = ko.observableArray([]);
    this.site = ko.observable();
    this.loading = ko.observable(false);
    this.heading = ko.observable('Water usage');
    api('GET', '/api/sites').then((s) => this.sites(s));
    this.sub = this.site.subscribe((code) => this.load(code));
  }
  load(code) {
    if (!code) return;
    this.loading(true);
    api('GET', `/api/water-usage?site=${encodeURIComponent(code)}`).then((d) => {
      if (this.disposed) return;
      this.heading(`Water usage at ${d.site}`);
      const box = this.el.querySelector('.chart');
      if (!this.chart) {
        this.chart = window.Morris.Line({
          element: box,
          data: d.months,
          xkey: 'month',
          ykeys: ['troughs', 'standpipes', 'mains'],
          labels: ['Troughs', 'Standpipes', 'Main meter'],
          lineColors: ['#2f7d4f', '#c0792b', '#5470a8'],
          xLabels: 'month',
          xLabelFormat: (x) => label(`${x.getFullYear()}-${String(x.getMonth() + 1).padStart(2, '0')}`),
          dateFormat: (ms) => { const x = new Date(ms); return label(`${x.getFullYear()}-${String(x.getMonth() + 1).padStart(2, '0')}`); },
          postUnits: ' m³',
          hideHover: 'auto',
          resize: true,
          smooth: false,
        });
      } else {
        this.chart.setData(d.months);
      }
    }).finally(() => this.loading(false));
  }
  dispose() { this.disposed = true; this.sub.dispose(); }
}
page('page-water', template, WaterVM);
