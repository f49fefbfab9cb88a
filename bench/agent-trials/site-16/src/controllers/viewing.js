import { Controller } from '@hotwired/stimulus';
import $ from '../jq-global.js';
import MCDatepicker from 'mc-datepicker/dist/mc-calendar.min.js';
import { api } from '../api.js';

const iso = (d) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const parseIso = (s) => { const [y, m, d] = s.split('-').map(Number); return new Date(y, m - 1, d); };

export default class extends Controller {
  static targets = ['unit', 'date', 'time', 'applicant', 'phone', 'notes', 'status'];

  async connect() {
    $(this.unitTarget).chosen({ width: '100%', search_contains: true, no_results_text: 'No property matches', allow_single_deselect: true });
    const opts = await api('GET', '/api/viewings/options');
    if (!this.element.isConnected) return;
    this.dateTarget.readOnly = true;
    this.picker = MCDatepicker.create({
      el: '#v-date',
      dateFormat: 'ddd, DD MMM YYYY',
      bodyType: 'modal',
      firstWeekday: 1,
      selectedDate: parseIso(opts.today),
      minDate: parseIso(opts.today),
      maxDate: new Date(2027, 11, 31),
      disableWeekends: true,
      disableDates: opts.disabledDates.map(parseIso),
      customCancelBTN: 'Cancel',
      customClearBTN: 'Clear',
      customOkBTN: 'OK',
    });
  }

  disconnect() {
    try { $(this.unitTarget).chosen('destroy'); } catch { /* gone */ }
    try { this.picker?.destroy(); } catch { /* gone */ }
    this.picker = null;
  }

  async submit(event) {
    event.preventDefault();
    const picked = this.dateTarget.value && this.picker ? this.picker.getFullDate() : null;
    const body = {
      unit: this.unitTarget.value,
      date: picked ? iso(picked) : '',
      time: this.timeTarget.value,
      applicant: this.applicantTarget.value,
      phone: this.phoneTarget.value,
      notes: this.notesTarget.value,
    };
    this.statusTarget.className = 'status';
    this.statusTarget.textContent = 'Booking…';
    try {
      const r = await api('POST', '/api/viewings', body);
      this.statusTarget.className = 'status ok';
      this.statusTarget.textContent = `Viewing booked — reference ${r.ref} (${r.label}, ${this.dateTarget.value} at ${body.time}).`;
      this.element.reset();
      this.dateTarget.value = '';
      $(this.unitTarget).val('').trigger('chosen:updated');
    } catch (err) {
      this.statusTarget.className = 'status error';
      this.statusTarget.textContent = err.data?.errors ? err.data.errors.join(' ') : 'Could not book: ' + err.message;
    }
  }
}
