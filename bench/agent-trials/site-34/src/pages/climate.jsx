import CanvasJS from '@canvasjs/charts';
import { api, shortDate } from '../api.js';

const COLORS = { tropical: '#c2410c', fern: '#15803d', orchid: '#7c3aed', temperate: '#0369a1' };

function toDate(iso) { const [y, m, d] = iso.split('-').map(Number); return new Date(y, m - 1, d, 12, 0, 0); }

function makeChart(el, data, metric) {
  const unit = metric === 'humidity' ? '%' : '°C';
  const chart = new CanvasJS.Chart(el, {
    animationEnabled: false,
    theme: 'light2',
    backgroundColor: '#ffffff',
    title: { text: metric === 'humidity' ? 'Midday relative humidity (%)' : 'Midday air temperature (°C)', fontSize: 16, fontFamily: 'system-ui, sans-serif', fontWeight: 'bold', horizontalAlign: 'left' },
    axisX: { valueFormatString: 'DDD D MMM', labelFontSize: 11, interval: 1, intervalType: 'day', labelAngle: -30 },
    axisY: { labelFontSize: 11, includeZero: false, gridColor: '#e5e7eb', suffix: metric === 'humidity' ? ' %' : '°' },
    toolTip: {
      shared: false,
      contentFormatter: (e) => {
        const p = e.entries[0];
        return `<b style="color:${p.dataSeries.color}">${p.dataSeries.name}</b><br/>${CanvasJS.formatDate(p.dataPoint.x, 'DDD D MMM')} · midday<br/><b>${p.dataPoint.y.toFixed(1)} ${unit}</b>`;
      },
    },
    legend: { fontSize: 12, cursor: 'pointer', verticalAlign: 'top', horizontalAlign: 'right' },
    data: data.houses.map((h) => ({
      type: 'line', name: h.name, showInLegend: true, color: COLORS[h.id], markerSize: 7, lineThickness: 2,
      dataPoints: data.series[h.id].map((p) => ({ x: toDate(p.date), y: p[metric] })),
    })),
  });
  chart.render();
  return chart;
}

export function* ClimatePage() {
  let data = null;
  let error = null;
  let charts = [];
  let form = { house: '', date: '', metric: '', value: '' };
  let saving = false;
  let message = null;
  let recorded = [];

  const mount = (root) => {
    if (charts.length || !data) return;
    charts.push(makeChart(root.querySelector('#chart-temperature'), data, 'temperature'));
    charts.push(makeChart(root.querySelector('#chart-humidity'), data, 'humidity'));
  };
  this.cleanup(() => { for (const c of charts) c.destroy(); });

  Promise.all([api.get('/api/climate'), api.get('/api/climate/verifications')]).then(
    ([c, v]) => { if (!this.isUnmounted) this.refresh(() => { data = c; recorded = v; }); },
    (e) => { if (!this.isUnmounted) this.refresh(() => { error = e.message; }); },
  );

  const submit = async (ev) => {
    ev.preventDefault();
    if (saving) return;
    const f = ev.target;
    form = { house: f.house.value, date: f.date.value, metric: f.metric.value, value: f.value.value.trim() };
    if (!form.house || !form.date || !form.metric || form.value === '') {
      this.refresh(() => { message = { kind: 'error', text: 'Fill in the glasshouse, date, reading and value.' }; });
      return;
    }
    this.refresh(() => { saving = true; message = null; });
    try {
      const res = await api.post('/api/climate/verifications', { ...form, value: Number(form.value.replace(',', '.')) });
      const v = res.verification;
      const house = data.houses.find((h) => h.id === v.house).name;
      this.refresh(() => {
        saving = false; recorded = [...recorded, v];
        message = { kind: 'ok', text: `Verified reading recorded: ${house}, ${shortDate(v.date)}, ${v.metric} ${v.value}.` };
        form = { house: '', date: '', metric: '', value: '' };
        f.reset();
      });
    } catch (e) {
      this.refresh(() => { saving = false; message = { kind: 'error', text: e.message }; });
    }
  };

  for ({} of this) {
    if (data && !charts.length) this.after(mount);
    yield (
      <section class="page">
        <h1>Climate log</h1>
        <p class="lede">Midday readings from the glasshouse sensors over the last 14 days. Hover over a point to see its reading.</p>
        {error && <div class="notice error">{error}</div>}
        {!data && !error && <div class="loading">Loading sensor data…</div>}
        <div class="card chart-card"><div id="chart-temperature" class="chart" copy="class" /></div>
        <div class="card chart-card"><div id="chart-humidity" class="chart" copy="class" /></div>
        <div class="card">
          <h2>Record a verified reading</h2>
          <p class="muted">When a sensor reading has been checked against the hand-held meter, record it here.</p>
          <form class="form-grid" onsubmit={submit}>
            <label>Glasshouse
              <select name="house">
                <option value="">Choose…</option>
                {data && data.houses.map((h) => <option value={h.id}>{h.name}</option>)}
              </select>
            </label>
            <label>Date
              <select name="date">
                <option value="">Choose…</option>
                {data && data.days.map((d) => <option value={d}>{shortDate(d)}</option>)}
              </select>
            </label>
            <label>Reading
              <select name="metric">
                <option value="">Choose…</option>
                <option value="temperature">Temperature (°C)</option>
                <option value="humidity">Relative humidity (%)</option>
              </select>
            </label>
            <label>Value
              <input name="value" type="text" inputmode="decimal" autocomplete="off" placeholder="e.g. 21.4" />
            </label>
            <div class="form-actions"><button class="btn primary" type="submit" disabled={saving || !data}>{saving ? 'Recording…' : 'Record reading'}</button></div>
          </form>
          {message && <div class={`notice ${message.kind}`} role="status">{message.text}</div>}
          {recorded.length > 0 && (
            <p class="muted small">{recorded.length} verified reading{recorded.length === 1 ? '' : 's'} recorded this session.</p>
          )}
        </div>
      </section>
    );
  }
}
