import { Grid, Edit, VirtualScroll, Toolbar, Sort, Resize } from '@syncfusion/ej2-grids';
import { Query } from '@syncfusion/ej2-data';
import { Telemetry } from '@syncfusion/ej2-base';
import '@syncfusion/ej2-base/styles/tailwind3.css';
import '@syncfusion/ej2-buttons/styles/tailwind3.css';
import '@syncfusion/ej2-calendars/styles/tailwind3.css';
import '@syncfusion/ej2-dropdowns/styles/tailwind3.css';
import '@syncfusion/ej2-inputs/styles/tailwind3.css';
import '@syncfusion/ej2-navigations/styles/tailwind3.css';
import '@syncfusion/ej2-popups/styles/tailwind3.css';
import '@syncfusion/ej2-splitbuttons/styles/tailwind3.css';
import '@syncfusion/ej2-grids/styles/tailwind3.css';
import { api } from '../api.js';

Grid.Inject(Edit, VirtualScroll, Toolbar, Sort, Resize);
// The grid library reports usage to a cloud endpoint by default; this office runs offline.
Telemetry.disable();

const STATUSES = ['Living', 'Propagating', 'Dormant', 'Quarantine', 'On loan', 'Dead', 'Missing'];

const COLUMNS = [
  { field: 'acc', headerText: 'Accession no.', width: 130, isPrimaryKey: true },
  { field: 'taxon', headerText: 'Taxon', width: 220 },
  { field: 'house', headerText: 'Glasshouse', width: 150 },
  {
    field: 'status', headerText: 'Status', width: 160, allowEditing: true, editType: 'dropdownedit',
    edit: { params: { dataSource: STATUSES.map((s) => ({ status: s })), fields: { text: 'status', value: 'status' }, query: new Query(), popupHeight: '260px', allowFiltering: false } },
  },
  { field: 'common', headerText: 'Common name', width: 210 },
  { field: 'family', headerText: 'Family', width: 150 },
  { field: 'bed', headerText: 'Bed', width: 80 },
  { field: 'prov', headerText: 'Provenance', width: 120 },
  { field: 'source', headerText: 'Source', width: 160 },
  { field: 'received', headerText: 'Received', width: 130 },
  { field: 'qty', headerText: 'Qty', width: 80, textAlign: 'Right' },
  { field: 'propagation', headerText: 'Propagated by', width: 150 },
  { field: 'habit', headerText: 'Habit', width: 120 },
  { field: 'hardiness', headerText: 'Hardiness', width: 120 },
  { field: 'iucn', headerText: 'IUCN', width: 90 },
  { field: 'cites', headerText: 'CITES', width: 90 },
  { field: 'donor', headerText: 'Donor', width: 160 },
  { field: 'collector', headerText: 'Collector', width: 150 },
  { field: 'collectorNo', headerText: 'Collector no.', width: 130 },
  { field: 'country', headerText: 'Country of origin', width: 170 },
  { field: 'verifiedBy', headerText: 'Verified by', width: 140 },
  { field: 'verifiedOn', headerText: 'Verified on', width: 130 },
  { field: 'container', headerText: 'Container', width: 130 },
  { field: 'watering', headerText: 'Watering', width: 150 },
  { field: 'feeding', headerText: 'Feeding', width: 150 },
  { field: 'labelPrinted', headerText: 'Label printed', width: 130 },
  { field: 'lastInventory', headerText: 'Last inventory', width: 140 },
  { field: 'note', headerText: 'Inventory note', width: 260, allowEditing: true, editType: 'defaultedit' },
  { field: 'voucher', headerText: 'Herbarium voucher', width: 190 },
].map((c) => ({ allowEditing: false, clipMode: 'EllipsisWithTooltip', ...c }));

export function* AccessionsPage() {
  let rows = null;
  let error = null;
  let pending = 0;
  let saving = false;
  let message = null;
  let grid = null;
  let host = null;

  const countPending = () => {
    if (!grid) return 0;
    const ch = grid.getBatchChanges();
    return (ch.changedRecords || []).length;
  };

  const mount = () => {
    if (grid || !host || !rows) return;
    grid = new Grid({
      dataSource: rows,
      columns: COLUMNS,
      height: 520,
      rowHeight: 36,
      enableVirtualization: true,
      enableColumnVirtualization: true,
      pageSettings: { pageSize: 40 },
      allowSorting: true,
      allowResizing: true,
      toolbar: ['Search'],
      editSettings: { allowEditing: true, allowAdding: false, allowDeleting: false, mode: 'Batch', showConfirmDialog: false },
      cellSaved: () => { setTimeout(() => this.refresh(() => { pending = countPending(); message = null; }), 0); },
    });
    grid.appendTo(host);
  };

  const save = async () => {
    if (!grid || saving) return;
    if (grid.isEdit) grid.saveCell();
    const ch = grid.getBatchChanges();
    const changed = ch.changedRecords || [];
    if (!changed.length) { this.refresh(() => { message = { kind: 'info', text: 'There are no unsaved changes.' }; }); return; }
    const original = new Map(rows.map((r) => [r.id, r]));
    const changes = changed.map((r) => {
      const o = original.get(r.id) || {};
      const c = { id: r.id };
      if (r.status !== o.status) c.status = r.status;
      if (r.note !== o.note) c.note = r.note ?? '';
      return c;
    });
    this.refresh(() => { saving = true; message = null; });
    try {
      const res = await api.post('/api/accessions/changes', { changes });
      // The server has the edits: clear the pending-edit markers and write the saved
      // values into the rows in place, so the grid keeps its scroll position.
      grid.editModule.batchCancel();
      for (const c of changes) {
        const row = original.get(c.id);
        Object.assign(row, c);
        if (c.status !== undefined) grid.setCellValue(row.acc, 'status', c.status);
        if (c.note !== undefined) grid.setCellValue(row.acc, 'note', c.note);
      }
      this.refresh(() => { saving = false; pending = 0; message = { kind: 'ok', text: `Saved ${res.saved} accession${res.saved === 1 ? '' : 's'}: ${res.accessions.join(', ')}.` }; });
    } catch (e) {
      this.refresh(() => { saving = false; message = { kind: 'error', text: e.message }; });
    }
  };

  const discard = () => {
    if (!grid) return;
    if (grid.isEdit) grid.closeEdit();
    grid.editModule.batchCancel();
    this.refresh(() => { pending = 0; message = { kind: 'info', text: 'Unsaved changes discarded.' }; });
  };

  api.get('/api/accessions').then(
    (r) => { if (!this.isUnmounted) this.refresh(() => { rows = r.map((x) => ({ ...x })); }); },
    (e) => { if (!this.isUnmounted) this.refresh(() => { error = e.message; }); },
  );
  this.cleanup(() => { if (grid) grid.destroy(); });

  for ({} of this) {
    if (rows && !grid) this.after(mount);
    yield (
      <section class="page page-wide">
        <h1>Accession register</h1>
        <p class="lede">Every living accession held in the glasshouses and nursery. Click a <b>Status</b> or <b>Inventory note</b> cell to edit it; edits are kept until you save them.</p>
        <div class="toolbar-row">
          <button class="btn primary" onclick={save} disabled={saving || !rows}>{saving ? 'Saving…' : 'Save changes'}</button>
          <button class="btn" onclick={discard} disabled={saving || !rows}>Discard changes</button>
          <span class="muted">{pending ? `${pending} accession${pending === 1 ? '' : 's'} with unsaved changes` : 'No unsaved changes'}</span>
        </div>
        {message && <div class={`notice ${message.kind}`} role="status">{message.text}</div>}
        {error && <div class="notice error">{error}</div>}
        {!rows && !error && <div class="loading">Loading accessions…</div>}
        <div class="grid-host" copy="class" ref={(el) => { host = el; }} />
      </section>
    );
  }
}
