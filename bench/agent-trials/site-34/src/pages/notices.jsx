import '@vaadin/rich-text-editor';
import { api, longDate } from '../api.js';

function* NoticeEditor({ notice }) {
  let editor = null;
  let saving = false;
  let message = null;
  let dirty = false;

  this.after((el) => {
    editor = el.querySelector('vaadin-rich-text-editor');
    editor.dangerouslySetHtmlValue(notice.html);
    // only user edits after the initial load count as changes
    setTimeout(() => {
      editor.addEventListener('value-changed', () => {
        if (!dirty && !this.isUnmounted) this.refresh(() => { dirty = true; message = null; });
      });
    }, 300);
  });

  const save = async () => {
    if (!editor || saving) return;
    const html = editor.htmlValue;
    this.refresh(() => { saving = true; message = null; });
    try {
      const res = await api.put(`/api/notices/${notice.id}`, { html });
      notice.html = res.notice.html;
      notice.updated = res.notice.updated;
      this.refresh(() => { saving = false; dirty = false; message = { kind: 'ok', text: `“${notice.title}” saved.` }; });
    } catch (e) {
      this.refresh(() => { saving = false; message = { kind: 'error', text: e.message }; });
    }
  };

  for ({ notice } of this) {
    yield (
      <div class="notice-editor">
        <div class="notice-head">
          <h2>{notice.title}</h2>
          <span class="muted">For {notice.audience.toLowerCase()} · last updated {longDate(notice.updated)}</span>
        </div>
        <vaadin-rich-text-editor class="rte" copy="class" aria-label={`Notice text: ${notice.title}`}></vaadin-rich-text-editor>
        <div class="toolbar-row">
          <button class="btn primary" onclick={save} disabled={saving}>{saving ? 'Saving…' : 'Save notice'}</button>
          <span class="muted">{dirty ? 'Unsaved changes' : ''}</span>
        </div>
        {message && <div class={`notice ${message.kind}`} role="status">{message.text}</div>}
      </div>
    );
  }
}

export function* NoticesPage() {
  let notices = null;
  let error = null;
  let selected = null;
  api.get('/api/notices').then(
    (r) => { if (!this.isUnmounted) this.refresh(() => { notices = r; selected = r[0].id; }); },
    (e) => { if (!this.isUnmounted) this.refresh(() => { error = e.message; }); },
  );
  for ({} of this) {
    const current = notices && notices.find((n) => n.id === selected);
    yield (
      <section class="page">
        <h1>Visitor notices</h1>
        <p class="lede">Notices shown on the website and on the screens at the glasshouse entrances. Choose a notice to edit it.</p>
        {error && <div class="notice error">{error}</div>}
        {!notices && !error && <div class="loading">Loading notices…</div>}
        {notices && (
          <div class="notices-layout">
            <ul class="notice-list" role="list">
              {notices.map((n) => (
                <li key={n.id}>
                  <button class={`notice-pick ${n.id === selected ? 'active' : ''}`} aria-pressed={n.id === selected ? 'true' : 'false'}
                    onclick={() => this.refresh(() => { selected = n.id; })}>
                    <span class="t">{n.title}</span>
                    <span class="muted">{n.audience}</span>
                  </button>
                </li>
              ))}
            </ul>
            {current && <NoticeEditor key={current.id} notice={current} />}
          </div>
        )}
      </section>
    );
  }
}
