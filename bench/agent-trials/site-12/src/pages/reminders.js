import { toast } from 'bulma-toast';
import { api, fmtDate } from '../util.js';

export function remindersPage() {
  return {
    invoices: [],
    q: '',
    busy: null,
    fmtDate,
    async init() { this.invoices = await api('/api/invoices'); },
    get filtered() {
      const q = this.q.trim().toLowerCase();
      return this.invoices.filter((i) => !q || [i.id, i.family, i.pupil].some((v) => v.toLowerCase().includes(q)));
    },
    async remind(inv) {
      this.busy = inv.id;
      try {
        const r = await api(`/api/invoices/${inv.id}/remind`, { method: 'POST' });
        inv.reminded = true;
        toast({ message: `Reminder sent to the ${inv.family}. Reference: <b>${r.reference}</b>`, type: 'is-success', duration: 2000, position: 'bottom-right', closeOnClick: true, pauseOnHover: false, dismissible: false });
      } catch (e) {
        toast({ message: 'Could not send reminder: ' + e.message, type: 'is-danger', duration: 2000, position: 'bottom-right' });
      } finally {
        this.busy = null;
      }
    },
  };
}
