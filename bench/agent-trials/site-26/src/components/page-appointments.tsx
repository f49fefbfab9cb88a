import { Component, State, h } from '@stencil/core';
import { api, W } from '../lib';

const TIMES = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '13:30', '14:00', '14:30', '15:00', '15:30'];

@Component({ tag: 'page-appointments', shadow: false })
export class PageAppointments {
  @State() meta: any = null;
  @State() practice: string = null;
  @State() date: string = null;
  @State() time = '';
  @State() note = '';
  @State() saving = false;
  @State() error = '';
  @State() booked: any = null;
  selEl: HTMLElement;
  dateEl: HTMLElement;
  mounted: any[] = [];
  async componentDidLoad() {
    this.meta = await api('/api/meta');
    this.mounted.push(W().mountPracticeSelect(this.selEl, { practices: this.meta.practices, onChange: (v: string) => (this.practice = v) }));
    this.mounted.push(W().mountDatePicker(this.dateEl, { today: this.meta.today, closed: this.meta.closedDays, onChange: (v: string) => (this.date = v) }));
  }
  disconnectedCallback() { this.mounted.forEach((m) => m.unmount()); }
  async submit(e: Event) {
    e.preventDefault();
    if (this.saving) return;
    this.error = '';
    if (!this.practice) { this.error = 'Choose the practice.'; return; }
    if (!this.date) { this.error = 'Choose a date.'; return; }
    if (!this.time) { this.error = 'Choose a time.'; return; }
    this.saving = true;
    try { this.booked = await api('/api/appointments', { method: 'POST', body: { practice: this.practice, date: this.date, time: this.time, note: this.note } }); }
    catch (err) { this.error = err.message; }
    this.saving = false;
  }
  render() {
    return (
      <section>
        <h1>Shade-matching appointments</h1>
        <p class="muted">Book a patient into the lab's shade-matching studio on behalf of a practice.</p>
        {this.booked ? (
          <div class="notice" role="status">
            <strong>Appointment booked</strong>
            <dl class="facts"><dt>Reference</dt><dd>{this.booked.ref}</dd><dt>Practice</dt><dd>{this.booked.practice}</dd><dt>Date</dt><dd>{this.booked.date}</dd><dt>Time</dt><dd>{this.booked.time}</dd></dl>
          </div>
        ) : null}
        <form class="form" onSubmit={(e) => this.submit(e)} style={{ display: this.booked ? 'none' : '' }}>
          <label htmlFor="practice">Practice</label>
          <div ref={(el) => (this.selEl = el)}></div>
          <span class="label" id="date-label">Date</span>
          <div class="calendar" role="group" aria-labelledby="date-label" ref={(el) => (this.dateEl = el)}></div>
          <label htmlFor="time">Time</label>
          <select id="time" onChange={(e: any) => (this.time = e.target.value)}>
            <option value="">Choose a time…</option>
            {TIMES.map((t) => <option value={t}>{t}</option>)}
          </select>
          <label htmlFor="note">Note for the technician</label>
          <textarea id="note" rows={3} onInput={(e: any) => (this.note = e.target.value)}></textarea>
          {this.error && <p class="error" role="alert">{this.error}</p>}
          <div><button class="btn primary" type="submit" disabled={this.saving}>{this.saving ? 'Booking…' : 'Book appointment'}</button></div>
        </form>
      </section>
    );
  }
}
