import { Component } from 'inferno';
import { createElement } from 'inferno-create-element';
import F2 from '@antv/f2/lib/index-all';
import { api } from '../api.js';

const MONTH_LABEL = m => new Date(m + '-15T12:00:00Z').toLocaleDateString('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });

export default class Sales extends Component {
  constructor(p) { super(p); this.state = { loading: true, months: [], beers: [], baseline: null, beer: '', month: '', hl: '', saving: false, msg: null, err: null }; }
  componentDidMount() {
    document.title = 'Sales report · Ridgeback back office';
    api('GET', '/api/sales').then(d => {
      const beers = [...new Set(d.rows.map(r => r.beer))];
      this.setState({ loading: false, months: d.months, beers, baseline: d.baseline }, () => this.drawChart(d));
    }).catch(e => this.setState({ loading: false, err: e.message }));
  }
  componentWillUnmount() { if (this.chart) this.chart.destroy(); }
  drawChart(d) {
    const width = Math.min(this.box.clientWidth - 16, 980);
    const data = d.rows.map(r => ({ ...r, label: MONTH_LABEL(r.month) }));
    const chart = new F2.Chart({ el: this.canvas, pixelRatio: window.devicePixelRatio || 1, width, height: 400, padding: [70, 30, 'auto', 'auto'] });
    chart.source(data, {
      label: { type: 'cat', values: d.months.map(MONTH_LABEL), range: [0.02, 0.98] },
      hl: { min: 0, max: 300, tickCount: 7, alias: 'Hectolitres' },
    });
    chart.axis('label', { label: { fontSize: 11 } });
    chart.legend({ position: 'top', align: 'center', itemFormatter: v => v });
    chart.tooltip({
      showTitle: true, showCrosshairs: true, showItemMarker: true, layout: 'horizontal',
      triggerOn: ['touchstart', 'touchmove'], triggerOff: ['touchend'],
      background: { radius: 4, fill: '#3b2410', padding: [6, 8] },
      onShow: ev => { const items = ev.items || []; const t = items.length ? `${items[0].title}: ` + items.map(i => `${i.name} ${i.value} hl`).join(', ') : ''; if (this.tipEl) this.tipEl.textContent = t; },
      onHide: () => { if (this.tipEl) this.tipEl.textContent = ''; },
      titleStyle: { fill: '#f8e9c8', fontSize: 12 }, nameStyle: { fill: '#f8e9c8', fontSize: 12 }, valueStyle: { fill: '#fff', fontSize: 12, fontWeight: 'bold' },
    });
    chart.line().position('label*hl').color('beer', ['#b5651d', '#6b8e23', '#d4a017', '#4a2c2a']);
    chart.point().position('label*hl').color('beer', ['#b5651d', '#6b8e23', '#d4a017', '#4a2c2a']).size(3);
    chart.render();
    this.chart = chart;
    // F2 is touch-first: bridge desktop mouse movement to its tooltip
    this.onMove = e => { const r = this.canvas.getBoundingClientRect(); chart.showTooltip({ x: e.clientX - r.left, y: e.clientY - r.top }); };
    this.onLeave = () => chart.hideTooltip();
    this.canvas.addEventListener('mousemove', this.onMove);
    this.canvas.addEventListener('mouseleave', this.onLeave);
  }
  save(e) {
    e.preventDefault();
    const { beer, month, hl } = this.state;
    if (!beer || !month || !hl) { this.setState({ err: 'Choose a beer and a month, and enter the hectolitres.' }); return; }
    this.setState({ saving: true, err: null, msg: null });
    api('POST', '/api/forecast/baseline', { beer, month, hl: Number(hl) })
      .then(b => this.setState({ saving: false, baseline: b, msg: `Baseline set: ${b.beer}, ${MONTH_LABEL(b.month)}, ${b.hl} hl.` }))
      .catch(err => this.setState({ saving: false, err: err.message }));
  }
  render() {
    const s = this.state;
    return (
      <div>
        <h1 className="page-title">Sales report</h1>
        <p className="page-sub">Hectolitres sold to trade customers each month, June 2024 to date (May 2025 is month-to-date). Hover over the chart to read exact figures.</p>
        {s.err && <div className="alert alert-danger py-2" role="alert">{s.err}</div>}
        <div className="chart-box" ref={el => { this.box = el; }}>
          {s.loading && <p className="p-3">Loading sales…</p>}
          <canvas ref={el => { this.canvas = el; }} role="img" aria-label="Line chart of monthly hectolitres sold by beer, June 2024 to May 2025. Hover to see values."></canvas>
          <div className="visually-hidden" aria-live="polite" ref={el => { this.tipEl = el; }}></div>
        </div>
        <form className="card mt-3" style={{ maxWidth: '720px' }} onSubmit={e => this.save(e)}>
          <div className="card-body">
            <h2 className="h5">Forecast baseline</h2>
            <p className="small text-muted">Next year's production plan starts from one month's actual sales. Pick the beer and month and enter the figure from the chart.</p>
            <div className="row g-2 align-items-end">
              <div className="col-sm-4">
                <label className="form-label" for="bl-beer">Beer</label>
                <select id="bl-beer" className="form-select" value={s.beer} onChange={e => this.setState({ beer: e.target.value })}>
                  <option value="">Choose…</option>
                  {s.beers.map(b => <option key={b} value={b}>{b}</option>)}
                </select>
              </div>
              <div className="col-sm-3">
                <label className="form-label" for="bl-month">Month</label>
                <select id="bl-month" className="form-select" value={s.month} onChange={e => this.setState({ month: e.target.value })}>
                  <option value="">Choose…</option>
                  {s.months.map(m => <option key={m} value={m}>{MONTH_LABEL(m)}</option>)}
                </select>
              </div>
              <div className="col-sm-3">
                <label className="form-label" for="bl-hl">Hectolitres</label>
                <input id="bl-hl" type="number" min="1" step="1" className="form-control" value={s.hl} onInput={e => this.setState({ hl: e.target.value })} />
              </div>
              <div className="col-sm-2"><button type="submit" className="btn btn-brew w-100" disabled={s.saving}>{s.saving ? 'Saving…' : 'Set baseline'}</button></div>
            </div>
            {s.msg && <div className="text-success mt-2" role="status">{s.msg}</div>}
            {!s.msg && s.baseline && <div className="small text-muted mt-2">Current baseline: {s.baseline.beer}, {MONTH_LABEL(s.baseline.month)}, {s.baseline.hl} hl</div>}
          </div>
        </form>
      </div>
    );
  }
}
