import { LightningElement } from 'lwc';
import { api, formatDate } from 'x/api';

const toDate = (iso) => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y, m - 1, d);
};

export default class Bookings extends LightningElement {
  static renderMode = 'light';
  equipment = [];
  calendarInfo = null;
  bookings = [];
  member = '';
  session = '';
  date = '';
  sending = false;
  error = '';
  confirmation = null;
  widgetsReady = false;

  connectedCallback() {
    this.load();
  }

  disconnectedCallback() {
    if (this.typeahead) this.typeahead.destroy();
    if (this.calendar) { try { this.calendar.hide(); } catch { /* ignore */ } }
  }

  async load() {
    try {
      const [equipment, calendarInfo, bookings, ta, cal] = await Promise.all([
        api('/api/equipment'),
        api('/api/booking-calendar'),
        api('/api/bookings'),
        import('typeahead-standalone'),
        import('bulma-calendar'),
      ]);
      this.equipment = equipment;
      this.calendarInfo = calendarInfo;
      this.bookings = bookings;
      this.mountWidgets(ta.default, cal.default);
    } catch (e) {
      this.error = `Could not load bookings: ${e.message}`;
    }
  }

  mountWidgets(typeahead, bulmaCalendar) {
    // Equipment: typeahead-standalone on a plain text input
    const taHost = this.querySelector('.ta-host');
    const eq = document.createElement('input');
    eq.type = 'search';
    eq.id = 'bk-equipment';
    eq.name = 'equipment';
    eq.autocomplete = 'off';
    eq.placeholder = 'Start typing, e.g. press or mill';
    taHost.appendChild(eq);
    this.equipmentInput = eq;
    this.typeahead = typeahead({
      input: eq,
      source: { local: this.equipment },
      minLength: 1,
      limit: 8,
      highlight: true,
      hint: true,
      autoSelect: false,
      preventSubmit: true,
    });

    // Date: bulma-calendar attached to a date input
    const calHost = this.querySelector('.cal-host');
    const dateInput = document.createElement('input');
    dateInput.type = 'date';
    dateInput.id = 'bk-date';
    dateInput.name = 'date';
    calHost.appendChild(dateInput);
    const info = this.calendarInfo;
    const [calendar] = bulmaCalendar.attach(dateInput, {
      type: 'date',
      dateFormat: 'yyyy-MM-dd',
      lang: 'en-GB',
      weekStart: 1,
      color: 'success',
      displayMode: 'default',
      minDate: toDate(info.minDate),
      maxDate: toDate(info.maxDate),
      disabledWeekDays: info.closedWeekDays.join(','),
      disabledDates: info.fullyBooked,
      showHeader: false,
      showTodayButton: false,
      showClearButton: true,
      closeOnSelect: true,
      enableYearSwitch: false,
      cancelLabel: 'Cancel',
      clearLabel: 'Clear',
    });
    this.calendar = calendar;
    calendar.on('select', (e) => {
      const v = e.data.value();
      this.date = v || '';
    });
    calendar.on('clear', () => { this.date = ''; });
    this.widgetsReady = true;
  }

  get bookingRows() {
    return this.bookings.map((b) => ({ ...b, dateLabel: formatDate(b.date) }));
  }
  get buttonLabel() {
    return this.sending ? 'Booking…' : 'Book';
  }

  handleMember(e) { this.member = e.target.value; }
  handleSession(e) { this.session = e.target.value; }

  async handleSubmit(event) {
    event.preventDefault();
    this.error = '';
    this.confirmation = null;
    const equipment = this.equipmentInput ? this.equipmentInput.value.trim() : '';
    const date = this.date || (this.calendar ? this.calendar.value() : '');
    const problems = [];
    if (!this.member.trim()) problems.push('enter the member');
    if (!this.equipment.includes(equipment)) problems.push('choose the equipment from the list');
    if (!date) problems.push('pick a date');
    if (!this.session) problems.push('choose a session');
    if (problems.length) {
      this.error = `Please ${problems.join(', ')}.`;
      return;
    }
    this.sending = true;
    try {
      const b = await api('/api/bookings', { method: 'POST', body: { member: this.member.trim(), equipment, date, session: this.session } });
      this.confirmation = { ...b, dateLabel: formatDate(b.date) };
      this.bookings = [...this.bookings, b].sort((x, y) => x.date.localeCompare(y.date));
    } catch (e) {
      this.error = e.message;
    } finally {
      this.sending = false;
    }
  }
}
