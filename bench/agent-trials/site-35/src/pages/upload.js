import { reactive, html } from '@arrow-js/core';
import fileInput from '@uswds/uswds/js/usa-file-input';
import '../uswds-file-input.css';
import { api } from '../api.js';

export function uploadPage(el) {
  const st = reactive({ busy: false, msg: '', err: '' });
  html`<h1>Share register import</h1>
  <p class="lead">Import the members’ share register exported by the registrar (CSV, one member per row). The import replaces this year’s register.</p>
  <div class="panel usa-scope">
    <div class="usa-form-group">
      <label class="usa-label" for="register-file">Share register CSV</label>
      <span class="usa-hint" id="register-hint">Select one .csv file</span>
      <input id="register-file" class="usa-file-input" type="file" name="register-file" accept=".csv,text/csv" aria-describedby="register-hint">
    </div>
    <p><button class="primary" @click="${upload}" disabled="${() => st.busy}">${() => (st.busy ? 'Importing…' : 'Import register')}</button></p>
    <div class="${() => 'flash ' + (st.err ? 'err' : st.msg ? 'ok' : 'hide')}">${() => st.err || st.msg}</div>
  </div>`(el);
  fileInput.on(el);
  async function upload() {
    const input = el.querySelector('#register-file'); const f = input && input.files[0];
    st.err = ''; st.msg = '';
    if (!f) { st.err = 'Choose a CSV file first.'; return; }
    st.busy = true;
    try {
      const r = await api('/api/imports/share-register', { method: 'POST', body: await f.text(), headers: { 'content-type': 'text/csv', 'x-filename': encodeURIComponent(f.name) } });
      st.msg = `Imported ${r.count} members from ${r.file}.`;
    } catch (e) { st.err = e.message; } finally { st.busy = false; }
  }
  return () => fileInput.off(el);
}
