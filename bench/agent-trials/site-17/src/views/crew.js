import $ from '../jq.js';
import { View } from 'backbone.marionette';
import { api, get, esc } from '../api.js';
import { notyf } from '../notify.js';

export const CrewView = View.extend({
  template: () => `
    <div class="toolbar">
      <label>Base <select class="input base-filter"><option value="">All bases</option></select></label>
      <span class="muted count"></span>
    </div>
    <div class="crew-cards"><div class="loading">Loading crew…</div></div>`,
  events: {
    'change .base-filter': 'renderCards',
    'click .issue-pin': 'onPin',
  },
  onRender() {
    get('/api/crew').then((crew) => {
      if (this.isDestroyed()) return;
      this.crew = crew;
      const bases = [...new Set(crew.map((c) => c.base))].sort();
      this.$('.base-filter').append(bases.map((b) => `<option>${esc(b)}</option>`).join(''));
      this.renderCards();
    });
  },
  renderCards() {
    const base = this.$('.base-filter').val();
    const list = this.crew.filter((c) => !base || c.base === base);
    this.$('.count').text(`${list.length} crew members`);
    this.$('.crew-cards').html(list.map((c) => `
      <div class="crew-card">
        <div class="avatar">${esc(c.name.split(' ').map((p) => p[0]).join(''))}</div>
        <div class="crew-info">
          <h3>${esc(c.name)}</h3>
          <div class="muted">${esc(c.role)} · ${esc(c.vessel)}</div>
          <dl><dt>Base</dt><dd>${esc(c.base)}</dd><dt>STCW certificate</dt><dd>${esc(c.certExpiry)}</dd><dt>Phone</dt><dd>${esc(c.phone)}</dd></dl>
        </div>
        <div class="crew-actions"><button class="btn btn-small issue-pin" data-id="${c.id}">Issue gangway PIN</button></div>
      </div>`).join(''));
  },
  onPin(e) {
    const $b = $(e.currentTarget).prop('disabled', true);
    api('POST', `/api/crew/${$b.data('id')}/gangway-pin`).then((r) => {
      $b.prop('disabled', false);
      notyf().success(`New gangway PIN for ${esc(r.name)}: <b>${esc(r.pin)}</b>`);
    }).catch((err) => {
      $b.prop('disabled', false);
      notyf().error(esc(err.message));
    });
  },
});
