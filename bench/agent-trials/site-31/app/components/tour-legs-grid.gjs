import Component from '@glimmer/component';
import { tracked } from '@glimmer/tracking';
import { action } from '@ember/object';
import { on } from '@ember/modifier';
import { modifier } from 'ember-modifier';
import '@vaadin/grid/vaadin-grid.js';
import '@vaadin/grid/vaadin-grid-sort-column.js';
import '@vaadin/grid/vaadin-grid-column.js';
import { api, fmtDate } from '../utils/api';

const EDITABLE = new Set(['status', 'crewLead']);
const WIDTHS = {
  id: '96px',
  programme: '250px',
  venue: '210px',
  city: '130px',
  date: '150px',
  status: '130px',
  crewLead: '160px',
  truck: '170px',
  driver: '160px',
  insuranceRef: '140px',
  contact: '170px',
  manifestNo: '130px',
  hotel: '160px',
  piano: '140px',
};

export default class TourLegsGrid extends Component {
  @tracked loading = true;
  @tracked error = '';
  @tracked message = '';
  @tracked saving = false;
  @tracked editCount = 0;

  grid = null;
  rows = [];
  original = new Map(); // id -> {status, crewLead} as last saved
  edits = new Map(); // `${id}|${field}` -> value
  editing = null; // {id, field}
  statuses = [];
  columns = [];

  constructor() {
    super(...arguments);
    this.load();
  }

  async load() {
    try {
      const data = await api('GET', '/api/tour-legs');
      this.columns = data.columns;
      this.statuses = data.statuses;
      this.setRows(data.rows);
      this.loading = false;
      this.buildColumns();
    } catch (e) {
      this.error = e.message;
    }
  }

  setRows(rows) {
    this.rows = rows;
    this.original = new Map(rows.map((r) => [r.id, { status: r.status, crewLead: r.crewLead }]));
    if (this.grid) this.grid.items = rows;
  }

  valueOf(item, field) {
    const k = `${item.id}|${field}`;
    return this.edits.has(k) ? this.edits.get(k) : item[field];
  }

  setupGrid = modifier((el) => {
    this.grid = el;
    el.columnRendering = 'lazy';
    el.items = this.rows;
    this.buildColumns();
    const dbl = (e) => {
      const ctx = el.getEventContext(e);
      if (ctx.item && ctx.column && EDITABLE.has(ctx.column.path)) this.startEdit(ctx.item.id, ctx.column.path);
    };
    const key = (e) => {
      if (e.key !== 'F2' && e.key !== 'Enter') return;
      if (this.editing) return;
      const ctx = el.getEventContext(e);
      if (ctx.item && ctx.column && EDITABLE.has(ctx.column.path)) {
        e.preventDefault();
        e.stopPropagation();
        this.startEdit(ctx.item.id, ctx.column.path);
      }
    };
    el.addEventListener('dblclick', dbl);
    el.addEventListener('keydown', key, true);
    return () => {
      el.removeEventListener('dblclick', dbl);
      el.removeEventListener('keydown', key, true);
      this.grid = null;
    };
  });

  buildColumns() {
    const el = this.grid;
    if (!el || !this.columns.length || el.querySelector('vaadin-grid-column, vaadin-grid-sort-column')) return;
    for (const [path, header] of this.columns) {
      const editable = EDITABLE.has(path);
      const col = document.createElement(editable ? 'vaadin-grid-column' : 'vaadin-grid-sort-column');
      col.path = path;
      col.header = editable ? `${header} ✎` : header;
      col.width = WIDTHS[path] || '110px';
      col.flexGrow = 0;
      col.resizable = true;
      if (path === 'id') col.frozen = true;
      if (editable) col.renderer = this.editableRenderer;
      else if (path === 'date') col.renderer = (root, _c, model) => (root.textContent = fmtDate(model.item.date));
      else col.renderer = (root, _c, model) => (root.textContent = String(model.item[path] ?? ''));
      el.appendChild(col);
    }
  }

  editableRenderer = (root, column, model) => {
    const item = model.item;
    const field = column.path;
    const key = `${item.id}|${field}`;
    const isEditing = this.editing && this.editing.id === item.id && this.editing.field === field;
    if (isEditing) {
      if (root.firstElementChild && root.firstElementChild.dataset.editorFor === key) return;
      root.textContent = '';
      let input;
      if (field === 'status') {
        input = document.createElement('select');
        for (const s of this.statuses) {
          const o = document.createElement('option');
          o.value = s;
          o.textContent = s;
          input.appendChild(o);
        }
        input.value = this.valueOf(item, field);
        input.addEventListener('change', () => this.commit(item, field, input.value));
      } else {
        input = document.createElement('input');
        input.type = 'text';
        input.value = this.valueOf(item, field) || '';
        input.placeholder = 'Crew lead name';
      }
      input.className = 'cell-editor';
      input.dataset.editorFor = key;
      input.setAttribute('aria-label', `${column.header.replace(' ✎', '')} for ${item.id}`);
      input.addEventListener('keydown', (e) => {
        e.stopPropagation();
        if (e.key === 'Enter') {
          e.preventDefault();
          this.commit(item, field, input.value);
          this.grid?.focus();
        } else if (e.key === 'Escape') {
          e.preventDefault();
          this.cancelEdit();
        }
      });
      input.addEventListener('blur', () => {
        if (this.editing && this.editing.id === item.id && this.editing.field === field) this.commit(item, field, input.value);
      });
      // stop the grid from treating clicks inside the editor as navigation
      input.addEventListener('click', (e) => e.stopPropagation());
      input.addEventListener('dblclick', (e) => e.stopPropagation());
      root.appendChild(input);
      requestAnimationFrame(() => input.isConnected && input.focus());
      return;
    }
    const value = this.valueOf(item, field);
    const edited = this.edits.has(key);
    root.textContent = '';
    const span = document.createElement('span');
    span.className = 'cell-value' + (edited ? ' cell-edited' : '') + (field === 'status' ? ` status status-${String(value).toLowerCase().replace(/\s+/g, '-')}` : '');
    span.textContent = value || '—';
    span.title = 'Double-click to edit';
    span.dataset.row = item.id;
    span.dataset.field = field;
    root.appendChild(span);
  };

  startEdit(id, field) {
    this.editing = { id, field };
    this.grid?.requestContentUpdate();
  }

  cancelEdit() {
    this.editing = null;
    this.grid?.requestContentUpdate();
  }

  commit(item, field, rawValue) {
    const value = field === 'crewLead' ? String(rawValue).trim() : rawValue;
    const key = `${item.id}|${field}`;
    const orig = this.original.get(item.id)?.[field];
    if (value === orig) this.edits.delete(key);
    else this.edits.set(key, value);
    this.editCount = this.edits.size;
    this.editing = null;
    this.message = '';
    this.grid?.requestContentUpdate();
  }

  @action async save() {
    if (this.saving || !this.edits.size) return;
    this.saving = true;
    this.message = '';
    const changes = [...this.edits.entries()].map(([k, value]) => {
      const [id, field] = k.split('|');
      return { id, field, value };
    });
    try {
      const data = await api('PATCH', '/api/tour-legs', { changes });
      this.edits.clear();
      this.editCount = 0;
      this.setRows(data.rows);
      this.message = `Saved ${data.saved} change${data.saved === 1 ? '' : 's'}.`;
    } catch (e) {
      this.message = `Could not save: ${e.message}`;
    } finally {
      this.saving = false;
    }
  }

  @action discard() {
    this.edits.clear();
    this.editCount = 0;
    this.editing = null;
    this.message = 'Edits discarded.';
    this.grid?.requestContentUpdate();
  }

  get saveLabel() {
    if (this.saving) return 'Saving…';
    return this.editCount ? `Save changes (${this.editCount})` : 'Save changes';
  }

  get nothingToSave() {
    return this.saving || this.editCount === 0;
  }

  <template>
    <div class="grid-toolbar">
      <span class="hint">Double-click a <strong>Status</strong> or <strong>Crew lead</strong> cell to edit it. Edits are kept until you save.</span>
      <span class="spacer"></span>
      {{#if this.message}}<span class="save-msg" role="status">{{this.message}}</span>{{/if}}
      <button type="button" class="btn secondary" disabled={{this.nothingToSave}} {{on "click" this.discard}}>Discard</button>
      <button type="button" class="btn primary" disabled={{this.nothingToSave}} {{on "click" this.save}}>{{this.saveLabel}}</button>
    </div>
    {{#if this.error}}
      <p class="error">{{this.error}}</p>
    {{else if this.loading}}
      <p class="loading">Loading tour legs…</p>
    {{/if}}
    <vaadin-grid class="legs-grid {{if this.loading 'hidden'}}" theme="row-stripes column-borders" aria-label="Tour legs" {{this.setupGrid}}></vaadin-grid>
  </template>
}
