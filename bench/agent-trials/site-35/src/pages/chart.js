import { reactive, html } from '@arrow-js/core';
import * as britecharts from 'britecharts';
import 'britecharts/dist/css/britecharts.min.css';
import { select } from 'd3-selection';
import { api } from '../api.js';

const FEEDERS = ['Feeder A', 'Feeder B', 'Feeder C'];

export function chartPage(el) {
  const st = reactive({ msg: '', err: '', busy: false });
  const dates = Array.from({ length: 11 }, (_, i) => `2025-06-${String(i + 1).padStart(2, '0')}`);
  html`<h1>Grid export</h1>
  <p class="lead">Metered daily export to the distribution network, per feeder, 1–11 June 2025 (MWh). Hover the chart to read the values.</p>
  <div class="panel"><div id="export-chart" class="bc-chart"></div><div class="legendline">${FEEDERS.map((f, i) => html`<span class="${'sw sw' + i}">${f}</span>`)}</div></div>
  <form class="panel form" id="reconcile" @submit="${submit}">
    <h2>Meter reconciliation</h2>
    <p class="muted">Enter the metered figure for one feeder-day so it can be reconciled against the DNO statement.</p>
    <label>Date <select name="date"><option value="">Choose…</option>${dates.map((d) => html`<option value="${d}">${new Date(d + 'T12:00:00Z').toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })}</option>`)}</select></label>
    <label>Feeder <select name="feeder"><option value="">Choose…</option>${FEEDERS.map((f) => html`<option>${f}</option>`)}</select></label>
    <label>Metered export (MWh) <input name="mwh" type="number" step="0.1" min="0"></label>
    <button class="primary" disabled="${() => st.busy}">${() => (st.busy ? 'Submitting…' : 'Submit reconciliation')}</button>
    <div class="${() => 'flash ' + (st.err ? 'err' : st.msg ? 'ok' : 'hide')}">${() => st.err || st.msg}</div>
  </form>`(el);
  async function submit(e) {
    e.preventDefault(); const f = new FormData(e.target); st.err = ''; st.msg = '';
    st.busy = true;
    try { const r = await api('/api/export/reconcile', { method: 'POST', json: { date: f.get('date'), feeder: f.get('feeder'), mwh: +f.get('mwh') } }); st.msg = `Reconciliation ${r.ref} recorded.`; e.target.reset(); }
    catch (x) { st.err = x.message; } finally { st.busy = false; }
  }
  api('/api/export/readings').then((rows) => {
    const box = document.getElementById('export-chart'); if (!box) return;
    const data = { dataByTopic: FEEDERS.map((name, i) => ({ topic: i + 1, topicName: name, dates: rows.map((r) => ({ date: r.date + 'T00:00:00Z', value: r.feeders[name] })) })) };
    const chart = britecharts.line(); const tip = britecharts.tooltip();
    chart.width(Math.max(600, box.clientWidth)).height(360).grid('horizontal').isAnimated(false)
      .margin({ top: 40, left: 60, bottom: 50, right: 30 })
      .xAxisFormat('custom').xAxisCustomFormat('%e %b').xTicks(11).yAxisLabel('MWh')
      .on('customMouseOver', tip.show).on('customMouseMove', tip.update).on('customMouseOut', tip.hide);
    select(box).datum(data).call(chart);
    tip.title('Daily export').valueLabel('value').dateLabel('date').topicLabel('topics').dateFormat(tip.axisTimeCombinations.CUSTOM).dateCustomFormat('%e %B %Y');
    select(box).select('.metadata-group .vertical-marker-container').datum([]).call(tip);
  }).catch((e) => (st.err = e.message));
}
