import 'cally';
import NiceSelect from 'nice-select2';
import 'nice-select2/dist/css/nice-select2.css';
import { api, fmtLong } from '../util.js';

const TIMES = [];
for (let h = 9; h <= 20; h++) for (const m of ['00', '30']) TIMES.push(String(h).padStart(2, '0') + ':' + m);

export function bookingPage() {
  let ns = null; // NiceSelect instance, kept outside Alpine's reactive proxy
  return {
    rooms: [],
    equipment: [],
    times: TIMES,
    fullyBooked: [],
    booker: '', room: '', date: '', time: '', notes: '',
    open: false,
    error: '', confirmation: '', sending: false,
    fmtLong,
    async init() {
      const meta = await api('/api/meta');
      this.rooms = meta.rooms;
      this.equipment = meta.equipment;
      this.fullyBooked = meta.fullyBooked;
      const cal = this.$refs.cal;
      cal.isDateDisallowed = (d) => d.getUTCDay() === 0 || this.fullyBooked.includes(d.toISOString().slice(0, 10));
      cal.addEventListener('change', () => { this.date = cal.value; this.open = false; });
      await this.$nextTick();
      ns = NiceSelect.bind(this.$refs.equip, { searchable: true, placeholder: 'Select equipment', searchtext: 'Search equipment' });
    },
    async submit() {
      this.error = '';
      this.confirmation = '';
      const equipment = [...this.$refs.equip.selectedOptions].map((o) => o.value);
      const missing = [];
      if (!this.booker.trim()) missing.push('who the booking is for');
      if (!this.room) missing.push('a room');
      if (!this.date) missing.push('a date');
      if (!this.time) missing.push('a start time');
      if (missing.length) { this.error = 'Please choose ' + missing.join(', ') + '.'; return; }
      this.sending = true;
      try {
        const r = await api('/api/bookings', { method: 'POST', body: JSON.stringify({ booker: this.booker, room: this.room, date: this.date, time: this.time, equipment, notes: this.notes }) });
        this.confirmation = `Booking ${r.id} requested for ${this.room} on ${fmtLong(this.date)} at ${this.time}.`;
        this.booker = ''; this.room = ''; this.date = ''; this.time = ''; this.notes = '';
        this.$refs.cal.value = '';
        for (const o of this.$refs.equip.options) o.selected = false;
        ns.update();
      } catch (e) {
        this.error = e.message;
      } finally {
        this.sending = false;
      }
    },
  };
}
