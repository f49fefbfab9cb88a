import vex from 'vex-js';
import vexDialog from 'vex-dialog';
import 'vex-js/dist/css/vex.css';
import 'vex-js/dist/css/vex-theme-os.css';
import { api, fmtDate } from '../util.js';

vex.registerPlugin(vexDialog);
vex.defaultOptions.className = 'vex-theme-os';

export function waitlistPage() {
  return {
    q: '', page: 1, pages: 1, total: 0, items: [],
    fmtDate,
    async init() { await this.load(); },
    async load() {
      const r = await api(`/api/waitlist?page=${this.page}&q=${encodeURIComponent(this.q)}`);
      this.items = r.items; this.pages = r.pages; this.total = r.total;
      if (this.page > r.pages) { this.page = r.pages; await this.load(); }
    },
    remove(w) {
      vex.dialog.confirm({
        message: `Remove ${w.pupil} (${w.instrument}, ${w.campus}) from the waiting list? This cannot be undone.`,
        buttons: [
          Object.assign({}, vex.dialog.buttons.YES, { text: 'Remove' }),
          Object.assign({}, vex.dialog.buttons.NO, { text: 'Keep' }),
        ],
        callback: async (ok) => {
          if (!ok) return;
          try {
            await api('/api/waitlist/' + w.id, { method: 'DELETE' });
          } catch (e) {
            vex.dialog.alert('Could not remove: ' + e.message);
          }
          await this.load();
        },
      });
    },
  };
}
