import '@umbraco-ui/uui-file-dropzone';
import { api } from '../api.js';

function fmtSize(n) { return n < 1024 ? `${n} B` : `${(n / 1024).toFixed(1)} KB`; }

export function* ShopPage() {
  let shop = null;
  let error = null;
  let file = null;
  let progress = null;
  let result = null;
  let uploadError = null;

  const upload = () => {
    if (!file || progress !== null) return;
    const fd = new FormData();
    fd.append('stocktake', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/shop/stocktake');
    xhr.upload.onprogress = (e) => { if (e.lengthComputable) this.refresh(() => { progress = Math.round((e.loaded / e.total) * 100); }); };
    xhr.onload = () => {
      let data = null; try { data = JSON.parse(xhr.responseText); } catch { /* ignore */ }
      if (xhr.status >= 200 && xhr.status < 300 && data) {
        this.refresh(() => { progress = null; result = data.import; file = null; if (shop) shop.imports = [...shop.imports, data.import]; });
      } else {
        this.refresh(() => { progress = null; uploadError = (data && data.error) || `Upload failed (${xhr.status})`; });
      }
    };
    xhr.onerror = () => this.refresh(() => { progress = null; uploadError = 'Upload failed: network error'; });
    this.refresh(() => { progress = 0; uploadError = null; result = null; });
    xhr.send(fd);
  };

  this.after((root) => {
    const dz = root.querySelector('uui-file-dropzone');
    dz.addEventListener('change', (e) => {
      const f = e.detail && e.detail.files && e.detail.files[0];
      if (f) this.refresh(() => { file = f; result = null; uploadError = null; });
    });
    dz.addEventListener('reject', () => this.refresh(() => { uploadError = 'Only .csv stocktake files can be imported.'; }));
    root.querySelector('.browse').addEventListener('click', () => dz.browse());
  });

  api.get('/api/shop').then(
    (r) => { if (!this.isUnmounted) this.refresh(() => { shop = r; }); },
    (e) => { if (!this.isUnmounted) this.refresh(() => { error = e.message; }); },
  );

  for ({} of this) {
    yield (
      <section class="page">
        <h1>Shop stock</h1>
        <p class="lede">Stock held in the garden shop. After a stocktake, import the count sheet (CSV) so the figures can be reconciled.</p>
        {error && <div class="notice error">{error}</div>}
        <div class="card">
          <h2>Import a stocktake</h2>
          <uui-file-dropzone accept=".csv" label="Drop a stocktake CSV here" class="dropzone" copy="class">
            <div class="dz-inner">
                            <div>Drag a stocktake CSV here, or <button type="button" class="link-btn browse">choose a file</button></div>
              <div class="muted small">One file at a time · .csv only</div>
            </div>
          </uui-file-dropzone>
          {file && (
            <div class="file-row">
              <span class="file-name">{file.name}</span>
              <span class="muted">{fmtSize(file.size)}</span>
              <button class="btn primary" onclick={upload} disabled={progress !== null}>{progress !== null ? `Uploading… ${progress}%` : 'Import stocktake'}</button>
              <button class="btn" onclick={() => this.refresh(() => { file = null; })} disabled={progress !== null}>Remove</button>
            </div>
          )}
          {progress !== null && <progress max="100" value={progress} class="bar" />}
          {uploadError && <div class="notice error" role="alert">{uploadError}</div>}
          {result && (
            <div class="notice ok" role="status">
              Imported <strong>{result.file}</strong>: <strong>{result.accepted}</strong> stock lines accepted, {result.skipped} skipped (import {result.ref}).
            </div>
          )}
        </div>
        {shop && (
          <>
            <div class="card">
              <h2>Recent imports</h2>
              {shop.imports.length === 0 ? <p class="muted">No stocktakes have been imported this season.</p> : (
                <table class="table">
                  <thead><tr><th>Import</th><th>File</th><th>Accepted</th><th>Skipped</th></tr></thead>
                  <tbody>
                    {shop.imports.map((i) => <tr key={i.ref}><td>{i.ref}</td><td>{i.file}</td><td>{i.accepted}</td><td>{i.skipped}</td></tr>)}
                  </tbody>
                </table>
              )}
            </div>
            <div class="card">
              <h2>Stock on hand</h2>
              <table class="table">
                <thead><tr><th>SKU</th><th>Item</th><th>Category</th><th class="num">On hand</th><th class="num">Price</th></tr></thead>
                <tbody>
                  {shop.items.map((i) => (
                    <tr key={i.sku}><td>{i.sku}</td><td>{i.name}</td><td>{i.category}</td><td class="num">{i.onHand}</td><td class="num">£{i.price.toFixed(2)}</td></tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
    );
  }
}
