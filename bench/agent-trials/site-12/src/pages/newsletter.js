import { ClassicEditor, Essentials, Paragraph, Heading, Bold, Italic, Link, List, Autoformat } from 'ckeditor5';
import 'ckeditor5/ckeditor5.css';
import { api } from '../util.js';

export function newsletterPage() {
  let editor = null; // kept outside Alpine's reactive proxy
  return {
    ready: false,
    saving: false,
    message: '',
    async init() {
      const doc = await api('/api/newsletter');
      editor = await ClassicEditor.create(this.$refs.editor, {
        licenseKey: 'GPL',
        plugins: [Essentials, Paragraph, Heading, Bold, Italic, Link, List, Autoformat],
        toolbar: ['heading', '|', 'bold', 'italic', 'link', '|', 'bulletedList', 'numberedList', '|', 'undo', 'redo'],
        initialData: doc.html,
      });
      editor.model.document.on('change:data', () => { this.message = ''; });
      this.ready = true;
    },
    async save() {
      this.saving = true;
      try {
        await api('/api/newsletter', { method: 'PUT', body: JSON.stringify({ html: editor.getData() }) });
        this.message = 'Document saved.';
      } catch (e) {
        this.message = 'Save failed: ' + e.message;
      } finally {
        this.saving = false;
      }
    },
  };
}
