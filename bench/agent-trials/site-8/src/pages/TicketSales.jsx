import { onMount, onCleanup } from 'solid-js';
import Plotly from 'plotly.js-dist-min';
import { getJson, time12, shortDate } from '../api.js';

const COLORS = ['#7a2942', '#2f6b8f'];
export default function TicketSales() {
  let el;
  onMount(async () => {
    const series = await getJson('/api/sales');
    const label = (at) => { const t = at.slice(11); return `${shortDate(at)} · ${time12(t)} ${t < '17:00' ? 'matinee' : 'evening'}`; };
    const traces = series.map((s, i) => ({
      type: 'scatter', mode: 'lines+markers', name: s.name, x: s.points.map((p) => p.at), y: s.points.map((p) => p.sold),
      customdata: s.points.map((p) => [label(p.at), s.capacity]), line: { color: COLORS[i], width: 1.5 }, marker: { size: 7, color: COLORS[i] },
      hovertemplate: `<b>${s.name}</b><br>%{customdata[0]}<br>%{y} tickets sold (capacity %{customdata[1]})<extra></extra>`,
    }));
    Plotly.newPlot(el, traces, {
      title: { text: 'Tickets sold per performance, November 2026' }, width: 1000, height: 480, hovermode: 'closest',
      xaxis: { type: 'date', range: ['2026-11-11', '2026-12-01'], tickformat: '%-d %b', dtick: 86400000 * 2 }, yaxis: { title: { text: 'Tickets sold' }, range: [0, 700] },
      legend: { orientation: 'h', y: 1.08 }, margin: { t: 90 },
    }, { responsive: false });
  });
  onCleanup(() => el && Plotly.purge(el));
  return (<>
    <h1 class="page">Ticket sales</h1>
    <p class="muted">Tickets sold for each performance in November 2026. Point at a performance to see its figures.</p>
    <div ref={el} style="background:#fff;border:1px solid #dccfcb;width:1002px" />
  </>);
}
