// Kit register: TurboGrid (virtual rows AND columns, custom scrollbars) with in-cell editors
// for Status (dropdown) and Notes (text). Edits are held locally until "Save changes".
import { define, html } from 'hybrids';
import { Grid } from 'turbogrid';
import { api, shortDate } from '../api.js';

const esc = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));

const COLUMNS = [
  { id: 'assetId', name: 'Asset ID', width: 96 },
  { id: 'item', name: 'Item', width: 250 },
  { id: 'category', name: 'Category', width: 120 },
  { id: 'location', name: 'Location', width: 140 },
  { id: 'status', name: 'Status', width: 140, editor: 'select' },
  { id: 'make', name: 'Make', width: 170 },
  { id: 'model', name: 'Model', width: 150 },
  { id: 'serial', name: 'Serial no.', width: 120 },
  { id: 'lastCheck', name: 'Last check', width: 112, date: true },
  { id: 'checkedBy', name: 'Checked by', width: 120 },
  { id: 'notes', name: 'Notes', width: 220, editor: 'text' },
  { id: 'nextDue', name: 'Next check due', width: 128, date: true },
  { id: 'interval', name: 'Check interval', width: 118 },
  { id: 'qty', name: 'Qty', width: 60, align: 'right' },
  { id: 'unitCost', name: 'Unit cost (£)', width: 112, align: 'right', money: true },
  { id: 'supplier', name: 'Supplier', width: 180 },
  { id: 'purchased', name: 'Purchased', width: 112, date: true },
  { id: 'warranty', name: 'Warranty until', width: 124, date: true },
  { id: 'expiry', name: 'Battery / expiry', width: 128, date: true },
  { id: 'calibration', name: 'Calibration due', width: 128, date: true },
  { id: 'shelf', name: 'Bay / shelf', width: 130 },
  { id: 'costCentre', name: 'Cost centre', width: 170 },
  { id: 'insurance', name: 'Insurance schedule', width: 170 },
  { id: 'owner', name: 'Asset owner', width: 150 },
  { id: 'lastService', name: 'Last service', width: 116, date: true },
  { id: 'disposalReview', name: 'Disposal review', width: 128, date: true },
  { id: 'contractRef', name: 'Service contract ref', width: 170 },
];

function closeEditor(host) {
  const ed = host._editor;
  if (!ed) return;
  host._editor = null;
  ed.el.remove();
}

function commitEdit(host, rowItem, field, value) {
  const original = host._original.get(rowItem.id)[field];
  const edits = new Map(host.edits);
  const cur = { ...(edits.get(rowItem.id) || {}) };
  if (value === original) delete cur[field]; else cur[field] = value;
  if (Object.keys(cur).length) edits.set(rowItem.id, cur); else edits.delete(rowItem.id);
  host.edits = edits;
  host.grid.updateCell(rowItem, field, value);
  host.message = '';
}

function openEditor(host, d) {
  if (!d) return;
  const { rowItem, columnItem } = d;
  const cellNode = d.cellNode || (d.e && d.e.target && d.e.target.closest && d.e.target.closest('.tg-cell'));
  if (!rowItem || !columnItem || !columnItem.editor || !cellNode) return;
  closeEditor(host);
  const wrap = host.querySelector('.kit-wrap');
  const wr = wrap.getBoundingClientRect();
  const cr = cellNode.getBoundingClientRect();
  let el;
  if (columnItem.editor === 'select') {
    el = document.createElement('select');
    el.setAttribute('aria-label', `Status for ${rowItem.item} (${rowItem.location})`);
    for (const s of host.statuses) {
      const o = document.createElement('option');
      o.value = s; o.textContent = s; if (s === rowItem.status) o.selected = true;
      el.appendChild(o);
    }
    el.addEventListener('change', () => { commitEdit(host, rowItem, 'status', el.value); closeEditor(host); });
    el.addEventListener('blur', () => setTimeout(() => { if (host._editor && host._editor.el === el) closeEditor(host); }, 150));
  } else {
    el = document.createElement('input');
    el.type = 'text';
    el.value = rowItem.notes || '';
    el.setAttribute('aria-label', `Notes for ${rowItem.item} (${rowItem.location})`);
    let done = false;
    const finish = (save) => {
      if (done) return; done = true;
      if (save) commitEdit(host, rowItem, 'notes', el.value.trim());
      closeEditor(host);
    };
    el.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') { e.preventDefault(); finish(true); }
      if (e.key === 'Escape') { e.preventDefault(); finish(false); }
    });
    el.addEventListener('blur', () => finish(true));
  }
  el.className = 'cell-editor';
  Object.assign(el.style, {
    left: `${cr.left - wr.left}px`, top: `${cr.top - wr.top}px`,
    width: `${Math.max(cr.width, columnItem.editor === 'text' ? 260 : 150)}px`, height: `${cr.height}px`,
  });
  wrap.appendChild(el);
  host._editor = { el, rowId: rowItem.id, field: columnItem.id };
  el.focus();
  if (el.select && el.tagName === 'INPUT') el.select();
}

function initGrid(host) {
  const container = host.querySelector('.kit-grid');
  const grid = new Grid(container);
  host.grid = grid;
  const isDirty = (rowItem, id) => {
    const e = host.edits.get(rowItem.id);
    return !!(e && id in e);
  };
  const columns = COLUMNS.map((c) => ({
    ...c,
    formatter: (value, rowItem, columnItem) => {
      let text;
      if (c.date) text = esc(shortDate(value));
      else if (c.money) text = esc(Number(value).toLocaleString('en-GB'));
      else if (c.id === 'status') text = `<span class="status-pill" data-s="${esc(value)}">${esc(value)}</span>`;
      else text = esc(value);
      const cls = ['fw-val'];
      if (c.editor) cls.push('fw-editable');
      if (isDirty(rowItem, columnItem.id)) cls.push('fw-dirty');
      return `<span class="${cls.join(' ')}">${text}</span>`;
    },
  }));
  grid.setOption({
    theme: 'default',
    rowHeight: 34,
    frozenColumn: 1,
    rowNumberVisible: true,
    rowNumberWidth: 44,
    textSelectable: true,
    bindContainerResize: true,
    scrollbarSize: 14,
    rowNotFound: 'No kit matches.',
  });
  grid.setData({ columns, rows: host.rows });
  grid.bind('onDblClick', (ev, d) => openEditor(host, d));
  grid.bind('onScroll', () => closeEditor(host));
  grid.bind('onSort', () => closeEditor(host));
  grid.render();
}

async function load(host) {
  const data = await api('GET', '/api/kit');
  host.statuses = data.statuses;
  host.rows = data.rows.map((r) => ({ ...r }));
  host._original = new Map(data.rows.map((r) => [r.id, { ...r }]));
  host.edits = new Map();
  host.loadingData = false;
  requestAnimationFrame(() => initGrid(host));
}

async function save(host) {
  closeEditor(host);
  if (!host.edits.size || host.saving) return;
  host.saving = true;
  host.message = '';
  const changes = [...host.edits.entries()].map(([id, fields]) => ({ id, ...fields }));
  try {
    const res = await api('PATCH', '/api/kit', { changes });
    for (const ch of changes) Object.assign(host._original.get(ch.id), ch);
    host.edits = new Map();
    host.grid.flushBody();
    host.grid.render();
    host.message = `Saved ${res.saved} item${res.saved === 1 ? '' : 's'}.`;
    host.messageKind = 'ok';
  } catch (e) {
    host.message = e.message; host.messageKind = 'error';
  } finally {
    host.saving = false;
  }
}

function discard(host) {
  closeEditor(host);
  for (const [id, fields] of host.edits) {
    const row = host.rows.find((r) => r.id === id);
    for (const f of Object.keys(fields)) row[f] = host._original.get(id)[f];
  }
  host.edits = new Map();
  host.grid.flushBody();
  host.grid.render();
  host.message = 'Changes discarded.'; host.messageKind = 'ok';
}

define({
  tag: 'fw-kit',
  rows: { value: undefined },
  statuses: { value: undefined },
  edits: { value: (host, value) => value || new Map() },
  loadingData: true,
  saving: false,
  message: '',
  messageKind: '',
  grid: { value: undefined, connect: (host) => () => { closeEditor(host); host.grid?.destroy(); } },
  render: {
    value: ({ edits, loadingData, saving, message, messageKind, rows }) => html`
      <section class="page">
        <header>
          <h1>Kit register</h1>
          <p>Medical and aircraft kit across Pennbridge and Harrowby bases, the three aircraft and the response cars.
             Double-click a <strong>Status</strong> or <strong>Notes</strong> cell to edit it. Edits are highlighted until you save.</p>
        </header>
        <div class="kit-toolbar">
          <span>${rows ? `${rows.length} items` : 'Loading kit…'}</span>
          ${edits.size > 0 && html`<span class="dirty-count">${edits.size} unsaved ${edits.size === 1 ? 'change' : 'changes'}</span>`}
          <button type="button" class="fw-btn" onclick="${discard}" disabled="${!edits.size || saving}">Discard</button>
          <button type="button" class="fw-btn primary" onclick="${save}" disabled="${!edits.size || saving}">${saving ? 'Saving…' : 'Save changes'}</button>
          ${message && html`<span class="msg ${messageKind}" role="status">${message}</span>`}
        </div>
        <div class="kit-wrap">
          <div class="kit-grid" aria-label="Kit register grid"></div>
        </div>
        ${loadingData && html`<p class="loading">Loading…</p>`}
      </section>
    `,
    connect(host) { load(host).catch((e) => { host.message = e.message; host.messageKind = 'error'; }); },
  },
});
