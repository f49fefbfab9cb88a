import { Controller } from '@hotwired/stimulus';
import ss from 'simple-ajax-uploader';

export default class extends Controller {
  static targets = ['button', 'progress', 'result', 'history'];

  connect() {
    const self = this;
    this.uploader = new ss.SimpleUpload({
      button: this.buttonTarget,
      url: '/api/statements/upload',
      name: 'statement',
      responseType: 'json',
      allowedExtensions: ['csv'],
      maxSize: 2048,
      hoverClass: 'is-hover',
      focusClass: 'is-focus',
      disabledClass: 'is-disabled',
      onSubmit(filename) {
        const bar = document.createElement('div');
        bar.className = 'bar';
        const wrap = document.createElement('div');
        wrap.className = 'bar-wrap';
        wrap.appendChild(bar);
        self.progressTarget.replaceChildren(document.createTextNode(`Uploading ${filename}… `), wrap);
        this.setProgressBar(bar);
        self.resultTarget.textContent = '';
      },
      onComplete(filename, response) {
        self.progressTarget.textContent = '';
        if (!response || !response.success) {
          self.resultTarget.innerHTML = '';
          self.resultTarget.textContent = (response && response.msg) || 'Import failed.';
          return;
        }
        self.resultTarget.innerHTML = `<div class="import-ok"><strong>Imported ${response.rows} payments</strong> from ${filename}.<br>Total rent received: <span class="total">${response.total}</span></div>`;
        const li = document.createElement('li');
        li.textContent = `${filename} — ${response.rows} payments — ${response.total} `;
        const s = document.createElement('span'); s.className = 'muted'; s.textContent = '(just now)'; li.appendChild(s);
        self.historyTarget.prepend(li);
      },
      onExtError(filename) { self.resultTarget.textContent = `${filename} is not a CSV file.`; },
      onSizeError(filename) { self.resultTarget.textContent = `${filename} is too large (2 MB max).`; },
      onError(filename, type, status) { self.progressTarget.textContent = ''; self.resultTarget.textContent = `Upload of ${filename} failed (${status || type}).`; },
    });
  }

  disconnect() { this.uploader?.destroy(); this.uploader = null; }
}
