import { LightningElement } from 'lwc';
import { api } from 'x/api';

const COLUMNS = [
  ['id', 'Tree ID', '92px'], ['block', 'Block', '64px'], ['row', 'Row', '56px'], ['pos', 'Pos.', '56px'],
  ['variety', 'Variety', '170px'], ['rootstock', 'Rootstock', '96px'], ['planted', 'Planted', '80px'],
  ['pollination', 'Pollination group', '100px'], ['height', 'Height (m)', '90px'], ['spread', 'Spread (m)', '90px'],
  ['vigour', 'Vigour', '96px'], ['lastPruned', 'Last pruned', '112px'], ['disease', 'Disease seen', '160px'],
  ['yield2024', 'Yield 2024 (kg)', '110px'], ['yield2025', 'Yield 2025 (kg)', '110px'], ['irrigation', 'Irrigation line', '110px'],
  ['tag', 'Tag', '80px'], ['inspector', 'Inspector', '120px'], ['status', 'Status', '170px'], ['note', 'Field note', '240px'],
];
const STATUS_COL = COLUMNS.findIndex((c) => c[0] === 'status');
const NOTE_COL = COLUMNS.findIndex((c) => c[0] === 'note');

export default class Trees extends LightningElement {
  static renderMode = 'light';
  loading = true;
  trees = [];
  statuses = [];
  baseline = new Map();
  changes = [];
  saving = false;
  message = '';
  messageKind = 'ok';
  table = null;

  connectedCallback() {
    this.load();
  }

  async load() {
    try {
      const [{ trees, statuses }] = await Promise.all([api('/api/trees'), import('active-table')]);
      this.trees = trees;
      this.statuses = statuses;
      this.baseline = new Map(trees.map((t) => [t.id, { status: t.status, note: t.note }]));
      this.loading = false;
      this.mountTable();
    } catch (e) {
      this.loading = false;
      this.showMessage(`Could not load the register: ${e.message}`, 'error');
    }
  }

  mountTable() {
    const host = this.querySelector('.grid-host');
    if (!host) return;
    host.innerHTML = '';
    const table = document.createElement('active-table');
    table.data = [
      COLUMNS.map((c) => c[1]),
      ...this.trees.map((t) => COLUMNS.map(([key]) => (t[key] === null || t[key] === undefined ? '' : String(t[key])))),
    ];
    table.isHeaderTextEditable = false;
    table.isCellTextEditable = false;
    table.displayAddNewRow = false;
    table.displayAddNewColumn = false;
    table.displayIndexColumn = false;
    table.displayHeaderIcons = false;
    table.dragRows = false;
    table.dragColumns = false;
    table.stickyHeader = true;
    table.rowDropdown = { displaySettings: { isAvailable: false } };
    table.columnDropdown = { displaySettings: { isAvailable: false } };
    table.stripedRows = { odd: { backgroundColor: '' }, even: { backgroundColor: '#f6f4ee' } };
    table.overflow = { maxWidth: '100%', maxHeight: '640px' };
    table.tableStyle = { borderRadius: '6px' };
    table.headerStyles = { default: { backgroundColor: '#e7efe2', fontWeight: '600' } };
    table.pagination = {
      rowsPerPage: 20,
      rowsPerPageSelect: { options: [20, 40], prefixText: 'Trees per page' },
      maxNumberOfVisiblePageButtons: 8,
      displayPrevNext: true,
      displayFirstLast: true,
      displayNumberOfVisibleRows: true,
    };
    table.filter = { dropdown: true, caseButton: false, defaultColumnHeaderName: 'Variety', placeholderTemplate: 'Filter {headerName}…' };
    table.customColumnsSettings = COLUMNS.map(([key, header, width]) => {
      const s = { headerName: header, cellStyle: { width }, isColumnResizable: true };
      if (key === 'status') {
        Object.assign(s, {
          isCellTextEditable: true,
          defaultColumnTypeName: 'Status',
          customColumnTypes: [{ name: 'Status', select: { options: this.statuses, canAddMoreOptions: false } }],
          availableDefaultColumnTypes: [],
        });
      }
      if (key === 'note') {
        Object.assign(s, { isCellTextEditable: true });
      }
      return s;
    });
    table.onCellUpdate = () => this.recompute();
    table.onDataUpdate = () => this.recompute();
    host.appendChild(table);
    this.table = table;
  }

  recompute() {
    if (!this.table) return;
    const data = this.table.getData();
    const changes = [];
    for (const row of data.slice(1)) {
      const id = String(row[0]);
      const base = this.baseline.get(id);
      if (!base) continue;
      const status = String(row[STATUS_COL] ?? '');
      const note = String(row[NOTE_COL] ?? '');
      if (status !== base.status || note !== base.note) {
        const c = { id };
        if (status !== base.status) c.status = status;
        if (note !== base.note) c.note = note;
        changes.push(c);
      }
    }
    this.changes = changes;
  }

  get countLabel() {
    return this.loading ? '' : `${this.trees.length} trees`;
  }
  get noChanges() {
    return this.changes.length === 0 || this.saving;
  }
  get saveDisabled() {
    return this.changes.length === 0 || this.saving;
  }
  get changesLabel() {
    if (this.saving) return 'Saving…';
    const n = this.changes.length;
    return n === 0 ? 'No unsaved changes' : `${n} tree${n === 1 ? '' : 's'} changed — not saved yet`;
  }
  get changesClass() {
    return this.changes.length ? 'pill pill-warn' : 'pill';
  }
  get messageClass() {
    return this.messageKind === 'error' ? 'banner banner-error' : 'banner banner-ok';
  }

  showMessage(text, kind = 'ok') {
    this.message = text;
    this.messageKind = kind;
  }

  async handleSave() {
    this.recompute();
    if (!this.changes.length) return;
    const bad = this.changes.find((c) => c.status !== undefined && !this.statuses.includes(c.status));
    if (bad) {
      this.showMessage(`“${bad.status}” is not a status. Pick one from the list for ${bad.id}.`, 'error');
      return;
    }
    this.saving = true;
    this.message = '';
    try {
      const res = await api('/api/trees', { method: 'PATCH', body: { changes: this.changes } });
      for (const c of this.changes) {
        const base = this.baseline.get(c.id);
        if (c.status !== undefined) base.status = c.status;
        if (c.note !== undefined) base.note = c.note;
      }
      this.changes = [];
      this.showMessage(`Saved ${res.saved.length} tree${res.saved.length === 1 ? '' : 's'}: ${res.saved.join(', ')}.`);
    } catch (e) {
      this.showMessage(`Save failed: ${e.message}`, 'error');
    } finally {
      this.saving = false;
    }
  }

  handleDiscard() {
    this.changes = [];
    this.message = '';
    this.trees = this.trees.map((t) => ({ ...t, ...this.baseline.get(t.id) }));
    this.mountTable();
  }
}
