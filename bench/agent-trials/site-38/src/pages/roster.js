import { html, render } from 'uhtml';
import { CollectionView } from '@mescius/wijmo';
import { FlexGrid, DataMap } from '@mescius/wijmo.grid';
import '@mescius/wijmo.styles/wijmo.css';
import { get, api } from '../api.js';

const STATUSES = ['Active', 'On leave', 'Standing by', 'Stood down', 'Trainee'];

export async function mount(el) {
  render(el, html`
    <h1>Volunteer roster</h1>
    <p class="lead">All rostered volunteers. Double-click a cell in Status or Notes to change it, then save.</p>
    <div class="toolbar"><button class="primary" id="save-roster">Save changes</button><span id="roster-msg" class="msg"></span></div>
    <div id="roster-grid" class="grid-host"><p class="loading">Loading roster…</p></div>`);
  const data = await get('/api/volunteers');
  const host = el.querySelector('#roster-grid');
  if (!host) return;
  host.innerHTML = '';
  const cv = new CollectionView(data, { trackChanges: true });
  const ro = true;
  const grid = new FlexGrid(host, {
    autoGenerateColumns: false,
    itemsSource: cv,
    selectionMode: 'Cell',
    columns: [
      { binding: 'id', header: 'ID', width: 80, isReadOnly: ro },
      { binding: 'first', header: 'First name', width: 110, isReadOnly: ro },
      { binding: 'last', header: 'Last name', width: 110, isReadOnly: ro },
      { binding: 'role', header: 'Role', width: 130, isReadOnly: ro },
      { binding: 'depot', header: 'Depot', width: 130, isReadOnly: ro },
      { binding: 'status', header: 'Status', width: 130, dataMap: new DataMap(STATUSES), dataMapEditor: 'DropDownList' },
      { binding: 'phone', header: 'Phone', width: 130, isReadOnly: ro },
      { binding: 'email', header: 'Email', width: 260, isReadOnly: ro },
      { binding: 'joined', header: 'Joined', width: 110, isReadOnly: ro },
      { binding: 'shifts', header: 'Shifts YTD', width: 100, isReadOnly: ro },
      { binding: 'hours', header: 'Hours YTD', width: 100, isReadOnly: ro },
      { binding: 'grade', header: 'Grade', width: 70, isReadOnly: ro },
      { binding: 'trainedOn', header: 'Trained on', width: 120, isReadOnly: ro },
      { binding: 'badge', header: 'Badge no.', width: 100, isReadOnly: ro },
      { binding: 'emergency', header: 'Emergency contact', width: 160, isReadOnly: ro },
      { binding: 'medicalDue', header: 'Medical due', width: 120, isReadOnly: ro },
      { binding: 'ptsExpiry', header: 'PTS expiry', width: 120, isReadOnly: ro },
      { binding: 'notes', header: 'Notes', width: 200 },
    ],
  });
  const msg = el.querySelector('#roster-msg');
  el.querySelector('#save-roster').addEventListener('click', async () => {
    const changes = cv.itemsEdited.map(v => ({ id: v.id, status: v.status, notes: v.notes }));
    if (!changes.length) { msg.textContent = 'Nothing to save.'; return; }
    msg.textContent = 'Saving…';
    try {
      const r = await api('POST', '/api/volunteers/save', { changes });
      cv.clearChanges();
      msg.textContent = `Saved ${r.saved} change${r.saved === 1 ? '' : 's'}.`;
    } catch (e) { msg.textContent = e.message; }
  });
  return () => grid.dispose();
}
