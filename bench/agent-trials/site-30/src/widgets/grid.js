import { DataGrid, MutableDataModel, BasicSelectionModel, BasicKeyHandler, BasicMouseHandler, TextRenderer } from '@lumino/datagrid';
import { Widget } from '@lumino/widgets';
import '@lumino/widgets/style/index.css';
import { toast } from '../toast.js';
import { api, h } from '../api.js';

const EDITABLE = new Set(['status', 'note']);

class SetsModel extends MutableDataModel {
  constructor(columns, rows, statuses, onEdit) {
    super();
    this.idCol = columns[0]; this.cols = columns.slice(1); this.all = rows; this.view = rows; this.statuses = statuses; this.onEdit = onEdit;
  }
  rowCount(region) { return region === 'body' || region === 'row-header' ? this.view.length : 1; }
  columnCount(region) { return region === 'body' || region === 'column-header' ? this.cols.length : 1; }
  data(region, row, column) {
    if (region === 'corner-header') return this.idCol[1];
    if (region === 'column-header') return this.cols[column][1];
    if (region === 'row-header') return this.view[row].id;
    const v = this.view[row][this.cols[column][0]];
    return v;
  }
  metadata(region, row, column) {
    if (region !== 'body') return {};
    const key = this.cols[column][0];
    if (key === 'status') return { type: 'string', constraint: { enum: this.statuses } };
    if (key === 'note') return { type: 'string' };
    return { type: 'readonly' };
  }
  setData(region, row, column, value) {
    const rec = this.view[row]; const key = this.cols[column][0];
    if (region !== 'body' || !EDITABLE.has(key)) return false;
    if (rec[key] === value) return true;
    rec[key] = value; this.onEdit(rec, key, value);
    this.emitChanged({ type: 'cells-changed', region: 'body', row, column, rowSpan: 1, columnSpan: 1 });
    return true;
  }
  filter(q) {
    const s = q.trim().toLowerCase();
    this.view = !s ? this.all : this.all.filter((r) => [r.id, r.composer, r.work, r.shelf, r.publisher].some((v) => String(v).toLowerCase().includes(s)));
    this.emitChanged({ type: 'model-reset' });
  }
}

export function mount(host) {
  let disposed = false;
  const dirty = new Map(); // key id|field -> {id, field, value}
  const status = h('p', { class: 'muted', role: 'status', 'aria-live': 'polite', text: 'Loading catalogue…' });
  const search = h('input', { type: 'search', id: 'set-filter', placeholder: 'Composer, work, shelf or cat. no.', 'aria-label': 'Filter sets' });
  const saveBtn = h('button', { type: 'button', class: 'btn primary', disabled: true, text: 'Save changes' });
  const discardBtn = h('button', { type: 'button', class: 'btn', disabled: true, text: 'Discard' });
  const counter = h('span', { class: 'pill', text: 'No unsaved changes' });
  const toolbar = h('div', { class: 'toolbar' }, h('label', { for: 'set-filter', text: 'Filter' }), search, counter, discardBtn, saveBtn);
  const gridBox = h('div', { class: 'grid-box', role: 'grid', 'aria-label': 'Orchestral sets', tabindex: '-1' });
  host.append(toolbar, gridBox, status);
  const refresh = () => {
    counter.textContent = dirty.size ? `${dirty.size} unsaved change${dirty.size > 1 ? 's' : ''}` : 'No unsaved changes';
    saveBtn.disabled = discardBtn.disabled = dirty.size === 0;
    counter.classList.toggle('warn', dirty.size > 0);
  };
  let grid, model, original;

  api('/api/sets').then((d) => {
    if (disposed) return;
    original = JSON.parse(JSON.stringify(d.rows));
    model = new SetsModel(d.columns, d.rows, d.statuses, (rec, key, value) => {
      const orig = original.find((o) => o.id === rec.id);
      const k = rec.id + '|' + key;
      if (orig[key] === value) dirty.delete(k); else dirty.set(k, { id: rec.id, field: key, value });
      refresh();
    });
    grid = new DataGrid({
      defaultSizes: { rowHeight: 28, columnWidth: 120, rowHeaderWidth: 96, columnHeaderHeight: 34 },
      style: { ...DataGrid.defaultStyle, voidColor: '#f6f4ef', headerBackgroundColor: '#ece7dc', gridLineColor: 'rgba(0,0,0,0.12)', headerGridLineColor: 'rgba(0,0,0,0.2)' },
    });
    grid.dataModel = model;
    grid.selectionModel = new BasicSelectionModel({ dataModel: model, selectionMode: 'cell' });
    grid.keyHandler = new BasicKeyHandler();
    grid.mouseHandler = new BasicMouseHandler();
    grid.editingEnabled = true;
    grid.editorController.setEditor('readonly', () => null);
    grid.cellRenderers.update({ body: new TextRenderer({ font: '13px system-ui, sans-serif', textColor: (c) => (dirty.has(model.view[c.row]?.id + '|' + model.cols[c.column][0]) ? '#a3400f' : '#222'), backgroundColor: (c) => (EDITABLE.has(model.cols[c.column][0]) ? '#fffdf6' : '') }),
      'column-header': new TextRenderer({ font: 'bold 12px system-ui, sans-serif' }), 'row-header': new TextRenderer({ font: '12px ui-monospace, monospace' }), 'corner-header': new TextRenderer({ font: 'bold 12px system-ui, sans-serif' }) });
    const widths = { composer: 130, work: 250, arranger: 120, publisher: 150, status: 130, note: 200, lastPlayed: 120, replacement: 170, duration: 120, shelf: 84, year: 70 };
    model.cols.forEach(([k], i) => grid.resizeColumn('body', i, widths[k] || 64));
    Widget.attach(grid, gridBox);
    const onResize = () => grid.update();
    window.addEventListener('resize', onResize);
    status.textContent = `${d.rows.length} sets. Double-click a cell in Status or Librarian note to edit.`;
    search.addEventListener('input', () => { grid.editorController.cancel(); model.filter(search.value); status.textContent = `${model.view.length} of ${model.all.length} sets shown.`; });
    discardBtn.addEventListener('click', () => {
      for (const { id, field } of dirty.values()) model.all.find((r) => r.id === id)[field] = original.find((o) => o.id === id)[field];
      dirty.clear(); refresh(); model.emitChanged({ type: 'model-reset' });
    });
    saveBtn.addEventListener('click', async () => {
      if (!dirty.size) return;
      saveBtn.disabled = true; saveBtn.textContent = 'Saving…';
      const changes = [...dirty.values()];
      try {
        const r = await api('/api/sets/bulk', { method: 'POST', json: { changes } });
        for (const c of changes) original.find((o) => o.id === c.id)[c.field] = c.value;
        dirty.clear(); refresh(); grid.repaintContent();
        status.textContent = `Saved ${r.saved} change${r.saved > 1 ? 's' : ''}.`;
        toast.success(`Saved ${r.saved} change${r.saved > 1 ? 's' : ''} to the catalogue`);
      } catch (e) { status.textContent = e.message; toast.error(e.message); refresh(); }
      saveBtn.textContent = 'Save changes';
    });
    mount.cleanupResize = () => window.removeEventListener('resize', onResize);
  }).catch((e) => { status.textContent = 'Could not load the catalogue: ' + e.message; });

  return () => { disposed = true; mount.cleanupResize?.(); if (grid) { grid.editorController.cancel(); if (grid.isAttached) Widget.detach(grid); grid.dispose(); } };
}
