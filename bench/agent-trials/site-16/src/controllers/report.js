import { Controller } from '@hotwired/stimulus';
import Dygraph from 'dygraphs';
import { api } from '../api.js';

const fmt = (n) => '£' + Number(n).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export default class extends Controller {
  static targets = ['building', 'chart', 'legend'];

  async load() {
    const b = this.buildingTarget.value;
    this.graph?.destroy(); this.graph = null;
    if (!b) { this.chartTarget.innerHTML = '<p class="muted empty">Choose a building to see its spend.</p>'; return; }
    this.chartTarget.innerHTML = '<p class="muted empty">Loading…</p>';
    const data = await api('GET', `/api/reports/maintenance?building=${encodeURIComponent(b)}`);
    this.chartTarget.innerHTML = '';
    const rows = data.months.map((m) => { const [y, mo] = m.month.split('-').map(Number); return [new Date(y, mo - 1, 1), m.reactive, m.planned]; });
    this.graph = new Dygraph(this.chartTarget, rows, {
      labels: ['Month', 'Reactive repairs', 'Planned works'],
      colors: ['#c2410c', '#15803d'],
      strokeWidth: 2,
      drawPoints: true,
      pointSize: 3,
      highlightCircleSize: 5,
      legend: 'follow',
      labelsSeparateLines: true,
      includeZero: true,
      ylabel: 'Spend (£)',
      axes: {
        x: {
          valueFormatter: (ms) => { const d = new Date(ms); return `${MONTHS[d.getMonth()]} ${d.getFullYear()}`; },
          axisLabelFormatter: (d) => `${MONTHS[d.getMonth()]} ${String(d.getFullYear()).slice(2)}`,
          pixelsPerLabel: 60,
        },
        y: {
          valueFormatter: (v) => fmt(v),
          axisLabelFormatter: (v) => '£' + (v >= 1000 ? (v / 1000).toFixed(1).replace(/\.0$/, '') + 'k' : v),
          axisLabelWidth: 56,
        },
      },
    });
    this.legendTarget.innerHTML = '<span class="sw" style="background:#c2410c"></span> Reactive repairs <span class="sw" style="background:#15803d"></span> Planned works <span class="muted">· hover the chart for monthly figures</span>';
  }

  disconnect() { this.graph?.destroy(); this.graph = null; }
}
