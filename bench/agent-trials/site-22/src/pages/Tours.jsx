import { Component } from 'inferno';
import { createElement } from 'inferno-create-element';
import autoComplete from '@tarekraafat/autocomplete.js';
import DatePicker from 'tui-date-picker';
import 'tui-date-picker/dist/tui-date-picker.css';
import { api, fmtDate } from '../api.js';

const iso = d => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

export default class Tours extends Component {
  constructor(p) { super(p); this.state = { loading: true, times: [], closed: [], customer: null, date: '', time: '', guests: '8', note: '', saving: false, booked: null, err: null, tours: [] }; }
  componentDidMount() {
    document.title = 'Book a brewery tour · Ridgeback back office';
    Promise.all([api('GET', '/api/customers'), api('GET', '/api/tours/calendar'), api('GET', '/api/tours')]).then(([customers, cal, tours]) => {
      this.customers = customers;
      this.setState({ loading: false, times: cal.times, closed: cal.closed, tours }, () => this.mountWidgets(cal));
    }).catch(e => this.setState({ loading: false, err: e.message }));
  }
  componentWillUnmount() { if (this.dp) this.dp.destroy(); if (this.ac && this.ac.unInit) try { this.ac.unInit(); } catch (e) { /* ignore */ } }
  mountWidgets(cal) {
    const input = this.custInput;
    this.ac = new autoComplete({
      selector: () => input,
      placeHolder: 'Start typing a pub name…',
      data: { src: this.customers, keys: ['name'] },
      threshold: 2, debounce: 150,
      resultsList: { maxResults: 12, noResults: true, element: (list, data) => { if (!data.results.length) { const li = document.createElement('li'); li.textContent = `No customers match “${data.query}”`; li.setAttribute('aria-disabled', 'true'); list.appendChild(li); } } },
      resultItem: { highlight: true },
      events: { input: {
        selection: ev => { const c = ev.detail.selection.value; input.value = c.name; this.setState({ customer: c, err: null }); },
        input: () => { if (this.state.customer && input.value !== this.state.customer.name) this.setState({ customer: null }); this.ac.start(); },
      } },
    });
    input.setAttribute('aria-label', 'Customer');
    // selectable days: weekdays from tomorrow for ~4 months, excluding closed days
    const [y, m, d] = cal.today.split('-').map(Number);
    const closed = new Set(cal.closed.map(c => c.date));
    const ranges = []; let cur = null;
    for (let i = 1; i <= 130; i++) {
      const day = new Date(y, m - 1, d + i);
      const ok = day.getDay() !== 0 && day.getDay() !== 6 && !closed.has(iso(day));
      if (ok) { if (cur) cur[1] = new Date(day.getFullYear(), day.getMonth(), day.getDate(), 23, 59, 59); else cur = [new Date(day.getFullYear(), day.getMonth(), day.getDate()), new Date(day.getFullYear(), day.getMonth(), day.getDate(), 23, 59, 59)]; }
      else if (cur) { ranges.push(cur); cur = null; }
    }
    if (cur) ranges.push(cur);
    this.firstMonth = new Date(y, m - 1, 1);
    this.dp = new DatePicker(this.dpWrap, {
      date: null, language: 'en', usageStatistics: false, autoClose: true,
      input: { element: this.dateInput, format: 'yyyy-MM-dd' },
      selectableRanges: ranges,
      calendar: { showToday: false },
    });
    this.dp.on('open', () => { if (!this.dp.getDate()) this.dp.getCalendar().draw({ date: this.firstMonth, type: 'date' }); });
    this.dp.on('change', () => { const dt = this.dp.getDate(); this.setState({ date: dt ? iso(dt) : '' }); });
  }
  submit(e) {
    e.preventDefault();
    const s = this.state;
    if (!s.customer) return this.setState({ err: 'Choose a customer from the list.' });
    if (!s.date) return this.setState({ err: 'Choose a date.' });
    if (!s.time) return this.setState({ err: 'Choose a time.' });
    this.setState({ saving: true, err: null });
    api('POST', '/api/tours', { customerId: s.customer.id, date: s.date, time: s.time, guests: Number(s.guests), note: s.note })
      .then(t => this.setState({ saving: false, booked: t, tours: [...s.tours, t] }))
      .catch(err => this.setState({ saving: false, err: err.message }));
  }
  reset() {
    this.custInput.value = ''; this.dp.setNull();
    this.setState({ booked: null, customer: null, date: '', time: '', note: '', guests: '8' });
  }
  render() {
    const s = this.state;
    return (
      <div>
        <h1 className="page-title">Book a brewery tour</h1>
        <p className="page-sub">Tours and tastings for trade customers run on weekdays only. Closed days: {s.closed.map(c => `${fmtDate(c.date)} (${c.reason})`).join('; ') || '…'}.</p>
        <div className="row g-4">
          <div className="col-lg-7">
            {s.booked ? (
              <div className="alert alert-success" role="status">
                <h2 className="h5">Tour booked</h2>
                <p className="mb-1">Booking reference <strong>{s.booked.ref}</strong></p>
                <p className="mb-2">{s.booked.customer} · {fmtDate(s.booked.date)} at {s.booked.time} · {s.booked.guests} guests</p>
                <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => this.reset()}>Book another tour</button>
              </div>
            ) : (
              <form className="card" onSubmit={e => this.submit(e)} noValidate>
                <div className="card-body">
                  {s.loading && <p>Loading…</p>}
                  <div className="mb-3">
                    <label className="form-label" for="tour-customer">Customer</label>
                    <input id="tour-customer" type="search" className="form-control" autoComplete="off" ref={el => { this.custInput = el; }} />
                    {s.customer && <div className="form-text">Contact: {s.customer.contact} · Account {s.customer.id}</div>}
                  </div>
                  <div className="row g-3 mb-3">
                    <div className="col-sm-6">
                      <label className="form-label" for="tour-date">Date</label>
                      <input id="tour-date" type="text" className="form-control" placeholder="Choose a date" aria-describedby="tour-date-help" readOnly ref={el => { this.dateInput = el; }} />
                      <div ref={el => { this.dpWrap = el; }} style={{ position: 'relative' }}></div>
                      <div id="tour-date-help" className="form-text">Greyed-out days cannot be booked.</div>
                    </div>
                    <div className="col-sm-3">
                      <label className="form-label" for="tour-time">Time</label>
                      <select id="tour-time" className="form-select" value={s.time} onChange={e => this.setState({ time: e.target.value })}>
                        <option value="">Choose…</option>
                        {s.times.map(t => <option key={t} value={t}>{t}</option>)}
                      </select>
                    </div>
                    <div className="col-sm-3">
                      <label className="form-label" for="tour-guests">Guests</label>
                      <input id="tour-guests" type="number" min="1" max="20" className="form-control" value={s.guests} onInput={e => this.setState({ guests: e.target.value })} />
                    </div>
                  </div>
                  <div className="mb-3">
                    <label className="form-label" for="tour-note">Note for the tour guide</label>
                    <textarea id="tour-note" className="form-control" rows="3" value={s.note} onInput={e => this.setState({ note: e.target.value })}></textarea>
                  </div>
                  {s.err && <div className="alert alert-danger py-2" role="alert">{s.err}</div>}
                  <button type="submit" className="btn btn-brew" disabled={s.saving || s.loading}>{s.saving ? 'Booking…' : 'Book tour'}</button>
                </div>
              </form>
            )}
          </div>
          <div className="col-lg-5">
            <h2 className="h6">Upcoming tours</h2>
            <ul className="list-group">
              {s.tours.map(t => <li className="list-group-item small" key={t.ref}>{fmtDate(t.date)} {t.time} · {(this.customers || []).find(c => c.id === t.customerId)?.name || t.customer}</li>)}
            </ul>
          </div>
        </div>
      </div>
    );
  }
}
