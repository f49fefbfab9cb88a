// <fleet-chart>: weekly miles per vehicle, drawn on a canvas by vue-data-ui's VueUiXyCanvas.
// Exact figures are shown in the hover tooltip. Set the `data` property ({weeks, series}).
import { createApp, h, shallowRef } from 'vue';
import { VueUiXyCanvas } from 'vue-data-ui/vue-ui-xy-canvas';
import 'vue-data-ui/style.css';

const COLORS = ['#1d4e89', '#d1495b', '#2e933c', '#edae49', '#6a4c93'];
const weekLabel = (iso) => 'w/c ' + new Date(iso + 'T12:00:00').toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });

class FleetChart extends HTMLElement {
  set data(v) { this._data = v; if (this._ref) this._ref.value = v; }
  get data() { return this._data; }

  connectedCallback() {
    if (this._app) return;
    const mount = document.createElement('div');
    mount.className = 'fleet-chart-mount';
    this.appendChild(mount);
    const dataRef = shallowRef(this._data || null);
    this._ref = dataRef;
    this._app = createApp({
      render: () => {
        const d = dataRef.value;
        if (!d) return h('p', { class: 'muted' }, 'Loading mileage…');
        return h(VueUiXyCanvas, {
          dataset: d.series.map((s, i) => ({ name: s.vehicle, series: s.miles, type: 'line', color: COLORS[i % COLORS.length] })),
          config: {
            responsive: false,
            userOptions: { show: false },
            table: { show: false },
            style: {
              fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
              chart: {
                backgroundColor: '#ffffff',
                color: '#1f2937',
                aspectRatio: '16 / 8',
                title: { text: 'Weekly miles per vehicle', subtitle: { text: 'Telematics totals, weeks commencing 12 Jan to 30 Mar 2026' } },
                legend: { show: true, position: 'bottom' },
                tooltip: { show: true, showTimeLabel: true },
                dataLabels: { show: false },
                selector: { show: true },
                zoom: { show: false },
                line: { plots: { show: true, radiusRatio: 0.6 } },
                scale: { ticks: 8, min: 300, max: 800 },
                grid: {
                  y: { axisName: '', axisLabels: { show: true, fontSizeRatio: 0.55 } },
                  x: { axisName: '', horizontalLines: { show: true, opacity: 0.15 }, timeLabels: { show: true, fontSizeRatio: 0.45, values: d.weeks.map(weekLabel) } },
                },
              },
            },
          },
        });
      },
    });
    this._app.mount(mount);
  }

  disconnectedCallback() {
    if (this._app) { this._app.unmount(); this._app = null; this._ref = null; this.innerHTML = ''; }
  }
}

customElements.define('fleet-chart', FleetChart);
