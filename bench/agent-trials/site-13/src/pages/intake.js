import m from 'mithril';
import Flow from '@flowjs/flow.js';

export function IntakePage() {
  let flow = null;
  let file = null;
  let progress = 0;
  let uploading = false;
  let result = null;
  let error = '';
  let history = [];
  async function loadHistory() { history = await m.request('/api/intake'); }
  return {
    oninit: loadHistory,
    oncreate(v) {
      flow = new Flow({
        target: '/api/intake/upload',
        method: 'octet',
        uploadMethod: 'POST',
        singleFile: true,
        testChunks: false,
        chunkSize: 4 * 1024 * 1024,
        forceChunkSize: false,
        simultaneousUploads: 1,
        maxChunkRetries: 0,
      });
      if (!flow.support) { error = 'This browser cannot upload files.'; return; }
      flow.assignBrowse(v.dom.querySelector('.browse'), false, true, { accept: '.csv,text/csv' });
      flow.assignDrop(v.dom.querySelector('.dropzone'));
      flow.on('fileAdded', (f) => { error = ''; result = null; progress = 0; if (!/\.csv$/i.test(f.name)) { error = 'Only .csv manifests are accepted.'; m.redraw(); return false; } return true; });
      flow.on('filesSubmitted', () => { file = flow.files[0] || null; m.redraw(); });
      flow.on('fileProgress', (f) => { progress = Math.round(f.progress() * 100); m.redraw(); });
      flow.on('fileSuccess', (f, message) => {
        uploading = false;
        try { result = JSON.parse(message); } catch { result = null; error = 'Unexpected server response.'; }
        flow.removeFile(f); file = null;
        loadHistory().then(m.redraw);
        m.redraw();
      });
      flow.on('fileError', (f, message) => {
        uploading = false;
        try { error = JSON.parse(message).error; } catch { error = 'Upload failed.'; }
        flow.removeFile(f); file = null; m.redraw();
      });
    },
    onremove() { if (flow) flow.cancel(); },
    view() {
      return m('.page.intake', [
        m('h1', 'Donation intake'),
        m('p.muted', 'Each site exports a CSV manifest after a drop-off day. Upload the manifest here to add the items to the intake queue; the system values the batch from the manifest.'),
        m('.dropzone', [
          m('p', 'Drag a manifest (.csv) here, or'),
          m('button.browse[type=button]', 'Choose file…'),
          file ? m('.chosen', [m('span.mono', file.name), ` · ${(file.size / 1024).toFixed(1)} KB`]) : m('.chosen.muted', 'No file chosen'),
        ]),
        m('.toolbar', [
          m('button.primary', { disabled: !file || uploading, onclick: () => { uploading = true; error = ''; flow.upload(); } }, 'Upload manifest'),
          file ? m('button', { disabled: uploading, onclick: () => { flow.cancel(); file = null; } }, 'Clear') : null,
          uploading ? m('progress', { max: 100, value: progress }) : null,
        ]),
        error ? m('.status.error', { role: 'alert' }, error) : null,
        result ? m('.result', { role: 'status' }, [
          m('h3', `Intake ${result.id} recorded`),
          m('dl', [
            m('dt', 'File'), m('dd.mono', result.filename),
            m('dt', 'Site'), m('dd', result.branch),
            m('dt', 'Items'), m('dd', result.items),
            m('dt', 'Estimated value'), m('dd.big', `£${result.total}`),
          ]),
        ]) : null,
        m('h2', 'Intake queue'),
        history.length ? m('table.data', [
          m('thead', m('tr', ['Intake', 'File', 'Site', 'Items'].map((h) => m('th', h)))),
          m('tbody', history.map((h) => m('tr', [m('td.mono', h.id), m('td.mono', h.filename), m('td', h.branch), m('td', h.items)]))),
        ]) : m('p.muted', 'No manifests uploaded yet today.'),
      ]);
    },
  };
}
