import { Controller } from '@hotwired/stimulus';
import Snackbar from 'node-snackbar';
import { api } from '../api.js';

export default class extends Controller {
  static targets = ['last'];

  async remind(event) {
    const btn = event.currentTarget;
    const id = btn.dataset.id;
    btn.disabled = true;
    try {
      const r = await api('POST', '/api/reminders', { id });
      Snackbar.show({
        text: `Rent reminder sent to ${r.tenant} · ref ${r.code}`,
        pos: 'bottom-center',
        duration: 2000,
        showAction: false,
      });
      const last = this.lastTargets.find((el) => el.dataset.id === id);
      if (last) last.textContent = 'Reminder sent today';
    } catch (err) {
      Snackbar.show({ text: 'Could not send reminder: ' + err.message, pos: 'bottom-center', duration: 4000, actionText: 'Dismiss' });
    } finally {
      btn.disabled = false;
    }
  }
}
