// <moves-grid>: the Moves register, a vxe-table grid (Vue 3) with virtual rows and columns
// and in-cell editors. The surrounding Hyperapp page owns the "Save changes" button.
import { createApp, h, ref, shallowRef } from 'vue';
import VxeUITable, { VxeGrid, VxeUI } from 'vxe-table';
import enUS from 'vxe-pc-ui/es/language/en-US';
import 'vxe-table/lib/style.css';
import { api, emit } from '../api.js';

VxeUI.setI18n('en-US', enUS);
VxeUI.setLanguage('en-US');

const WIDTHS = { ref: 110, surname: 130, firstName: 115, fromTown: 140, toTown: 140, moveDate: 115, crew: 130, vehicle: 115,
  status: 115, bedrooms: 95, volume: 115, floorsFrom: 120, liftAtDest: 150, piano: 110, packing: 160, storageWeeks: 140,
  accessNotes: 260, surveyor: 115, quote: 105, deposit: 115, balance: 115, phone: 140, insuranceCert: 180 };
const MONEY = new Set(['quote', 'deposit', 'balance']);

class MovesGrid extends HTMLElement {
  connectedCallback() {
    if (this._app) return;
    const mount = document.createElement('div');
    this.appendChild(mount);
    const rows = shallowRef([]);
    const columns = shallowRef([]);
    const loading = ref(true);
    const gridRef = ref(null);
    this._grid = gridRef;
    const host = this;
    const report = () => emit(host, 'dirtychange', { count: gridRef.value ? gridRef.value.getUpdateRecords().length : 0 });

    api('GET', '/api/moves').then((data) => {
      columns.value = data.columns.map(([field, title], i) => {
        const col = { field, title, width: WIDTHS[field] || 120, sortable: true, showOverflow: 'tooltip' };
        if (i < 2) col.fixed = 'left';
        if (MONEY.has(field)) { col.align = 'right'; col.formatter = ({ cellValue }) => Number(cellValue).toLocaleString('en-GB'); }
        if (field === 'crew') col.editRender = { name: 'select', options: data.crews.map((c) => ({ label: c, value: c })), attrs: { 'aria-label': 'Crew' } };
        if (field === 'accessNotes') col.editRender = { name: 'input', attrs: { 'aria-label': 'Access notes', maxlength: 200 } };
        return col;
      });
      rows.value = data.rows;
      loading.value = false;
    }).catch((e) => { loading.value = false; emit(host, 'loaderror', { message: e.message }); });

    this._app = createApp({
      render: () => (loading.value ? h('p', { class: 'muted', role: 'status' }, 'Loading moves…') : h(VxeGrid, {
        ref: gridRef,
        id: 'moves-register',
        border: true,
        stripe: true,
        height: 560,
        columns: columns.value,
        data: rows.value,
        keepSource: true,
        showOverflow: true,
        showHeaderOverflow: true,
        rowConfig: { keyField: 'ref', isHover: true },
        cellConfig: { height: 40 },
        columnConfig: { resizable: true },
        sortConfig: { trigger: 'cell' },
        editConfig: { trigger: 'click', mode: 'cell', showStatus: true, showIcon: true },
        keyboardConfig: { isArrow: true, isEsc: true, isTab: true, isEdit: true },
        virtualYConfig: { enabled: true, gt: 0, oSize: 6 },
        virtualXConfig: { enabled: true, gt: 0, oSize: 2 },
        onEditClosed: report,
        onEditActivated: report,
      })),
    });
    this._app.use(VxeUITable);
    this._app.mount(mount);
  }

  disconnectedCallback() {
    if (this._app) { this._app.unmount(); this._app = null; this.innerHTML = ''; }
  }

  // Changed cells since the last save: [{ref, crew?, accessNotes?}]
  async getChanges() {
    const grid = this._grid.value;
    if (!grid) return [];
    await grid.clearEdit();
    return grid.getUpdateRecords().map((row) => {
      const change = { ref: row.ref };
      if (grid.isUpdateByRow(row, 'crew')) change.crew = row.crew;
      if (grid.isUpdateByRow(row, 'accessNotes')) change.accessNotes = row.accessNotes ?? '';
      return change;
    }).filter((c) => Object.keys(c).length > 1);
  }

  async markSaved(savedRows) {
    const grid = this._grid.value;
    if (!grid) return;
    for (const saved of savedRows || []) {
      const row = grid.getRowById(saved.ref);
      if (row) await grid.reloadRow(row, saved);
    }
    emit(this, 'dirtychange', { count: grid.getUpdateRecords().length });
  }
}

customElements.define('moves-grid', MovesGrid);
