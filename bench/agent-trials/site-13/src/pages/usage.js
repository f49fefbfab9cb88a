import m from 'mithril';
import { LineChart } from '@toast-ui/chart';
import '../../node_modules/@toast-ui/chart/dist/toastui-chart.min.css';

export function UsagePage() {
  let chart = null;
  let branch = 'main';
  let host = null;
  async function draw() {
    const d = await m.request(`/api/usage?branch=${branch}`);
    if (!host) return;
    if (chart) { chart.destroy(); chart = null; }
    host.innerHTML = '';
    chart = new LineChart({
      el: host,
      data: { categories: d.categories, series: d.series },
      options: {
        chart: { title: `Monthly loans by category — ${branch === 'main' ? 'Main Street' : 'Riverside shed'}`, width: Math.max(600, host.clientWidth - 24), height: 440 },
        xAxis: { title: 'Month' },
        yAxis: { title: 'Loans' },
        legend: { align: 'bottom' },
        series: { eventDetectType: 'grouped', dataLabels: { visible: false } },
        tooltip: { formatter: (value) => `${value} loans` },
        exportMenu: { visible: false },
        usageStatistics: false,
      },
    });
  }
  return {
    oncreate(v) { host = v.dom.querySelector('.chart-host'); draw(); },
    onremove() { if (chart) chart.destroy(); chart = null; host = null; },
    view() {
      return m('.page.usage', [
        m('h1', 'Usage report'),
        m('p.muted', 'Loans per month for the last twelve complete months. Hover over the chart to see the figures.'),
        m('.toolbar', [
          m('label', { for: 'site' }, 'Site'),
          m('select#site', { value: branch, onchange: (e) => { branch = e.target.value; draw(); } }, [
            m('option', { value: 'main' }, 'Main Street'),
            m('option', { value: 'riverside' }, 'Riverside shed'),
          ]),
        ]),
        m('.chart-host.panel'),
      ]);
    },
  };
}
