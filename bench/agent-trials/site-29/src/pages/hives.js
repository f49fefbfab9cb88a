import { definePage } from './page.js';
import { api } from '../api.js';
import DataGrid from 'devextreme/ui/data_grid';
import 'devextreme/dist/css/dx.light.css';
import Notiflix from 'notiflix';

definePage('page-hives', `
  <h1>Hive register</h1>
  <p class="lede">All colonies kept on co-operative apiaries. Click a cell to edit it; edits are held until you press <strong>Save changes</strong>.</p>
  <div class="panel">
    <div class="row" style="margin-bottom:10px">
      <button class="btn" id="save" type="button" disabled>Save changes</button>
      <button class="btn secondary" id="discard" type="button" disabled>Discard edits</button>
      <span class="status" id="pending" role="status">No unsaved edits</span>
    </div>
    <div id="grid" aria-label="Hive register"></div>
  </div>`, async (el) => {
  const gridEl = el.querySelector('#grid');
  const save = el.querySelector('#save');
  const discard = el.querySelector('#discard');
  const pending = el.querySelector('#pending');
  const { hives, queenStatuses } = await api('/api/hives');
  const col = (dataField, caption, width, extra = {}) => ({ dataField, caption, width, allowEditing: false, ...extra });
  const grid = new DataGrid(gridEl, {
    dataSource: hives,
    keyExpr: 'id',
    height: 560,
    showBorders: true,
    columnAutoWidth: false,
    allowColumnResizing: true,
    hoverStateEnabled: true,
    rowAlternationEnabled: true,
    scrolling: { mode: 'virtual', rowRenderingMode: 'virtual', columnRenderingMode: 'virtual', useNative: true },
    paging: { pageSize: 40 },
    sorting: { mode: 'single' },
    searchPanel: { visible: true, width: 280, placeholder: 'Search keeper, apiary, hive…' },
    editing: { mode: 'batch', allowUpdating: true, startEditAction: 'click', selectTextOnEditStart: true },
    toolbar: { items: ['searchPanel'] },
    columns: [
      col('id', 'Hive', 90),
      col('surname', 'Surname', 120),
      col('firstName', 'First name', 110),
      col('apiary', 'Apiary', 130),
      col('hiveType', 'Hive type', 110),
      col('queenStatus', 'Queen status', 150, { allowEditing: true, lookup: { dataSource: queenStatuses } }),
      col('inspectionNote', 'Inspection note', 240, { allowEditing: true }),
      col('broodFrames', 'Brood frames', 110, { dataType: 'number' }),
      col('storeFrames', 'Store frames', 110, { dataType: 'number' }),
      col('varroa', 'Varroa /day', 110, { dataType: 'number' }),
      col('temperament', 'Temperament', 120),
      col('supers', 'Supers', 90, { dataType: 'number' }),
      col('lastInspected', 'Last inspected', 130),
      col('queenYear', 'Queen year', 110, { dataType: 'number' }),
      col('queenMark', 'Queen mark', 110),
      col('strain', 'Strain', 130),
      col('feed', 'Feeding', 120),
      col('honeyKg', 'Honey 2026 (kg)', 140, { dataType: 'number' }),
      col('swarmRisk', 'Swarm risk', 110),
      col('treatment', 'Varroa treatment', 170),
      col('insuranceRef', 'Insurance ref', 150),
    ],
    onOptionChanged(e) { if (e.fullName.startsWith('editing.changes')) setTimeout(refresh); },
  });
  let lastSaved = '';
  function refresh() {
    const n = (grid.option('editing.changes') || []).length;
    save.disabled = discard.disabled = n === 0;
    pending.textContent = n ? `${n} hive${n > 1 ? 's' : ''} with unsaved edits` : (lastSaved || 'No unsaved edits');
  }
  discard.addEventListener('click', () => { grid.cancelEditData(); refresh(); });
  save.addEventListener('click', async () => {
    grid.closeEditCell();
    await new Promise((r) => setTimeout(r, 50));
    const changes = (grid.option('editing.changes') || []).filter((c) => c.type === 'update').map((c) => ({ id: c.key, changes: c.data }));
    if (!changes.length) return;
    save.disabled = true; pending.textContent = 'Saving…';
    try {
      const r = await api('/api/hives/bulk', { method: 'POST', body: JSON.stringify({ changes }) });
      lastSaved = `Saved ${r.saved} hive${r.saved > 1 ? 's' : ''}`;
      grid.option('editing.changes', []);
      grid.option('dataSource', r.hives);
      pending.textContent = `Saved ${r.saved} hive${r.saved > 1 ? 's' : ''}`;
      Notiflix.Notify.success(`Saved ${r.saved} hive record${r.saved > 1 ? 's' : ''}`, { timeout: 4000 });
    } catch (e) {
      pending.textContent = e.message; save.disabled = false;
    }
  });
  return () => grid.dispose();
});
