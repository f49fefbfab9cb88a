// Crew notices: the winter operations notice, edited in Vditor's WYSIWYG mode.
// Vditor's runtime assets (Lute, i18n, icons) are served locally from /vendor/vditor.
import { define, html } from 'hybrids';
import Vditor from 'vditor';
import 'vditor/dist/index.css';
import { api } from '../api.js';

const CDN = '/vendor/vditor';

function mount(host, notice) {
  const el = host.querySelector('.notice-editor');
  host.editor = new Vditor(el, {
    mode: 'wysiwyg',
    cdn: CDN,
    lang: 'en_US',
    icon: 'ant',
    theme: 'classic',
    height: 'auto',
    minHeight: 380,
    width: '100%',
    value: notice.markdown,
    cache: { enable: false },
    placeholder: 'Write the notice…',
    counter: { enable: false },
    preview: {
      theme: { current: 'light', path: `${CDN}/dist/css/content-theme` },
      hljs: { enable: false },
      math: { engine: 'KaTeX' },
      markdown: { autoSpace: false, fixTermTypo: false, gfmAutoLink: false },
    },
    hint: { emojiPath: `${CDN}/dist/images/emoji`, emoji: {}, parse: false },
    link: { isOpen: false },
    toolbar: ['headings', 'bold', 'italic', 'strike', 'link', '|', 'list', 'ordered-list', 'quote', 'line', '|', 'undo', 'redo'],
    toolbarConfig: { pin: true },
    upload: { url: '' },
    input: () => { host.dirty = true; host.message = ''; },
    after: () => { host.ready = true; },
  });
}

async function load(host) {
  const notice = await api('GET', '/api/notices/winter-ops');
  host.notice = notice;
  requestAnimationFrame(() => mount(host, notice));
}

async function save(host) {
  if (!host.editor || host.saving) return;
  host.saving = true;
  host.message = '';
  try {
    const res = await api('PUT', '/api/notices/winter-ops', { markdown: host.editor.getValue(), html: host.editor.getHTML() });
    host.notice = { ...host.notice, updatedAt: res.updatedAt, updatedBy: 'You' };
    host.dirty = false;
    host.message = 'Notice saved and published to the crew room screens.';
    host.messageKind = 'ok';
  } catch (e) {
    host.message = e.message; host.messageKind = 'error';
  } finally {
    host.saving = false;
  }
}

define({
  tag: 'fw-notice',
  notice: { value: undefined },
  editor: { value: undefined, connect: (host) => () => { try { host.editor?.destroy(); } catch { /* ignore */ } } },
  ready: false,
  dirty: false,
  saving: false,
  message: '',
  messageKind: '',
  render: {
    value: ({ notice, ready, saving, message, messageKind, dirty }) => html`
      <section class="page">
        <header>
          <h1>Crew notices</h1>
          <p>Notices shown on the crew room screens at both bases. Edit the text below and save to publish.</p>
        </header>
        <div class="panel">
          <h2>${notice ? notice.title : 'Loading notice…'}</h2>
          ${notice && html`<div class="notice-meta">Last updated ${notice.updatedAt} by ${notice.updatedBy}</div>`}
          <div class="notice-editor"></div>
          ${!ready && html`<p class="loading">Starting the editor…</p>`}
          <div class="notice-actions">
            <button type="button" class="fw-btn primary" onclick="${save}" disabled="${!ready || saving}">${saving ? 'Saving…' : 'Save notice'}</button>
            ${dirty && html`<span class="dirty-count">Unsaved edits</span>`}
            ${message && html`<span class="msg ${messageKind}" role="status">${message}</span>`}
          </div>
        </div>
      </section>
    `,
    connect(host) { load(host).catch((e) => { host.message = e.message; host.messageKind = 'error'; }); },
  },
});
