import { onMount, onCleanup, createSignal } from 'solid-js';
import Grid from 'tui-grid';
import 'tui-grid/dist/tui-grid.css';
import { getJson, postJson } from '../api.js';

const COLS = [['id', 'Patron no.', 100], ['title', 'Title', 60], ['first', 'First name', 110], ['surname', 'Surname', 120], ['address', 'Address', 150], ['town', 'Town', 110],
  ['postcode', 'Postcode', 100], ['email', 'Email', 190], ['phone', 'Phone', 120], ['joined', 'Joined', 110], ['lastBooking', 'Last booking', 110], ['bookings', 'Bookings', 90],
  ['spend', 'Total spend (£)', 120], ['seating', 'Preferred seating', 140], ['access', 'Access needs', 140], ['concession', 'Concession', 110], ['giftAid', 'Gift Aid', 80],
  ['emailOptIn', 'Email opt-in', 100], ['postOptIn', 'Post opt-in', 100], ['venue', 'Usual venue', 130], ['source', 'Source', 100]];

export default function Patrons() {
  let el; let grid;
  const [msg, setMsg] = createSignal(''); const [busy, setBusy] = createSignal(false); const [count, setCount] = createSignal('');
  onMount(async () => {
    window.tui = { ...window.tui, usageStatistics: false }; // TOAST UI components otherwise ping Google Analytics (the select editor ignores the grid option)
    const d = await getJson('/api/patrons'); setCount(String(d.patrons.length));
    grid = new Grid({
      el, data: d.patrons, bodyHeight: 520, usageStatistics: false, scrollX: true, scrollY: true,
      columns: [...COLS.map(([name, header, width]) => ({ name, header, width, sortable: true })),
        { name: 'membership', header: 'Membership', width: 130, formatter: 'listItemText',
          editor: { type: 'select', options: { listItems: d.memberships.map((m) => ({ text: m, value: m })) } } }],
    });
  });
  onCleanup(() => grid && grid.destroy());
  const save = async () => {
    grid.finishEditing(); // a cell still open in its editor counts as changed
    const changes = grid.getModifiedRows().updatedRows.map((r) => ({ id: r.id, membership: r.membership }));
    if (!changes.length) { setMsg('No changes to save.'); return; }
    setBusy(true);
    try { const r = await postJson('/api/patrons/save', { changes }); grid.clearModifiedData(); setMsg(`Saved ${r.saved} patron record${r.saved === 1 ? '' : 's'}.`); }
    catch (e) { setMsg('Could not save: ' + e.message); } finally { setBusy(false); }
  };
  return (<>
    <h1 class="page">Patrons</h1>
    <p class="muted">All patrons on the box office system ({count()}). A patron's <b>Membership</b> can be changed in the list; then save.</p>
    <p><button type="button" class="btn" onClick={save} disabled={busy()}>Save changes</button> <span role="status">{msg()}</span></p>
    <div ref={el} style="width:100%" />
  </>);
}
