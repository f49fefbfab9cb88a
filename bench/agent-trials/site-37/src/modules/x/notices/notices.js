import { LightningElement } from 'lwc';
import { api, formatDate } from 'x/api';

export default class Notices extends LightningElement {
  static renderMode = 'light';
  notices = [];
  listLoading = true;
  editorLoading = false;
  current = null;
  savedBody = '';
  body = '';
  saving = false;
  message = '';
  messageKind = 'ok';
  editor = null;

  connectedCallback() {
    api('/api/notices')
      .then((list) => { this.notices = list; })
      .catch((e) => { this.message = e.message; this.messageKind = 'error'; })
      .finally(() => { this.listLoading = false; });
  }

  disconnectedCallback() {
    if (this.editor) this.editor.destroy();
  }

  get noticeItems() {
    return this.notices.map((n) => ({
      ...n,
      updatedLabel: formatDate(n.updated),
      cls: this.current && this.current.id === n.id ? 'notice-item selected' : 'notice-item',
    }));
  }
  get noneSelected() {
    return !this.current && !this.editorLoading;
  }
  get currentUpdated() {
    return this.current ? formatDate(this.current.updated) : '';
  }
  get dirty() {
    return this.body !== this.savedBody;
  }
  get dirtyLabel() {
    if (this.saving) return 'Saving…';
    return this.dirty ? 'Unsaved changes' : 'All changes saved';
  }
  get dirtyClass() {
    return this.dirty ? 'pill pill-warn' : 'pill';
  }
  get saveDisabled() {
    return !this.dirty || this.saving;
  }
  get messageClass() {
    return this.messageKind === 'error' ? 'banner banner-error' : 'banner banner-ok';
  }

  async handleOpen(event) {
    const id = event.currentTarget.dataset.id;
    if (this.current && this.current.id === id) return;
    this.editorLoading = true;
    this.message = '';
    this.current = null;
    if (this.editor) { this.editor.destroy(); this.editor = null; }
    try {
      const [notice, mod] = await Promise.all([api(`/api/notices/${id}`), import('overtype')]);
      const OverType = mod.default;
      this.current = notice;
      this.savedBody = notice.body;
      this.body = notice.body;
      const host = this.querySelector('.ot-host');
      host.innerHTML = '<div class="ot-editor"></div>';
      const [editor] = new OverType(host.firstElementChild, {
        value: notice.body,
        toolbar: true,
        theme: 'solar',
        minHeight: '360px',
        fontSize: '15px',
        placeholder: 'Write the notice in Markdown…',
        onChange: (value) => { this.body = value; },
      });
      this.editor = editor;
    } catch (e) {
      this.message = `Could not open the notice: ${e.message}`;
      this.messageKind = 'error';
    } finally {
      this.editorLoading = false;
    }
  }

  async handleSave() {
    if (!this.current || !this.editor) return;
    const value = this.editor.getValue();
    this.saving = true;
    this.message = '';
    try {
      const saved = await api(`/api/notices/${this.current.id}`, { method: 'PUT', body: { body: value } });
      this.savedBody = saved.body;
      this.body = saved.body;
      this.current = { ...this.current, updated: saved.updated };
      this.notices = this.notices.map((n) => (n.id === saved.id ? { ...n, updated: saved.updated } : n));
      this.message = `Notice ${saved.id} saved.`;
      this.messageKind = 'ok';
    } catch (e) {
      this.message = `Save failed: ${e.message}`;
      this.messageKind = 'error';
    } finally {
      this.saving = false;
    }
  }
}
