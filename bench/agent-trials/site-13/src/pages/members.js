import m from 'mithril';
import * as cheetahGrid from 'cheetah-grid';
import 'cheetah-grid/main.css';

export function MembersPage() {
  let grid = null;
  let all = [];
  let original = new Map();
  let query = '';
  let hood = '';
  let status = '';
  let busy = false;
  const hoods = new Set();

  function dirty() {
    const changes = [];
    for (const r of all) {
      const o = original.get(r.id);
      for (const f of ['phone', 'email', 'volunteerHours']) {
        if (String(r[f]) !== String(o[f])) changes.push({ id: r.id, field: f, value: r[f] });
      }
    }
    return changes;
  }
  function applyFilter() {
    if (!grid) return;
    const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
    grid.records = all.filter((r) => (!hood || r.neighbourhood === hood) && terms.every((t) => Object.values(r).some((v) => String(v).toLowerCase().includes(t))));
    m.redraw();
  }
  async function load() {
    all = await m.request('/api/members');
    original = new Map(all.map((r) => [r.id, { ...r }]));
    all.forEach((r) => hoods.add(r.neighbourhood));
    applyFilter();
  }
  async function save() {
    const changes = dirty();
    if (!changes.length) { status = 'Nothing to save.'; return; }
    busy = true;
    try {
      const res = await m.request({ method: 'POST', url: '/api/members/save', body: { changes } });
      for (const c of changes) original.get(c.id)[c.field] = all.find((r) => r.id === c.id)[c.field];
      status = `Saved ${res.applied} change${res.applied === 1 ? '' : 's'}.`;
    } catch (e) {
      status = 'Save failed: ' + ((e && e.response && e.response.error) || e.message);
    }
    busy = false;
    grid && grid.invalidate();
  }

  const ed = () => new cheetahGrid.columns.action.InlineInputEditor();
  return {
    oncreate(v) {
      const host = v.dom.querySelector('.grid-host');
      grid = new cheetahGrid.ListGrid({
        parentElement: host,
        frozenColCount: 2,
        defaultRowHeight: 32,
        headerRowHeight: 36,
        header: [
          { field: 'id', caption: 'Member ID', width: 100, sort: true },
          { field: 'last', caption: 'Last name', width: 120, sort: true },
          { field: 'first', caption: 'First name', width: 110, sort: true },
          { field: 'neighbourhood', caption: 'Neighbourhood', width: 140, sort: true },
          { field: 'tier', caption: 'Tier', width: 80, sort: true },
          { field: 'joined', caption: 'Joined', width: 110, sort: true },
          { field: 'phone', caption: 'Phone ✎', width: 140, action: ed() },
          { field: 'email', caption: 'Email ✎', width: 270, action: ed() },
          { field: 'deposit', caption: 'Deposit £', width: 100, columnType: 'number', sort: true },
          { field: 'loansYtd', caption: 'Loans YTD', width: 100, columnType: 'number', sort: true },
          { field: 'lateReturns', caption: 'Late returns', width: 110, columnType: 'number', sort: true },
          { field: 'volunteerHours', caption: 'Volunteer hrs ✎', width: 140, columnType: 'number', action: ed(), sort: true },
          { field: 'status', caption: 'Status', width: 100, sort: true },
        ],
        records: [],
      });
      grid.listen(cheetahGrid.ListGrid.EVENT_TYPE.CHANGED_VALUE, () => { status = ''; m.redraw(); });
      load();
    },
    onremove() { if (grid) grid.dispose(); grid = null; },
    view() {
      const n = dirty().length;
      return m('.page.members', [
        m('h1', 'Members'),
        m('p.muted', 'Double-click a cell marked ✎ (or select it and press Enter) to edit it. Changes are kept locally until you press Save changes.'),
        m('.toolbar', [
          m('input.search[type=search][placeholder=Search members…][aria-label=Search members]', {
            value: query, oninput: (e) => { query = e.target.value; applyFilter(); },
          }),
          m('select[aria-label=Neighbourhood]', { value: hood, onchange: (e) => { hood = e.target.value; applyFilter(); } }, [
            m('option', { value: '' }, 'All neighbourhoods'),
            [...hoods].sort().map((h) => m('option', { value: h }, h)),
          ]),
          m('span.count', grid ? `${grid.records.length} of ${all.length} members` : ''),
          m('span.spacer'),
          n ? m('span.badge.warn', `${n} unsaved change${n === 1 ? '' : 's'}`) : null,
          m('button.primary', { onclick: save, disabled: busy }, 'Save changes'),
        ]),
        status ? m('.status', { role: 'status' }, status) : null,
        m('.grid-host', { style: 'height: 520px' }),
      ]);
    },
  };
}
