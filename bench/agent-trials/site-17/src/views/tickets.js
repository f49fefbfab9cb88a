import $ from '../jq.js';
import { View } from 'backbone.marionette';
import { api, get, esc } from '../api.js';

export const TicketsView = View.extend({
  template: () => `
    <div class="card">
      <div class="toolbar">
        <form class="search-form"><input type="search" class="input q" placeholder="Search by name, port, ticket or registration" size="40"> <button class="btn">Search</button></form>
        <span class="spacer"></span><span class="muted total"></span>
      </div>
      <div class="flash"></div>
      <table class="table tickets"><thead><tr><th>Ticket</th><th>Holder</th><th>Home port</th><th>Type</th><th>Vehicle</th><th>Valid until</th><th></th></tr></thead><tbody></tbody></table>
      <div class="pager"></div>
    </div>`,
  events: {
    'submit .search-form': 'onSearch',
    'click .pager a': 'onPage',
    'click .del': 'onDelete',
  },
  onRender() {
    this.q = '';
    this.page = 1;
    this.load();
  },
  load() {
    this.$('tbody').html('<tr><td colspan="7" class="muted">Loading…</td></tr>');
    get(`/api/season-tickets?q=${encodeURIComponent(this.q)}&page=${this.page}`).then((d) => {
      if (this.isDestroyed()) return;
      this.page = d.page;
      this.$('.total').text(`${d.total} tickets`);
      this.$('tbody').html(d.rows.map((t) => `<tr>
        <td>${esc(t.id)}</td><td>${esc(t.holder)}</td><td>${esc(t.port)}</td><td>${esc(t.type)}</td><td>${esc(t.vehicle) || '—'}</td><td>${esc(t.validUntil)}</td>
        <td class="right"><button class="btn btn-small btn-danger del" data-id="${t.id}" data-holder="${esc(t.holder)}">Delete</button></td></tr>`).join('') || '<tr><td colspan="7" class="muted">No tickets match.</td></tr>');
      const pages = [];
      pages.push(d.page > 1 ? `<a href="#" data-page="${d.page - 1}">‹ Previous</a>` : '<span class="disabled">‹ Previous</span>');
      for (let i = 1; i <= d.pages; i++) {
        if (i === 1 || i === d.pages || Math.abs(i - d.page) <= 2) pages.push(i === d.page ? `<span class="current">${i}</span>` : `<a href="#" data-page="${i}">${i}</a>`);
        else if (pages[pages.length - 1] !== '…') pages.push('…');
      }
      pages.push(d.page < d.pages ? `<a href="#" data-page="${d.page + 1}">Next ›</a>` : '<span class="disabled">Next ›</span>');
      this.$('.pager').html(`<span class="muted">Page ${d.page} of ${d.pages}</span> ${pages.join(' ')}`);
    });
  },
  onSearch(e) {
    e.preventDefault();
    this.q = this.$('.q').val().trim();
    this.page = 1;
    this.load();
  },
  onPage(e) {
    e.preventDefault();
    this.page = Number($(e.currentTarget).data('page'));
    this.load();
  },
  onDelete(e) {
    const id = $(e.currentTarget).data('id');
    const holder = $(e.currentTarget).data('holder');
    const $dlg = $(`<div><p>Delete season ticket <b>${esc(id)}</b> held by <b>${esc(holder)}</b>?</p><p class="muted small">This cannot be undone.</p></div>`);
    $dlg.dialog({
      title: 'Delete season ticket',
      modal: true,
      width: 420,
      resizable: false,
      close: () => $dlg.dialog('destroy').remove(),
      buttons: [
        { text: 'Delete', class: 'btn-danger', click: () => {
          $dlg.dialog('close');
          api('DELETE', `/api/season-tickets/${encodeURIComponent(id)}`).then(() => {
            this.$('.flash').html(`<div class="alert alert-ok">Season ticket ${esc(id)} deleted.</div>`);
            this.load();
          }).catch((err) => this.$('.flash').html(`<div class="alert alert-err">${esc(err.message)}</div>`));
        } },
        { text: 'Cancel', click: () => $dlg.dialog('close') },
      ],
    });
  },
});
