import { definePage } from './page.js';
import { api, esc } from '../api.js';
import FileUploader from 'devextreme/ui/file_uploader';
import 'devextreme/dist/css/dx.light.css';

definePage('page-honeylab', `
  <h1>Honey lab</h1>
  <p class="lede">Upload the refractometer export (CSV) for an extraction batch. The lab works out the mean moisture; honey above 18.0 % cannot be sold as table honey.</p>
  <div class="panel"><div id="uploader"></div><div id="result" aria-live="polite"></div></div>
  <div class="panel"><h2 style="font-size:16px;margin-top:0">Batches checked this session</h2><table class="list"><thead><tr><th>Batch</th><th>File</th><th>Jars</th><th>Mean moisture</th><th>Verdict</th></tr></thead><tbody id="rows"></tbody></table></div>`, async (el) => {
  const result = el.querySelector('#result');
  const rows = el.querySelector('#rows');
  async function list() {
    const { batches } = await api('/api/extraction-batches');
    rows.innerHTML = batches.length ? batches.map((b) => `<tr><td>${esc(b.batch)}</td><td>${esc(b.filename)}</td><td>${b.jars}</td><td>${b.meanMoisture.toFixed(2)} %</td><td>${esc(b.verdict)}</td></tr>`).join('') : '<tr><td colspan="5">No batches uploaded yet.</td></tr>';
  }
  const up = new FileUploader(el.querySelector('#uploader'), {
    name: 'file', uploadUrl: '/api/extraction-batches', uploadMode: 'instantly', multiple: false,
    accept: '.csv,text/csv', allowedFileExtensions: ['.csv'],
    selectButtonText: 'Choose batch file', labelText: 'or drop the CSV file here',
    inputAttr: { 'aria-label': 'Extraction batch CSV file' },
    onUploaded(e) {
      let r; try { r = JSON.parse(e.request.responseText); } catch { return; }
      result.innerHTML = `<div class="result"><strong>Batch ${esc(r.batch)}</strong> (${esc(r.filename)}): ${r.jars} jars, ${r.totalKg} kg net.<br>Mean moisture <strong>${r.meanMoisture.toFixed(2)} %</strong> · highest ${r.maxMoisture.toFixed(1)} % · ${esc(r.verdict)}</div>`;
      list();
    },
    onUploadError(e) {
      let msg = 'Upload failed'; try { msg = JSON.parse(e.request.responseText).error || msg; } catch { /* keep default */ }
      result.innerHTML = `<p class="error">${esc(msg)}</p>`;
    },
  });
  list();
  return () => up.dispose();
});
