import { html, render } from 'uhtml';
import Droppable from 'droppable';
import { api } from '../api.js';

export function mount(el) {
  let file = null, result = null, busy = false, error = '';
  render(el, html`
    <h1>Shop takings import</h1>
    <p class="lead">Import a till export (CSV) from the gift shop. Drop the file on the box, or click the box to choose it.</p>
    <div class="dropbox" id="dropbox" tabindex="0"><strong>Drop a CSV file here</strong><span>or click to choose one</span></div>
    <div id="import-state"></div>`);
  const state = el.querySelector('#import-state');
  const droppable = new Droppable({ element: el.querySelector('#dropbox'), acceptsMultipleFiles: false, isClickable: true, appendStatusClasses: true });
  const draw = () => render(state, html`
    ${file ? html`<p class="picked">Selected file: <b>${file.name}</b> (${Math.round(file.size / 102.4) / 10} KB)</p>
      <div class="toolbar"><button class="primary" onclick=${send} ?disabled=${busy || !!result}>Import file</button></div>` : html`<p class="muted">No file selected.</p>`}
    ${busy ? html`<p class="msg">Importing…</p>` : ''}
    ${error ? html`<p class="error">${error}</p>` : ''}
    ${result ? html`<div class="result"><p>Import <b>${result.id}</b> complete: <b>${result.rows}</b> rows imported from ${result.name}.</p></div>` : ''}`);
  droppable.onFilesDropped(files => { file = files[0] || null; result = null; error = ''; draw(); });
  async function send() {
    if (!file || busy) return;
    busy = true; error = ''; draw();
    try {
      const text = await file.text();
      result = await api('POST', '/api/imports', text, { 'content-type': 'text/csv', 'x-filename': encodeURIComponent(file.name) });
    } catch (e) { error = e.message; }
    busy = false; draw();
  }
  draw();
  return () => droppable.destroy();
}
