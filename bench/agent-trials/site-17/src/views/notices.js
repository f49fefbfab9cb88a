import $ from '../jq.js';
import 'trumbowyg';
import 'trumbowyg/dist/ui/trumbowyg.css';
import iconsUrl from 'trumbowyg/dist/ui/icons.svg?url';
import { View } from 'backbone.marionette';
import { api, get, esc } from '../api.js';

$.trumbowyg.svgPath = iconsUrl;

export const NoticesView = View.extend({
  template: () => `
    <div class="notices">
      <div class="card notice-list"><h2>Notices</h2><ul class="list"></ul></div>
      <div class="card notice-edit"><div class="loading">Loading…</div></div>
    </div>`,
  events: {
    'click .notice-list a.notice-link': 'onPick',
    'click .save-notice': 'onSave',
  },
  onRender() {
    get('/api/notices').then((list) => {
      if (this.isDestroyed()) return;
      this.$('.list').html(list.map((n) => `<li><a href="#" class="notice-link" data-id="${n.id}">${esc(n.title)}</a><small>Updated ${esc(n.updated)}</small></li>`).join(''));
      this.open(list[0].id);
    });
  },
  onPick(e) {
    e.preventDefault();
    this.open($(e.currentTarget).data('id'));
  },
  open(id) {
    this.$('.notice-link').removeClass('active').filter(`[data-id="${id}"]`).addClass('active');
    this.destroyEditor();
    this.$('.notice-edit').html('<div class="loading">Loading…</div>');
    get(`/api/notices/${id}`).then((n) => {
      if (this.isDestroyed()) return;
      this.current = n;
      this.$('.notice-edit').html(`
        <h2>${esc(n.title)}</h2>
        <p class="muted small">Shown on the website and on the terminal screens. Last updated ${esc(n.updated)}.</p>
        <textarea class="notice-body"></textarea>
        <div class="form-actions"><button class="btn btn-primary save-notice">Save notice</button><span class="save-msg"></span></div>`);
      const $ta = this.$('.notice-body');
      $ta.val(n.html);
      $ta.trumbowyg({
        semantic: true,
        autogrow: true,
        btns: [['viewHTML'], ['undo', 'redo'], ['formatting'], ['strong', 'em', 'del'], ['link'], ['unorderedList', 'orderedList'], ['removeformat'], ['fullscreen']],
      });
      this.$ta = $ta;
    });
  },
  onSave() {
    if (!this.$ta) return;
    const html = this.$ta.trumbowyg('html');
    const $b = this.$('.save-notice').prop('disabled', true).text('Saving…');
    api('PUT', `/api/notices/${this.current.id}`, { html }).then(() => {
      $b.prop('disabled', false).text('Save notice');
      this.$('.save-msg').html('<span class="ok">Notice saved.</span>');
    }).catch((e) => {
      $b.prop('disabled', false).text('Save notice');
      this.$('.save-msg').html(`<span class="err">${esc(e.message)}</span>`);
    });
  },
  destroyEditor() {
    if (this.$ta) { this.$ta.trumbowyg('destroy'); this.$ta = null; }
  },
  onBeforeDestroy() { this.destroyEditor(); },
});
