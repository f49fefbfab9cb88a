import { View } from 'backbone.marionette';
import { createGrid } from 'ag-grid-community';
import 'ag-grid-community/styles/ag-grid.css';
import 'ag-grid-community/styles/ag-theme-quartz.css';
import { api, get, esc } from '../api.js';

const STATUSES = ['Scheduled', 'Boarding', 'Delayed', 'Cancelled', 'Completed'];

export const SailingsView = View.extend({
  template: () => `
    <div class="card">
      <div class="toolbar">
        <input type="search" class="input quick" placeholder="Search sailings…" size="34">
        <span class="muted count"></span>
        <span class="spacer"></span>
        <span class="muted pending">No unsaved changes</span>
        <button class="btn btn-primary save" disabled>Save changes</button>
      </div>
      <div class="msg"></div>
      <div class="ag-theme-quartz sailings-grid" style="height: 560px; width: 100%;"></div>
      <p class="muted small">Double-click a cell in the Status, Freight units or Notes columns to edit it. Changes are kept until you press “Save changes”.</p>
    </div>`,
  events: {
    'input .quick': 'onQuick',
    'click .save': 'onSave',
  },
  onAttach() {
    this.pending = new Map();
    const cols = [
      { field: 'sailingNo', headerName: 'Sailing no.', pinned: 'left', width: 160 },
      { field: 'dateLabel', headerName: 'Date', width: 140, comparator: (a, b, na, nb) => (na.data.date < nb.data.date ? -1 : na.data.date > nb.data.date ? 1 : 0) },
      { field: 'route', headerName: 'Route', width: 240 },
      { field: 'depart', headerName: 'Depart', width: 100 },
      { field: 'arrive', headerName: 'Arrive', width: 100 },
      { field: 'vessel', headerName: 'Vessel', width: 150 },
      { field: 'carsBooked', headerName: 'Cars booked', width: 130, type: 'numericColumn' },
      { field: 'carCapacity', headerName: 'Car capacity', width: 130, type: 'numericColumn' },
      { field: 'footPassengers', headerName: 'Foot passengers', width: 150, type: 'numericColumn' },
      { field: 'crew', headerName: 'Crew', width: 90, type: 'numericColumn' },
      { field: 'fuel', headerName: 'Fuel (t)', width: 100, type: 'numericColumn' },
      { field: 'pier', headerName: 'Pier', width: 120 },
      { field: 'highWater', headerName: 'High water', width: 120 },
      { field: 'weather', headerName: 'Weather forecast', width: 160 },
      { field: 'master', headerName: 'Master', width: 190 },
      { field: 'status', headerName: 'Status', width: 140, editable: true, cellEditor: 'agSelectCellEditor', cellEditorParams: { values: STATUSES } },
      { field: 'freight', headerName: 'Freight units', width: 130, editable: true, cellEditor: 'agNumberCellEditor', cellEditorParams: { min: 0, precision: 0 }, type: 'numericColumn' },
      { field: 'notes', headerName: 'Notes', width: 220, editable: true },
    ];
    this.grid = createGrid(this.$('.sailings-grid')[0], {
      columnDefs: cols,
      rowData: null,
      defaultColDef: { sortable: true, resizable: true, filter: true },
      getRowId: (p) => p.data.id,
      onCellValueChanged: (e) => {
        if (e.oldValue === e.newValue) return;
        const f = this.pending.get(e.data.id) || {};
        f[e.colDef.field] = e.colDef.field === 'freight' ? Number(e.newValue) : e.newValue;
        this.pending.set(e.data.id, f);
        this.updatePending();
      },
      onFilterChanged: () => this.updateCount(),
      onRowDataUpdated: () => this.updateCount(),
    });
    this.grid.setGridOption('loading', true);
    get('/api/sailings').then((d) => {
      if (this.isDestroyed()) return;
      this.grid.setGridOption('loading', false);
      this.grid.setGridOption('rowData', d.rows);
    });
  },
  updateCount() {
    if (!this.grid) return;
    this.$('.count').text(`${this.grid.getDisplayedRowCount()} sailings`);
  },
  updatePending() {
    const n = this.pending.size;
    this.$('.pending').text(n ? `${n} sailing${n > 1 ? 's' : ''} with unsaved changes` : 'No unsaved changes');
    this.$('.save').prop('disabled', n === 0);
  },
  onQuick(e) {
    this.grid.setGridOption('quickFilterText', e.target.value);
  },
  onSave() {
    this.grid.stopEditing();
    const updates = [...this.pending].map(([id, fields]) => ({ id, fields }));
    if (!updates.length) return;
    this.$('.save').prop('disabled', true).text('Saving…');
    api('POST', '/api/sailings/bulk-update', { updates }).then((r) => {
      this.pending.clear();
      this.updatePending();
      this.$('.save').text('Save changes');
      this.$('.msg').html(`<div class="alert alert-ok">Saved changes to ${r.saved} sailing${r.saved > 1 ? 's' : ''}.</div>`);
    }).catch((e) => {
      this.$('.save').prop('disabled', false).text('Save changes');
      this.$('.msg').html(`<div class="alert alert-err">${esc(e.message)}</div>`);
    });
  },
  onBeforeDestroy() {
    if (this.grid) this.grid.destroy();
  },
});
