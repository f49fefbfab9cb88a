// Shop stock counts: UI5 Web Components (fiori UploadCollection + FileUploader, shadow DOM).
// The chosen CSV is posted as multipart/form-data; the server parses it and reports the line count.
import { define, html } from 'hybrids';
import { setDefaultFontLoading } from '@ui5/webcomponents-base/dist/config/Fonts.js';
import '@ui5/webcomponents/dist/FileUploader.js';
import '@ui5/webcomponents/dist/Button.js';
import '@ui5/webcomponents/dist/Title.js';
import '@ui5/webcomponents/dist/Icon.js';
import '@ui5/webcomponents-fiori/dist/UploadCollection.js';
import '@ui5/webcomponents-fiori/dist/UploadCollectionItem.js';
import '@ui5/webcomponents-icons/dist/upload.js';
import '@ui5/webcomponents-icons/dist/add-document.js';
import '@ui5/webcomponents-icons/dist/document-text.js';
import { api } from '../api.js';

setDefaultFontLoading(false);

function setFile(host, file) {
  if (!file) return;
  host.file = file;
  host.state = 'Ready';
  host.progress = 0;
  host.result = null;
  host.error = '';
}

async function upload(host) {
  host.error = '';
  host.result = null;
  if (!host.shop) { host.error = 'Choose which shop this stock count is for.'; return; }
  if (!host.file) { host.error = 'Choose a stock count file first.'; return; }
  const fd = new FormData();
  fd.append('shop', host.shop);
  fd.append('file', host.file, host.file.name);
  host.state = 'Uploading';
  host.progress = 35;
  host.busy = true;
  try {
    const res = await api('POST', '/api/stock-imports', fd);
    host.progress = 100;
    host.state = 'Complete';
    host.result = res;
    host.imports = [res, ...host.imports];
  } catch (e) {
    host.state = 'Error';
    host.error = e.message;
  } finally {
    host.busy = false;
  }
}

function onChoose(host, event) {
  const files = event.detail?.files || event.target.files;
  if (files && files.length) setFile(host, files[0]);
  // allow choosing the same file again later
  try { event.target.value = ''; } catch { /* ignore */ }
}

function onDrop(host, event) {
  event.preventDefault();
  const files = event.dataTransfer?.files;
  if (files && files.length) setFile(host, files[0]);
}

function onItemDelete(host) {
  host.file = null; host.state = 'Ready'; host.progress = 0; host.result = null; host.error = '';
}

const fmt = (n) => Number(n).toLocaleString('en-GB');

define({
  tag: 'fw-stock',
  shops: { value: undefined },
  imports: { value: (host, v) => v || [] },
  shop: '',
  file: { value: undefined },
  state: 'Ready',
  progress: 0,
  busy: false,
  result: { value: undefined },
  error: '',
  render: {
    value: ({ shops, imports, shop, file, state, progress, busy, result, error }) => html`
      <section class="page">
        <header>
          <h1>Shop stock counts</h1>
          <p>Each charity shop exports a stock count from its till at the end of the month.
             Import the CSV here to update the stock system.</p>
        </header>
        <div class="stock-layout">
          <div class="panel">
            <div class="form-row" style="margin-bottom: .9rem">
              <label class="field">Shop
                <select value="${shop}" onchange="${(h, e) => { h.shop = e.target.value; }}">
                  <option value="" selected="${!shop}">Choose shop…</option>
                  ${(shops || []).map((s) => html`<option value="${s}" selected="${shop === s}">${s}</option>`.key(s))}
                </select>
              </label>
            </div>
            <ui5-upload-collection
              accessible-name="Stock count file"
              no-data-text="No file chosen"
              no-data-description="Drop a till export (.csv) here or use Choose file."
              onitem-delete="${onItemDelete}"
              ondrop="${onDrop}">
              <div slot="header" class="uc-header">
                <ui5-title level="H5">Stock count file</ui5-title>
                <ui5-file-uploader hide-input accept=".csv,text/csv" onchange="${onChoose}">
                  <ui5-button icon="add-document">Choose file…</ui5-button>
                </ui5-file-uploader>
              </div>
              ${file && html`
                <ui5-upload-collection-item
                  file-name="${file.name}"
                  upload-state="${state}"
                  progress="${progress}"
                  hide-retry-button
                  hide-terminate-button>
                  <ui5-icon name="document-text" slot="thumbnail"></ui5-icon>
                  ${Math.max(1, Math.round(file.size / 1024))} KB · ${state === 'Complete' ? 'imported' : state === 'Uploading' ? 'importing…' : state === 'Error' ? 'not imported' : 'ready to import'}
                </ui5-upload-collection-item>`}
            </ui5-upload-collection>
            <div style="margin-top: .9rem; display: flex; gap: .75rem; align-items: center">
              <ui5-button design="Emphasized" icon="upload" disabled="${busy || !file || state === 'Complete'}" onclick="${upload}">Import stock count</ui5-button>
            </div>
            ${result && html`<div class="result" role="status">Imported <strong>${fmt(result.lines)}</strong> stock lines (${fmt(result.units)} items) for the ${result.shop} shop from ${result.file}.</div>`}
            ${error && html`<div class="result error" role="alert">${error}</div>`}
          </div>
          <div class="panel">
            <h2>Recent imports</h2>
            <table class="fw-table">
              <thead><tr><th>When</th><th>Shop</th><th>File</th><th>Lines</th></tr></thead>
              <tbody>
                ${imports.map((i) => html`<tr><td>${i.at}</td><td>${i.shop}</td><td>${i.file}</td><td>${fmt(i.lines)}</td></tr>`.key(i.id))}
              </tbody>
            </table>
          </div>
        </div>
      </section>
    `,
    connect(host) {
      api('GET', '/api/stock-imports').then((d) => { host.shops = d.shops; host.imports = d.imports; })
        .catch((e) => { host.error = e.message; });
    },
  },
});
