import m from 'mithril';
import datepicker from 'js-datepicker';
import 'js-datepicker/dist/datepicker.min.css';
import Selectr from 'mobius1-selectr';
import 'mobius1-selectr/dist/selectr.min.css';

const iso = (d) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

export function BookingsPage() {
  let opts = null;
  let picker = null;
  let selectr = null;
  let form = { member: '', date: '', time: '', notes: '' };
  let error = '';
  let done = null;
  let busy = false;

  function mountWidgets(dom) {
    if (!opts) return;
    const dateHost = dom.querySelector('.date-host');
    const input = document.createElement('input');
    input.id = 'bench-date'; input.readOnly = true; input.placeholder = 'Choose a date…'; input.className = 'date-input';
    dateHost.appendChild(input);
    const [y, mo, d] = opts.today.split('-').map(Number);
    const today = new Date(y, mo - 1, d);
    picker = datepicker(input, {
      minDate: today,
      maxDate: new Date(2027, 5, 30),
      startDate: today,
      startDay: 1,
      showAllDates: true,
      formatter: (el, date) => { el.value = date.toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' }); },
      disabler: (date) => opts.closedWeekdays.includes(date.getDay()) || opts.fullyBooked.includes(iso(date)),
      onSelect: (inst, date) => { form.date = date ? iso(date) : ''; m.redraw(); },
    });
    const selHost = dom.querySelector('.equip-host');
    const sel = document.createElement('select');
    sel.multiple = true; sel.id = 'bench-equipment';
    for (const e of opts.equipment) { const o = document.createElement('option'); o.value = e; o.textContent = e; sel.appendChild(o); }
    selHost.appendChild(sel);
    selectr = new Selectr(sel, { multiple: true, searchable: true, placeholder: 'Choose equipment…', messages: { noResults: 'No equipment found' } });
  }
  function unmountWidgets() {
    if (picker) { picker.remove(); picker = null; }
    if (selectr) { selectr.destroy(); selectr = null; }
  }
  async function submit(e) {
    e.preventDefault();
    error = '';
    const body = { ...form, equipment: selectr ? selectr.getValue() || [] : [] };
    busy = true;
    try {
      done = await m.request({ method: 'POST', url: '/api/bookings', body });
      unmountWidgets();
      form = { member: '', date: '', time: '', notes: '' };
    } catch (err) {
      error = (err && err.response && err.response.error) || 'Booking failed.';
    }
    busy = false;
  }
  const Form = {
    oncreate: (v) => mountWidgets(v.dom),
    onremove: unmountWidgets,
    view: () => m('form.booking', { onsubmit: submit, autocomplete: 'off' }, [
      m('label', { for: 'bench-member' }, 'Member name'),
      m('input#bench-member', { value: form.member, oninput: (e) => { form.member = e.target.value; } }),
      m('label', { for: 'bench-date' }, 'Date'),
      m('.date-host'),
      m('small.muted', 'The café runs Wednesday to Saturday; greyed-out dates are closed or fully booked.'),
      m('label', { for: 'bench-time' }, 'Session start'),
      m('select#bench-time', { value: form.time, onchange: (e) => { form.time = e.target.value; } }, [
        m('option', { value: '' }, '— choose a time —'),
        opts.times.map((t) => m('option', { value: t }, t)),
      ]),
      m('label', { for: 'bench-equipment' }, 'Equipment to reserve'),
      m('.equip-host'),
      m('label', { for: 'bench-notes' }, 'Notes for the volunteers'),
      m('textarea#bench-notes[rows=3]', { value: form.notes, oninput: (e) => { form.notes = e.target.value; } }),
      error ? m('.status.error', { role: 'alert' }, error) : null,
      m('.actions', m('button.primary[type=submit]', { disabled: busy }, 'Book bench session')),
    ]),
  };
  return {
    async oninit() { opts = await m.request('/api/bookings/options'); },
    view() {
      return m('.page.bench', [
        m('h1', 'Repair bench booking'),
        m('p.muted', 'Book a bench session at the repair café for a member, and reserve the equipment they will need.'),
        done ? m('.result', { role: 'status' }, [
          m('h3', `Booking ${done.ref} confirmed`),
          m('p', `${done.member} · ${done.date} at ${done.time}`),
          m('p', `Equipment: ${done.equipment.join(', ')}`),
          done.notes ? m('p.muted', `Notes: ${done.notes}`) : null,
          m('button', { onclick: () => { done = null; } }, 'Make another booking'),
        ]) : (opts ? m(Form) : m('p.muted', 'Loading…')),
      ]);
    },
  };
}
