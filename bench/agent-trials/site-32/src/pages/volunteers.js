// Volunteers: server-side search and paging (10 a page), a row menu, and a Bootstrap 5 modal
// confirm before removal.
import { define, html } from 'hybrids';
import Modal from 'bootstrap/js/dist/modal';
import '../bootstrap-modal.scss';
import { api } from '../api.js';

let modalEl = null;
let modal = null;
let pendingConfirm = null;

function ensureModal() {
  if (modalEl) return;
  modalEl = document.createElement('div');
  modalEl.className = 'modal fade';
  modalEl.id = 'confirm-remove';
  modalEl.tabIndex = -1;
  modalEl.setAttribute('aria-labelledby', 'confirm-remove-title');
  modalEl.setAttribute('aria-hidden', 'true');
  modalEl.innerHTML = `
    <div class="modal-dialog modal-dialog-centered">
      <div class="modal-content">
        <div class="modal-header">
          <h2 class="modal-title" id="confirm-remove-title">Remove volunteer?</h2>
          <button type="button" class="btn-close" data-bs-dismiss="modal" aria-label="Close"></button>
        </div>
        <div class="modal-body"></div>
        <div class="modal-footer">
          <button type="button" class="btn btn-outline-secondary" data-bs-dismiss="modal">Cancel</button>
          <button type="button" class="btn btn-danger" data-action="confirm">Remove volunteer</button>
        </div>
      </div>
    </div>`;
  document.body.appendChild(modalEl);
  modal = new Modal(modalEl, { backdrop: 'static', keyboard: true, focus: true });
  modalEl.querySelector('[data-action="confirm"]').addEventListener('click', async (e) => {
    const btn = e.currentTarget;
    if (!pendingConfirm || btn.disabled) return;
    btn.disabled = true;
    btn.textContent = 'Removing…';
    try {
      await pendingConfirm();
      modal.hide();
    } finally {
      btn.disabled = false;
      btn.textContent = 'Remove volunteer';
    }
  });
  modalEl.addEventListener('hidden.bs.modal', () => { pendingConfirm = null; });
}

function askRemove(host, v) {
  ensureModal();
  host.menuFor = '';
  modalEl.querySelector('.modal-body').innerHTML = '';
  const p1 = document.createElement('p');
  p1.innerHTML = `Remove <strong></strong> from the volunteers list?`;
  p1.querySelector('strong').textContent = `${v.first} ${v.last}`;
  const p2 = document.createElement('p');
  p2.textContent = `${v.role} · ${v.area} · volunteering since ${v.since}`;
  const p3 = document.createElement('p');
  p3.className = 'text-danger';
  p3.style.fontSize = '.9rem';
  p3.textContent = 'This cannot be undone.';
  modalEl.querySelector('.modal-body').append(p1, p2, p3);
  pendingConfirm = async () => {
    try {
      await api('DELETE', `/api/volunteers/${v.id}`);
      host.flash = `${v.first} ${v.last} (${v.role}, ${v.area}) has been removed.`;
      host.error = '';
      await load(host);
    } catch (err) {
      host.error = err.message;
    }
  };
  modal.show();
}

async function load(host) {
  host.busy = true;
  const seq = (host._seq = (host._seq || 0) + 1);
  try {
    const params = new URLSearchParams({ q: host.query, page: String(host.page) });
    const res = await api('GET', `/api/volunteers?${params}`);
    if (seq !== host._seq) return;
    host.result = res;
    host.page = res.page;
  } catch (e) {
    host.error = e.message;
  } finally {
    if (seq === host._seq) host.busy = false;
  }
}

let searchTimer = null;
function onSearch(host, event) {
  host.query = event.target.value;
  host.page = 1;
  host.flash = '';
  clearTimeout(searchTimer);
  searchTimer = setTimeout(() => load(host), 300);
}

function goPage(host, p) {
  host.page = p;
  host.menuFor = '';
  load(host);
}

function toggleMenu(host, id) {
  host.menuFor = host.menuFor === id ? '' : id;
}

define({
  tag: 'fw-volunteers',
  query: '',
  page: 1,
  busy: false,
  flash: '',
  error: '',
  menuFor: {
    value: '',
    connect(host) {
      const close = (e) => { if (host.menuFor && !e.composedPath().some((n) => n.classList && n.classList.contains('row-menu'))) host.menuFor = ''; };
      document.addEventListener('click', close);
      return () => document.removeEventListener('click', close);
    },
  },
  result: { value: undefined },
  render: {
    value: ({ query, result, busy, flash, error, menuFor }) => html`
      <section class="page">
        <header>
          <h1>Volunteers</h1>
          <p>Everyone who gives their time to Fellwing: shops, events, collection tins, driving, talks and the office.</p>
        </header>
        <div class="panel">
          ${flash && html`<div class="flash" role="status">${flash}</div>`}
          ${error && html`<div class="flash" style="background:#fde7ea;color:#7f1d1d" role="alert">${error}</div>`}
          <div class="vol-toolbar">
            <label class="field" style="flex-direction:row; align-items:center; gap:.5rem">Search
              <input type="search" value="${query}" oninput="${onSearch}" placeholder="Name, role or area" aria-label="Search volunteers" />
            </label>
            ${busy && html`<span class="loading">Loading…</span>`}
          </div>
          <table class="fw-table">
            <thead><tr><th>Name</th><th>Role</th><th>Area</th><th>Since</th><th>Phone</th><th style="width:70px"><span class="visually-hidden">Actions</span></th></tr></thead>
            <tbody>
              ${result && (result.rows.length ? result.rows.map((v) => html`
                <tr>
                  <td>${v.first} ${v.last}</td>
                  <td>${v.role}</td>
                  <td>${v.area}</td>
                  <td>${v.since}</td>
                  <td>${v.phone}</td>
                  <td style="text-align:right">
                    <div class="row-menu">
                      <button type="button" class="fw-btn small" aria-haspopup="menu" aria-expanded="${menuFor === v.id ? 'true' : 'false'}"
                        aria-label="Actions for ${v.first} ${v.last}" onclick="${(h) => toggleMenu(h, v.id)}">⋯</button>
                      ${menuFor === v.id && html`
                        <div class="menu" role="menu">
                          <button type="button" role="menuitem" disabled title="Editing is done in the volunteer database">Edit details</button>
                          <button type="button" role="menuitem" onclick="${(h) => { h.menuFor = ''; h.flash = `${v.first} ${v.last} has been sent a thank-you card.`; }}">Send thank-you card</button>
                          <button type="button" role="menuitem" class="danger" onclick="${(h) => askRemove(h, v)}">Remove…</button>
                        </div>`}
                    </div>
                  </td>
                </tr>`.key(v.id)) : html`<tr><td colspan="6">No volunteers match “${query}”.</td></tr>`)}
            </tbody>
          </table>
          ${result && html`
            <div class="pager" aria-label="Pages">
              <span class="info">Showing ${result.total ? (result.page - 1) * result.per + 1 : 0}–${Math.min(result.page * result.per, result.total)} of ${result.total}</span>
              <button type="button" class="fw-btn small" disabled="${result.page <= 1}" onclick="${(h) => goPage(h, result.page - 1)}">‹ Previous</button>
              ${Array.from({ length: result.pages }, (_, i) => i + 1).map((p) => html`
                <button type="button" class="fw-btn small" aria-current="${p === result.page ? 'page' : 'false'}" onclick="${(h) => goPage(h, p)}">${p}</button>`.key(p))}
              <button type="button" class="fw-btn small" disabled="${result.page >= result.pages}" onclick="${(h) => goPage(h, result.page + 1)}">Next ›</button>
            </div>`}
        </div>
      </section>
    `,
    connect(host) { load(host); },
  },
});
