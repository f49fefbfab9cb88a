import { View } from 'backbone.marionette';
import Dropzone from 'dropzone';
import 'dropzone/dist/dropzone.css';
import { get, esc } from '../api.js';

Dropzone.autoDiscover = false;

const row = (m) => `<tr><td>${esc(m.id)}</td><td>${esc(m.filename)}</td><td>${esc(m.sailing)}</td><td>${m.passengers}</td><td>${m.vehicles}</td><td>${esc(m.fares)}</td></tr>`;

export const ManifestsView = View.extend({
  template: () => `
    <div class="grid2">
      <div class="card">
        <h2>Upload a passenger manifest</h2>
        <p class="muted small">CSV export from the check-in tablets. One file per sailing.</p>
        <div class="dropzone manifest-drop"></div>
      </div>
      <div class="card result-card">
        <h2>Manifest summary</h2>
        <div class="result muted">Upload a file to see its totals.</div>
      </div>
    </div>
    <div class="card"><h2>Manifests uploaded today</h2>
      <table class="table"><thead><tr><th>Manifest</th><th>File</th><th>Sailing</th><th>Passengers</th><th>Vehicles</th><th>Fares</th></tr></thead><tbody class="uploads"><tr><td colspan="6" class="muted">Loading…</td></tr></tbody></table>
    </div>`,
  onAttach() {
    get('/api/manifests').then((list) => {
      if (this.isDestroyed()) return;
      this.$('.uploads').html(list.filter((m) => m.id).map(row).join('') || '<tr class="none"><td colspan="6" class="muted">None yet.</td></tr>');
    });
    this.dz = new Dropzone(this.$('.manifest-drop')[0], {
      url: '/api/manifests',
      paramName: 'file',
      acceptedFiles: '.csv,text/csv',
      maxFilesize: 2,
      dictDefaultMessage: 'Drop the manifest CSV here, or click to choose a file',
    });
    this.dz.on('success', (file, m) => {
      this.$('.result').removeClass('muted').html(`
        <dl class="summary">
          <dt>Manifest</dt><dd>${esc(m.id)}</dd>
          <dt>Sailing</dt><dd>${esc(m.sailing)}</dd>
          <dt>Passengers</dt><dd>${m.passengers}</dd>
          <dt>Vehicles</dt><dd>${m.vehicles}</dd>
          <dt>Total fares</dt><dd class="fares">${esc(m.fares)}</dd>
        </dl>`);
      this.$('.uploads .none').remove();
      this.$('.uploads').append(row(m));
    });
    this.dz.on('error', (file, msg) => {
      this.$('.result').addClass('muted').text(typeof msg === 'string' ? msg : msg.error || 'Upload failed');
    });
  },
  onBeforeDestroy() {
    if (this.dz) this.dz.destroy();
  },
});
