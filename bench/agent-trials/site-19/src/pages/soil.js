import ko from 'knockout';
import Uploader from 'simple-uploader.js';
import { page } from './component.js';
import { api, fmtDate } from '../api.js';

const template = `
<div class="cols">
  <section class="panel">
    <h2>Upload soil samples</h2>
    <p class="muted">Upload the CSV export from the soil testing kit (one row per sample, with a <code>ph</code> column). The office works out the average and the liming advice.</p>
    <div class="dropzone-area">
      <p>Drop a CSV file here, or</p>
      <button type="button" class="btn primary browse">Choose file…</button>
    </div>
    <ul class="uploads" data-bind="foreach: files">
      <li>
        <span data-bind="text: name"></span>
        <span class="muted" data-bind="text: state"></span>
        <progress max="100" data-bind="value: progress, visible: progress() < 100"></progress>
      </li>
    </ul>
    <div class="result" data-bind="with: result">
      <h3>Result for <span data-bind="text: file"></span></h3>
      <dl class="facts">
        <dt>Average pH</dt><dd class="big" data-bind="text: ph"></dd>
        <dt>Samples</dt><dd data-bind="text: samples"></dd>
        <dt>Average nitrate</dt><dd><span data-bind="text: nitrate"></span> ppm</dd>
        <dt>Advice</dt><dd data-bind="text: advice"></dd>
      </dl>
    </div>
    <p class="error" data-bind="text: error, visible: error"></p>
  </section>
  <section class="panel">
    <h2>Previous soil reports</h2>
    <table class="table">
      <thead><tr><th>Report</th><th>File</th><th>Uploaded</th><th>Samples</th><th>Avg pH</th></tr></thead>
      <tbody data-bind="foreach: history"><tr><td data-bind="text: id"></td><td data-bind="text: file"></td><td data-bind="text: $component.fmt(uploaded)"></td><td data-bind="text: samples"></td><td data-bind="text: ph"></td></tr></tbody>
    </table>
  </section>
</div>`;

class SoilVM {
  constructor(params, el) {
    this.el = el;
    this.fmt = fmtDate;
    this.files = ko.observableArray([]);
    this.result = ko.observable(null);
    this.error = ko.observable('');
    this.history = ko.observableArray([]);
    this.load();
  }
  load() { api('GET', '/api/soil-tests').then((r) => this.history(r.slice().reverse())); }
  koDescendantsComplete() {
    const up = new Uploader({ target: '/api/soil-tests/upload', testChunks: false, singleFile: true, chunkSize: 2 * 1024 * 1024, simultaneousUploads: 1, allowDuplicateUploads: true, permanentErrors: [400, 404, 415, 422, 500, 501], maxChunkRetries: 0 });
    this.uploader = up;
    up.assignBrowse(this.el.querySelector('.browse'), false, true, { accept: '.csv,text/csv' });
    up.assignDrop(this.el.querySelector('.dropzone-area'));
    const rows = new Map();
    up.on('filesAdded', (files) => {
      this.error('');
      this.result(null);
      for (const f of files) {
        const row = { name: f.name, state: ko.observable('Waiting'), progress: ko.observable(0) };
        rows.set(f.id, row); this.files.push(row);
      }
    });
    up.on('filesSubmitted', () => up.upload());
    up.on('fileProgress', (root, file) => { const r = rows.get(root.id); if (r) { r.state('Uploading'); r.progress(Math.round(root.progress() * 100)); } });
    up.on('fileSuccess', (root, file, message) => {
      const r = rows.get(root.id); if (r) { r.state('Uploaded'); r.progress(100); }
      try { this.result(JSON.parse(message)); } catch { this.error('Unexpected reply from the server'); }
      this.load();
    });
    up.on('fileError', (root, file, message) => {
      const r = rows.get(root.id); if (r) { r.state('Failed'); r.progress(100); }
      let msg = message; try { msg = JSON.parse(message).error; } catch { /* plain */ }
      this.error('Upload failed: ' + msg);
    });
  }
  dispose() { if (this.uploader) this.uploader.cancel(); }
}
page('page-soil', template, SoilVM);
