import { html, render } from 'uhtml';
import '@github/markdown-toolbar-element';
import { get, api } from '../api.js';

const esc = s => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
function md(src) { // tiny preview renderer: headings, bold, italic, links, paragraphs
  return src.split(/\n{2,}/).map(block => {
    let b = esc(block)
      .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, '<a href="$2" target="_blank" rel="noopener">$1</a>')
      .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
      .replace(/(^|[^\w*])[_*]([^_*\n]+)[_*](?![\w*])/g, '$1<em>$2</em>');
    const h = b.match(/^(#{1,6}) (.*)$/);
    if (h) return `<h${h[1].length + 1}>${h[2]}</h${h[1].length + 1}>`;
    return `<p>${b.replace(/\n/g, '<br>')}</p>`;
  }).join('');
}

export async function mount(el) {
  render(el, html`
    <h1>Visitor notice</h1>
    <p class="lead">Shown on the screen at Ashby Road booking office and on the station posters.</p>
    <div class="editor-wrap">
      <markdown-toolbar for="notice-md" class="md-toolbar">
        <md-header>Heading</md-header><md-bold>Bold</md-bold><md-italic>Italic</md-italic>
        <md-quote>Quote</md-quote><md-code>Code</md-code><md-link>Link</md-link>
        <md-unordered-list>Bullets</md-unordered-list><md-ordered-list>Numbers</md-ordered-list>
      </markdown-toolbar>
      <textarea id="notice-md" rows="12" disabled>Loading…</textarea>
    </div>
    <h2>Preview</h2>
    <div id="notice-preview" class="preview"></div>
    <div class="toolbar"><button class="primary" id="save-notice">Save notice</button><span class="msg" id="notice-msg"></span></div>`);
  const { markdown } = await get('/api/notice');
  const ta = el.querySelector('#notice-md');
  if (!ta) return;
  const pv = el.querySelector('#notice-preview');
  ta.value = markdown; ta.disabled = false;
  const upd = () => { pv.innerHTML = md(ta.value); };
  upd();
  ta.addEventListener('input', upd);
  const msg = el.querySelector('#notice-msg');
  el.querySelector('#save-notice').addEventListener('click', async () => {
    msg.textContent = 'Saving…';
    try { await api('PUT', '/api/notice', { markdown: ta.value }); msg.textContent = 'Notice saved.'; }
    catch (e) { msg.textContent = e.message; }
  });
}
