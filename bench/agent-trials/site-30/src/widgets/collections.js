import * as combobox from '@zag-js/combobox';
import * as datePicker from '@zag-js/date-picker';
import { VanillaMachine, normalizeProps, spreadProps } from '@zag-js/vanilla';
import { toast } from '../toast.js';
import { api, h } from '../api.js';

const TIMES = ['09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00'];
const dow = (iso) => new Date(iso + 'T12:00:00Z').getUTCDay();

export function mount(host) {
  let disposed = false; const machines = [];
  const status = h('p', { class: 'muted', role: 'status', text: 'Loading…' });
  host.append(status);
  api('/api/orgs').then(({ orgs, closedDays, today }) => {
    if (disposed) return;
    status.remove();
    const form = h('form', { class: 'doc-card form', novalidate: true });
    host.append(form);
    // --- ensemble combobox
    let chosenOrg = null;
    const makeCollection = (items) => combobox.collection({ items, itemToString: (o) => o.name, itemToValue: (o) => o.id });
    const cb = new VanillaMachine(combobox.machine, { id: 'ensemble', collection: makeCollection(orgs), openOnClick: true, placeholder: 'Start typing a name',
      onInputValueChange: ({ inputValue }) => {
        const q = inputValue.toLowerCase();
        cb.updateProps({ collection: makeCollection(orgs.filter((o) => o.name.toLowerCase().includes(q))) });
      },
      onValueChange: ({ value }) => { chosenOrg = orgs.find((o) => o.id === value[0]) || null; },
    });
    machines.push(cb);
    const cbRoot = h('div', { class: 'cb-root field' });
    const cbLabel = h('label', { text: 'Ensemble' });
    const cbControl = h('div', { class: 'cb-control' });
    const cbInput = h('input', { class: 'input' });
    const cbTrigger = h('button', { type: 'button', class: 'cb-trigger', 'aria-label': 'Show all ensembles', text: '▾' });
    const cbPositioner = h('div', { class: 'cb-positioner' });
    const cbContent = h('ul', { class: 'cb-content' });
    cbControl.append(cbInput, cbTrigger); cbPositioner.append(cbContent); cbRoot.append(cbLabel, cbControl, cbPositioner);
    function renderCb() {
      const a = combobox.connect(cb.service, normalizeProps);
      spreadProps(cbRoot, a.getRootProps()); spreadProps(cbLabel, a.getLabelProps()); spreadProps(cbControl, a.getControlProps());
      spreadProps(cbInput, a.getInputProps()); spreadProps(cbTrigger, a.getTriggerProps()); spreadProps(cbPositioner, a.getPositionerProps());
      spreadProps(cbContent, a.getContentProps());
      const items = a.collection.items;
      cbContent.replaceChildren(...(items.length ? items.map((item) => { const li = h('li', { class: 'cb-item', text: item.name }); spreadProps(li, a.getItemProps({ item })); return li; }) : [h('li', { class: 'cb-empty muted', text: 'No ensemble matches' })]));
    }
    cb.subscribe(renderCb); cb.start(); renderCb();

    // --- inline date picker
    let chosenDate = null;
    const unavailable = (d) => { const iso = d.toString(); return iso <= today || dow(iso) === 0 || dow(iso) === 6 || closedDays.includes(iso); };
    const dp = new VanillaMachine(datePicker.machine, { id: 'collect-date', inline: true, locale: 'en-GB', timeZone: 'UTC', startOfWeek: 1,
      defaultFocusedValue: datePicker.parse(today), isDateUnavailable: unavailable,
      onValueChange: ({ value }) => { chosenDate = value[0] ? value[0].toString() : null; dateOut.textContent = chosenDate ? new Date(chosenDate + 'T12:00:00Z').toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }) : 'No date chosen'; } });
    machines.push(dp);
    const dpRoot = h('div', { class: 'dp-root field' });
    const dpLabel = h('label', { text: 'Collection date' });
    const dpContent = h('div', { class: 'dp-content' });
    const dpView = h('div', { class: 'dp-view' });
    const dpViewControl = h('div', { class: 'dp-viewcontrol' });
    const prev = h('button', { type: 'button', class: 'btn small', text: '‹' });
    const rangeText = h('span', { class: 'dp-range' });
    const next = h('button', { type: 'button', class: 'btn small', text: '›' });
    const table = h('table', { class: 'dp-table' });
    const thead = h('thead'); const headRow = h('tr'); thead.append(headRow);
    const tbody = h('tbody'); table.append(thead, tbody);
    dpViewControl.append(prev, rangeText, next); dpView.append(dpViewControl, table); dpContent.append(dpView);
    const dateOut = h('p', { class: 'muted small', 'aria-live': 'polite', text: 'No date chosen' });
    const legend = h('p', { class: 'muted small', text: 'Weekends, past dates and days the library is closed (stocktake, bank holidays) cannot be chosen.' });
    dpRoot.append(dpLabel, dpContent, dateOut, legend);
    let weeksKey = '';
    function renderDp() {
      const a = datePicker.connect(dp.service, normalizeProps);
      spreadProps(dpRoot, a.getRootProps()); spreadProps(dpLabel, a.getLabelProps()); spreadProps(dpContent, a.getContentProps());
      spreadProps(dpView, a.getViewProps({ view: 'day' }));
      spreadProps(dpViewControl, a.getViewControlProps({ view: 'day' }));
      spreadProps(prev, { ...a.getPrevTriggerProps({ view: 'day' }), 'aria-label': 'Previous month' });
      spreadProps(next, { ...a.getNextTriggerProps({ view: 'day' }), 'aria-label': 'Next month' });
      spreadProps(rangeText, a.getRangeTextProps()); rangeText.textContent = a.visibleRangeText.start;
      spreadProps(table, a.getTableProps({ view: 'day' })); spreadProps(thead, a.getTableHeadProps({ view: 'day' })); spreadProps(tbody, a.getTableBodyProps({ view: 'day' }));
      if (!headRow.children.length) { spreadProps(headRow, a.getTableRowProps({ view: 'day' })); for (const d of a.weekDays) { const th = h('th', { scope: 'col', 'aria-label': d.long, text: d.narrow }); headRow.append(th); } }
      const key = a.weeks.map((w) => w.map(String).join()).join('|');
      if (key !== weeksKey) {
        weeksKey = key;
        tbody.replaceChildren(...a.weeks.map((week) => { const tr = h('tr'); spreadProps(tr, a.getTableRowProps({ view: 'day' })); for (const value of week) { const td = h('td'); const btn = h('div', { class: 'dp-day', text: String(value.day) }); td.append(btn); td._v = value; tr.append(td); } return tr; }));
      }
      for (const td of tbody.querySelectorAll('td')) { spreadProps(td, a.getDayTableCellProps({ value: td._v })); spreadProps(td.firstChild, a.getDayTableCellTriggerProps({ value: td._v })); }
    }
    dp.subscribe(renderDp); dp.start(); renderDp();

    // --- time + note
    const time = h('select', { id: 'collect-time', class: 'input' }, h('option', { value: '', text: 'Choose a time' }), TIMES.map((t) => h('option', { value: t, text: t })));
    const note = h('textarea', { id: 'collect-note', class: 'input', rows: '3', placeholder: 'Which parts, how many copies…' });
    const submit = h('button', { type: 'submit', class: 'btn primary', text: 'Book collection' });
    const out = h('div', { class: 'result', role: 'status', 'aria-live': 'polite' });
    form.append(cbRoot, dpRoot,
      h('div', { class: 'field' }, h('label', { for: 'collect-time', text: 'Time' }), time),
      h('div', { class: 'field' }, h('label', { for: 'collect-note', text: 'Note for the library desk' }), note),
      h('div', { class: 'actions' }, submit), out);
    let busy = false;
    form.addEventListener('submit', async (e) => {
      e.preventDefault(); if (busy) return;
      const errs = [];
      if (!chosenOrg) errs.push('Choose an ensemble from the list.');
      if (!chosenDate) errs.push('Choose a collection date.');
      if (!time.value) errs.push('Choose a time.');
      if (errs.length) { out.replaceChildren(h('p', { class: 'error', text: errs.join(' ') })); return; }
      busy = true; submit.disabled = true; submit.textContent = 'Booking…';
      try {
        const r = await api('/api/collections', { method: 'POST', json: { orgId: chosenOrg.id, date: chosenDate, time: time.value, note: note.value } });
        out.replaceChildren(h('h2', { text: 'Collection booked' }), h('p', {}, 'Booking reference ', h('strong', { class: 'ref', text: r.reference }), ` for ${chosenOrg.name}, ${dateOut.textContent} at ${r.time}.`));
        toast.success('Collection booked');
      } catch (err) { out.replaceChildren(h('p', { class: 'error', text: err.message })); submit.disabled = false; }
      busy = false; submit.textContent = 'Book collection';
    });
  }).catch((e) => { status.textContent = 'Could not load: ' + e.message; });
  return () => { disposed = true; machines.forEach((m) => m.stop()); };
}
