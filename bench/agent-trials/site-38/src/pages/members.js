import { html, render } from 'uhtml';
import Modal from 'modal-vanilla';
import { get, api } from '../api.js';

export function mount(el) {
  let q = '', page = 1, data = null, loading = false, note = '';
  const load = async () => {
    loading = true; draw();
    data = await get(`/api/members?q=${encodeURIComponent(q)}&page=${page}`);
    loading = false; draw();
  };
  const search = e => { e.preventDefault(); q = e.currentTarget.q.value; page = 1; note = ''; load(); };
  const goto = p => { page = p; load(); };
  const remove = m => {
    const modal = Modal.confirm(`Remove ${m.name} (${m.id}, ${m.branch}, member since ${m.since}) from the members list?`);
    modal.on('dismiss', async (_m, _e, button) => {
      if (!button || button.value !== true) return;
      try { await api('DELETE', `/api/members/${m.id}`); note = `${m.name} (${m.id}) was removed.`; }
      catch (err) { note = err.message; }
      load();
    });
    modal.show();
  };
  function draw() {
    const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
    render(el, html`
      <h1>Members</h1>
      <p class="lead">Supporters’ association members, by membership number.</p>
      <form class="form inline" onsubmit=${search}>
        <label>Search <input name="q" type="search" value=${q} placeholder="Name or number"></label>
        <button type="submit">Search</button>
      </form>
      ${note ? html`<p class="msg">${note}</p>` : ''}
      ${loading ? html`<p class="loading">Loading…</p>` : ''}
      ${data ? html`
        <table class="list">
          <thead><tr><th>No.</th><th>Name</th><th>Branch</th><th>Member since</th><th>Email</th><th></th></tr></thead>
          <tbody>${data.items.map(m => html`<tr>
            <td>${m.id}</td><td>${m.name}</td><td>${m.branch}</td><td>${m.since}</td><td>${m.email}</td>
            <td><button class="danger small" onclick=${() => remove(m)}>Remove</button></td></tr>`)}
          </tbody>
        </table>
        <div class="pager">
          <span>${data.total} member${data.total === 1 ? "" : "s"} · page ${data.page} of ${pages}</span>
          <button ?disabled=${page <= 1} onclick=${() => goto(page - 1)}>Previous</button>
          ${Array.from({ length: pages }, (_, i) => i + 1).map(p => html`<button class=${p === page ? 'current' : ''} onclick=${() => goto(p)}>${p}</button>`)}
          <button ?disabled=${page >= pages} onclick=${() => goto(page + 1)}>Next</button>
        </div>` : ''}`);
  }
  load();
}
