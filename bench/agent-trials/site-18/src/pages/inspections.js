import van from 'vanjs-core';
import $ from '../jq.js';
import 'dm-file-uploader/src/js/jquery.dm-uploader.js';
import 'dm-file-uploader/dist/css/jquery.dm-uploader.min.css';
import { api, fmtDate } from '../api.js';

const { div, h1, h2, h3, p, span, input, table, thead, tbody, tr, th, td, strong, ul, li } = van.tags;

export default function inspections(root) {
  const fileInput = input({ type: 'file', title: 'Click to add Files' });
  const drop = div({ class: 'dm-uploader drop-zone' },
    h3('Drag & drop a rope log here'),
    div({ class: 'muted' }, 'CSV export from the rope inspection app, one row per rope.'),
    div({ class: 'btn primary browse' }, span('Browse files…'), fileInput));
  const progress = div({ class: 'upload-progress', hidden: true }, div({ class: 'bar' }));
  const fileList = ul({ class: 'upload-files' });
  const result = div({ class: 'upload-result' });
  const history = tbody();

  van.add(root,
    h1('Rope inspections'),
    p({ class: 'muted' }, 'Upload the monthly rope log for a centre. The system checks every rope against the retirement rules (sheath wear 4 or more, any core fault, or over 300 uses).'),
    div({ class: 'grid-2' },
      div({ class: 'panel' }, h2('Upload a log'), drop, progress, fileList),
      div({ class: 'panel' }, h2('Result'), result)),
    div({ class: 'panel' }, h2('Previous inspections'),
      table({ class: 'table' }, thead(tr(th('Reference'), th('Centre'), th('File'), th('Uploaded'), th('Ropes checked'), th('To retire'), th('Metres to retire'))), history)),
  );
  result.replaceChildren(p({ class: 'muted' }, 'Nothing uploaded yet.'));

  function loadHistory() {
    api('/api/inspections').then((rows) => {
      history.replaceChildren(...rows.slice().reverse().map((r) => tr(td(r.id), td(r.centre), td(r.file), td(fmtDate(r.uploaded), ' ', r.uploaded.slice(11, 16)), td(r.checked), td(r.retire), td(`${r.metres} m`))));
    });
  }

  $(drop).dmUploader({
    url: '/api/inspections/upload',
    fieldName: 'file',
    multiple: false,
    extFilter: ['csv'],
    onNewFile(id, file) {
      fileList.replaceChildren(li({ id: 'uploaderFile' + id }, strong(file.name), ' ', span({ class: 'muted' }, `${Math.round(file.size / 10) / 100} KB`), ' ', span({ class: 'file-status' }, 'Waiting')));
    },
    onBeforeUpload(id) {
      progress.hidden = false;
      progress.firstChild.style.width = '0%';
      const st = fileList.querySelector('.file-status'); if (st) st.textContent = 'Uploading…';
      result.replaceChildren(p({ class: 'muted' }, 'Checking the log…'));
    },
    onUploadProgress(id, percent) { progress.firstChild.style.width = percent + '%'; },
    onUploadSuccess(id, data) {
      progress.hidden = true;
      const st = fileList.querySelector('.file-status'); if (st) st.textContent = 'Uploaded';
      result.replaceChildren(
        div({ class: 'result-head' }, strong(data.centre), ' — ', data.file, span({ class: 'muted' }, ` (${data.id})`)),
        div({ class: 'kpis small' },
          div({ class: 'kpi' }, div({ class: 'kpi-label' }, 'Ropes checked'), div({ class: 'kpi-value' }, data.checked)),
          div({ class: 'kpi' }, div({ class: 'kpi-label' }, 'Ropes to retire'), div({ class: 'kpi-value' }, data.retire)),
          div({ class: 'kpi' }, div({ class: 'kpi-label' }, 'Metres to retire'), div({ class: 'kpi-value' }, `${data.metres} m`))),
        table({ class: 'table' }, thead(tr(th('Rope'), th('Length'), th('Reason'))),
          tbody(data.ropes.map((r) => tr(td(r.id), td(`${r.length} m`), td(r.reasons))))));
      loadHistory();
    },
    onUploadError(id, xhr) {
      progress.hidden = true;
      const st = fileList.querySelector('.file-status'); if (st) st.textContent = 'Failed';
      let msg = 'Upload failed';
      try { msg = JSON.parse(xhr.responseText).error; } catch { /* keep */ }
      result.replaceChildren(p({ class: 'error' }, msg));
    },
    onFileExtError(file) {
      result.replaceChildren(p({ class: 'error' }, `${file.name} is not a CSV file.`));
    },
  });
  loadHistory();
  return () => { try { $(drop).dmUploader('destroy'); } catch { /* ignore */ } };
}
