import { CustomElement } from 'aurelia';
import Editor from '@toast-ui/editor';
import '@toast-ui/editor/dist/toastui-editor.css';
import { api } from '../api.js';

export const LetterPage = CustomElement.define({
  name: 'letter-page',
  template: `
  <h1>Parent letters</h1>
  <p class="muted">Letter <strong>\${letter ? letter.id : ''}</strong> — \${letter ? letter.title : 'loading…'}</p>
  <div class="editor-host" ref="host"></div>
  <div class="toolbar">
    <button type="button" class="primary" click.trigger="save()" disabled.bind="saving || !editor">\${saving ? 'Saving…' : 'Save letter'}</button>
    <span role="status" class="status">\${message}</span>
  </div>`,
}, class {
  letter = null; saving = false; message = ''; editor = null;
  async attached() {
    this.letter = await api('GET', '/api/letters/LTR-7');
    this.editor = new Editor({
      el: this.host, height: '460px', initialEditType: 'wysiwyg', hideModeSwitch: true, usageStatistics: false,
      toolbarItems: [['heading', 'bold', 'italic', 'strike'], ['hr', 'quote'], ['ul', 'ol'], ['link']],
    });
    this.editor.setHTML(this.letter.html, false);
    this.message = this.letter.savedAt ? `Last saved ${this.letter.savedAt}` : 'Not edited since it was drafted.';
  }
  async save() {
    this.saving = true;
    try { const r = await api('PUT', '/api/letters/LTR-7', { html: this.editor.getHTML() }); this.message = 'Letter saved.'; this.letter.savedAt = r.savedAt; }
    catch (e) { this.message = 'Could not save: ' + e.message; }
    finally { this.saving = false; }
  }
  detaching() { this.editor && this.editor.destroy(); }
});
