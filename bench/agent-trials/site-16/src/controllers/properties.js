import { Controller } from '@hotwired/stimulus';
import $ from '../jq-global.js';
import jconfirm from 'jquery-confirm';
import { api } from '../api.js';

if (!$.confirm) jconfirm(window, $);

const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));

export default class extends Controller {
  static targets = ['query', 'rows', 'pager', 'count'];

  connect() { this.page = 1; this.load(); }

  search() {
    clearTimeout(this.t);
    this.t = setTimeout(() => { this.page = 1; this.load(); }, 250);
  }

  async load() {
    const q = this.queryTarget.value.trim();
    const data = await api('GET', `/api/properties?q=${encodeURIComponent(q)}&page=${this.page}`);
    this.result = data;
    this.countTarget.textContent = `${data.total} propert${data.total === 1 ? 'y' : 'ies'}`;
    this.rowsTarget.innerHTML = data.items.length ? data.items.map((p) => `
      <tr>
        <td><a href="#" class="prop-name" onclick="return false">${esc(p.name)}</a></td>
        <td>${esc(p.address)}</td><td>${esc(p.postcode)}</td><td class="num">${p.units}</td><td>${esc(p.manager)}</td>
        <td class="row-actions"><button type="button" class="btn small danger" data-action="properties#remove" data-id="${p.id}">Delete</button></td>
      </tr>`).join('') : '<tr><td colspan="6" class="muted">No properties match your search.</td></tr>';
    const parts = [];
    parts.push(`<button type="button" class="btn small" data-action="properties#go" data-page="${data.page - 1}"${data.page <= 1 ? ' disabled' : ''}>‹ Previous</button>`);
    for (let i = 1; i <= data.pages; i++) parts.push(`<button type="button" class="btn small${i === data.page ? ' current' : ''}" data-action="properties#go" data-page="${i}">${i}</button>`);
    parts.push(`<button type="button" class="btn small" data-action="properties#go" data-page="${data.page + 1}"${data.page >= data.pages ? ' disabled' : ''}>Next ›</button>`);
    this.pagerTarget.innerHTML = parts.join('');
  }

  go(e) { this.page = Number(e.currentTarget.dataset.page); this.load(); }

  remove(e) {
    const id = e.currentTarget.dataset.id;
    const p = this.result.items.find((x) => x.id === id);
    $.confirm({
      title: 'Delete property?',
      content: `<p><strong>${esc(p.name)}</strong><br>${esc(p.address)} ${esc(p.postcode)}</p><p>This removes the property and its ${p.units} units from the portfolio. This cannot be undone.</p>`,
      type: 'red',
      icon: '',
      theme: 'light',
      columnClass: 'medium',
      backgroundDismiss: true,
      escapeKey: 'cancel',
      buttons: {
        confirm: {
          text: 'Delete property',
          btnClass: 'btn-red',
          action: () => {
            api('DELETE', `/api/properties/${encodeURIComponent(id)}`).then(() => this.load()).catch((err) => $.alert({ title: 'Could not delete', content: esc(err.message) }));
          },
        },
        cancel: { text: 'Keep it' },
      },
    });
  }
}
