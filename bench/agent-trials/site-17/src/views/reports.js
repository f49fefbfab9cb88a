import { View } from 'backbone.marionette';
import Chart from 'chart.js/auto';
import { get, esc } from '../api.js';

function externalTooltip(context) {
  const { chart, tooltip } = context;
  let el = chart.canvas.parentNode.querySelector('.chart-tip');
  if (!el) {
    el = document.createElement('div');
    el.className = 'chart-tip';
    chart.canvas.parentNode.appendChild(el);
  }
  if (tooltip.opacity === 0) { el.style.opacity = 0; return; }
  const title = (tooltip.title || []).join(' ');
  const lines = tooltip.dataPoints.map((p) => `<div><i style="background:${p.dataset.borderColor}"></i>${esc(p.dataset.label)}: <b>${p.formattedValue}</b></div>`).join('');
  el.innerHTML = `<div class="tip-title">${esc(title)}</div>${lines}`;
  el.style.opacity = 1;
  el.style.left = chart.canvas.offsetLeft + tooltip.caretX + 12 + 'px';
  el.style.top = chart.canvas.offsetTop + tooltip.caretY - 10 + 'px';
}

export const ReportsView = View.extend({
  template: () => `
    <div class="card">
      <div class="toolbar">
        <h2 class="inline">Weekly carryings, 2027</h2>
        <span class="spacer"></span>
        <label>Route <select class="input route"></select></label>
      </div>
      <div class="chart-wrap"><canvas height="380"></canvas></div>
      <p class="muted small">Hover over the chart to see the week's figures. Weeks run Monday to Sunday.</p>
    </div>`,
  events: { 'change .route': 'load' },
  onAttach() {
    get('/api/routes').then((routes) => {
      if (this.isDestroyed()) return;
      this.$('.route').html(routes.map((r) => `<option value="${r.code}">${esc(r.name)}</option>`).join(''));
      this.load();
    });
  },
  load() {
    const code = this.$('.route').val();
    this.$('.chart-wrap').addClass('is-loading');
    get(`/api/reports/weekly?route=${encodeURIComponent(code)}`).then((d) => {
      if (this.isDestroyed() || d.route !== this.$('.route').val()) return;
      this.$('.chart-wrap').removeClass('is-loading');
      const labels = d.weeks.map((w) => [w.label, w.range]);
      const sets = [
        { label: 'Foot passengers', data: d.weeks.map((w) => w.foot), borderColor: '#1f6f8b', backgroundColor: '#1f6f8b' },
        { label: 'Cars', data: d.weeks.map((w) => w.cars), borderColor: '#e07a1f', backgroundColor: '#e07a1f' },
        { label: 'Freight units', data: d.weeks.map((w) => w.freight), borderColor: '#5a8f29', backgroundColor: '#5a8f29' },
      ];
      if (this.chart) this.chart.destroy();
      this.chart = new Chart(this.$('canvas')[0], {
        type: 'line',
        data: { labels, datasets: sets.map((s) => ({ ...s, tension: 0.25, pointRadius: 3 })) },
        options: {
          responsive: true,
          maintainAspectRatio: false,
          animation: { duration: 300 },
          interaction: { mode: 'index', intersect: false },
          plugins: {
            tooltip: { enabled: false, external: externalTooltip, callbacks: { title: (items) => [].concat(items[0].chart.data.labels[items[0].dataIndex]).join(' · ') } },
            legend: { position: 'bottom' },
          },
          scales: { y: { beginAtZero: true } },
        },
      });
    });
  },
  onBeforeDestroy() {
    if (this.chart) this.chart.destroy();
  },
});
