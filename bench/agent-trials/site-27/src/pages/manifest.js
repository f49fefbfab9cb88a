import { CustomElement } from 'aurelia';
import 'file-drop-element';
import { api } from '../api.js';

export const ManifestPage = CustomElement.define({
  name: 'manifest-page',
  template: `
  <h1>Manifest upload</h1>
  <p class="muted">Upload a trip's passenger manifest (CSV exported from the school's MIS). The office checks it and works out what is still owed.</p>
  <file-drop ref="drop" accept=".csv,text/csv" class="dropzone \${file ? 'has-file' : ''}">
    <p><strong>Drop the manifest CSV here</strong></p>
    <p>or <label class="linklike">choose a file<input type="file" ref="input" accept=".csv,text/csv" class="visually-hidden" change.trigger="picked()" aria-label="Choose manifest file"></label></p>
    <p if.bind="file" class="chosen">Selected: <strong>\${file.name}</strong> (\${file.size} bytes)</p>
  </file-drop>
  <div class="toolbar">
    <button type="button" class="primary" click.trigger="upload()" disabled.bind="!file || busy">\${busy ? 'Uploading…' : 'Upload manifest'}</button>
    <span role="status" class="status">\${message}</span>
  </div>
  <section if.bind="result" class="result" aria-label="Manifest check result">
    <h2>Manifest checked: \${result.filename}</h2>
    <dl>
      <dt>Trip</dt><dd>\${result.trip}</dd>
      <dt>Pupils listed</dt><dd>\${result.pupils}</dd>
      <dt>Pupils with dietary needs</dt><dd>\${result.dietaryNeeds}</dd>
      <dt>Total balance due</dt><dd class="big">£\${result.balanceDue.toLocaleString('en-GB')}</dd>
    </dl>
  </section>`,
}, class {
  file = null; busy = false; message = ''; result = null;
  attached() { this.onDrop = (e) => { this.file = e.file; this.result = null; this.message = ''; }; this.drop.addEventListener('filedrop', this.onDrop); }
  detaching() { this.drop.removeEventListener('filedrop', this.onDrop); }
  picked() { this.file = this.input.files[0] || null; this.result = null; this.message = ''; }
  async upload() {
    this.busy = true; this.message = 'Uploading…';
    try { const content = await this.file.text(); this.result = await api('POST', '/api/manifests', { filename: this.file.name, content }); this.message = 'Upload complete.'; }
    catch (e) { this.message = 'Upload failed: ' + e.message; }
    finally { this.busy = false; }
  }
});
