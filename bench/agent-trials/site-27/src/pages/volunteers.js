import { CustomElement } from 'aurelia';
import * as basicLightbox from 'basiclightbox';
import 'basiclightbox/dist/basicLightbox.min.css';
import { api, esc } from '../api.js';

export const VolunteersPage = CustomElement.define({
  name: 'volunteers-page',
  template: `
  <h1>Accompanying adults</h1>
  <p class="muted">Parent helpers, drivers and first aiders cleared to accompany trips.</p>
  <form class="searchbar" role="search" submit.trigger="search($event)">
    <label>Search <input type="search" value.bind="q" placeholder="Name, school or role"></label>
    <button type="submit">Search</button>
  </form>
  <p role="status" class="status">\${message}</p>
  <table class="list" if.bind="items.length">
    <thead><tr><th>Name</th><th>School</th><th>Role</th><th>DBS renewal</th><th>Phone</th><th><span class="visually-hidden">Actions</span></th></tr></thead>
    <tbody>
      <tr repeat.for="v of items">
        <td>\${v.name}</td><td>\${v.school}</td><td>\${v.role}</td><td>\${v.dbs}</td><td>\${v.phone}</td>
        <td><button type="button" class="danger small" click.trigger="confirmRemove(v)" aria-label="Remove \${v.name}, \${v.school}">Remove</button></td>
      </tr>
    </tbody>
  </table>
  <nav class="pager" aria-label="Pages" if.bind="pages > 1">
    <button type="button" click.trigger="go(page - 1)" disabled.bind="page <= 1">Previous</button>
    <button type="button" repeat.for="p of pageList" click.trigger="go(p)" class="\${p === page ? 'current' : ''}" aria-current.bind="p === page ? 'page' : null" aria-label="Page \${p}">\${p}</button>
    <button type="button" click.trigger="go(page + 1)" disabled.bind="page >= pages">Next</button>
  </nav>`,
}, class {
  q = ''; page = 1; pages = 1; items = []; total = 0; message = 'Loading…'; activeQ = '';
  get pageList() { return Array.from({ length: this.pages }, (_, i) => i + 1); }
  attached() { this.load(); }
  async load() {
    this.message = 'Loading…';
    const seq = this.seq = (this.seq || 0) + 1;
    const r = await api('GET', `/api/volunteers?q=${encodeURIComponent(this.activeQ)}&page=${this.page}`);
    if (seq !== this.seq) return; // a newer search or page request superseded this one
    this.items = r.items; this.pages = r.pages; this.total = r.total; this.page = r.page;
    this.message = r.total ? `${r.total} adult${r.total > 1 ? 's' : ''}${this.activeQ ? ` matching “${this.activeQ}”` : ''} — page ${r.page} of ${r.pages}` : 'No adults match your search.';
  }
  search(e) { e.preventDefault(); this.activeQ = this.q.trim(); this.page = 1; this.load(); }
  go(p) { if (p < 1 || p > this.pages) return; this.page = p; this.load(); }
  confirmRemove(v) {
    const box = basicLightbox.create(`
      <div class="confirm" role="alertdialog" aria-modal="true" aria-labelledby="cf-title" aria-describedby="cf-desc">
        <h2 id="cf-title">Remove accompanying adult?</h2>
        <p id="cf-desc">${esc(v.name)} (${esc(v.role)}, ${esc(v.school)}) will no longer be able to accompany trips.</p>
        <div class="actions"><button type="button" class="cancel">Cancel</button><button type="button" class="danger ok">Remove ${esc(v.name)}</button></div>
      </div>`, {
      onShow: (inst) => {
        const el = inst.element();
        el.querySelector('.cancel').onclick = () => inst.close();
        el.querySelector('.ok').onclick = async (ev) => {
          ev.target.disabled = true; ev.target.textContent = 'Removing…';
          try { await api('DELETE', `/api/volunteers/${v.id}`); inst.close(); await this.load(); this.message = `${v.name} (${v.school}) removed. ` + this.message; }
          catch (err) { inst.close(); this.message = 'Could not remove: ' + err.message; }
        };
        setTimeout(() => el.querySelector('.cancel').focus(), 0);
      },
    });
    box.show();
  }
});
