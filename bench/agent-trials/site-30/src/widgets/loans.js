import zingchart from 'zingchart/es6';
import { toast } from '../toast.js';
import { api, h } from '../api.js';

const COLORS = ['#7a4b2a', '#3f7d5a', '#b8860b', '#5a5f9e'];

export function mount(host) {
  let disposed = false; let rendered = false;
  const status = h('p', { class: 'muted', role: 'status', text: 'Loading loan figures…' });
  const chart = h('div', { id: 'loans-chart', class: 'chart', role: 'img', 'aria-label': 'Line chart: parts lent per month in 2024 by section. Hover a point for its figure.' });
  const input = h('input', { id: 'brass-sep', class: 'input', type: 'number', min: '0', inputmode: 'numeric' });
  const submit = h('button', { type: 'submit', class: 'btn primary', text: 'Submit annual return' });
  const out = h('div', { class: 'result', role: 'status', 'aria-live': 'polite' });
  const form = h('form', { class: 'doc-card form' },
    h('h2', { text: 'Annual return to the Orchestral Libraries Association' }),
    h('p', { class: 'muted', text: 'This year the association only asks for one figure: the number of parts lent to the brass section in September 2024 (the autumn launch month).' }),
    h('div', { class: 'field' }, h('label', { for: 'brass-sep', text: 'Brass: parts lent in September 2024' }), input),
    h('div', { class: 'actions' }, submit), out);
  host.append(h('div', { class: 'doc-card' }, h('h2', { text: 'Parts lent per month, 2024' }), chart, status), form);
  api('/api/loans').then((d) => {
    if (disposed) return;
    status.textContent = 'Hover a point to see the exact figure.';
    zingchart.render({
      id: 'loans-chart', height: 420, width: '100%', output: 'svg',
      data: {
        type: 'line', backgroundColor: '#fffdf8',
        gui: { contextMenu: { visible: false }, behaviors: [{ id: 'DownloadPDF', enabled: 'none' }, { id: 'DownloadSVG', enabled: 'none' }] },
        legend: { layout: 'x4', align: 'center', verticalAlign: 'bottom', borderWidth: 0, backgroundColor: 'none' },
        plotarea: { margin: '30 30 80 60' },
        scaleX: { labels: d.months.map((m) => m + ' 2024'), item: { fontSize: 11 } },
        scaleY: { minValue: 0, guide: { lineStyle: 'dashed' }, item: { fontSize: 11 } },
        crosshairX: null,
        plot: { tooltip: { text: '%t, %kl: %v parts', fontSize: 13, padding: '6 10', borderRadius: 4 }, marker: { size: 5 }, lineWidth: 2, hoverMarker: { size: 7 } },
        series: d.series.map(([name, values], i) => ({ text: name, values, lineColor: COLORS[i], marker: { backgroundColor: COLORS[i], borderColor: COLORS[i] } })),
      },
    });
    rendered = true;
  }).catch((e) => { status.textContent = 'Could not load figures: ' + e.message; });
  let busy = false;
  form.addEventListener('submit', async (e) => {
    e.preventDefault(); if (busy) return;
    if (input.value === '') { out.replaceChildren(h('p', { class: 'error', text: 'Enter the figure first.' })); return; }
    busy = true; submit.disabled = true; submit.textContent = 'Submitting…';
    try {
      const r = await api('/api/annual-return', { method: 'POST', json: { brassSeptember: Number(input.value) } });
      out.replaceChildren(h('p', {}, 'Return submitted. Association reference ', h('strong', { text: r.reference }), '.'));
      toast.success('Annual return submitted');
      submit.textContent = 'Submitted';
    } catch (err) { out.replaceChildren(h('p', { class: 'error', text: err.message })); submit.disabled = false; submit.textContent = 'Submit annual return'; }
    busy = false;
  });
  return () => { disposed = true; if (rendered) try { zingchart.exec('loans-chart', 'destroy'); } catch {} };
}
