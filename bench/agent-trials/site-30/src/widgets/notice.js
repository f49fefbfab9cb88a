import FroalaEditor from 'froala-editor';
import 'froala-editor/js/plugins/link.min.js';
import 'froala-editor/js/plugins/lists.min.js';
import 'froala-editor/css/froala_editor.pkgd.min.css';
import 'froala-editor/css/froala_style.min.css';
import { toast } from '../toast.js';
import { api, h } from '../api.js';

export function mount(host) {
  let editor; let disposed = false;
  const meta = h('p', { class: 'muted', role: 'status', 'aria-live': 'polite', text: 'Loading notice…' });
  const title = h('h2', { class: 'doc-title' });
  const area = h('div', { id: 'notice-editor' });
  const save = h('button', { type: 'button', class: 'btn primary', text: 'Save notice', disabled: true });
  host.append(h('div', { class: 'doc-card' }, h('p', { class: 'eyebrow', text: 'Notice to players · mailing list: Full orchestra (78)' }), title, area, h('div', { class: 'actions' }, save, meta)));
  api('/api/notice').then((n) => {
    if (disposed) return;
    title.textContent = n.title;
    meta.textContent = `Last saved ${new Date(n.updatedAt).toLocaleString('en-GB', { timeZone: 'UTC' })}`;
    editor = new FroalaEditor('#notice-editor', {
      toolbarButtons: ['bold', 'italic', 'underline', '|', 'formatUL', 'formatOL', '|', 'insertLink', '|', 'undo', 'redo'],
      linkAlwaysBlank: false, linkInsertButtons: ['linkBack'], heightMin: 260, placeholderText: 'Write the notice…',
      attribution: false, quickInsertEnabled: false, charCounterCount: false, key: '',
      events: {
        initialized() { this.html.set(n.html); save.disabled = false; },
        contentChanged() { meta.textContent = 'Unsaved changes'; },
      },
    });
    save.addEventListener('click', async () => {
      save.disabled = true; save.textContent = 'Saving…';
      try {
        const r = await api('/api/notice', { method: 'PUT', json: { html: editor.html.get() } });
        meta.textContent = `Saved ${new Date(r.updatedAt).toLocaleTimeString('en-GB')}`;
        toast.success('Notice saved');
      } catch (e) { meta.textContent = e.message; }
      save.disabled = false; save.textContent = 'Save notice';
    });
  }).catch((e) => { meta.textContent = 'Could not load the notice: ' + e.message; });
  return () => { disposed = true; try { editor && editor.destroy(); } catch {} };
}
