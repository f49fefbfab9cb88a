import { useEffect, useRef, useState } from 'react';
import jsVectorMap from 'jsvectormap';
import 'jsvectormap/dist/maps/world.js';
import 'jsvectormap/dist/jsvectormap.css';
import { api } from '../api.js';
export default function Producers() {
  const box = useRef(null);
  const [n, setN] = useState(0);
  useEffect(() => {
    let map; let gone = false;
    api('/api/producers').then((list) => {
      if (gone) return; setN(list.length);
      map = new jsVectorMap({
        selector: box.current, map: 'world', zoomButtons: true, zoomOnScroll: true,
        markers: list.map((p) => ({ name: p.name, coords: p.coords })),
        markerStyle: { initial: { fill: '#b5651d', stroke: '#fff', r: 6 }, hover: { fill: '#4a2f1d' } },
        regionStyle: { initial: { fill: '#d8cbb8' } },
        onMarkerTooltipShow(event, tooltip, index) {
          const p = list[index];
          tooltip.text(`<b>${p.name}</b><br>${p.region}<br>2026 harvest: ${p.bags2026.toLocaleString('en-GB')} bags delivered<br>2025 harvest: ${p.bags2025.toLocaleString('en-GB')} bags`, true);
        },
      });
    });
    return () => { gone = true; if (map) map.destroy(); };
  }, []);
  return (
    <>
      <h1 className="page">Partner producers</h1>
      <p className="hint">Where our {n || ''} partner cooperatives, associations and washing stations are. Point at a marker for its deliveries. Scroll or use + / − to zoom, drag to move.</p>
      <div className="mapbox" ref={box} />
    </>
  );
}
