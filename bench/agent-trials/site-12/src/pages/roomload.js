import * as Plot from '@observablehq/plot';
import { api, shortWeek } from '../util.js';

const DEPTS = ['Strings', 'Keys', 'Winds', 'Voice'];

export function roomLoadPage() {
  return {
    campus: 'northside',
    async init() { await this.load(); },
    async load() {
      const data = (await api('/api/room-load?campus=' + this.campus)).map((d) => ({ ...d, Week: 'w/c ' + shortWeek(d.week) }));
      const weeks = [...new Set(data.map((d) => d.Week))];
      const chart = Plot.plot({
        width: 980,
        height: 440,
        marginBottom: 40,
        style: { fontFamily: 'Inter, sans-serif', fontSize: '12px' },
        fx: { domain: weeks, label: 'Week commencing', padding: 0.15 },
        x: { domain: DEPTS, axis: null },
        y: { grid: true, label: 'Booked hours' },
        color: { domain: DEPTS, range: ['#6a4c93', '#1982c4', '#8ac926', '#ff924c'], legend: true },
        marks: [
          Plot.barY(data, { fx: 'Week', x: 'dept', y: 'hours', fill: 'dept', channels: { Department: 'dept' }, tip: { format: { x: false, fill: false, fx: true, Department: true, y: true } } }),
          Plot.ruleY([0]),
        ],
      });
      this.$refs.chart.replaceChildren(chart);
    },
  };
}
