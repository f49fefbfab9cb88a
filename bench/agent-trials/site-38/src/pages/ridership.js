import { html, render } from 'uhtml';
import Taucharts from 'taucharts';
import 'taucharts/dist/plugins/tooltip.js';
import 'taucharts/dist/plugins/legend.js';
import 'taucharts/dist/taucharts.css';
import 'taucharts/dist/plugins/tooltip.css';
import 'taucharts/dist/plugins/legend.css';
import { get, api } from '../api.js';

const MONTH = m => new Date(m + '-01T00:00:00Z').toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });

export async function mount(el) {
  render(el, html`
    <h1>Ridership</h1>
    <p class="lead">Passenger journeys per month, 2025 season. Hover the chart for figures.</p>
    <div id="chart" class="chart"><p class="loading">Loading chart…</p></div>
    <h2>Log a monthly figure</h2>
    <form id="reading" class="form">
      <label>Service <select name="service" required><option value="">Choose…</option></select></label>
      <label>Month <select name="month" required><option value="">Choose…</option></select></label>
      <label>Passengers <input name="value" type="number" min="0" required></label>
      <button class="primary" type="submit">Log figure</button>
      <span class="msg" id="reading-msg"></span>
    </form>`);
  const data = await get('/api/ridership');
  const host = el.querySelector('#chart');
  if (!host) return;
  host.innerHTML = '';
  const form = el.querySelector('#reading');
  for (const s of Object.keys(data.series)) form.service.add(new Option(s, s));
  for (const m of data.months) form.month.add(new Option(`${MONTH(m)} 2025`, m));

  const rows = [];
  Object.entries(data.series).forEach(([service, vals]) => data.months.forEach((m, i) => rows.push({ service, month: `${MONTH(m)} 2025`, passengers: vals[i] })));
  const chart = new Taucharts.Chart({
    type: 'line',
    x: 'month',
    y: 'passengers',
    color: 'service',
    data: rows,
    guide: {
      x: { label: { text: 'Month' } },
      y: { label: { text: 'Passengers' }, tickFormat: () => '' },
      showGridLines: 'y',
      showAnchors: 'always',
    },
    dimensions: { month: { type: 'order', order: data.months.map(m => `${MONTH(m)} 2025`) }, service: { type: 'category' }, passengers: { type: 'measure' } },
    plugins: [Taucharts.api.plugins.get('tooltip')({ fields: ['service', 'month', 'passengers'], formatters: { passengers: { label: 'Passengers', format: v => Number(v).toLocaleString('en-GB') }, service: { label: 'Service', format: v => v }, month: { label: 'Month', format: v => v } } }), Taucharts.api.plugins.get('legend')()],
  });
  chart.renderTo(host);

  const msg = el.querySelector('#reading-msg');
  form.addEventListener('submit', async e => {
    e.preventDefault();
    msg.textContent = 'Saving…';
    try {
      await api('POST', '/api/ridership/readings', { service: form.service.value, month: form.month.value, value: Number(form.value.value) });
      msg.textContent = 'Figure logged.';
      form.querySelector('button').disabled = true;
    } catch (err) { msg.textContent = err.message; }
  });
  return () => chart.destroy();
}
