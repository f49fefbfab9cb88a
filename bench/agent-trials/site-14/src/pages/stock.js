import $ from '../jq.js';
import 'blueimp-file-upload/js/vendor/jquery.ui.widget.js';
import 'blueimp-file-upload';

class PageStock extends HTMLElement {
  connectedCallback() {
    this.innerHTML = `<h1>Paper stock count</h1>
      <p class="sub">Upload a stockroom count (CSV). The upload starts as soon as a file is chosen or dropped.</p>
      <div class="card drop" id="drop">
        <p>Drop a count file here, or</p>
        <span class="btn primary fileinput-button">Choose count file…<input id="fu" type="file" name="count" accept=".csv,text/csv"></span>
        <div class="progress"><div class="bar"></div></div>
        <p id="fname" class="muted"></p>
      </div>
      <div class="card" id="result" hidden></div>`;
    const bar = this.querySelector('.bar');
    const result = this.querySelector('#result');
    $(this.querySelector('#fu')).fileupload({
      url: '/api/stock-counts', type: 'POST', dataType: 'json', multipart: false,
      dropZone: $(this.querySelector('#drop')), pasteZone: null,
      add: (e, data) => {
        this.querySelector('#fname').textContent = `Uploading ${data.files[0].name}…`;
        bar.style.width = '0';
        data.submit();
      },
      progressall: (e, data) => { bar.style.width = `${Math.round((data.loaded / data.total) * 100)}%`; },
      done: (e, data) => {
        const r = data.result;
        bar.style.width = '100%';
        this.querySelector('#fname').textContent = `Uploaded ${r.file}`;
        result.hidden = false;
        result.innerHTML = `<h3>Count received</h3><table class="plain"><tbody>
          <tr><th>Stockroom</th><td>${r.stockroom || '—'}</td></tr>
          <tr><th>Counted</th><td>${r.counted || '—'}</td></tr>
          <tr><th>Paper lines</th><td>${r.rows}</td></tr>
          <tr><th>Total sheets</th><td id="total"><b>${r.totalSheets.toLocaleString('en-GB')}</b></td></tr></tbody></table>`;
      },
      fail: (e, data) => {
        const msg = (data.jqXHR && data.jqXHR.responseJSON && data.jqXHR.responseJSON.error) || 'Upload failed';
        this.querySelector('#fname').innerHTML = `<span class="msg-err">${msg}</span>`;
      },
    });
  }
  disconnectedCallback() { try { $(this.querySelector('#fu')).fileupload('destroy'); } catch { /* ignore */ } }
}
customElements.define('page-stock', PageStock);
