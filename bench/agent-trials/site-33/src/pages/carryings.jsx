import { c, useState, useEffect, useRef } from 'atomico';
import chartXkcd from 'chart.xkcd';
import { api } from '../api.js';

const COLORS = ['#1d6fa5', '#d1495b', '#2a9d8f', '#e09f3e'];
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function drawChart(svg, title, yLabel, data, series) {
  svg.innerHTML = '';
  return new chartXkcd.Line(svg, {
    title,
    xLabel: 'Month (2024)',
    yLabel,
    data: {
      labels: data.months,
      datasets: data.routes.map(([key, name]) => ({ label: name, data: series[key] })),
    },
    options: {
      yTickCount: 5,
      legendPosition: chartXkcd.config.positionType.upLeft,
      dataColors: COLORS,
      showLegend: true,
    },
  });
}

export const CarryingsPage = c(() => {
  const vRef = useRef();
  const pRef = useRef();
  const formRef = useRef();
  const [data, setData] = useState(null);
  const [returns, setReturns] = useState([]);
  const [sending, setSending] = useState(false);
  const [msg, setMsg] = useState(null);

  useEffect(() => {
    let alive = true;
    Promise.all([api('/api/carryings'), api('/api/returns')]).then(([d, r]) => {
      if (!alive) return;
      setData(d);
      setReturns(r);
      requestAnimationFrame(() => {
        if (!alive) return;
        drawChart(vRef.current, 'Vehicles carried per month', 'Vehicles', d, d.vehicles);
        drawChart(pRef.current, 'Foot passengers per month', 'Passengers', d, d.passengers);
      });
    });
    return () => { alive = false; };
  }, []);

  async function submit(e) {
    e.preventDefault();
    if (sending) return;
    const f = formRef.current;
    const body = { route: f.route.value, month: f.month.value, metric: f.metric.value, value: f.figure.value.replace(/[,\s]/g, '') };
    if (!body.route || !body.month || !body.metric || body.value === '') {
      setMsg({ kind: 'error', text: 'Fill in route, month, measure and figure.' });
      return;
    }
    setSending(true);
    setMsg({ kind: 'info', text: 'Submitting…' });
    try {
      const r = await api('/api/returns', { method: 'POST', body });
      setMsg({ kind: 'ok', text: `Return ${r.ref} submitted.` });
      f.reset();
      setReturns(await api('/api/returns'));
    } catch (ex) {
      setMsg({ kind: 'error', text: ex.message });
    } finally {
      setSending(false);
    }
  }

  const routes = data ? data.routes : [];
  return (
    <host>
      <header class="page-head">
        <h1>Carryings &amp; returns</h1>
        <p class="muted">Traffic carried on each route in 2024. Hover over the lines to see the monthly figures.</p>
      </header>
      <div class="charts">
        <figure class="chart-card"><svg ref={vRef} class="xkcd" staticNode></svg></figure>
        <figure class="chart-card"><svg ref={pRef} class="xkcd" staticNode></svg></figure>
      </div>
      <section class="panel">
        <h2>Regulator return</h2>
        <p class="muted">Monthly figures owed to the Islands Transport Regulator. One figure per return.</p>
        <form ref={formRef} class="form-grid" onsubmit={submit}>
          <label class="field"><span>Route</span>
            <select name="route">
              <option value="">Choose a route…</option>
              {routes.map(([k, n]) => <option value={k}>{n}</option>)}
            </select>
          </label>
          <label class="field"><span>Month</span>
            <select name="month">
              <option value="">Choose a month…</option>
              {MONTH_NAMES.map((m, i) => <option value={`2024-${String(i + 1).padStart(2, '0')}`}>{m} 2024</option>)}
            </select>
          </label>
          <label class="field"><span>Measure</span>
            <select name="metric">
              <option value="">Choose a measure…</option>
              <option value="vehicles">Vehicles carried</option>
              <option value="passengers">Foot passengers</option>
            </select>
          </label>
          <label class="field"><span>Figure</span>
            <input name="figure" type="text" inputmode="numeric" autocomplete="off" placeholder="e.g. 1200" />
          </label>
          <div class="form-actions">
            <button class="btn primary" type="submit" disabled={sending}>{sending ? 'Submitting…' : 'Submit return'}</button>
          </div>
        </form>
        <div class="msg-area">{msg ? <div class={`msg ${msg.kind}`} role="status">{msg.text}</div> : null}</div>
        <div class="returns-area">
          {returns.length ? (
            <table class="table small">
              <thead><tr><th>Ref</th><th>Route</th><th>Month</th><th>Measure</th></tr></thead>
              <tbody>{returns.map((r) => (
                <tr><td>{r.ref}</td><td>{(routes.find(([k]) => k === r.route) || [0, r.route])[1]}</td><td>{r.month}</td><td>{r.metric}</td></tr>
              ))}</tbody>
            </table>
          ) : null}
        </div>
      </section>
    </host>
  );
});
