import { useEffect, useMemo, useState } from 'react';
import DataGrid, { textEditor } from 'react-data-grid';
import 'react-data-grid/lib/styles.css';
import { api } from '../api.js';

const COLS = [
  ['id', 'Lot no.', 120], ['country', 'Origin', 110], ['region', 'Region', 130], ['producer', 'Producer', 200], ['variety', 'Variety', 130], ['process', 'Process', 150],
  ['grade', 'Grade', 110], ['crop', 'Crop year', 100], ['bags', 'Bags', 80], ['bagKg', 'Bag (kg)', 90], ['arrival', 'Arrival', 110], ['warehouse', 'Warehouse', 120],
  ['bay', 'Bay', 80], ['moisture', 'Moisture %', 110], ['density', 'Density (g/l)', 120], ['price', 'Price ($/lb)', 110], ['status', 'Status', 100], ['cupper', 'Cupper', 120],
];

export default function Lots() {
  const [rows, setRows] = useState(null);
  const [dirty, setDirty] = useState({});
  const [msg, setMsg] = useState(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => { api('/api/lots').then(setRows); }, []);
  const columns = useMemo(() => [
    ...COLS.map(([key, name, width]) => ({ key, name, width, resizable: true })),
    { key: 'score', name: 'Cup score', width: 110, renderEditCell: textEditor },
  ], []);
  function onRowsChange(next, { indexes }) {
    setRows(next);
    setDirty((d) => { const n = { ...d }; for (const i of indexes) n[next[i].id] = next[i].score; return n; });
    setMsg(null);
  }
  async function save() {
    setSaving(true);
    try {
      const r = await api('/api/lots/save', { json: { changes: Object.entries(dirty).map(([id, score]) => ({ id, score })) } });
      setDirty({}); setMsg({ ok: true, text: `Saved ${r.saved} lot record${r.saved === 1 ? '' : 's'}.` });
    } catch (e) { setMsg({ ok: false, text: e.message }); }
    setSaving(false);
  }
  const n = Object.keys(dirty).length;
  return (
    <>
      <h1 className="page">Green lots</h1>
      <p className="hint">All lots of the 2025/26 crop in our bonded warehouses. Edit a cup score by double-clicking it, then save.</p>
      <div className="toolbar">
        <button className="primary" onClick={save} disabled={saving || !n}>Save changes</button>
        <span>{n ? `${n} unsaved change${n === 1 ? '' : 's'}` : 'No unsaved changes'}</span>
      </div>
      <div role="status">{msg && <div className={msg.ok ? 'msg' : 'err'}>{msg.text}</div>}</div>
      {rows && <DataGrid className="rdg-light" columns={columns} rows={rows} onRowsChange={onRowsChange} rowKeyGetter={(r) => r.id}
        style={{ height: 520 }} aria-label="Green lots" />}
    </>
  );
}
