import ko from 'knockout';
import * as webix from 'webix';
import 'webix/webix.css';
import { page } from './component.js';
import { api, fmtDate } from '../api.js';

const template = `
<div class="panel">
  <div class="toolbar">
    <p class="muted">All current tenancies across the six sites. Click a cell in <em>Rent status</em>, <em>Concession</em>, <em>Phone</em>, <em>Email</em> or <em>Office notes</em> to edit it, then save.</p>
    <div class="toolbar-right">
      <span class="muted" data-bind="text: status"></span>
      <button class="btn" data-bind="click: discard, enable: dirtyCount() > 0 && !saving()">Discard</button>
      <button class="btn primary" data-bind="click: save, enable: dirtyCount() > 0 && !saving(), text: saving() ? 'Saving…' : 'Save changes (' + dirtyCount() + ')'"></button>
    </div>
  </div>
  <div class="grid-host"></div>
</div>`;

class PlotsVM {
  constructor(params, el) {
    this.el = el;
    this.status = ko.observable('Loading tenancies…');
    this.saving = ko.observable(false);
    this.dirty = {};
    this.dirtyCount = ko.observable(0);
  }
  koDescendantsComplete() {
    const host = this.el.querySelector('.grid-host');
    api('GET', '/api/tenancies').then(({ rows, statuses }) => {
      if (this.disposed) return;
      this.grid = webix.ui({
        view: 'datatable',
        container: host,
        id: 'tenancyGrid',
        height: Math.max(380, window.innerHeight - 230),
        editable: true,
        select: 'cell',
        navigation: true,
        leftSplit: 1,
        scrollX: true,
        columns: [
          { id: 'plot', header: 'Plot', width: 80, sort: 'string' },
          { id: 'site', header: ['Site', { content: 'selectFilter' }], width: 150, sort: 'string' },
          { id: 'firstName', header: ['First name', { content: 'textFilter' }], width: 120, sort: 'string' },
          { id: 'surname', header: ['Surname', { content: 'textFilter' }], width: 130, sort: 'string' },
          { id: 'size', header: ['Size', { content: 'selectFilter' }], width: 120 },
          { id: 'area', header: 'Area m²', width: 80, css: 'num' },
          { id: 'shed', header: 'Shed', width: 70 },
          { id: 'greenhouse', header: 'Greenhouse', width: 100 },
          { id: 'water', header: 'Water', width: 100 },
          { id: 'start', header: 'Tenancy start', width: 120, template: (o) => fmtDate(o.start), sort: 'string' },
          { id: 'rent', header: 'Rent £/yr', width: 90, css: 'num', template: (o) => o.rent.toFixed(2) },
          { id: 'concession', header: 'Concession', width: 105, editor: 'select', options: ['Yes', 'No'] },
          { id: 'rentStatus', header: ['Rent status', { content: 'selectFilter' }], width: 120, editor: 'richselect', options: statuses },
          { id: 'lastInspection', header: 'Last inspection', width: 130, template: (o) => fmtDate(o.lastInspection), sort: 'string' },
          { id: 'grade', header: 'Grade', width: 70 },
          { id: 'phone', header: 'Phone', width: 140, editor: 'text' },
          { id: 'email', header: 'Email', width: 240, editor: 'text' },
          { id: 'keyFob', header: 'Key fob', width: 95 },
          { id: 'notes', header: 'Office notes', width: 260, editor: 'text', fillspace: true },
        ],
        data: rows,
      });
      this.grid.attachEvent('onAfterEditStop', (state, editor) => {
        if (state.value == state.old) return;
        const id = String(editor.row);
        this.dirty[id] = { ...(this.dirty[id] || {}), [editor.column]: state.value };
        this.grid.addCellCss(editor.row, editor.column, 'cell-dirty');
        this.dirtyCount(Object.keys(this.dirty).length);
        this.status('Unsaved changes');
      });
      this.status(`${rows.length} tenancies`);
      this._resize = () => this.grid && this.grid.resize();
      window.addEventListener('resize', this._resize);
    });
  }
  save() {
    if (this.grid) this.grid.editStop();
    const changes = Object.entries(this.dirty).map(([id, f]) => ({ id, ...f }));
    if (!changes.length) return;
    this.saving(true);
    api('POST', '/api/tenancies/bulk', { changes }).then((r) => {
      for (const row of r.rows) {
        for (const col of Object.keys(this.dirty[row.id] || {})) this.grid.removeCellCss(row.id, col, 'cell-dirty');
        this.grid.updateItem(row.id, row);
      }
      this.dirty = {};
      this.dirtyCount(0);
      this.status(`Saved ${r.saved} ${r.saved === 1 ? 'tenancy' : 'tenancies'}.`);
    }).catch((e) => this.status('Could not save: ' + e.message)).finally(() => this.saving(false));
  }
  discard() {
    api('GET', '/api/tenancies').then(({ rows }) => {
      this.dirty = {}; this.dirtyCount(0);
      this.grid.clearAll(); this.grid.parse(rows);
      this.status('Changes discarded');
    });
  }
  dispose() {
    this.disposed = true;
    window.removeEventListener('resize', this._resize);
    if (this.grid) this.grid.destructor();
  }
}
page('page-plots', template, PlotsVM);
