import { DataTable, makeEditable } from 'simple-datatables';
import 'simple-datatables/dist/style.css';
import 'simple-datatables/dist/editing.css';
import { api } from '../util.js';

const COLS = [
  ['id', 'Asset ID'], ['type', 'Instrument'], ['maker', 'Maker'], ['model', 'Model'], ['size', 'Size'],
  ['serial', 'Serial no.'], ['condition', 'Condition'], ['location', 'Location'], ['status', 'Status'],
  ['borrower', 'Borrower'], ['dueBack', 'Due back'], ['lastService', 'Last service'], ['value', 'Value (€)'], ['notes', 'Notes'],
];

export function inventoryPage() {
  let dt = null; // kept outside Alpine's reactive proxy
  return {
    pending: {},
    pendingCount: 0,
    saving: false,
    message: '',
    async init() {
      const rows = await api('/api/instruments');
      dt = new DataTable(this.$refs.table, {
        data: { headings: COLS.map((c) => c[1]), data: rows.map((r) => COLS.map(([k]) => (k === 'value' ? r[k] : String(r[k] ?? '')))) },
        perPage: 15,
        perPageSelect: [15, 30, 60],
        searchable: true,
        searchAnd: true,
        columns: [
          { select: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13], type: 'string' },
          { select: 12, type: 'number' },
        ],
        labels: { placeholder: 'Search all columns…', perPage: 'rows per page', noRows: 'No instruments found', info: 'Showing {start} to {end} of {rows} instruments' },
      });
      makeEditable(dt, { contextMenu: false, excludeColumns: [0], inline: true });
      dt.on('editable.save.cell', (value, oldData, rowIndex, columnIndex) => {
        const id = dt.data.data[rowIndex].cells[0].data;
        const field = COLS[columnIndex][0];
        const orig = rows.find((r) => r.id === id);
        const key = id + ':' + field;
        if (String(orig[field]) === String(value).trim()) delete this.pending[key];
        else this.pending[key] = { id, field, value: String(value).trim() };
        this.pendingCount = Object.keys(this.pending).length;
        this.message = '';
      });
    },
    async save() {
      this.saving = true;
      try {
        const changes = Object.values(this.pending);
        const r = await api('/api/instruments/save', { method: 'POST', body: JSON.stringify({ changes }) });
        this.pending = {};
        this.pendingCount = 0;
        this.message = `Saved ${r.applied} change${r.applied === 1 ? '' : 's'}.`;
      } catch (e) {
        this.message = 'Save failed: ' + e.message;
      } finally {
        this.saving = false;
      }
    },
  };
}
