import { LightningElement } from 'lwc';
import { api } from 'x/api';

export default class Yields extends LightningElement {
  static renderMode = 'light';
  loading = true;
  error = '';
  series = [];
  weeks = [];
  checks = [];
  form = { series: '', week: '', kg: '' };
  sending = false;
  message = '';
  messageKind = 'ok';

  connectedCallback() {
    this.load();
  }

  async load() {
    try {
      const [data, checks, Bokeh] = await Promise.all([api('/api/yields'), api('/api/yield-checks'), loadBokeh()]);
      this.series = data.series;
      this.weeks = data.weeks;
      this.checks = checks;
      this.loading = false;
      this.draw(Bokeh, data);
    } catch (e) {
      this.loading = false;
      this.error = `Could not draw the chart: ${e.message}`;
    }
  }

  draw(Bokeh, data) {
    const host = this.querySelector('.bokeh-host');
    host.innerHTML = '';
    const plt = Bokeh.Plotting;
    const p = plt.figure({
      title: 'Fruit intake per block (kg per week)',
      width: 1000,
      height: 480,
      x_range: [35.6, 42.4],
      y_range: [600, 1320],
      tools: 'pan,box_zoom,reset,save',
      toolbar_location: 'right',
      x_axis_label: 'ISO week (2026)',
      y_axis_label: 'Kilograms',
      background_fill_color: '#fbfaf6',
    });
    p.xaxis.ticker = new Bokeh.FixedTicker({ ticks: data.weeks });
    p.yaxis.formatter = new Bokeh.NumeralTickFormatter({ format: '0,0' });
    const points = [];
    for (const s of data.series) {
      const source = new Bokeh.ColumnDataSource({
        data: { week: data.weeks, kg: s.kg, block: data.weeks.map(() => s.name) },
      });
      p.line({ field: 'week' }, { field: 'kg' }, { source, line_color: s.color, line_width: 2.5, legend_label: s.name });
      points.push(p.scatter({ field: 'week' }, { field: 'kg' }, { source, size: 9, fill_color: s.color, line_color: '#ffffff', marker: 'circle' }));
    }
    p.add_tools(new Bokeh.HoverTool({
      renderers: points,
      mode: 'mouse',
      point_policy: 'snap_to_data',
      tooltips: [['Block', '@block'], ['Week', '@week'], ['Intake', '@kg{0,0} kg']],
    }));
    p.legend.location = 'top_left';
    p.legend.click_policy = 'hide';
    plt.show(p, host);
  }

  get seriesOptions() {
    return this.series.map((s) => s.name);
  }
  get weekOptions() {
    return this.weeks.map((w) => ({ value: String(w), label: `Week ${w}` }));
  }
  get hasChecks() {
    return this.checks.length > 0;
  }
  get checkRows() {
    return this.checks.map((c) => ({ ...c, kgLabel: `${c.kg.toLocaleString('en-GB')} kg` }));
  }
  get messageClass() {
    return this.messageKind === 'error' ? 'banner banner-error' : 'banner banner-ok';
  }

  handleSeries(e) { this.form = { ...this.form, series: e.target.value }; }
  handleWeek(e) { this.form = { ...this.form, week: e.target.value }; }
  handleKg(e) { this.form = { ...this.form, kg: e.target.value }; }

  async handleSubmit(event) {
    event.preventDefault();
    const { series, week, kg } = this.form;
    if (!series || !week || !String(kg).trim()) {
      this.message = 'Choose a block and a week, and enter the kilograms.';
      this.messageKind = 'error';
      return;
    }
    this.sending = true;
    this.message = '';
    try {
      const c = await api('/api/yield-checks', { method: 'POST', body: { series, week: Number(week), kg: String(kg).trim() } });
      this.checks = [...this.checks, c];
      this.message = `Spot check ${c.id} logged.`;
      this.messageKind = 'ok';
    } catch (e) {
      this.message = e.message;
      this.messageKind = 'error';
    } finally {
      this.sending = false;
    }
  }
}

async function loadBokeh() {
  const core = await import('@bokeh/bokehjs/build/js/bokeh.esm.min.js');
  await import('@bokeh/bokehjs/build/js/bokeh-api.esm.min.js');
  return core.default;
}
