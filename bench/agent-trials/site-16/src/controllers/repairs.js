import { Controller } from '@hotwired/stimulus';
import { Wunderbaum } from 'wunderbaum';
import { api, money, ukDate } from '../api.js';

const STATUSES = ['Reported', 'Assigned', 'In progress', 'Awaiting parts', 'Completed', 'Cancelled'];
const ICONS = {
  error: 'ol-i ol-i-error', loading: 'ol-i ol-i-loading', noData: 'ol-i ol-i-nodata',
  expanderExpanded: 'ol-i ol-i-exp', expanderCollapsed: 'ol-i ol-i-col', expanderLazy: 'ol-i ol-i-col',
  checkChecked: 'ol-i', checkUnchecked: 'ol-i', checkUnknown: 'ol-i', radioChecked: 'ol-i', radioUnchecked: 'ol-i', radioUnknown: 'ol-i',
  folder: 'ol-i', folderOpen: 'ol-i', folderLazy: 'ol-i', doc: 'ol-i',
  colSortable: 'ol-i ol-i-sortable', colSortAsc: 'ol-i ol-i-asc', colSortDesc: 'ol-i ol-i-desc',
  colFilter: 'ol-i', colFilterActive: 'ol-i', colMenu: 'ol-i',
};
const TEXT_COLS = {
  property: (d) => d.property, unit: (d) => d.unit, tenant: (d) => d.tenant, category: (d) => d.category, issue: (d) => d.issue,
  priority: (d) => d.priority, contractor: (d) => d.contractor, reported: (d) => ukDate(d.reported), due: (d) => ukDate(d.due),
  estimate: (d) => money(d.estimate), invoice: (d) => d.invoice, access: (d) => d.access, phone: (d) => d.phone,
};

export default class extends Controller {
  static targets = ['grid', 'query', 'matches', 'dirty', 'status'];

  async connect() {
    this.dirty = new Map();
    this.rows = await api('GET', '/api/repairs');
    this.original = new Map(this.rows.map((r) => [r.ref, { status: r.status, actual: r.actual }]));
    this.gridTarget.classList.remove('wb-skeleton');
    this.tree = new Wunderbaum({
      element: this.gridTarget,
      id: 'repair-jobs',
      debugLevel: 1,
      header: true,
      iconMap: ICONS,
      icon: false,
      rowHeightPx: 28,
      columnsSortable: true,
      columnsResizable: true,
      navigationModeOption: 'startRow',
      columns: [
        { id: '*', title: 'Job ref', width: '96px' },
        { id: 'property', title: 'Property', width: '150px' },
        { id: 'unit', title: 'Unit', width: '70px' },
        { id: 'tenant', title: 'Tenant', width: '110px' },
        { id: 'category', title: 'Category', width: '110px' },
        { id: 'issue', title: 'Issue', width: '190px' },
        { id: 'priority', title: 'Priority', width: '86px' },
        { id: 'status', title: 'Status', width: '140px', sortable: true, html: `<select tabindex="-1">${STATUSES.map((s) => `<option>${s}</option>`).join('')}</select>` },
        { id: 'contractor', title: 'Contractor', width: '180px' },
        { id: 'reported', title: 'Reported', width: '92px' },
        { id: 'due', title: 'Due', width: '92px' },
        { id: 'estimate', title: 'Estimate', width: '90px', classes: 'wb-helper-end' },
        { id: 'actual', title: 'Actual cost (£)', width: '120px', html: '<input type="number" min="0" step="0.01" tabindex="-1">' },
        { id: 'invoice', title: 'Invoice', width: '92px' },
        { id: 'access', title: 'Access', width: '150px', sortable: false },
        { id: 'phone', title: 'Tenant phone', width: '120px', sortable: false },
      ],
      source: this.rows.map((r) => ({ title: r.ref, key: r.ref, ...r, type: 'job' })),
      buttonClick: (e) => {
        if (e.command === 'sort') e.tree.sort({ colId: e.info.colId, updateColInfo: true, key: this.sortKey(e.info.colId) });
      },
      render: (e) => {
        const d = e.node.data;
        for (const col of Object.values(e.renderColInfosById)) {
          if (col.id === 'status') Wunderbaum.util.setValueToElem(col.elem, d.status);
          else if (col.id === 'actual') Wunderbaum.util.setValueToElem(col.elem, d.actual ?? '');
          else if (TEXT_COLS[col.id]) col.elem.textContent = TEXT_COLS[col.id](d);
        }
        e.nodeElem.classList.toggle('ol-dirty', this.dirty.has(e.node.key));
      },
      change: (e) => {
        const colId = e.info.colId;
        const d = e.node.data;
        if (colId === 'status') d.status = e.inputValue;
        else if (colId === 'actual') {
          const v = e.inputElem.value === '' ? null : Math.round(Number(e.inputElem.value) * 100) / 100;
          d.actual = Number.isFinite(v) ? v : null;
        } else return;
        const o = this.original.get(e.node.key);
        if (o.status === d.status && o.actual === d.actual) this.dirty.delete(e.node.key);
        else this.dirty.set(e.node.key, { ref: e.node.key, status: d.status, actual: d.actual });
        this.showDirty();
        e.node.update();
      },
    });
    this.onInput = () => this.filter();
    this.queryTarget.addEventListener('input', this.onInput);
    this.showDirty();
    this.matchesTarget.textContent = `${this.rows.length} jobs`;
  }

  disconnect() {
    this.queryTarget?.removeEventListener('input', this.onInput);
    this.tree?.destroy?.();
    this.tree = null;
  }

  sortKey(colId) {
    if (colId === '*') return (n) => Number(n.title.slice(3));
    if (colId === 'unit') return (n) => Number(String(n.data.unit).replace(/\D/g, ''));
    if (['estimate', 'actual'].includes(colId)) return (n) => n.data[colId] ?? -1;
    return (n) => String(n.data[colId] ?? '').toLowerCase();
  }

  filter() {
    const q = this.queryTarget.value.trim().toLowerCase();
    if (!q) { this.tree.clearFilter(); this.matchesTarget.textContent = `${this.rows.length} jobs`; return; }
    const words = q.split(/\s+/);
    const n = this.tree.filterNodes((node) => {
      const d = node.data;
      const hay = `${node.title} ${d.property} ${d.unit} ${d.tenant} ${d.category} ${d.issue} ${d.contractor} ${d.status}`.toLowerCase();
      return words.every((w) => hay.includes(w));
    }, { mode: 'hide' });
    this.matchesTarget.textContent = `${n} of ${this.rows.length} jobs match`;
  }

  showDirty() {
    const n = this.dirty.size;
    this.dirtyTarget.textContent = n ? `${n} unsaved change${n > 1 ? 's' : ''}` : 'No unsaved changes';
  }

  async save() {
    if (!this.dirty.size) { this.statusTarget.textContent = 'Nothing to save.'; return; }
    this.statusTarget.textContent = 'Saving…';
    try {
      const r = await api('POST', '/api/repairs/save', { changes: [...this.dirty.values()] });
      for (const c of this.dirty.values()) this.original.set(c.ref, { status: c.status, actual: c.actual });
      this.dirty.clear();
      this.showDirty();
      this.tree.update('any');
      this.statusTarget.textContent = `Saved ${r.saved} job${r.saved === 1 ? '' : 's'}.`;
    } catch (err) {
      this.statusTarget.textContent = 'Could not save: ' + err.message;
    }
  }
}
