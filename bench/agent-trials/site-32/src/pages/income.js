// Fundraising income: a Vizzu chart (WebAssembly engine drawing on <canvas>). Exact figures appear
// only in the canvas-drawn tooltip on hover; nothing is printed in the DOM.
import { define, html } from 'hybrids';
import Vizzu from 'vizzu';
import { api } from '../api.js';

async function mountChart(host, data) {
  const box = host.querySelector('.chart-box');
  const monthLabel = Object.fromEntries(data.months.map((m) => [m.id, m.label]));
  const rows = data.rows;
  const chart = new Vizzu(box);
  host.chart = chart;
  await chart.initializing;
  chart.feature('tooltip', true);
  await chart.animate({
    data: {
      series: [
        { name: 'Month', type: 'dimension', values: rows.map((r) => monthLabel[r.month]) },
        { name: 'Channel', type: 'dimension', values: rows.map((r) => r.channel) },
        { name: 'Income (£)', type: 'measure', values: rows.map((r) => r.amount) },
      ],
    },
    config: {
      x: { set: ['Month', 'Channel'] },
      y: { set: ['Income (£)'], range: { min: 0 } },
      color: 'Channel',
      title: 'Monthly income by channel, April–October 2025',
      legend: 'color',
    },
    style: {
      fontFamily: 'system-ui, sans-serif',
      plot: { xAxis: { label: { fontSize: 12 } }, yAxis: { label: { fontSize: 11 } }, marker: { rectangleSpacing: 0.12 } },
      title: { fontSize: 17 },
      legend: { width: 130, maxWidth: 150 },
    },
  }, { duration: 0.01 });
  host.chartReady = true;
}

async function submit(host, event) {
  event.preventDefault();
  const form = event.target;
  const fd = new FormData(form);
  host.message = '';
  host.busy = true;
  try {
    const res = await api('POST', '/api/boardpack', { channel: fd.get('channel'), month: fd.get('month'), amount: fd.get('amount'), note: fd.get('note') });
    host.entries = [...host.entries, res.entry];
    host.message = 'Figure recorded for the board pack.';
    host.messageKind = 'ok';
    form.reset();
  } catch (e) {
    host.message = e.message; host.messageKind = 'error';
  } finally {
    host.busy = false;
  }
}

define({
  tag: 'fw-income',
  data: { value: undefined },
  entries: { value: (h, v) => v || [] },
  chart: { value: undefined, connect: (host) => () => { try { host.chart?.detach(); } catch { /* ignore */ } } },
  chartReady: false,
  busy: false,
  message: '',
  messageKind: '',
  render: {
    value: ({ data, entries, chartReady, busy, message, messageKind }) => html`
      <section class="page">
        <header>
          <h1>Fundraising income</h1>
          <p>Income by channel for the current financial year. Hover over a bar to see its exact figure.</p>
        </header>
        <div class="income-layout">
          <div class="panel">
            <div class="chart-box" role="img" aria-label="Bar chart of monthly income by channel"></div>
            ${!chartReady && html`<p class="loading">Drawing chart…</p>`}
          </div>
          <div class="panel">
            <h2>Board pack figure</h2>
            <p style="margin-top:0; font-size:.88rem; color: var(--fw-muted)">Record a single monthly figure for the trustees' board pack.</p>
            <form onsubmit="${submit}" style="display:flex; flex-direction:column; gap:.8rem">
              <label class="field">Channel
                <select name="channel" required>
                  <option value="">Choose…</option>
                  ${(data ? data.channels : []).map((c) => html`<option value="${c}">${c}</option>`.key(c))}
                </select>
              </label>
              <label class="field">Month
                <select name="month" required>
                  <option value="">Choose…</option>
                  ${(data ? data.months : []).map((m) => html`<option value="${m.id}">${m.label} 2025</option>`.key(m.id))}
                </select>
              </label>
              <label class="field">Amount (£)
                <input name="amount" inputmode="decimal" autocomplete="off" required placeholder="e.g. 12,500" />
              </label>
              <label class="field">Note (optional)
                <input name="note" autocomplete="off" />
              </label>
              <div><button class="fw-btn primary" type="submit" disabled="${busy}">${busy ? 'Saving…' : 'Add to board pack'}</button></div>
              ${message && html`<p class="msg ${messageKind}" role="status">${message}</p>`}
            </form>
            ${entries.length > 0 && html`
              <h2 style="margin-top:1rem">Recorded figures</h2>
              <ul style="padding-left:1.1rem; margin:0">
                ${entries.map((e, i) => html`<li>${e.channel}, ${(data?.months.find((m) => m.id === e.month) || {}).label} 2025 — recorded</li>`.key(i))}
              </ul>`}
          </div>
        </div>
      </section>
    `,
    connect(host) {
      api('GET', '/api/income').then((d) => {
        host.data = d;
        host.entries = d.entries;
        requestAnimationFrame(() => mountChart(host, d).catch((e) => { host.message = `Chart failed: ${e.message}`; host.messageKind = 'error'; }));
      }).catch((e) => { host.message = e.message; host.messageKind = 'error'; });
    },
  },
});
