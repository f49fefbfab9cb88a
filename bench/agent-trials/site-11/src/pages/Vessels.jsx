import { useEffect, useRef, useState } from 'preact/hooks';
import DataTable from 'frappe-datatable';
import 'frappe-datatable/dist/frappe-datatable.min.css';
import { api } from '../api.js';

const COLS = [
  ['id', 'Vessel ID', 90, false], ['name', 'Name', 140], ['type', 'Type', 130], ['make', 'Make', 120], ['model', 'Model', 140],
  ['year', 'Built', 70], ['owner', 'Owner', 150], ['loa', 'LOA (m)', 80], ['beam', 'Beam (m)', 85], ['draft', 'Draft (m)', 85],
  ['hull', 'Hull', 90], ['engine', 'Engine', 160], ['berth', 'Berth', 80], ['storage', 'Storage', 120], ['insurer', 'Insurer', 190],
  ['insuranceExpiry', 'Insurance expiry', 135], ['lastAntifoul', 'Last antifoul', 120], ['mmsi', 'MMSI', 110], ['homePort', 'Home port', 110],
];

export default function Vessels() {
  const host = useRef();
  const changes = useRef(new Map());
  const [count, setCount] = useState(0);
  const [msg, setMsg] = useState(null);
  const [busy, setBusy] = useState(false);
  const [n, setN] = useState(0);
  const dtRef = useRef();

  useEffect(() => {
    let dt;
    let vessels;
    api('/api/vessels').then((rows) => {
      vessels = rows;
      setN(rows.length);
      dtRef.current = dt = new DataTable(host.current, {
        columns: COLS.map(([id, name, width, editable]) => ({ id, name, width, align: 'left', editable: editable !== false, dropdown: true })),
        data: rows.map((v) => COLS.map(([k]) => String(v[k]))),
        inlineFilters: true,
        disableReorderColumn: true,
        layout: 'fixed',
        cellHeight: 36,
        serialNoColumn: true,
        getEditor(colIndex, rowIndex, value, parent, column) {
          const input = document.createElement('input');
          input.className = 'dt-input';
          input.type = 'text';
          parent.appendChild(input);
          return {
            initValue(v) { input.focus(); input.value = v; },
            getValue() { return input.value; },
            setValue(v) {
              const vessel = vessels[rowIndex];
              const key = `${vessel.id}|${column.id}`;
              if (String(vessel[column.id]) === v) changes.current.delete(key);
              else changes.current.set(key, { id: vessel.id, field: column.id, value: v });
              setCount(changes.current.size);
              setMsg(null);
            },
          };
        },
      });
    });
    return () => { try { dt && dt.destroy(); } catch {} };
  }, []);

  async function save() {
    setBusy(true);
    try {
      const list = [...changes.current.values()];
      const r = await api('/api/vessels/changes', { method: 'POST', body: JSON.stringify({ changes: list }) });
      changes.current.clear();
      setCount(0);
      setMsg({ ok: true, text: `Saved ${r.applied} change${r.applied === 1 ? '' : 's'} to the register.` });
    } catch (e) { setMsg({ ok: false, text: e.message }); }
    setBusy(false);
  }

  return (
    <div class="page" style="max-width:none">
      <h1>Vessel register</h1>
      <p class="lead">All {n || ''} boats on the yard's books. Double-click a cell (or select it and press Enter) to edit; press Enter to keep the new value. Changes are only stored when you press Save.</p>
      <div class="toolbar">
        <button class="btn" onClick={() => dtRef.current?.columnmanager.toggleFilter()}>Filter rows</button>
        <button class="btn primary" onClick={save} disabled={busy || count === 0}>Save changes{count ? ` (${count})` : ''}</button>
        {msg && <span class={msg.ok ? 'ok' : 'err'} role="status">{msg.text}</span>}
      </div>
      <div id="vessel-grid" ref={host} />
    </div>
  );
}
