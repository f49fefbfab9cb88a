import { reactive, html } from '@arrow-js/core';
import { TableSheet, S2Event } from '@antv/s2';
import { api } from '../api.js';

const COLS = [
  ['id', 'Fault ref', 80], ['turbine', 'Turbine', 70], ['title', 'Title', 190], ['component', 'Component', 130], ['severity', 'Severity', 80],
  ['status', 'Status', 120], ['assignee', 'Assigned to', 120], ['logged', 'Logged', 100], ['notes', 'Notes', 200], ['alarmCode', 'Alarm code', 90],
  ['downtimeH', 'Downtime (h)', 100], ['windMs', 'Wind (m/s)', 90], ['powerKw', 'Power (kW)', 90], ['rotorRpm', 'Rotor (rpm)', 90],
  ['nacelleTempC', 'Nacelle °C', 90], ['oilTempC', 'Oil °C', 80], ['warranty', 'Warranty', 80], ['supplier', 'Supplier', 120],
  ['partNo', 'Part no.', 100], ['costGbp', 'Cost (£)', 90], ['insurer', 'Insurer', 110], ['workOrder', 'Work order', 110],
];

export function gridPage(el) {
  const st = reactive({ loading: true, msg: '', err: '', dirty: 0, saving: false, filter: '', count: 0, total: 0 });
  let s2, all = [], shown = [], statuses = [], edits = new Map(), overlay = null;
  html`<h1>Turbine faults</h1>
  <p class="lead">Double-click a Status or Notes cell to edit it. Edits are kept until you press “Save changes”.</p>
  <div class="toolbar">
    <input id="fault-filter" placeholder="Quick filter (any column)…" @input="${(e) => { st.filter = e.target.value; applyFilter(); }}">
    <span class="muted">${() => (st.loading ? 'Loading faults…' : `${st.count} of ${st.total} faults`)}</span>
    <span class="spacer"></span>
    <span class="muted">${() => (st.dirty ? `${st.dirty} unsaved change(s)` : '')}</span>
    <button class="primary" @click="${save}" disabled="${() => st.saving || !st.dirty}">${() => (st.saving ? 'Saving…' : 'Save changes')}</button>
  </div>
  <div class="${() => 'flash ' + (st.err ? 'err' : st.msg ? 'ok' : 'hide')}">${() => st.err || st.msg}</div>
  <div id="s2wrap" style="position:relative"><div id="s2"></div></div>`(el);

  function closeOverlay(commit) {
    if (!overlay) return; const { node, row, field } = overlay; overlay = null;
    if (commit && node.value !== row[field]) { row[field] = node.value; edits.set(row.id + '|' + field, { id: row.id, field, value: node.value }); st.dirty = edits.size; st.msg = ''; s2.render(false); }
    node.remove();
  }
  function openEditor(cell) {
    const meta = cell.getMeta(); const field = meta.valueField; if (!['status', 'notes'].includes(field)) return;
    const row = shown[meta.rowIndex]; if (!row) return;
    closeOverlay(true);
    const { scrollX, scrollY } = s2.facet.getScrollOffset(); const box = s2.facet.panelBBox;
    const node = document.createElement(field === 'status' ? 'select' : 'input');
    node.className = 'cell-editor'; node.setAttribute('aria-label', field === 'status' ? 'Status' : 'Notes');
    if (field === 'status') statuses.forEach((s) => { const o = document.createElement('option'); o.value = o.textContent = s; node.appendChild(o); });
    node.value = row[field];
    Object.assign(node.style, { left: box.x + meta.x - scrollX + 'px', top: box.y + meta.y - scrollY + 'px', width: meta.width + 'px', height: meta.height + 'px' });
    document.getElementById('s2wrap').appendChild(node); overlay = { node, row, field };
    node.focus();
    node.addEventListener('keydown', (e) => { if (e.key === 'Enter') closeOverlay(true); if (e.key === 'Escape') closeOverlay(false); });
    node.addEventListener('change', () => field === 'status' && closeOverlay(true));
    node.addEventListener('blur', () => setTimeout(() => overlay && overlay.node === node && closeOverlay(true), 0));
  }
  function applyFilter() {
    closeOverlay(true);
    const q = st.filter.toLowerCase().trim();
    shown = q ? all.filter((r) => COLS.some(([k]) => String(r[k]).toLowerCase().includes(q))) : all.slice();
    if (s2) { s2.setDataCfg({ data: shown }); s2.render(true); }
    st.count = shown.length;
  }
  async function save() {
    closeOverlay(true); if (!edits.size) return;
    st.saving = true; st.err = '';
    try { const r = await api('/api/faults/save', { method: 'POST', json: { edits: [...edits.values()] } }); edits.clear(); st.dirty = 0; st.msg = `Saved ${r.saved} change(s).`; }
    catch (e) { st.err = e.message; } finally { st.saving = false; }
  }
  api('/api/faults').then((d) => {
    all = d.rows; shown = all.slice(); statuses = d.statuses; st.count = all.length; st.total = all.length; st.loading = false;
    const container = document.getElementById('s2'); if (!container) return;
    const w = Math.max(600, container.parentElement.clientWidth);
    s2 = new TableSheet(container, {
      fields: { columns: COLS.map((c) => c[0]) },
      meta: COLS.map(([field, name]) => ({ field, name })),
      data: shown,
    }, {
      width: w, height: 520, showSeriesNumber: true, frozen: { colCount: 1 },
      interaction: { hoverHighlight: true, selectedCellsSpotlight: false },
      tooltip: { enable: false },
      style: { colCell: { widthByField: Object.fromEntries(COLS.map(([f, , wd]) => [f, wd])) }, dataCell: { height: 30 } },
    });
    s2.on(S2Event.DATA_CELL_DOUBLE_CLICK, (ev) => { const cell = s2.getCell(ev.target); if (cell) openEditor(cell); });
    container.__s2 = s2; // handle used by selftest/drive.mjs
    s2.on(S2Event.GLOBAL_SCROLL, () => closeOverlay(true));
    s2.render();
  }).catch((e) => (st.err = e.message));
  return () => { try { s2 && s2.destroy(); } catch {} };
}
