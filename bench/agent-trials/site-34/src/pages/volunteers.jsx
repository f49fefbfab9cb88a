import '@awesome.me/webawesome/dist/styles/themes/default.css';
import '@awesome.me/webawesome/dist/components/dialog/dialog.js';
import '@awesome.me/webawesome/dist/components/button/button.js';
import { api } from '../api.js';

export function* VolunteersPage() {
  let q = '';
  let page = 1;
  let data = null;
  let error = null;
  let loading = false;
  let pendingRemove = null;
  let removing = false;
  let message = null;
  let dialog = null;
  let seq = 0;

  const load = () => {
    const my = ++seq;
    this.refresh(() => { loading = true; error = null; });
    api.get(`/api/volunteers?q=${encodeURIComponent(q)}&page=${page}`).then(
      (r) => { if (!this.isUnmounted && my === seq) this.refresh(() => { data = r; page = r.page; loading = false; }); },
      (e) => { if (!this.isUnmounted && my === seq) this.refresh(() => { error = e.message; loading = false; }); },
    );
  };

  const search = (ev) => {
    ev.preventDefault();
    q = ev.target.q.value.trim();
    page = 1;
    message = null;
    load();
  };

  const askRemove = (v) => {
    this.refresh(() => { pendingRemove = v; message = null; });
    dialog.open = true;
  };

  const confirmRemove = async () => {
    if (!pendingRemove || removing) return;
    const v = pendingRemove;
    this.refresh(() => { removing = true; });
    try {
      await api.del(`/api/volunteers/${v.id}`);
      dialog.open = false;
      this.refresh(() => { removing = false; message = { kind: 'ok', text: `${v.name} (${v.role}) has been removed from the volunteer list.` }; });
      load();
    } catch (e) {
      dialog.open = false;
      this.refresh(() => { removing = false; message = { kind: 'error', text: e.message }; });
    }
  };

  this.after((root) => {
    dialog = root.querySelector('wa-dialog');
    dialog.addEventListener('wa-after-hide', (e) => {
      if (e.target === dialog && !this.isUnmounted) this.refresh(() => { pendingRemove = null; });
    });
  });

  setTimeout(load, 0);

  for ({} of this) {
    const rows = data ? data.rows : [];
    const pages = data ? data.pages : 1;
    const nums = [];
    for (let i = 1; i <= pages; i++) nums.push(i);
    yield (
      <section class="page">
        <h1>Volunteers</h1>
        <p class="lede">Everyone on the volunteer rota. Search by name, role or team.</p>
        <form class="search-row" onsubmit={search} role="search">
          <input name="q" type="search" class="text-input" placeholder="Search volunteers" aria-label="Search volunteers" />
          <button class="btn" type="submit">Search</button>
          {data && <span class="muted">{data.total} volunteer{data.total === 1 ? '' : 's'}{q ? ` matching “${q}”` : ''}</span>}
        </form>
        {message && <div class={`notice ${message.kind}`} role="status">{message.text}</div>}
        {error && <div class="notice error">{error}</div>}
        <div class={`card ${loading ? 'is-loading' : ''}`}>
          <table class="table people">
            <thead><tr><th>Name</th><th>Role</th><th>Team</th><th>Usual days</th><th>Since</th><th>Phone</th><th><span class="sr-only">Actions</span></th></tr></thead>
            <tbody>
              {rows.map((v) => (
                <tr key={v.id}>
                  <td>{v.name}</td><td>{v.role}</td><td>{v.team}</td><td>{v.days}</td><td>{v.since}</td><td>{v.phone}</td>
                  <td class="actions"><button class="btn small danger-outline" onclick={() => askRemove(v)} aria-label={`Remove ${v.name}`}>Remove</button></td>
                </tr>
              ))}
              {data && rows.length === 0 && <tr><td colspan="7" class="muted">No volunteers match.</td></tr>}
              {!data && <tr><td colspan="7" class="muted">Loading volunteers…</td></tr>}
            </tbody>
          </table>
          {data && pages > 1 && (
            <nav class="pager" aria-label="Pages">
              <button class="btn small" disabled={page <= 1 || loading} onclick={() => { page -= 1; load(); }}>‹ Previous</button>
              {nums.map((n) => (
                <button class={`btn small ${n === page ? 'current' : ''}`} aria-current={n === page ? 'page' : null} disabled={loading} onclick={() => { page = n; load(); }}>{n}</button>
              ))}
              <button class="btn small" disabled={page >= pages || loading} onclick={() => { page += 1; load(); }}>Next ›</button>
              <span class="muted">Page {page} of {pages}</span>
            </nav>
          )}
        </div>
        <wa-dialog label="Remove volunteer" class="confirm-dialog">
          {pendingRemove && (
            <p>Remove <strong>{pendingRemove.name}</strong> ({pendingRemove.role}, {pendingRemove.team}) from the volunteer list? Their rota shifts will be released. This cannot be undone.</p>
          )}
          <wa-button slot="footer" appearance="outlined" onclick={() => { dialog.open = false; }} disabled={removing}>Cancel</wa-button>
          <wa-button slot="footer" variant="danger" onclick={confirmRemove} loading={removing} disabled={removing}>Remove volunteer</wa-button>
        </wa-dialog>
      </section>
    );
  }
}
