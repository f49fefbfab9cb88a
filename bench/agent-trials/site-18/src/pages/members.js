import van from 'vanjs-core';
import { Virtualizer, observeElementRect, observeElementOffset, elementScroll } from '@tanstack/virtual-core';
import { api, fmtDate, centreName } from '../api.js';

const { div, h1, p, input, button, span, select, option } = van.tags;

const ROW_H = 34;

export default function members(root) {
  let data = [];
  let plans = [];
  let statuses = [];
  let view = [];
  let sort = { key: null, dir: 1 };
  const pending = new Map(); // "id|field" -> value
  let editing = null;

  const COLUMNS = [
    { key: 'no', title: 'Member no.', width: 110 },
    { key: 'first', title: 'First name', width: 120 },
    { key: 'last', title: 'Surname', width: 130 },
    { key: 'plan', title: 'Plan', width: 160, editor: 'select', options: () => plans },
    { key: 'status', title: 'Status', width: 100, editor: 'select', options: () => statuses },
    { key: 'joined', title: 'Joined', width: 115, fmt: (v) => fmtDate(v) },
    { key: 'visits', title: 'Visits (2027)', width: 110, num: true },
    { key: 'lastVisit', title: 'Last visit', width: 115, fmt: (v) => fmtDate(v) },
    { key: 'phone', title: 'Phone', width: 140, editor: 'text' },
    { key: 'email', title: 'Email', width: 260 },
    { key: 'emergency', title: 'Emergency contact', width: 210 },
    { key: 'birthYear', title: 'Born', width: 70, num: true },
    { key: 'locker', title: 'Locker', width: 90, editor: 'text' },
    { key: 'centre', title: 'Home centre', width: 140, fmt: (v) => centreName(v) },
    { key: 'belay', title: 'Belay cert.', width: 110 },
  ];
  const totalWidth = COLUMNS.reduce((s, c) => s + c.width, 0);
  const template = COLUMNS.map((c) => c.width + 'px').join(' ');

  const search = input({ type: 'search', class: 'input', placeholder: 'Search members…', oninput: () => { applyView(); } });
  const countLabel = span({ class: 'muted' });
  const dirtyLabel = span({ class: 'dirty-label' });
  const status = span({ class: 'save-status' });
  const saveBtn = button({ class: 'btn primary', disabled: true, onclick: save }, 'Save changes');
  const discardBtn = button({ class: 'btn', disabled: true, onclick: () => { pending.clear(); refreshDirty(); renderRows(); } }, 'Discard');

  const headerRow = div({ class: 'dg-header', style: `grid-template-columns:${template};width:${totalWidth}px` },
    COLUMNS.map((c) => div({ class: 'dg-hcell' + (c.num ? ' num' : ''), onclick: () => { sort = { key: c.key, dir: sort.key === c.key ? -sort.dir : 1 }; applyView(); updateHeader(); } }, c.title, span({ class: 'sort-ind' }))));
  const body = div({ class: 'dg-body', style: `width:${totalWidth}px` });
  const scroller = div({ class: 'dg-scroller' }, headerRow, body);

  van.add(root,
    h1('Members'),
    p({ class: 'muted' }, 'Double-click a Plan, Status, Phone or Locker cell to edit it. Changes are kept until you press Save changes.'),
    div({ class: 'toolbar' }, search, countLabel, span({ class: 'spacer' }), dirtyLabel, status, discardBtn, saveBtn),
    div({ class: 'dg' }, scroller),
  );

  const virtualizer = new Virtualizer({
    count: 0,
    getScrollElement: () => scroller,
    estimateSize: () => ROW_H,
    overscan: 6,
    scrollMargin: 0,
    observeElementRect,
    observeElementOffset,
    scrollToFn: elementScroll,
    onChange: () => renderRows(),
  });
  const unmount = virtualizer._didMount();
  virtualizer._willUpdate();

  function updateHeader() {
    [...headerRow.children].forEach((h, i) => {
      h.querySelector('.sort-ind').textContent = COLUMNS[i].key === sort.key ? (sort.dir > 0 ? ' ▲' : ' ▼') : '';
    });
  }

  function value(m, key) {
    const k = `${m.id}|${key}`;
    return pending.has(k) ? pending.get(k) : m[key];
  }

  function applyView() {
    const q = search.value.trim().toLowerCase();
    view = data.filter((m) => !q || `${m.no} ${m.first} ${m.last} ${m.email}`.toLowerCase().includes(q));
    if (sort.key) {
      const k = sort.key;
      view.sort((a, b) => {
        const x = value(a, k); const y = value(b, k);
        return (typeof x === 'number' ? x - y : String(x).localeCompare(String(y))) * sort.dir;
      });
    }
    countLabel.textContent = `${view.length} of ${data.length} members`;
    virtualizer.setOptions({ ...virtualizer.options, count: view.length });
    virtualizer._willUpdate();
    body.style.height = virtualizer.getTotalSize() + 'px';
    renderRows();
  }

  let rerendering = false;
  function renderRows() {
    rerendering = true;
    body.style.height = virtualizer.getTotalSize() + 'px';
    const items = virtualizer.getVirtualItems();
    const frag = document.createDocumentFragment();
    for (const it of items) {
      const m = view[it.index];
      if (!m) continue;
      const row = document.createElement('div');
      row.className = 'dg-row' + (it.index % 2 ? ' odd' : '');
      row.style.cssText = `transform:translateY(${it.start}px);grid-template-columns:${template}`;
      row.dataset.index = it.index;
      for (const c of COLUMNS) {
        const cell = document.createElement('div');
        const v = value(m, c.key);
        cell.className = 'dg-cell' + (c.num ? ' num' : '') + (c.editor ? ' editable' : '') + (pending.has(`${m.id}|${c.key}`) ? ' dirty' : '');
        if (editing && editing.id === m.id && editing.key === c.key) {
          cell.appendChild(editing.el);
          cell.classList.add('editing');
        } else {
          cell.textContent = c.fmt ? c.fmt(v) : v;
          if (c.editor) cell.ondblclick = () => startEdit(m, c);
        }
        row.appendChild(cell);
      }
      frag.appendChild(row);
    }
    body.replaceChildren(frag);
    rerendering = false;
    if (editing && !editing.el.isConnected) editing = null;
    else if (editing && document.activeElement !== editing.el) editing.el.focus();
  }

  function startEdit(m, c) {
    if (editing) commit();
    const current = value(m, c.key);
    let el;
    if (c.editor === 'select') {
      el = select({ class: 'cell-editor' }, c.options().map((o) => option({ value: o, selected: o === current }, o)));
      el.onchange = () => commit();
    } else {
      el = input({ class: 'cell-editor', value: current });
      el.onkeydown = (e) => {
        if (e.key === 'Enter') { e.preventDefault(); commit(); }
        if (e.key === 'Escape') { editing = null; renderRows(); }
      };
    }
    el.onblur = () => { if (rerendering) return; setTimeout(() => { if (editing && editing.el === el && document.activeElement !== el) commit(); }, 0); };
    editing = { id: m.id, key: c.key, el, member: m };
    renderRows();
    el.focus();
  }

  function commit() {
    if (!editing) return;
    const { member, key, el } = editing;
    editing = null;
    const v = el.value.trim();
    if (v === member[key]) pending.delete(`${member.id}|${key}`);
    else pending.set(`${member.id}|${key}`, v);
    refreshDirty();
    renderRows();
  }

  function refreshDirty() {
    dirtyLabel.textContent = pending.size ? `${pending.size} unsaved change${pending.size > 1 ? 's' : ''}` : '';
    saveBtn.disabled = discardBtn.disabled = pending.size === 0;
  }

  async function save() {
    if (editing) commit();
    if (!pending.size) return;
    const changes = [...pending].map(([k, v]) => { const [id, field] = k.split('|'); return { id, field, value: v }; });
    saveBtn.disabled = true;
    status.textContent = 'Saving…';
    try {
      const r = await api('/api/members', { method: 'PATCH', body: { changes } });
      data = r.members;
      pending.clear();
      status.textContent = `Saved ${r.applied} change${r.applied === 1 ? '' : 's'}.`;
      refreshDirty();
      applyView();
    } catch (e) {
      status.textContent = 'Could not save: ' + e.message;
      saveBtn.disabled = false;
    }
  }

  countLabel.textContent = 'Loading members…';
  let alive = true;
  api('/api/members').then((r) => {
    if (!alive) return;
    data = r.members; plans = r.plans; statuses = r.statuses;
    applyView();
  }).catch((e) => { countLabel.textContent = e.message; });

  const beforeUnload = (e) => { if (pending.size) { e.preventDefault(); e.returnValue = ''; } };
  window.addEventListener('beforeunload', beforeUnload);
  return () => { alive = false; unmount(); window.removeEventListener('beforeunload', beforeUnload); };
}
