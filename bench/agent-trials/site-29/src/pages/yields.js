import { definePage } from './page.js';
import { api, esc } from '../api.js';
import * as am4core from '@amcharts/amcharts4/core';
import * as am4charts from '@amcharts/amcharts4/charts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

definePage('page-yields', `
  <h1>Yield returns</h1>
  <p class="lede">Honey taken off per month in 2025, by apiary. Hover over the chart to read the figures.</p>
  <div class="panel"><div id="chart" role="img" aria-label="Line chart of monthly honey yield in 2025 for Ferry Lane, Orchard End and Kiln Common"></div></div>
  <div class="panel">
    <h2 style="font-size:16px;margin-top:0">Quarterly yield declaration</h2>
    <p class="status">The county association asks for one monthly figure per quarter. Enter it exactly as recorded.</p>
    <form id="decl" class="form-grid">
      <label for="d-apiary">Apiary</label>
      <select id="d-apiary" required><option value="">Choose…</option><option>Ferry Lane</option><option>Orchard End</option><option>Kiln Common</option></select>
      <label for="d-month">Month</label>
      <select id="d-month" required><option value="">Choose…</option></select>
      <label for="d-kg">Honey taken off (kg)</label>
      <input id="d-kg" type="number" step="0.1" min="0" required style="width:120px;padding:6px">
      <span></span><div><button class="btn" type="submit">Submit declaration</button> <span id="d-status" class="status" role="status"></span></div>
    </form>
  </div>`, async (el) => {
  const data = await api('/api/yields');
  const monthSel = el.querySelector('#d-month');
  monthSel.insertAdjacentHTML('beforeend', data.months.map((m, i) => `<option value="${m}">${MONTHS[i]} 2025</option>`).join(''));
  am4core.options.autoDispose = true;
  const chart = am4core.create(el.querySelector('#chart'), am4charts.XYChart);
  chart.data = data.months.map((m, i) => {
    const row = { month: `${MONTHS[i]} 2025` };
    data.series.forEach((s, k) => { row['s' + k] = s.kg[i]; });
    return row;
  });
  const cat = chart.xAxes.push(new am4charts.CategoryAxis());
  cat.dataFields.category = 'month';
  cat.renderer.minGridDistance = 30;
  const val = chart.yAxes.push(new am4charts.ValueAxis());
  val.title.text = 'Honey taken off (kg)';
  val.min = 0;
  const colors = ['#c47f00', '#3d7a35', '#6b4aa0'];
  data.series.forEach((s, k) => {
    const ser = chart.series.push(new am4charts.LineSeries());
    ser.name = s.apiary;
    ser.dataFields.valueY = 's' + k;
    ser.dataFields.categoryX = 'month';
    ser.strokeWidth = 2;
    ser.stroke = am4core.color(colors[k]);
    ser.fill = am4core.color(colors[k]);
    ser.tooltipText = '{name}, {categoryX}: {valueY.formatNumber("#.0")} kg';
    const b = ser.bullets.push(new am4charts.CircleBullet());
    b.circle.radius = 4;
  });
  chart.cursor = new am4charts.XYCursor();
  chart.cursor.lineY.disabled = true;
  chart.legend = new am4charts.Legend();

  const form = el.querySelector('#decl');
  const st = el.querySelector('#d-status');
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const btn = form.querySelector('button');
    btn.disabled = true; st.textContent = 'Submitting…';
    try {
      const r = await api('/api/yield-declarations', { method: 'POST', body: JSON.stringify({ apiary: el.querySelector('#d-apiary').value, month: monthSel.value, kg: Number(el.querySelector('#d-kg').value) }) });
      st.textContent = `Declaration ${r.id} recorded: ${esc(r.apiary)}, ${r.month}, ${r.kg} kg.`;
    } catch (err) { st.textContent = err.message; btn.disabled = false; }
  });
  return () => chart.dispose();
});
