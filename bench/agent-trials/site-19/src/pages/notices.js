import ko from 'knockout';
import { createEditor, createModelFromHtml, exportContent, toggleBold, toggleItalic, toggleUnderline, toggleBullet, insertLink, removeLink, undo, redo, getFormatState } from 'roosterjs';
import { page } from './component.js';
import { api } from '../api.js';

const template = `
<div class="panel notice-page">
  <div class="notice-head">
    <div>
      <h2 data-bind="text: title"></h2>
      <p class="muted">Last saved <span data-bind="text: updated"></span> by <span data-bind="text: updatedBy"></span></p>
    </div>
    <div class="toolbar-right">
      <span class="muted" data-bind="text: status"></span>
      <button class="btn primary" data-bind="click: save, enable: !saving(), text: saving() ? 'Saving…' : 'Save notice'"></button>
    </div>
  </div>
  <div class="rte">
    <div class="rte-toolbar" role="toolbar">
      <button type="button" title="Bold (Ctrl+B)" data-bind="click: bold, css: { on: fmt().isBold }"><b>B</b></button>
      <button type="button" title="Italic (Ctrl+I)" data-bind="click: italic, css: { on: fmt().isItalic }"><i>I</i></button>
      <button type="button" title="Underline (Ctrl+U)" data-bind="click: underline, css: { on: fmt().isUnderline }"><u>U</u></button>
      <span class="sep"></span>
      <button type="button" title="Bulleted list" data-bind="click: bullet">• List</button>
      <button type="button" title="Insert link" data-bind="click: openLink">Link</button>
      <button type="button" title="Remove link" data-bind="click: unlink">Unlink</button>
      <span class="sep"></span>
      <button type="button" title="Undo (Ctrl+Z)" data-bind="click: undo">Undo</button>
      <button type="button" title="Redo (Ctrl+Y)" data-bind="click: redo">Redo</button>
    </div>
    <div class="link-pop" data-bind="visible: linkOpen">
      <label>Link address <input type="text" class="link-url" data-bind="textInput: linkUrl, event: { keydown: linkKey }" placeholder="https://"></label>
      <button type="button" class="btn primary" data-bind="click: applyLink">Insert</button>
      <button type="button" class="btn" data-bind="click: closeLink">Cancel</button>
    </div>
    <div class="rte-body" contenteditable="true"></div>
  </div>
</div>`;

class NoticesVM {
  constructor(params, el) {
    this.el = el;
    this.title = ko.observable('Winter notice to tenants');
    this.updated = ko.observable('');
    this.updatedBy = ko.observable('');
    this.status = ko.observable('');
    this.saving = ko.observable(false);
    this.fmt = ko.observable({});
    this.linkOpen = ko.observable(false);
    this.linkUrl = ko.observable('');
    for (const k of ['bold', 'italic', 'underline', 'bullet', 'openLink', 'applyLink', 'closeLink', 'unlink', 'undo', 'redo', 'save', 'linkKey']) this[k] = this[k].bind(this);
  }
  koDescendantsComplete() {
    api('GET', '/api/notices/winter').then((n) => {
      if (this.disposed) return;
      this.title(n.title); this.updated(n.updated); this.updatedBy(n.updatedBy);
      const div = this.el.querySelector('.rte-body');
      const self = this;
      this.editor = createEditor(div, [{
        getName: () => 'FormatWatcher',
        initialize() {}, dispose() {},
        onPluginEvent(e) { if (e.eventType === 'selectionChanged' || e.eventType === 'contentChanged' || e.eventType === 'keyUp' || e.eventType === 'mouseUp') self.refresh(); },
      }], createModelFromHtml(n.html));
    });
  }
  refresh() { try { this.fmt(getFormatState(this.editor)); } catch { /* ignore */ } }
  bold() { toggleBold(this.editor); this.editor.focus(); this.refresh(); }
  italic() { toggleItalic(this.editor); this.editor.focus(); this.refresh(); }
  underline() { toggleUnderline(this.editor); this.editor.focus(); this.refresh(); }
  bullet() { toggleBullet(this.editor); this.editor.focus(); }
  unlink() { removeLink(this.editor); this.editor.focus(); }
  undo() { undo(this.editor); }
  redo() { redo(this.editor); }
  openLink() { this.linkUrl(''); this.linkOpen(true); setTimeout(() => this.el.querySelector('.link-url').focus(), 0); }
  closeLink() { this.linkOpen(false); this.editor.focus(); }
  linkKey(vm, e) { if (e.key === 'Enter') { this.applyLink(); return false; } if (e.key === 'Escape') { this.closeLink(); return false; } return true; }
  applyLink() {
    const url = this.linkUrl().trim();
    this.linkOpen(false);
    this.editor.focus();
    if (url) insertLink(this.editor, url);
  }
  save() {
    const html = exportContent(this.editor, 'HTML');
    this.saving(true); this.status('');
    api('PUT', '/api/notices/winter', { html }).then((n) => {
      this.updated(n.updated); this.updatedBy(n.updatedBy); this.status('Notice saved.');
    }).catch((e) => this.status('Could not save: ' + e.message)).finally(() => this.saving(false));
  }
  dispose() { this.disposed = true; if (this.editor) this.editor.dispose(); }
}
page('page-notices', template, NoticesVM);
