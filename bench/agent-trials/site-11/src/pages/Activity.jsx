import { useEffect, useRef } from 'preact/hooks';
import embed from 'vega-embed';
import { api } from '../api.js';

export default function Activity() {
  const host = useRef();
  useEffect(() => {
    let view;
    api('/api/stats/lifts').then(async (values) => {
      const spec = {
        $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
        width: { step: 150 }, height: 340,
        data: { values },
        mark: { type: 'bar', cornerRadiusEnd: 2 },
        encoding: {
          x: { field: 'year', type: 'ordinal', title: 'Year', axis: { labelAngle: 0 } },
          xOffset: { field: 'equipment', sort: ['Travel-lift 35t', 'Travel-lift 75t', 'Mobile crane', 'Hydraulic trailer', 'Slipway winch'] },
          y: { field: 'lifts', type: 'quantitative', title: 'Lifts', axis: { tickCount: 4 } },
          color: { field: 'equipment', title: 'Equipment', sort: ['Travel-lift 35t', 'Travel-lift 75t', 'Mobile crane', 'Hydraulic trailer', 'Slipway winch'], scale: { range: ['#1f5f8b', '#2f77a8', '#e3a33b', '#5b8c5a', '#9a6fb0'] } },
          tooltip: [{ field: 'equipment', title: 'Equipment' }, { field: 'year', title: 'Year' }, { field: 'lifts', title: 'Lifts', type: 'quantitative' }],
        },
        config: { font: 'Inter', view: { stroke: null } },
      };
      const r = await embed(host.current, spec, { renderer: 'svg', actions: false });
      view = r.view;
    });
    return () => view && view.finalize();
  }, []);
  return (
    <div class="page">
      <h1>Lift activity</h1>
      <p class="lead">Lifts per year by piece of equipment (haul-outs, relaunches and holds). Hover over a bar for the exact figure.</p>
      <div class="chart-box"><div ref={host} id="lift-chart" /></div>
    </div>
  );
}
