import m from 'mithril';

let loading = null;
function loadTinyMCE() {
  if (window.tinymce) return Promise.resolve(window.tinymce);
  if (!loading) {
    loading = new Promise((resolve, reject) => {
      const s = document.createElement('script');
      s.src = '/assets/tinymce/tinymce.min.js';
      s.onload = () => resolve(window.tinymce);
      s.onerror = reject;
      document.head.appendChild(s);
    });
  }
  return loading;
}

export function HandbookPage() {
  let editor = null;
  let status = '';
  let busy = false;
  let dirty = false;
  let alive = true;
  async function save() {
    if (!editor) return;
    busy = true; status = 'Saving…';
    try {
      const r = await m.request({ method: 'PUT', url: '/api/handbook', body: { html: editor.getContent() } });
      status = `Saved at ${new Date(r.updatedAt).toLocaleTimeString()}.`;
      dirty = false;
      editor.setDirty(false);
    } catch (e) { status = 'Save failed.'; }
    busy = false;
  }
  return {
    async oncreate(v) {
      const [tinymce, doc] = await Promise.all([loadTinyMCE(), m.request('/api/handbook')]);
      if (!alive) return;
      const ta = v.dom.querySelector('textarea');
      ta.value = doc.html;
      const eds = await tinymce.init({
        target: ta,
        base_url: '/assets/tinymce',
        suffix: '.min',
        height: 560,
        menubar: false,
        branding: false,
        promotion: false,
        entity_encoding: 'raw',
        plugins: 'lists link autolink',
        toolbar: 'undo redo | blocks | bold italic underline | bullist numlist | link | removeformat',
        content_style: 'body { font-family: system-ui, sans-serif; font-size: 15px; line-height: 1.55; max-width: 760px; margin: 16px auto; }',
        setup: (ed) => { ed.on('input change undo redo ExecCommand', () => { dirty = ed.isDirty(); status = ''; m.redraw(); }); },
      });
      editor = eds[0];
      m.redraw();
    },
    onremove() { alive = false; if (editor) { editor.remove(); editor = null; } },
    view() {
      return m('.page.handbook', [
        m('h1', 'Member handbook'),
        m('p.muted', 'This is the handbook members see on the public site. Edit it below and press Save handbook to publish.'),
        m('.toolbar', [
          dirty ? m('span.badge.warn', 'Unsaved edits') : null,
          status ? m('span.status-inline', { role: 'status' }, status) : null,
          m('span.spacer'),
          m('button.primary', { onclick: save, disabled: busy || !editor }, 'Save handbook'),
        ]),
        m('.editor-host', m('textarea', { 'aria-label': 'Handbook text' })),
      ]);
    },
  };
}
