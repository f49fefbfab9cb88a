import Ractive from 'ractive';
// FileDrop is a classic (non-module) script that defines window.fd, so it is loaded with a
// <script> tag exactly as its documentation shows; Vite just copies the file into dist/assets.
import filedropUrl from 'filedrop/filedrop.js?url';
import 'filedrop/filedrop.css';
import { get } from '../api.js';

let loading = null;
function loadFileDrop() {
  if (window.fd && window.fd.FileDrop) return Promise.resolve(window.fd);
  if (!loading) {
    loading = new Promise((resolve, reject) => {
      // If the hive register already started the Dojo AMD loader, FileDrop's UMD header would
      // register it as an anonymous AMD module; hide define() while the script runs.
      const amdDefine = window.define;
      window.define = undefined;
      const restore = () => { if (amdDefine) window.define = amdDefine; };
      const s = document.createElement('script');
      s.src = filedropUrl;
      s.onload = () => { restore(); if (window.fd) window.fd.logging = false; resolve(window.fd); };
      s.onerror = () => { restore(); reject(new Error('Could not load the uploader')); };
      document.head.appendChild(s);
    });
  }
  return loading;
}

export default Ractive.extend({
  data: () => ({ chosen: null, uploading: false, result: null, error: '', imports: [] }),
  template: `
    <section class="page inspections-page">
      <h1>Inspection import</h1>
      <p class="lede">Apiary leads keep their inspection sheets offline. Import a sheet here and the register picks it up overnight.</p>
      <fieldset id="inspection-zone" class="fd-zone dropzone">
        <legend>Inspection sheet (CSV)</legend>
        <p class="drop-hint">Drop the sheet here, or click to browse</p>
        {{#if chosen}}<p class="chosen">Selected: <strong>{{chosen.name}}</strong> ({{chosen.size}} bytes)</p>{{/if}}
      </fieldset>
      <div class="toolbar">
        <button type="button" class="btn btn-go" on-click="@this.upload()" disabled="{{!chosen || uploading}}">{{#if uploading}}Importing…{{else}}Import sheet{{/if}}</button>
        {{#if error}}<span class="error">{{error}}</span>{{/if}}
      </div>
      {{#if result}}
        <div class="result-box">
          <h2>Import finished</h2>
          <p><strong>{{result.rows}}</strong> inspection rows imported from {{result.fileName}}.</p>
          <p class="muted">Import {{result.id}}</p>
        </div>
      {{/if}}
      {{#if imports.length}}
        <h2 class="sub">Imported this session</h2>
        <table class="plain">
          <thead><tr><th>Import</th><th>File</th><th>Rows</th></tr></thead>
          <tbody>{{#each imports}}<tr><td>{{.id}}</td><td>{{.fileName}}</td><td>{{.rows}}</td></tr>{{/each}}</tbody>
        </table>
      {{/if}}
    </section>
  `,
  oninit() {
    this.refresh();
  },
  refresh() {
    get('/api/inspections/imports').then((l) => this.set('imports', l)).catch(() => {});
  },
  async oncomplete() {
    const page = this;
    const fd = await loadFileDrop();
    if (this.torndown) return;
    this.zone = new fd.FileDrop(this.find('#inspection-zone'), { multiple: false });
    this.zone.event('send', function (files) {
      const f = files[0];
      if (!f) return;
      page.file = f;
      page.set({ chosen: { name: f.name, size: f.size }, error: '', result: null });
    });
    this.zone.event('inputSetup', function (input) {
      input.file.setAttribute('accept', '.csv,text/csv');
    });
    const input = this.zone.opt && this.zone.opt.input;
    if (input && input.file) input.file.setAttribute('accept', '.csv,text/csv');
  },
  upload() {
    const f = this.file;
    if (!f || this.get('uploading')) return;
    this.set({ uploading: true, error: '', result: null });
    f.event('done', (xhr) => {
      let data = {};
      try { data = JSON.parse(xhr.responseText); } catch { /* ignore */ }
      this.set({ uploading: false, result: data, chosen: null });
      this.file = null;
      this.refresh();
    });
    f.event('error', (e, xhr) => {
      let msg = 'Upload failed.';
      try { msg = JSON.parse(xhr.responseText).error || msg; } catch { /* ignore */ }
      this.set({ uploading: false, error: msg });
    });
    f.sendTo('/api/inspections/import');
  },
  onteardown() { this.torndown = true; },
});
