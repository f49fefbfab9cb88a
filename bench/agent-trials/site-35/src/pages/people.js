import { reactive, html } from '@arrow-js/core';
import { Fancybox } from '@fancyapps/ui';
import '@fancyapps/ui/dist/fancybox/fancybox.css';
import { api } from '../api.js';

export function peoplePage(el) {
  const st = reactive({ q: '', page: 1, pages: 1, total: 0, rows: [], loading: true, msg: '', err: '' });
  let t;
  html`<h1>Volunteers & contacts</h1>
  <p class="lead">Everyone who helps run the site. Removing someone also removes them from rotas and mailing lists.</p>
  <div class="toolbar"><input type="search" placeholder="Search by name or role…" @input="${(e) => { clearTimeout(t); t = setTimeout(() => { st.q = e.target.value; st.page = 1; load(); }, 250); }}">
    <span class="muted">${() => (st.loading ? 'Loading…' : `${st.total} people`)}</span></div>
  <div class="${() => 'flash ' + (st.err ? 'err' : st.msg ? 'ok' : 'hide')}">${() => st.err || st.msg}</div>
  <table class="list"><thead><tr><th>Name</th><th>Role</th><th>Email</th><th>Since</th><th></th></tr></thead>
  <tbody>${() => st.rows.map((p) => html`<tr><td>${p.name}</td><td>${p.role}</td><td>${p.email}</td><td>${p.since}</td>
    <td><button class="danger small" @click="${() => confirmRemove(p)}">Remove</button></td></tr>`.key(p.id))}</tbody></table>
  <div class="pager"><button @click="${() => { st.page--; load(); }}" disabled="${() => st.page <= 1}">‹ Previous</button>
    <span>${() => `Page ${st.page} of ${st.pages}`}</span>
    <button @click="${() => { st.page++; load(); }}" disabled="${() => st.page >= st.pages}">Next ›</button></div>`(el);
  async function load() {
    st.loading = true;
    try { const d = await api(`/api/people?q=${encodeURIComponent(st.q)}&page=${st.page}`); Object.assign(st, { rows: d.rows, pages: d.pages, total: d.total, page: d.page }); }
    catch (e) { st.err = e.message; } finally { st.loading = false; }
  }
  function confirmRemove(p) {
    const box = document.createElement('div'); box.className = 'confirm-box';
    box.innerHTML = `<h2>Remove person?</h2><p>Remove <strong></strong> (<span class="r"></span>, <span class="e"></span>) from the co-op’s contacts? This cannot be undone.</p>
      <div class="btns"><button class="cancel">Cancel</button><button class="danger go">Remove</button></div>`;
    box.querySelector('strong').textContent = p.name; box.querySelector('.r').textContent = p.role; box.querySelector('.e').textContent = p.email;
    const fb = Fancybox.show([{ src: box, type: 'html' }], { dragToClose: false, closeButton: true, mainClass: 'confirm-fb' });
    box.querySelector('.cancel').onclick = () => Fancybox.close();
    const go = box.querySelector('.go');
    go.onclick = async () => {
      if (go.disabled) return; go.disabled = true; go.textContent = 'Removing…';
      try { await api('/api/people/' + p.id, { method: 'DELETE' }); st.msg = `${p.name} (${p.role}) removed.`; st.err = ''; }
      catch (e) { st.err = e.message; }
      Fancybox.close(); load();
    };
  }
  load();
  return () => Fancybox.close();
}
