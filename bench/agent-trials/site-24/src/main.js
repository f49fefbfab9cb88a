// Harbourline Removals back office - Hyperapp single-page app with history-API routing.
import { app, h, text } from 'hyperapp';
import { api, fmtDate } from './api.js';
import { confirmDialog } from './widgets/confirm.js';
import './widgets/moves-grid.js';
import './widgets/letter-editor.js';
import './widgets/dispatch-board.js';
import './widgets/inventory-upload.js';
import './widgets/fleet-chart.js';
import './widgets/customer-picker.js';
import './widgets/survey-date.js';
import './widgets/staff-pager.js';
import './styles.css';

// ---------- view helper ----------
const el = (tag, props, ...children) => h(tag, props || {}, children.flat(Infinity)
  .filter((c) => c !== null && c !== undefined && c !== false && c !== true)
  .map((c) => (typeof c === 'string' || typeof c === 'number' ? text(String(c)) : c)));

// ---------- routes ----------
const NAV = [
  { path: '/', label: 'Dashboard', icon: '▦' },
  { path: '/moves', label: 'Moves register', icon: '☰' },
  { path: '/dispatch', label: 'Dispatch board', icon: '⇄' },
  { path: '/surveys', label: 'Book a survey', icon: '✎' },
  { path: '/inventory', label: 'Inventory sheets', icon: '⇪' },
  { path: '/letters', label: 'Customer letters', icon: '✉' },
  { path: '/fleet', label: 'Fleet mileage', icon: '◔' },
  { path: '/staff', label: 'Staff directory', icon: '☺' },
];

const matchRoute = (path) => {
  const p = path.replace(/\/+$/, '') || '/';
  let m;
  if (p === '/') return { name: 'dashboard' };
  if (p === '/moves') return { name: 'moves' };
  if (p === '/letters') return { name: 'letters' };
  if ((m = /^\/letters\/([a-z0-9-]+)$/.exec(p))) return { name: 'letter', id: m[1] };
  if (p === '/dispatch') return { name: 'dispatch' };
  if (p === '/inventory') return { name: 'inventory' };
  if (p === '/fleet') return { name: 'fleet' };
  if (p === '/surveys') return { name: 'surveys' };
  if (p === '/staff') return { name: 'staff' };
  return { name: 'notfound' };
};

const TITLES = { dashboard: 'Dashboard', moves: 'Moves register', letters: 'Customer letters', letter: 'Edit letter', dispatch: 'Dispatch board',
  inventory: 'Inventory sheets', fleet: 'Fleet mileage', surveys: 'Book a home survey', staff: 'Staff directory', notfound: 'Page not found' };

// ---------- effects ----------
const requestFx = (dispatch, { method = 'GET', url, body, ok, fail }) => {
  api(method, url, body).then((data) => ok && dispatch(ok, data)).catch((e) => fail && dispatch(fail, e.message));
};
const request = (props) => [requestFx, props];
const pushUrlFx = (_, { path }) => { if (location.pathname !== path) history.pushState({}, '', path); window.scrollTo(0, 0); };
const titleFx = (_, title) => { document.title = `${title} · Harbourline Removals`; };
const focusMainFx = () => requestAnimationFrame(() => document.getElementById('page-title')?.focus({ preventScroll: true }));
const onPopState = (dispatch) => { const f = () => dispatch(Route, location.pathname); addEventListener('popstate', f); return () => removeEventListener('popstate', f); };
const callElementFx = (dispatch, { selector, run, ok, fail }) => {
  const node = document.querySelector(selector);
  Promise.resolve(node && run(node)).then((v) => ok && dispatch(ok, v)).catch((e) => fail && dispatch(fail, e.message));
};
const confirmFx = (dispatch, { options, then }) => { confirmDialog(options).then((yes) => yes && dispatch(then)); };

// ---------- state ----------
const initialState = {
  path: '/', route: { name: 'dashboard' },
  dash: null, dashError: null,
  moves: { dirty: 0, saving: false, message: null, error: null },
  letters: { list: null, error: null },
  letter: { doc: null, error: null, saving: false, message: null, dirty: false },
  inventory: { result: null, error: null, history: null },
  fleet: { data: null, error: null, form: { vehicle: '', week: '', miles: '' }, submitting: false, result: null, formError: null, checks: null },
  surveys: { customers: null, availability: null, error: null, form: { customerId: '', type: 'In-home', date: '', time: '', note: '' }, submitting: false, result: null, formError: null },
  staff: { q: '', query: '', page: 1, data: null, loading: false, error: null, message: null, busyId: null },
};

// ---------- actions ----------
const Route = (state, path) => {
  const route = matchRoute(path);
  const s = { ...state, path, route };
  const fx = [[titleFx, TITLES[route.name]], [focusMainFx]];
  switch (route.name) {
    case 'dashboard':
      fx.push(request({ url: '/api/dashboard', ok: (st, d) => ({ ...st, dash: d, dashError: null }), fail: (st, e) => ({ ...st, dashError: e }) }));
      break;
    case 'moves':
      s.moves = { dirty: 0, saving: false, message: null, error: null };
      break;
    case 'letters':
      fx.push(request({ url: '/api/letters', ok: (st, d) => ({ ...st, letters: { list: d, error: null } }), fail: (st, e) => ({ ...st, letters: { list: null, error: e } }) }));
      break;
    case 'letter':
      s.letter = { doc: null, error: null, saving: false, message: null, dirty: false };
      fx.push(request({ url: `/api/letters/${route.id}`, ok: (st, d) => (st.route.id !== d.id ? st : { ...st, letter: { ...st.letter, doc: d } }), fail: (st, e) => ({ ...st, letter: { ...st.letter, error: e } }) }));
      break;
    case 'inventory':
      s.inventory = { result: null, error: null, history: null };
      fx.push(request({ url: '/api/inventory/uploads', ok: (st, d) => ({ ...st, inventory: { ...st.inventory, history: d } }) }));
      break;
    case 'fleet':
      s.fleet = { ...initialState.fleet };
      fx.push(request({ url: '/api/fleet/mileage', ok: (st, d) => ({ ...st, fleet: { ...st.fleet, data: d } }), fail: (st, e) => ({ ...st, fleet: { ...st.fleet, error: e } }) }));
      fx.push(request({ url: '/api/fleet/checks', ok: (st, d) => ({ ...st, fleet: { ...st.fleet, checks: d } }) }));
      break;
    case 'surveys':
      s.surveys = { ...initialState.surveys, form: { ...initialState.surveys.form } };
      fx.push(request({ url: '/api/customers', ok: (st, d) => ({ ...st, surveys: { ...st.surveys, customers: d } }), fail: (st, e) => ({ ...st, surveys: { ...st.surveys, error: e } }) }));
      fx.push(request({ url: '/api/surveys/availability', ok: (st, d) => ({ ...st, surveys: { ...st.surveys, availability: d } }), fail: (st, e) => ({ ...st, surveys: { ...st.surveys, error: e } }) }));
      break;
    case 'staff':
      s.staff = { ...initialState.staff, loading: true };
      fx.push(loadStaff(s.staff));
      break;
    default:
  }
  return [s, ...fx];
};

const Navigate = (state, path) => [state, [pushUrlFx, { path }], [(d) => d(Route, path)]];
const linkClick = (path) => (state, ev) => {
  if (ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.button === 1) return state;
  ev.preventDefault();
  return Navigate(state, path);
};
const link = (path, props, ...children) => el('a', { href: path, onclick: linkClick(path), ...props }, ...children);

// moves
const MovesDirty = (state, ev) => ({ ...state, moves: { ...state.moves, dirty: ev.detail.count, message: ev.detail.count ? null : state.moves.message } });
const SaveMoves = (state) => {
  if (state.moves.saving || !state.moves.dirty) return state;
  return [{ ...state, moves: { ...state.moves, saving: true, message: null, error: null } },
    [callElementFx, {
      selector: 'moves-grid',
      run: async (grid) => {
        const changes = await grid.getChanges();
        if (!changes.length) return { saved: 0 };
        const res = await api('POST', '/api/moves/bulk', { changes });
        await grid.markSaved(res.rows);
        return res;
      },
      ok: (st, res) => ({ ...st, moves: { ...st.moves, saving: false, dirty: 0, message: res.saved ? `Saved changes to ${res.saved} move${res.saved === 1 ? '' : 's'}.` : 'Nothing to save.' } }),
      fail: (st, e) => ({ ...st, moves: { ...st.moves, saving: false, error: `Could not save: ${e}` } }),
    }]];
};

// letters
const LetterDirty = (state) => (state.letter.dirty ? state : { ...state, letter: { ...state.letter, dirty: true, message: null } });
const SaveLetter = (state) => {
  if (state.letter.saving) return state;
  const id = state.route.id;
  return [{ ...state, letter: { ...state.letter, saving: true, message: null, error: null } },
    [callElementFx, {
      selector: 'letter-editor',
      run: (ed) => api('PUT', `/api/letters/${id}`, { mobiledoc: ed.serialize() }),
      ok: (st, res) => ({ ...st, letter: { ...st.letter, saving: false, dirty: false, message: `Letter saved at ${new Date(res.updatedAt).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}.`, doc: { ...st.letter.doc, updatedAt: res.updatedAt, updatedBy: res.updatedBy } } }),
      fail: (st, e) => ({ ...st, letter: { ...st.letter, saving: false, error: `Could not save: ${e}` } }),
    }]];
};

// inventory
const Uploaded = (state, ev) => [{ ...state, inventory: { ...state.inventory, result: ev.detail, error: null } },
  request({ url: '/api/inventory/uploads', ok: (st, d) => ({ ...st, inventory: { ...st.inventory, history: d } }) })];
const UploadFailed = (state, ev) => ({ ...state, inventory: { ...state.inventory, error: `${ev.detail.name}: ${ev.detail.message}` } });

// fleet
const FleetField = (field) => (state, ev) => ({ ...state, fleet: { ...state.fleet, form: { ...state.fleet.form, [field]: ev.target.value }, formError: null } });
const SubmitFleet = (state, ev) => {
  ev.preventDefault();
  const f = state.fleet.form;
  if (state.fleet.submitting) return state;
  if (!f.vehicle || !f.week || f.miles === '') return { ...state, fleet: { ...state.fleet, formError: 'Choose a vehicle and a week, and enter the miles.' } };
  return [{ ...state, fleet: { ...state.fleet, submitting: true, formError: null, result: null } },
    request({
      method: 'POST', url: '/api/fleet/checks', body: { vehicle: f.vehicle, weekCommencing: f.week, miles: Number(f.miles) },
      ok: (st, d) => ({ ...st, fleet: { ...st.fleet, submitting: false, result: d, form: { vehicle: '', week: '', miles: '' }, checks: [...(st.fleet.checks || []), d] } }),
      fail: (st, e) => ({ ...st, fleet: { ...st.fleet, submitting: false, formError: e } }),
    })];
};

// surveys
const SurveyField = (field, pick = (ev) => ev.target.value) => (state, ev) => ({ ...state, surveys: { ...state.surveys, form: { ...state.surveys.form, [field]: pick(ev) }, formError: null } });
const SubmitSurvey = (state, ev) => {
  ev.preventDefault();
  const f = state.surveys.form;
  if (state.surveys.submitting) return state;
  const missing = [!f.customerId && 'a customer', !f.date && 'a date', !f.time && 'a time'].filter(Boolean);
  if (missing.length) return { ...state, surveys: { ...state.surveys, formError: `Please choose ${missing.join(', ')}.` } };
  return [{ ...state, surveys: { ...state.surveys, submitting: true, formError: null } },
    request({
      method: 'POST', url: '/api/surveys', body: f,
      ok: (st, d) => ({ ...st, surveys: { ...st.surveys, submitting: false, result: d, form: { ...initialState.surveys.form } } }),
      fail: (st, e) => ({ ...st, surveys: { ...st.surveys, submitting: false, formError: e } }),
    })];
};
const NewSurvey = (state) => ({ ...state, surveys: { ...state.surveys, result: null } });

// staff
// every staff request carries a sequence number; answers to superseded requests are ignored
let staffSeq = 0;
function loadStaff(st) {
  const seq = ++staffSeq;
  st.seq = seq;
  const qs = new URLSearchParams({ q: st.query, page: String(st.page) });
  return request({
    url: `/api/staff?${qs}`,
    ok: (s, d) => (s.staff.seq !== seq ? s : { ...s, staff: { ...s.staff, data: d, page: d.page, loading: false, error: null } }),
    fail: (s, e) => (s.staff.seq !== seq ? s : { ...s, staff: { ...s.staff, loading: false, error: e } }),
  });
}
const StaffQuery = (state, ev) => ({ ...state, staff: { ...state.staff, q: ev.target.value } });
const StaffSearch = (state, ev) => {
  ev.preventDefault();
  const staff = { ...state.staff, query: state.staff.q.trim(), page: 1, loading: true, message: null };
  return [{ ...state, staff }, loadStaff(staff)];
};
const StaffClear = (state) => {
  const staff = { ...state.staff, q: '', query: '', page: 1, loading: true, message: null };
  return [{ ...state, staff }, loadStaff(staff)];
};
const StaffPage = (state, ev) => {
  const staff = { ...state.staff, page: ev.detail.page, loading: true };
  return [{ ...state, staff }, loadStaff(staff)];
};
const AskDelete = (person) => (state) => [state, [confirmFx, {
  options: {
    title: 'Delete staff record?',
    message: `${person.firstName} ${person.lastName} (${person.role}, ${person.depot} depot, staff no. ${person.id}) will be removed from the directory. This cannot be undone.`,
    confirmLabel: 'Delete record', danger: true,
  },
  then: DoDelete(person),
}]];
const DoDelete = (person) => (state) => {
  const staff = { ...state.staff, busyId: person.id, message: null, error: null };
  return [{ ...state, staff }, request({
    method: 'DELETE', url: `/api/staff/${person.id}`,
    ok: (s) => {
      const next = { ...s.staff, busyId: null, loading: true, message: `${person.firstName} ${person.lastName} (${person.id}) was deleted.` };
      return [{ ...s, staff: next }, loadStaff(next)];
    },
    fail: (s, e) => ({ ...s, staff: { ...s.staff, busyId: null, error: `Could not delete: ${e}` } }),
  })];
};

// ---------- views ----------
const pageHeader = (title, subtitle, ...actions) => el('header', { class: 'page-header' },
  el('div', {}, el('h1', { id: 'page-title', tabindex: '-1' }, title), subtitle && el('p', { class: 'subtitle' }, subtitle)),
  actions.length ? el('div', { class: 'page-actions' }, actions) : null);

const status = (msg, kind = 'ok') => msg ? el('p', { class: `alert alert-${kind}`, role: kind === 'error' ? 'alert' : 'status' }, msg) : null;

const DashboardView = (state) => {
  const d = state.dash;
  const tile = (path, title, desc, stat) => link(path, { class: 'tile' }, el('span', { class: 'tile-title' }, title), el('span', { class: 'tile-desc' }, desc), stat !== undefined && el('span', { class: 'tile-stat' }, stat));
  return el('div', {},
    pageHeader('Good morning', d ? `Today is ${fmtDate(d.today, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}` : 'Loading today’s figures…'),
    status(state.dashError, 'error'),
    el('section', { 'aria-label': 'Shortcuts', class: 'tiles' },
      tile('/moves', 'Moves register', 'All booked and quoted moves; assign crews and edit access notes.', d && `${d.movesThisWeek} moves this week`),
      tile('/dispatch', 'Dispatch board', 'Assign Friday’s jobs to crews.', d && `${d.dispatchUnassigned} jobs unassigned`),
      tile('/surveys', 'Book a survey', 'Book a home or video survey for a customer.', d && `${d.surveysBooked} booked today`),
      tile('/inventory', 'Inventory sheets', 'Upload a customer inventory to estimate the load.', d && `${d.uploads} processed today`),
      tile('/letters', 'Customer letters', 'Edit the standard letters sent to customers.', d && `${d.letters} templates`),
      tile('/fleet', 'Fleet mileage', 'Weekly miles per vehicle and odometer checks.'),
      tile('/staff', 'Staff directory', 'Find, and remove, staff records.', d && `${d.staff} people`)),
    el('section', { class: 'card' }, el('h2', {}, 'Notices'),
      el('ul', { class: 'notices' },
        el('li', {}, 'Friday 10 April: five jobs are still unassigned on the dispatch board.'),
        el('li', {}, 'Survey office closed on Monday 20 April for staff training.'),
        el('li', {}, 'Month-end: odometer checks for March are due.'))));
};

const MovesView = (state) => {
  const m = state.moves;
  return el('div', {},
    pageHeader('Moves register', '320 moves. Click a Crew or Access notes cell to edit it, then save all changes at once. Click a column heading to sort.',
      el('span', { class: 'dirty-count', 'aria-live': 'polite' }, m.dirty ? `Unsaved changes in ${m.dirty} move${m.dirty === 1 ? '' : 's'}` : 'No unsaved changes'),
      el('button', { type: 'button', class: 'btn btn-primary', disabled: m.saving || !m.dirty, onclick: SaveMoves }, m.saving ? 'Saving…' : 'Save changes')),
    status(m.message), status(m.error, 'error'),
    h('moves-grid', { key: 'moves-grid', class: 'grid-host', ondirtychange: MovesDirty }));
};

const LettersView = (state) => {
  const l = state.letters;
  return el('div', {},
    pageHeader('Customer letters', 'Standard letters sent to customers. Open one to edit it.'),
    status(l.error, 'error'),
    !l.list ? el('p', { class: 'muted' }, 'Loading letters…')
      : el('ul', { class: 'letter-list' }, l.list.map((x) => el('li', { class: 'card letter-item' },
        el('div', {}, el('h2', {}, x.title), el('p', { class: 'muted' }, x.audience),
          el('p', { class: 'small' }, `Last updated ${fmtDate(x.updatedAt.slice(0, 10))} by ${x.updatedBy}`)),
        link(`/letters/${x.id}`, { class: 'btn', 'aria-label': `Edit ${x.title}` }, 'Edit')))));
};

const LetterView = (state) => {
  const l = state.letter;
  const d = l.doc;
  return el('div', {},
    el('nav', { class: 'crumbs', 'aria-label': 'Breadcrumb' }, link('/letters', {}, 'Customer letters'), ' / ', d ? d.title : '…'),
    pageHeader(d ? d.title : 'Loading letter…', d ? `${d.audience}. Last updated ${fmtDate(d.updatedAt.slice(0, 10))} by ${d.updatedBy}.` : null,
      el('span', { class: 'dirty-count', 'aria-live': 'polite' }, l.dirty ? 'Unsaved changes' : ''),
      el('button', { type: 'button', class: 'btn btn-primary', disabled: !d || l.saving, onclick: SaveLetter }, l.saving ? 'Saving…' : 'Save letter')),
    status(l.message), status(l.error, 'error'),
    d ? h('letter-editor', { key: `letter-${d.id}`, mobiledoc: d.mobiledoc, ondirtychange: LetterDirty, class: 'card' }) : null);
};

const DispatchView = () => el('div', {},
  pageHeader('Dispatch board — Friday 10 April 2026', 'Drag a job card onto a crew to assign it. Each assignment issues a dispatch note.'),
  h('dispatch-board', { key: 'dispatch-board' }));

const InventoryView = (state) => {
  const inv = state.inventory;
  const r = inv.result;
  return el('div', {},
    pageHeader('Inventory sheets', 'Upload the inventory a customer filled in. We work out the load volume and suggest a vehicle.'),
    el('section', { class: 'card' }, el('h2', {}, 'Upload an inventory sheet'), h('inventory-upload', { key: 'inventory-upload', onuploaded: Uploaded, onuploaderror: UploadFailed })),
    status(inv.error, 'error'),
    r && el('section', { class: 'card result', 'aria-labelledby': 'inv-result' },
      el('h2', { id: 'inv-result' }, `Inventory processed: ${r.moveRef}`),
      el('dl', { class: 'facts' },
        el('dt', {}, 'File'), el('dd', {}, r.filename),
        el('dt', {}, 'Customer'), el('dd', {}, r.customer),
        el('dt', {}, 'Move'), el('dd', {}, r.moveSummary || 'Not found in the moves register'),
        el('dt', {}, 'Lines / items'), el('dd', {}, `${r.lines} lines, ${r.items} items in ${r.rooms} rooms`),
        el('dt', {}, 'Estimated load'), el('dd', { class: 'big' }, `${r.volumeM3} m³`),
        el('dt', {}, 'Suggested vehicle'), el('dd', {}, r.vehicle))),
    el('section', { class: 'card' }, el('h2', {}, 'Processed today'),
      !inv.history ? el('p', { class: 'muted' }, 'Loading…') : !inv.history.length ? el('p', { class: 'muted' }, 'No inventory sheets processed yet today.')
        : el('table', { class: 'table' }, el('thead', {}, el('tr', {}, ['File', 'Move', 'Items', 'Volume'].map((c) => el('th', { scope: 'col' }, c)))),
          el('tbody', {}, inv.history.map((u) => el('tr', {}, el('td', {}, u.filename), el('td', {}, u.moveRef), el('td', {}, String(u.items)), el('td', {}, `${u.volumeM3} m³`)))))));
};

const FleetView = (state) => {
  const f = state.fleet;
  const d = f.data;
  const wk = (iso) => 'w/c ' + fmtDate(iso, { day: 'numeric', month: 'short', year: 'numeric' });
  return el('div', {},
    pageHeader('Fleet mileage', 'Weekly miles from the vans’ telematics. Hover over the chart to see the figures for a week.'),
    status(f.error, 'error'),
    el('section', { class: 'card chart-card' }, h('fleet-chart', { key: 'fleet-chart', data: d, role: 'figure', 'aria-label': 'Line chart of weekly miles per vehicle. Hover to read values.' })),
    el('section', { class: 'card' },
      el('h2', { id: 'odo-title' }, 'Record an odometer check'),
      el('p', { class: 'muted' }, 'Month-end: copy the telematics figure for the vehicle and week you checked.'),
      el('form', { class: 'form-grid', onsubmit: SubmitFleet, 'aria-labelledby': 'odo-title' },
        el('label', { for: 'odo-vehicle' }, 'Vehicle'),
        el('select', { id: 'odo-vehicle', value: f.form.vehicle, onchange: FleetField('vehicle') },
          el('option', { value: '' }, 'Choose a vehicle…'), (d ? d.series : []).map((s) => el('option', { value: s.vehicle, selected: f.form.vehicle === s.vehicle }, s.vehicle))),
        el('label', { for: 'odo-week' }, 'Week commencing'),
        el('select', { id: 'odo-week', value: f.form.week, onchange: FleetField('week') },
          el('option', { value: '' }, 'Choose a week…'), (d ? d.weeks : []).map((w) => el('option', { value: w, selected: f.form.week === w }, wk(w)))),
        el('label', { for: 'odo-miles' }, 'Miles that week'),
        el('input', { id: 'odo-miles', type: 'number', min: '0', step: '1', inputmode: 'numeric', value: f.form.miles, oninput: FleetField('miles') }),
        el('div', { class: 'form-actions' }, el('button', { type: 'submit', class: 'btn btn-primary', disabled: f.submitting }, f.submitting ? 'Recording…' : 'Record check')))),
    status(f.formError, 'error'),
    f.result && status(`Check ${f.result.ref} recorded: ${f.result.vehicle}, ${wk(f.result.weekCommencing)}, ${f.result.miles} miles.`),
    f.checks && f.checks.length ? el('section', { class: 'card' }, el('h2', {}, 'Checks recorded this month'),
      el('table', { class: 'table' }, el('thead', {}, el('tr', {}, ['Ref', 'Vehicle', 'Week', 'Miles'].map((c) => el('th', { scope: 'col' }, c)))),
        el('tbody', {}, f.checks.map((c) => el('tr', {}, el('td', {}, c.ref), el('td', {}, c.vehicle), el('td', {}, wk(c.weekCommencing)), el('td', {}, String(c.miles))))))) : null);
};

const SurveysView = (state) => {
  const s = state.surveys;
  const f = s.form;
  const r = s.result;
  const ready = s.customers && s.availability;
  return el('div', {},
    pageHeader('Book a home survey', 'A surveyor visits (or video-calls) the customer to estimate the move.'),
    status(s.error, 'error'),
    r && el('section', { class: 'card result', role: 'status', 'aria-labelledby': 'sv-done' },
      el('h2', { id: 'sv-done' }, 'Survey booked'),
      el('p', {}, 'Booking reference: ', el('strong', { class: 'ref' }, r.reference)),
      el('p', {}, `${r.type} survey for ${r.customerName} on ${fmtDate(r.date, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })} at ${r.time}.`),
      el('button', { type: 'button', class: 'btn', onclick: NewSurvey }, 'Book another survey')),
    !r && (!ready ? el('p', { class: 'muted' }, 'Loading…') : el('form', { class: 'card booking', onsubmit: SubmitSurvey, 'aria-label': 'Survey booking' },
      el('div', { class: 'field' },
        el('label', { id: 'customer-label', for: 'survey-customer' }, 'Customer'),
        h('customer-picker', { key: 'customer-picker', 'input-id': 'survey-customer', labelledby: 'customer-label', options: s.customers, value: f.customerId, oncustomerchange: SurveyField('customerId', (ev) => ev.detail.id || '') })),
      el('fieldset', { class: 'field' }, el('legend', {}, 'Survey type'),
        ['In-home', 'Video'].map((t) => el('label', { class: 'radio' }, el('input', { type: 'radio', name: 'survey-type', value: t, checked: f.type === t, onchange: SurveyField('type') }), ` ${t}`))),
      el('div', { class: 'field' },
        el('span', { id: 'date-label', class: 'label' }, 'Date'),
        h('survey-date', { key: 'survey-date', 'label-id': 'date-label', availability: s.availability, value: f.date, ondatechange: SurveyField('date', (ev) => ev.detail.date) })),
      el('div', { class: 'field' },
        el('label', { for: 'survey-time' }, 'Time'),
        el('select', { id: 'survey-time', value: f.time, onchange: SurveyField('time') },
          el('option', { value: '' }, 'Choose a time…'), s.availability.slots.map((t) => el('option', { value: t, selected: f.time === t }, t)))),
      el('div', { class: 'field' },
        el('label', { for: 'survey-note' }, 'Note for the surveyor'),
        el('textarea', { id: 'survey-note', rows: 3, maxlength: 500, value: f.note, oninput: SurveyField('note') })),
      status(s.formError, 'error'),
      el('div', { class: 'form-actions' }, el('button', { type: 'submit', class: 'btn btn-primary', disabled: s.submitting }, s.submitting ? 'Booking…' : 'Book survey')))));
};

const StaffView = (state) => {
  const s = state.staff;
  const d = s.data;
  return el('div', {},
    pageHeader('Staff directory', 'Everyone employed at our four depots.'),
    el('form', { class: 'searchbar', role: 'search', onsubmit: StaffSearch },
      el('label', { for: 'staff-q', class: 'sr-only' }, 'Search staff'),
      el('input', { id: 'staff-q', type: 'search', placeholder: 'Search by name, role, depot or email', value: s.q, oninput: StaffQuery }),
      el('button', { type: 'submit', class: 'btn btn-primary' }, 'Search'),
      s.query && el('button', { type: 'button', class: 'btn', onclick: StaffClear }, 'Clear')),
    status(s.message), status(s.error, 'error'),
    el('p', { class: 'muted', 'aria-live': 'polite' }, s.loading ? 'Loading…' : d ? `${d.total} ${d.total === 1 ? 'person' : 'people'}${s.query ? ` matching “${s.query}”` : ''} · page ${d.page} of ${d.pages}` : ''),
    d && el('table', { class: 'table staff-table' },
      el('thead', {}, el('tr', {}, ['Name', 'Staff no.', 'Role', 'Depot', 'Phone', 'Email', 'Started', ''].map((c) => el('th', { scope: 'col' }, c)))),
      el('tbody', {}, d.items.length ? d.items.map((p) => el('tr', { key: p.id },
        el('td', {}, `${p.firstName} ${p.lastName}`), el('td', {}, p.id), el('td', {}, p.role), el('td', {}, p.depot),
        el('td', {}, p.phone), el('td', { class: 'small' }, p.email), el('td', {}, fmtDate(p.started, { day: 'numeric', month: 'short', year: 'numeric' })),
        el('td', {}, el('button', { type: 'button', class: 'btn btn-sm btn-danger-outline', disabled: s.busyId === p.id, 'aria-label': `Delete ${p.firstName} ${p.lastName} (${p.role}, ${p.depot})`, onclick: AskDelete(p) }, s.busyId === p.id ? 'Deleting…' : 'Delete'))))
        : el('tr', {}, el('td', { colspan: 8, class: 'muted' }, 'Nobody matches that search.')))),
    d && h('staff-pager', { key: 'staff-pager', total: d.total, page: d.page, pageSize: d.pageSize, onpagechange: StaffPage }));
};

const NotFoundView = (state) => el('div', {}, pageHeader('Page not found', `Nothing lives at ${state.path}.`), link('/', { class: 'btn' }, 'Back to the dashboard'));

const VIEWS = { dashboard: DashboardView, moves: MovesView, letters: LettersView, letter: LetterView, dispatch: DispatchView, inventory: InventoryView,
  fleet: FleetView, surveys: SurveysView, staff: StaffView, notfound: NotFoundView };

const navActive = (state, path) => (path === '/' ? state.path === '/' : state.path.startsWith(path));

const view = (state) => el('div', { class: 'shell' },
  el('a', { href: '#main', class: 'skip' }, 'Skip to content'),
  el('aside', { class: 'sidebar' },
    el('div', { class: 'brand' }, el('span', { class: 'brand-mark', 'aria-hidden': 'true' }, 'H'), el('span', {}, el('strong', {}, 'Harbourline'), el('small', {}, 'Removals · Back office'))),
    el('nav', { 'aria-label': 'Main' }, el('ul', {}, NAV.map((n) => el('li', {},
      link(n.path, { class: navActive(state, n.path) ? 'active' : '', 'aria-current': navActive(state, n.path) ? 'page' : undefined },
        el('span', { class: 'nav-icon', 'aria-hidden': 'true' }, n.icon), n.label))))),
    el('div', { class: 'sidebar-foot' }, 'Signed in as ', el('strong', {}, 'Office manager'))),
  el('main', { id: 'main', class: 'main' }, VIEWS[state.route.name](state)));

app({
  init: Route(initialState, location.pathname),
  view,
  node: document.getElementById('app'),
  subscriptions: () => [[onPopState, {}]],
});
