import Component from '@glimmer/component';
import { tracked } from '@glimmer/tracking';
import { action } from '@ember/object';
import { on } from '@ember/modifier';
import { fn } from '@ember/helper';
import { modifier } from 'ember-modifier';
import VChart from '@visactor/vchart';
import { api, MONTHS_LONG } from '../utils/api';

const COLORS = ['#1f5f8b', '#3c9d9b', '#d08c2c', '#8b4f8f'];

export default class ChairHireChart extends Component {
  @tracked data = null;
  @tracked venue = '';
  @tracked month = '';
  @tracked chairs = '';
  @tracked submitting = false;
  @tracked result = null;
  @tracked error = '';

  constructor() {
    super(...arguments);
    this.load();
  }

  async load() {
    this.data = await api('GET', '/api/chair-hire');
  }

  monthLabel(m) {
    const [y, mm] = m.split('-').map(Number);
    return `${MONTHS_LONG[mm - 1]} ${y}`;
  }

  get monthOptions() {
    return (this.data?.months || []).map((m) => ({ value: m, label: this.monthLabel(m) }));
  }

  chart = modifier((el) => {
    const values = this.data.points.map((p) => ({ ...p, monthShort: this.monthLabel(p.month).slice(0, 3) }));
    const spec = {
      type: 'bar',
      data: [{ id: 'chairs', values }],
      xField: ['monthShort', 'venue'],
      yField: 'chairs',
      seriesField: 'venue',
      color: COLORS,
      barGapInGroup: 2,
      legends: { visible: true, orient: 'top', position: 'start' },
      axes: [
        { orient: 'left', title: { visible: true, text: 'Chairs hired out' }, min: 0, tick: { tickCount: 6 } },
        { orient: 'bottom', title: { visible: true, text: 'Month (2025)' } },
      ],
      crosshair: { xField: { visible: false } },
      tooltip: {
        dimension: { visible: false },
        mark: {
          visible: true,
          title: { value: (d) => `${d.venue}` },
          content: [
            { key: 'Month', value: (d) => this.monthLabel(d.month) },
            { key: 'Chairs hired', value: (d) => String(d.chairs) },
          ],
        },
      },
      animation: false,
    };
    const vchart = new VChart(spec, { dom: el, animation: false });
    vchart.renderSync();
    return () => vchart.release();
  });

  @action set(field, e) {
    this[field] = e.target.value;
    this.result = null;
    this.error = '';
  }

  @action async submit(e) {
    e.preventDefault();
    if (this.submitting) return;
    this.error = '';
    if (!this.venue || !this.month || String(this.chairs).trim() === '') {
      this.error = 'Venue, month and chairs hired are all required.';
      return;
    }
    this.submitting = true;
    try {
      this.result = await api('POST', '/api/hire-returns', { venue: this.venue, month: this.month, chairs: Number(this.chairs) });
    } catch (err) {
      this.error = err.message;
    } finally {
      this.submitting = false;
    }
  }

  <template>
    <section class="panel">
      <h2>Chairs hired out per month, 2025</h2>
      <p class="hint">Hover a bar to see its figures.</p>
      {{#if this.data}}
        <div class="chart-box" role="img" aria-label="Grouped bar chart of chairs hired out per month for four venues, January to September 2025" {{this.chart}}></div>
      {{else}}
        <p class="loading">Loading chart…</p>
      {{/if}}
    </section>

    <section class="panel">
      <h2>Monthly hire return</h2>
      <form class="form-grid" {{on "submit" this.submit}}>
        <label for="ret-venue">Venue</label>
        <select id="ret-venue" {{on "change" (fn this.set "venue")}}>
          <option value="" selected={{if this.venue false true}}>Choose a venue…</option>
          {{#each this.data.venues as |v|}}<option value={{v}} selected={{eq v this.venue}}>{{v}}</option>{{/each}}
        </select>
        <label for="ret-month">Month</label>
        <select id="ret-month" {{on "change" (fn this.set "month")}}>
          <option value="" selected={{if this.month false true}}>Choose a month…</option>
          {{#each this.monthOptions as |m|}}<option value={{m.value}} selected={{eq m.value this.month}}>{{m.label}}</option>{{/each}}
        </select>
        <label for="ret-chairs">Chairs hired</label>
        <input id="ret-chairs" type="number" min="0" step="1" value={{this.chairs}} {{on "input" (fn this.set "chairs")}} />
        <span></span>
        <div>
          <button type="submit" class="btn primary" disabled={{this.submitting}}>{{if this.submitting "Filing…" "File return"}}</button>
        </div>
      </form>
      {{#if this.error}}<p class="error" role="alert">{{this.error}}</p>{{/if}}
      {{#if this.result}}
        <p class="success" role="status">Return <strong>{{this.result.ref}}</strong> filed: {{this.result.venue}}, {{this.monthLabel this.result.month}}, {{this.result.chairs}} chairs.</p>
      {{/if}}
    </section>
  </template>
}

function eq(a, b) {
  return a === b;
}
