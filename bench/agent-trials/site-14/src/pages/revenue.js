import Chartist from 'chartist';
import 'chartist/dist/chartist.min.css';
import tooltip from 'chartist-plugin-tooltips-updated';
import 'chartist-plugin-tooltips-updated/dist/chartist-plugin-tooltip.css';

const LINES = [['flyers', 'Flyers'], ['posters', 'Posters'], ['cards', 'Business cards'], ['booklets', 'Booklets & catalogues'], ['largeformat', 'Large format']];

class PageRevenue extends HTMLElement {
  connectedCallback() {
    this.innerHTML = `<h1>Revenue by product line</h1>
      <p class="sub">Invoiced revenue per month, last six months. Hover a point for the exact figure.</p>
      <div class="card"><div class="tabs" role="tablist">${LINES.map(([id, label], i) => `<button role="tab" data-line="${id}" aria-selected="${i === 0}">${label}</button>`).join('')}</div>
      <div class="chart-box ct-chart" id="chart"></div></div>`;
    this.querySelector('.tabs').addEventListener('click', (e) => {
      const b = e.target.closest('button[data-line]'); if (!b) return;
      this.querySelectorAll('.tabs button').forEach((x) => x.setAttribute('aria-selected', String(x === b)));
      this.load(b.dataset.line);
    });
    this.load('flyers');
  }
  async load(line) {
    const d = await fetch(`/api/analytics/revenue?line=${line}`).then((r) => r.json());
    const label = LINES.find((l) => l[0] === line)[1];
    const data = { labels: d.months, series: [{ name: label, data: d.values.map((v, i) => ({ meta: `${label}, ${d.months[i]}`, value: v })) }] };
    const opts = {
      low: 0, showArea: true, fullWidth: true, chartPadding: { right: 30, left: 10 },
      axisY: { onlyInteger: true, labelInterpolationFnc: (v) => `£${(v / 1000).toFixed(1)}k` },
      plugins: [tooltip({ anchorToPoint: false, appendToBody: false, transformTooltipTextFnc: (v) => `£${Number(v).toLocaleString('en-GB')}` })],
    };
    if (this.chart) this.chart.detach();
    this.querySelector('#chart').innerHTML = '';
    this.chart = new Chartist.Line(this.querySelector('#chart'), data, opts);
  }
  disconnectedCallback() { if (this.chart) this.chart.detach(); }
}
customElements.define('page-revenue', PageRevenue);
