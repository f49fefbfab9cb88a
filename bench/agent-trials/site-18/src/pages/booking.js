import van from 'vanjs-core';
import $ from '../jq.js';
import '@chenfengyuan/datepicker';
import '@chenfengyuan/datepicker/dist/datepicker.css';
import 'virtual-select-plugin/dist/virtual-select.min.js';
import 'virtual-select-plugin/dist/virtual-select.min.css';
import noUiSlider from 'nouislider';
import 'nouislider/dist/nouislider.css';
import { api, CENTRES, fmtDate, TODAY } from '../api.js';

const { div, h1, h2, p, form, label, select, option, input, textarea, button, span, strong, table, thead, tbody, tr, th, td, ul, li } = van.tags;

const iso = (d) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

export default function booking(root) {
  const orgEl = div({ id: 'organisation' });
  const centreSel = select({ class: 'input', name: 'centre' }, option({ value: '' }, 'Choose a centre…'), CENTRES.map((c) => option({ value: c.id }, c.name)));
  const dateInput = input({ class: 'input', name: 'date', readonly: true, placeholder: 'Pick a date', autocomplete: 'off' });
  const timeInput = input({ class: 'input', name: 'time', type: 'time', min: '09:00', max: '18:00', step: 900 });
  const sliderEl = div({ class: 'size-slider' });
  const sizeOut = strong('15');
  const note = textarea({ class: 'input', name: 'note', rows: 3, placeholder: 'Anything the instructors should know (ages, access needs, supervising adults)…' });
  const err = div({ class: 'error', hidden: true });
  const submit = button({ class: 'btn primary', type: 'submit' }, 'Create booking');
  const closures = ul({ class: 'closures' });
  const success = div({ class: 'success-panel', hidden: true });
  const upcoming = tbody();

  const theForm = form({ class: 'panel form', onsubmit: (e) => { e.preventDefault(); send(); } },
    h2('New group booking'),
    div({ class: 'field' }, label('Organisation'), orgEl),
    div({ class: 'field' }, label('Centre'), centreSel),
    div({ class: 'field-row' },
      div({ class: 'field' }, label('Date'), dateInput, div({ class: 'hint' }, 'Weekdays only, from tomorrow.')),
      div({ class: 'field' }, label('Start time'), timeInput, div({ class: 'hint' }, 'Between 09:00 and 18:00.'))),
    div({ class: 'field' }, label('Group size: ', sizeOut), sliderEl, div({ class: 'hint' }, 'Minimum 6, maximum 40 climbers including supervising adults.')),
    div({ class: 'field' }, label('Note for the instructors'), note),
    err,
    div({ class: 'form-actions' }, submit),
  );

  van.add(root,
    h1('Group bookings'),
    p({ class: 'muted' }, 'Book a supervised group visit for a school, club or company.'),
    div({ class: 'grid-2 wide-left' },
      div(success, theForm),
      div({ class: 'panel' }, h2('Closed to groups'), closures, p({ class: 'muted small' }, 'Group visits are not taken at weekends.'))),
    div({ class: 'panel' }, h2('Upcoming group visits'),
      table({ class: 'table' }, thead(tr(th('Reference'), th('Date'), th('Time'), th('Organisation'), th('Centre'), th('Size'))), upcoming)),
  );

  noUiSlider.create(sliderEl, {
    start: 15, step: 1, connect: 'lower', range: { min: 6, max: 40 },
    tooltips: { to: (v) => String(Math.round(v)), from: (v) => Number(v) },
    pips: { mode: 'values', values: [6, 10, 20, 30, 40], density: 3 },
  });
  sliderEl.noUiSlider.on('update', (vals) => { sizeOut.textContent = String(Math.round(Number(vals[0]))); });

  let closed = new Set();
  const today = new Date(2027, 3, 13);
  const tomorrow = new Date(2027, 3, 14);
  $(dateInput).datepicker({
    format: 'dd/mm/yyyy',
    weekStart: 1,
    autoHide: true,
    date: tomorrow,
    startDate: tomorrow,
    endDate: new Date(2027, 11, 17),
    filter(date, view) {
      if (view !== 'day') return true;
      const d = date.getDay();
      if (d === 0 || d === 6) return false;
      if (date <= today) return false;
      if (closed.has(iso(date))) return false;
      return true;
    },
  });

  let orgReady = false;
  Promise.all([api('/api/organisations'), api('/api/closures')]).then(([orgs, cl]) => {
    closed = new Set(cl.closures.map((c) => c.date));
    closures.replaceChildren(...cl.closures.map((c) => li(strong(fmtDate(c.date, true)), ' — ', c.reason)));
    window.VirtualSelect.init({
      ele: orgEl,
      options: orgs.map((o) => ({ label: o.label, value: o.id })),
      search: true,
      placeholder: 'Select an organisation',
      searchPlaceholderText: 'Search…',
      noSearchResultsText: 'No organisations found',
      maxWidth: '100%',
    });
    orgReady = true;
  });

  function loadUpcoming() {
    api('/api/group-bookings').then((rows) => {
      upcoming.replaceChildren(...rows.filter((b) => b.date >= TODAY).sort((a, b) => a.date.localeCompare(b.date)).map((b) =>
        tr(td(b.ref), td(fmtDate(b.date, true)), td(b.time), td(b.orgName), td(b.centreName), td(b.size))));
    });
  }
  loadUpcoming();

  async function send() {
    err.hidden = true;
    const picked = dateInput.value ? $(dateInput).datepicker('getDate') : null;
    const body = {
      org: orgReady ? orgEl.value : '',
      centre: centreSel.value,
      date: picked ? iso(picked) : '',
      time: timeInput.value,
      size: Math.round(Number(sliderEl.noUiSlider.get())),
      note: note.value,
    };
    const problems = [];
    if (!body.org) problems.push('Choose an organisation.');
    if (!body.centre) problems.push('Choose a centre.');
    if (!body.date) problems.push('Pick a date.');
    if (!body.time) problems.push('Enter a start time.');
    if (problems.length) { err.textContent = problems.join(' '); err.hidden = false; return; }
    submit.disabled = true;
    submit.textContent = 'Creating…';
    try {
      const r = await api('/api/group-bookings', { method: 'POST', body });
      success.replaceChildren(
        h2('Booking confirmed'),
        p('Reference ', strong({ class: 'ref' }, r.ref), ' — ', fmtDate(body.date, true), ' at ', body.time, '.'),
        p({ class: 'muted' }, 'A confirmation email has been queued for the organisation contact.'),
        button({ class: 'btn', type: 'button', onclick: () => { success.hidden = true; theForm.hidden = false; } }, 'Make another booking'));
      success.hidden = false;
      theForm.hidden = true;
      orgEl.reset?.();
      centreSel.value = '';
      dateInput.value = '';
      timeInput.value = '';
      note.value = '';
      sliderEl.noUiSlider.set(15);
      loadUpcoming();
    } catch (e) {
      err.textContent = e.message;
      err.hidden = false;
    } finally {
      submit.disabled = false;
      submit.textContent = 'Create booking';
    }
  }

  return () => {
    try { $(dateInput).datepicker('destroy'); } catch { /* ignore */ }
    try { orgEl.destroy?.(); } catch { /* ignore */ }
    sliderEl.noUiSlider?.destroy();
  };
}
