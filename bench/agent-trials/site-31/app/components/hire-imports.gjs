import Component from '@glimmer/component';
import { tracked } from '@glimmer/tracking';
import { action } from '@ember/object';
import FileDropzone from 'ember-file-upload/components/file-dropzone';
import fileQueue from 'ember-file-upload/helpers/file-queue';
import { api, fmtDate } from '../utils/api';

export default class HireImports extends Component {
  @tracked imports = [];
  @tracked result = null;
  @tracked error = '';
  @tracked uploading = null;
  @tracked loaded = false;

  constructor() {
    super(...arguments);
    this.load();
  }

  async load() {
    const data = await api('GET', '/api/hire-requests/imports');
    this.imports = data.imports.slice().reverse();
    this.loaded = true;
  }

  @action async upload(file) {
    this.error = '';
    this.result = null;
    if (!/\.csv$/i.test(file.name)) {
      this.error = `${file.name} is not a CSV file.`;
      file.queue?.remove(file);
      return;
    }
    this.uploading = file.name;
    try {
      const response = await file.upload('/api/hire-requests/import', { fileKey: 'file' });
      this.result = await response.json();
      await this.load();
    } catch (response) {
      let msg = 'Upload failed.';
      try {
        msg = (await response.json()).error || msg;
      } catch {
        /* ignore */
      }
      this.error = msg;
    } finally {
      this.uploading = null;
    }
  }

  fmt = (iso) => fmtDate(iso);

  <template>
    {{#let (fileQueue name="hire-requests" onFileAdded=this.upload) as |queue|}}
      <FileDropzone @queue={{queue}} class="dropzone" as |dropzone|>
        {{#if dropzone.active}}
          <p class="drop-big">Drop the CSV to import it</p>
        {{else if this.uploading}}
          <p class="drop-big">Importing {{this.uploading}}… {{queue.progress}}%</p>
        {{else}}
          <p class="drop-big">Drag a hire-request export (.csv) here</p>
          <p>or
            <label class="btn secondary file-btn">
              Choose a file…
              <input type="file" accept=".csv,text/csv" class="visually-hidden" {{queue.selectFile}} />
            </label>
          </p>
          <p class="hint">Exports come from the promoter portal: one row per hire request, with a <code>season</code> column.</p>
        {{/if}}
      </FileDropzone>
    {{/let}}

    {{#if this.error}}<p class="error" role="alert">{{this.error}}</p>{{/if}}
    {{#if this.result}}
      <div class="import-result" role="status">
        <strong>{{this.result.filename}}</strong>: {{this.result.count}} hire requests imported (season {{this.result.season}}).
      </div>
    {{/if}}

    <section class="panel">
      <h2>Import history</h2>
      <table class="table">
        <thead><tr><th>Import</th><th>File</th><th>Season</th><th>Requests</th><th>Date</th></tr></thead>
        <tbody>
          {{#each this.imports as |imp|}}
            <tr><td>{{imp.id}}</td><td>{{imp.filename}}</td><td>{{imp.season}}</td><td>{{imp.count}}</td><td>{{this.fmt imp.at}}</td></tr>
          {{else}}
            <tr><td colspan="5">{{if this.loaded "No imports yet." "Loading import history…"}}</td></tr>
          {{/each}}
        </tbody>
      </table>
    </section>
  </template>
}
