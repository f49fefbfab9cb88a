import { LitElement, html, css } from 'lit';
import '@carbon/web-components/es/components/file-uploader/index.js';
import { pageStyles } from '../shared.js';

class KhGermination extends LitElement {
  static properties = { files: { state: true }, result: { state: true }, error: { state: true } };
  static styles = [pageStyles, css`
    .result dl { display: grid; grid-template-columns: max-content 1fr; gap: .35rem 1.2rem; margin: .4rem 0 0; }
    .result dt { color: #5a6357; } .result dd { margin: 0; font-weight: 600; }
    cds-file-uploader { max-width: 520px; display: block; }
  `];
  constructor() { super(); this.files = []; this.result = null; this.error = null; }
  async onAdded(e) {
    const file = e.detail.addedFiles[0];
    if (!file) return;
    const item = { id: Math.random().toString(36).slice(2), name: file.name, state: 'uploading' };
    this.files = [...this.files, item]; this.error = null;
    try {
      const body = await file.text();
      const res = await fetch('/api/germination/upload', { method: 'POST', headers: { 'content-type': 'text/csv', 'x-file-name': encodeURIComponent(file.name) }, body });
      const data = await res.json();
      if (!res.ok) throw new Error(data.error || 'Upload failed');
      item.state = 'complete'; this.result = data;
    } catch (err) {
      item.state = 'edit'; item.invalid = true; this.error = err.message;
    }
    this.files = [...this.files];
  }
  onDeleted(e) { const id = e.target.dataset.fileId; this.files = this.files.filter((f) => f.id !== id); }
  render() {
    const r = this.result;
    return html`
      <h1>Germination test import</h1>
      <p class="sub">Import the dish-level results sheet (CSV) exported from the germination lab. The overall germination rate for the run is calculated on import.</p>
      <div class="card">
        <cds-file-uploader label-title="Upload results sheet" label-description="CSV only, one test run per file. Max 500 kb.">
          <cds-file-uploader-drop-container accept=".csv text/csv" @cds-file-uploader-drop-container-changed=${this.onAdded}>
            Drag and drop a CSV here or click to upload
          </cds-file-uploader-drop-container>
          ${this.files.map((f) => html`<cds-file-uploader-item data-file-id=${f.id} state=${f.state} ?invalid=${f.invalid} error-subject="Import failed" error-body=${this.error || ''} @cds-file-uploader-item-deleted=${this.onDeleted}>${f.name}</cds-file-uploader-item>`)}
        </cds-file-uploader>
      </div>
      ${r ? html`<div class="card result" style="margin-top:1rem" role="status">
        <b>Imported ${r.name}</b>
        <dl>
          <dt>Test run</dt><dd>${r.runs.join(', ')}</dd>
          <dt>Dishes</dt><dd>${r.rows}</dd>
          <dt>Seeds sown</dt><dd>${r.sown}</dd>
          <dt>Seeds germinated</dt><dd>${r.germinated}</dd>
          <dt>Overall germination</dt><dd>${r.percent}%</dd>
        </dl></div>` : ''}
    `;
  }
}
customElements.define('kh-germination', KhGermination);
