import van from 'vanjs-core';
import { createChart, CrosshairMode } from 'lightweight-charts';
import { api, CENTRES, fmtDate } from '../api.js';

const { div, h1, p, select, option, label, span, strong } = van.tags;

const SERIES = [
  { key: 'adults', name: 'Adults', color: '#2563eb' },
  { key: 'juniors', name: 'Juniors', color: '#ea580c' },
  { key: 'guests', name: 'Guest passes', color: '#16a34a' },
];

export default function checkins(root) {
  const centreSel = select({ class: 'input' }, option({ value: 'ALL' }, 'All centres'), CENTRES.map((c) => option({ value: c.id }, c.name)));
  const legend = div({ class: 'chart-legend' });
  const box = div({ class: 'chart-box' });
  const note = span({ class: 'muted' });
  van.add(root,
    h1('Check-ins'),
    p({ class: 'muted' }, 'Daily check-ins at the front desk, 1 March to 12 April 2027. Hover over the chart to read a day.'),
    div({ class: 'toolbar' }, label('Centre ', centreSel), note),
    div({ class: 'panel chart-panel' }, legend, box),
  );

  const chart = createChart(box, {
    autoSize: true,
    layout: { background: { color: '#ffffff' }, textColor: '#475569', fontFamily: 'system-ui, sans-serif' },
    grid: { vertLines: { color: '#f1f5f9' }, horzLines: { color: '#e2e8f0' } },
    crosshair: { mode: CrosshairMode.Magnet },
    rightPriceScale: { borderColor: '#cbd5e1' },
    timeScale: { borderColor: '#cbd5e1', fixLeftEdge: true, fixRightEdge: true },
    handleScroll: false,
    handleScale: false,
  });
  const series = SERIES.map((s) => ({ ...s, api: chart.addLineSeries({ color: s.color, lineWidth: 2, lastValueVisible: false, priceLineVisible: false, priceFormat: { type: 'price', precision: 0, minMove: 1 } }) }));

  const idle = () => legend.replaceChildren(...series.map((s) => span({ class: 'lg-item' }, span({ class: 'lg-swatch', style: `background:${s.color}` }), s.name)),
    span({ class: 'muted lg-hint' }, 'Hover for daily figures'));
  idle();

  chart.subscribeCrosshairMove((param) => {
    if (!param.time || !param.point || param.point.x < 0) { idle(); return; }
    const t = param.time;
    const iso = typeof t === 'string' ? t : `${t.year}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;
    legend.replaceChildren(strong({ class: 'lg-date' }, fmtDate(iso, true)),
      ...series.map((s) => {
        const d = param.seriesData.get(s.api);
        return span({ class: 'lg-item' }, span({ class: 'lg-swatch', style: `background:${s.color}` }), `${s.name}: `, strong(d ? String(d.value) : '–'));
      }));
  });

  let req = 0;
  async function load() {
    const my = ++req;
    note.textContent = 'Loading…';
    const r = await api(`/api/checkins?centre=${centreSel.value}`);
    if (my !== req) return;
    for (const s of series) s.api.setData(r.rows.map((row) => ({ time: row.day, value: row[s.key] })));
    chart.timeScale().fitContent();
    note.textContent = '';
  }
  centreSel.onchange = load;
  load();
  return () => { req++; chart.remove(); };
}
