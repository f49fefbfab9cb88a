import { c, useState, useEffect, useRef } from 'atomico';
import Hypergrid from 'fin-hypergrid';
import { api } from '../api.js';

const EDITABLE = { status: 'StatusPicker', note: 'Textfield' };
const norm = (s) => String(s ?? '').toLowerCase();

export const ManifestsPage = c(() => {
  const box = useRef();
  const gridRef = useRef();
  const rowsRef = useRef([]);
  const colsRef = useRef([]);
  const editsRef = useRef(new Map());
  const [info, setInfo] = useState({ loading: true, total: 0, shown: 0 });
  const [pending, setPending] = useState(0);
  const [saving, setSaving] = useState(false);
  const [msg, setMsg] = useState(null);

  function applyColumnProps(grid) {
    colsRef.current.forEach((col, i) => {
      if (EDITABLE[col.name]) grid.behavior.setColumnProperties(i, { editable: true, editor: EDITABLE[col.name] });
    });
  }

  useEffect(() => {
    let alive = true;
    let grid;
    api('/api/manifests').then((data) => {
      if (!alive) return;
      rowsRef.current = data.rows;
      colsRef.current = data.columns;
      grid = new Hypergrid(box.current, { data: data.rows, schema: data.columns });
      gridRef.current = grid;
      const CellEditor = grid.cellEditors.BaseClass;
      const options = data.statuses.map((s) => `<option value="${s}">${s}</option>`).join('');
      const StatusPicker = CellEditor.extend('StatusPicker', {
        template: `<select lang="{{locale}}" class="hg-select" style="{{style}}" aria-label="Status">${options}</select>`,
        initialize() {
          this.input.addEventListener('change', () => {
            const g = this.grid;
            if (this.stopEditing()) {
              g.repaint();
              g.takeFocus();
            }
          });
        },
      });
      try { grid.cellEditors.add(StatusPicker); } catch { /* already registered */ }
      grid.addProperties({
        editable: false,
        font: '13px system-ui, -apple-system, "Segoe UI", sans-serif',
        columnHeaderFont: '600 13px system-ui, -apple-system, "Segoe UI", sans-serif',
        rowHeaderFont: '12px system-ui, sans-serif',
        defaultRowHeight: 26,
        rowHeaderCheckboxes: false,
        rowHeaderNumbers: true,
        columnHeaderBackgroundColor: '#eef3f8',
        columnHeaderColor: '#1d3557',
        backgroundColor: '#ffffff',
        color: '#1f2933',
        gridLinesHColor: '#e3e8ee',
        gridLinesVColor: '#e3e8ee',
        selectionRegionOutlineColor: '#2a6f97',
        cellPadding: 8,
      });
      applyColumnProps(grid);
      grid.addEventListener('fin-after-cell-edit', (e) => {
        const d = e.detail;
        const ce = d.input && d.input.event; // the cell editor's CellEvent
        const row = ce && ce.dataRow;
        const field = ce && ce.column && ce.column.name;
        if (!row || !EDITABLE[field]) return;
        const key = `${row.manifest}|${field}`;
        editsRef.current.set(key, { id: row.manifest, field, value: d.newValue });
        setPending(editsRef.current.size);
        setMsg(null);
      });
      setInfo({ loading: false, total: data.rows.length, shown: data.rows.length });
    }).catch((e) => alive && setMsg({ kind: 'error', text: e.message }));
    return () => {
      alive = false;
      if (grid) { try { grid.terminate(); } catch { /* ignore */ } }
    };
  }, []);

  function onFilter(e) {
    const q = norm(e.target.value).trim();
    const grid = gridRef.current;
    if (!grid) return;
    const rows = q ? rowsRef.current.filter((r) => norm(`${r.manifest} ${r.consignment} ${r.shipper}`).includes(q)) : rowsRef.current;
    grid.cancelEditing && grid.cancelEditing();
    grid.setData(rows, { schema: colsRef.current });
    applyColumnProps(grid);
    setInfo({ loading: false, total: rowsRef.current.length, shown: rows.length });
  }

  async function save() {
    const grid = gridRef.current;
    if (grid && grid.cellEditor) grid.stopEditing();
    const changes = [...editsRef.current.values()];
    if (!changes.length || saving) return;
    setSaving(true);
    setMsg({ kind: 'info', text: 'Saving…' });
    try {
      const r = await api('/api/manifests/save', { method: 'POST', body: { changes } });
      editsRef.current.clear();
      setPending(0);
      setMsg({ kind: 'ok', text: `Saved ${r.saved} change${r.saved === 1 ? '' : 's'}.` });
    } catch (e) {
      setMsg({ kind: 'error', text: e.message });
    } finally {
      setSaving(false);
    }
  }

  return (
    <host>
      <header class="page-head">
        <h1>Freight manifests</h1>
        <p class="muted">All freight consignments booked for sailings in June. Status and handler note can be edited in the grid.</p>
      </header>
      <div class="toolbar">
        <label class="field inline">
          <span>Find</span>
          <input type="search" placeholder="Consignment, shipper or manifest no." oninput={onFilter} aria-label="Find manifests" />
        </label>
        <span class="muted" aria-live="polite">{info.loading ? 'Loading manifests…' : `${info.shown} of ${info.total} manifests`}</span>
        <span class="spacer"></span>
        <span class={pending ? 'pending' : 'muted'}>{pending ? `${pending} unsaved change${pending === 1 ? '' : 's'}` : 'No unsaved changes'}</span>
        <button class="btn primary" onclick={save} disabled={!pending || saving}>{saving ? 'Saving…' : 'Save changes'}</button>
      </div>
      <div class="msg-area">{msg ? <div class={`msg ${msg.kind}`} role="status">{msg.text}</div> : null}</div>
      <div class="grid-wrap" staticNode>
        <div class="grid-box" ref={box}></div>
      </div>
      <p class="hint">Double-click a Status or Handler note cell to edit it; press Enter to finish typing. Scroll sideways for customs, seal and release details.</p>
    </host>
  );
});
