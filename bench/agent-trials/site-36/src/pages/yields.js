import Ractive from 'ractive';
import picasso from 'picasso.js';
import { api, get } from '../api.js';

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthLabel = (ym) => { const [y, m] = ym.split('-').map(Number); return `${MONTH_NAMES[m - 1]} ${y}`; };
const PALETTE = ['#b5651d', '#2f6f8f', '#3d8c7a', '#8c5fa8', '#c0392b'];

export default Ractive.extend({
  data: () => ({ months: [], apiaries: [], log: [], form: { apiary: '', month: '', kg: '' }, saving: false, message: '', error: '', monthLabel }),
  template: `
    <section class="page yields-page">
      <h1>Season yields</h1>
      <p class="lede">Honey weighed in at the honey house, per apiary and month of the 2025 season (kg).</p>
      <div class="chart-card">
        <div id="yield-chart" class="yield-chart"></div>
      </div>
      <h2 class="sub">Yield log</h2>
      <p class="muted">Figures copied into the log go into the AGM report.</p>
      <form class="inline-form" on-submit="@this.addEntry(@event)">
        <label>Apiary
          <select value="{{form.apiary}}">
            <option value="">Choose…</option>
            {{#each apiaries}}<option value="{{.}}">{{.}}</option>{{/each}}
          </select>
        </label>
        <label>Month
          <select value="{{form.month}}">
            <option value="">Choose…</option>
            {{#each months}}<option value="{{.}}">{{monthLabel(.)}}</option>{{/each}}
          </select>
        </label>
        <label>Kilograms
          <input type="number" step="0.1" min="0" value="{{form.kg}}" />
        </label>
        <button type="submit" class="btn btn-go" disabled="{{saving}}">{{#if saving}}Adding…{{else}}Add to log{{/if}}</button>
      </form>
      {{#if message}}<p class="flash">{{message}}</p>{{/if}}
      {{#if error}}<p class="error">{{error}}</p>{{/if}}
      {{#if log.length}}
        <table class="plain">
          <thead><tr><th>Entry</th><th>Apiary</th><th>Month</th><th>kg</th></tr></thead>
          <tbody>{{#each log}}<tr><td>{{.id}}</td><td>{{.apiary}}</td><td>{{monthLabel(.month)}}</td><td>{{.kg}}</td></tr>{{/each}}</tbody>
        </table>
      {{/if}}
    </section>
  `,
  async oncomplete() {
    try {
      const [d, log] = await Promise.all([get('/api/yields'), get('/api/yield-log')]);
      if (this.torndown) return;
      this.set({ months: d.months, apiaries: d.apiaries, log });
      this.drawChart(d);
    } catch (e) {
      this.set('error', e.message);
    }
  },
  drawChart(d) {
    const rows = [['Month', 'Apiary', 'Kg']];
    for (const [apiary, values] of Object.entries(d.series)) {
      d.months.forEach((m, i) => rows.push([monthLabel(m), apiary, values[i]]));
    }
    this.chart = picasso.chart({
      element: this.find('#yield-chart'),
      data: [{ type: 'matrix', data: rows }],
      settings: {
        scales: {
          y: { data: { field: 'Kg' }, invert: true, include: [0], expand: 0.05 },
          t: { data: { extract: { field: 'Month' } } },
          color: { data: { extract: { field: 'Apiary' } }, type: 'color', range: PALETTE },
        },
        components: [
          { type: 'legend-cat', scale: 'color', dock: 'top' },
          { type: 'axis', dock: 'left', scale: 'y' },
          { type: 'axis', dock: 'bottom', scale: 't' },
          { type: 'grid-line', y: 'y' },
          {
            key: 'lines',
            type: 'line',
            data: { extract: { field: 'Month', props: { kg: { field: 'Kg' }, series: { field: 'Apiary' } } } },
            settings: {
              coordinates: { major: { scale: 't' }, minor: { scale: 'y', ref: 'kg' }, layerId: { ref: 'series' } },
              layers: { curve: 'monotone', line: { stroke: { scale: 'color', ref: 'series' }, strokeWidth: 2 } },
            },
          },
          {
            key: 'points',
            type: 'point',
            data: { extract: { field: 'Month', props: { kg: { field: 'Kg' }, series: { field: 'Apiary' } } } },
            settings: {
              x: { scale: 't' },
              y: { scale: 'y', ref: 'kg' },
              fill: { scale: 'color', ref: 'series' },
              stroke: '#fff',
              strokeWidth: 1.5,
              size: 0.35,
              sizeLimits: { maxPx: 14, minPx: 9 },
            },
          },
          {
            key: 'tip',
            type: 'tooltip',
            settings: {
              delay: 150,
              filter: (nodes) => nodes.filter((n) => n.key === 'points' && n.data),
              extract: ({ node }) => ({ apiary: node.data.series.value, month: node.data.label, kg: node.data.kg.value }),
              content: ({ h, data }) => data.map((p) => h('div', {}, `${p.apiary} · ${p.month}: ${p.kg.toFixed(1)} kg`)),
            },
          },
        ],
        interactions: [{
          type: 'native',
          events: {
            mousemove(e) { this.chart.component('tip').emit('show', e); },
            mouseleave() { this.chart.component('tip').emit('hide'); },
          },
        }],
      },
    });
  },
  async addEntry(ev) {
    if (ev && ev.preventDefault) ev.preventDefault(); // @event is the DOM submit event
    const f = this.get('form');
    if (!f.apiary || !f.month || f.kg === '' || f.kg === null) { this.set({ error: 'Choose the apiary and month and enter the kilograms.', message: '' }); return false; }
    this.set({ saving: true, error: '', message: '' });
    try {
      const r = await api('POST', '/api/yield-log', { apiary: f.apiary, month: f.month, kg: Number(f.kg) });
      this.push('log', r.entry);
      this.set({ message: `Added ${r.entry.kg} kg for ${r.entry.apiary}, ${monthLabel(r.entry.month)}.`, form: { apiary: '', month: '', kg: '' } });
    } catch (e) {
      this.set('error', e.message);
    } finally {
      this.set('saving', false);
    }
    return false;
  },
  onteardown() {
    this.torndown = true;
    if (this.chart) this.chart.destroy();
  },
});
