import Ractive from 'ractive';
import { jsPanel } from 'jspanel4/es6module/jspanel.js';
import 'jspanel4/es6module/extensions/modal/jspanel.modal.js';
import 'jspanel4/es6module/extensions/dialog/jspanel.dialog.js';
import 'jspanel4/es6module/jspanel.css';
import 'jspanel4/es6module/extensions/dialog/jspanel.dialog.css';
import { api, get } from '../api.js';

export default Ractive.extend({
  data: () => ({ q: '', query: '', page: 1, pages: 1, total: 0, items: [], loading: true, message: '', error: '', removing: null }),
  template: `
    <section class="page members-page">
      <h1>Members</h1>
      <p class="lede">Everyone on the cooperative's list, with the year they last paid their subscription.</p>
      <form class="search-bar" on-submit="@this.search(@event)">
        <input type="search" name="q" placeholder="Name, village or member number" value="{{q}}" />
        <button type="submit" class="btn">Search</button>
        {{#if query}}<button type="button" class="btn btn-link" on-click="@this.clear()">Clear</button>{{/if}}
      </form>
      {{#if message}}<p class="flash">{{message}}</p>{{/if}}
      {{#if error}}<p class="error">{{error}}</p>{{/if}}
      <p class="muted">{{#if loading}}Loading…{{else}}{{total}} member{{#if total !== 1}}s{{/if}}{{#if query}} matching “{{query}}”{{/if}}{{/if}}</p>
      <table class="plain members">
        <thead><tr><th>Member no.</th><th>Name</th><th>Village</th><th>Joined</th><th>Last paid</th><th>Hives</th><th></th></tr></thead>
        <tbody>
          {{#each items}}
            <tr>
              <td>{{.id}}</td><td>{{.first}} {{.last}}</td><td>{{.village}}</td><td>{{.joined}}</td><td>{{.lastPaid}}</td><td>{{.hives}}</td>
              <td><button type="button" class="btn btn-small btn-risky" on-click="@this.remove(.)" disabled="{{~/removing}}">Remove</button></td>
            </tr>
          {{else}}
            {{#unless loading}}<tr><td colspan="7" class="muted">No members found.</td></tr>{{/unless}}
          {{/each}}
        </tbody>
      </table>
      <div class="pager">
        <button type="button" class="btn" on-click="@this.go(page - 1)" disabled="{{page <= 1 || loading}}">‹ Previous</button>
        <span>Page {{page}} of {{pages}}</span>
        <button type="button" class="btn" on-click="@this.go(page + 1)" disabled="{{page >= pages || loading}}">Next ›</button>
      </div>
    </section>
  `,
  oninit() { this.load(); },
  async load() {
    const { query, page } = this.get();
    this.set('loading', true);
    try {
      const r = await get(`/api/members?q=${encodeURIComponent(query)}&page=${page}`);
      if (this.torndown) return;
      this.set({ items: r.items, page: r.page, pages: r.pages, total: r.total, loading: false });
    } catch (e) {
      this.set({ error: e.message, loading: false });
    }
  },
  search(ev) {
    if (ev && ev.preventDefault) ev.preventDefault(); // @event is the DOM submit event
    this.set({ query: this.get('q').trim(), page: 1, message: '' });
    this.load();
    return false;
  },
  clear() {
    this.set({ q: '', query: '', page: 1, message: '' });
    this.load();
  },
  go(p) {
    this.set('page', p);
    this.load();
  },
  async remove(m) {
    const body = document.createElement('div');
    body.className = 'confirm-body';
    const h = document.createElement('p');
    h.textContent = `Remove ${m.first} ${m.last} (${m.id}, ${m.village}) from the members list?`;
    const s = document.createElement('p');
    s.className = 'muted';
    s.textContent = `Joined ${m.joined}, last paid ${m.lastPaid}. This cannot be undone.`;
    body.append(h, s);
    const answer = await jsPanel.dialog.alert(body, [
      { label: 'Remove member', value: 'remove' },
      { label: 'Cancel', value: 'cancel' },
    ], { closeOnEscape: true });
    if (answer !== 'remove') return;
    this.set({ removing: m.id, error: '', message: '' });
    try {
      await api('DELETE', `/api/members/${encodeURIComponent(m.id)}`);
      this.set('message', `Removed ${m.first} ${m.last} (${m.id}).`);
      await this.load();
    } catch (e) {
      this.set('error', e.message);
    } finally {
      this.set('removing', null);
    }
  },
  onteardown() {
    this.torndown = true;
    if (jsPanel.dialog && jsPanel.dialog.closeAll) jsPanel.dialog.closeAll();
  },
});
