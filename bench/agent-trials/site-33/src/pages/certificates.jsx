import { c, useState, useEffect, useRef } from 'atomico';
import UIkit from 'uikit';
import { api } from '../api.js';

export const CertificatesPage = c(() => {
  const dropRef = useRef();
  const barRef = useRef();
  const [data, setData] = useState(null);
  const [result, setResult] = useState(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api('/api/certificates').then(setData);
    const bar = barRef.current;
    const up = UIkit.upload(dropRef.current, {
      url: '/api/certificates/import',
      name: 'register',
      multiple: false,
      allow: '*.csv',
      beforeAll() { setBusy(true); setResult(null); },
      loadStart(e) { bar.hidden = false; bar.max = e.total || 1; bar.value = e.loaded || 0; },
      progress(e) { bar.max = e.total || 1; bar.value = e.loaded || 0; },
      loadEnd(e) { bar.max = e.total || 1; bar.value = e.loaded || 0; },
      complete(xhr) {
        let body = null;
        try { body = JSON.parse(xhr.responseText); } catch { body = null; }
        if (xhr.status >= 200 && xhr.status < 300 && body) {
          setResult({ kind: 'ok', body });
          api('/api/certificates').then(setData);
        } else {
          setResult({ kind: 'error', text: (body && body.error) || `Upload failed (${xhr.status})` });
        }
      },
      completeAll() { setBusy(false); setTimeout(() => { bar.hidden = true; }, 600); },
      error(e) {
        const xhr = e && (e.xhr || e.target);
        let text = 'Upload failed.';
        try { text = JSON.parse(xhr.responseText).error || text; } catch { /* ignore */ }
        setResult({ kind: 'error', text });
        setBusy(false);
        bar.hidden = true;
      },
      fail(message) { setResult({ kind: 'error', text: message.replace(/<[^>]+>/g, '') }); setBusy(false); },
    });
    return () => { try { up.$destroy(); } catch { /* ignore */ } };
  }, []);

  return (
    <host>
      <header class="page-head">
        <h1>Crew certificates</h1>
        <p class="muted">Certificates of competency and medicals for all seagoing staff.</p>
      </header>
      <section class="panel">
        <h2>Import certificate register</h2>
        <p class="muted">Each year the training office sends the full register as a CSV file. Importing it replaces the expiry dates held here.</p>
        <div class="js-upload uk-placeholder" ref={dropRef} staticNode>
          <span class="upload-icon" aria-hidden="true">⇪</span>
          <span>Drop the register here, or </span>
          <div uk-form-custom="">
            <input type="file" accept=".csv,text/csv" aria-label="Choose register file" />
            <span class="uk-link">choose a file</span>
          </div>
        </div>
        <progress ref={barRef} class="uk-progress" value="0" max="100" hidden staticNode></progress>
        <div class="msg-area">
          {busy ? <div class="msg info" role="status">Importing…</div> : null}
          {result && result.kind === 'ok' ? (
            <div class="msg ok" role="status">
              Import complete: <strong>{result.body.imported} certificates imported</strong> from {result.body.fileName}. {result.body.expiringSoon} of them expire before 30 Sep 2025.
            </div>
          ) : null}
          {result && result.kind === 'error' ? <div class="msg error" role="alert">{result.text}</div> : null}
        </div>
      </section>
      <section class="panel">
        <h2>Expiring in 2025</h2>
        <table class="table">
          <thead><tr><th>Name</th><th>Certificate</th><th>Vessel</th><th>Expires</th></tr></thead>
          <tbody>
            {(data ? data.current : []).map((r) => (
              <tr><td>{r.name}</td><td>{r.certificate}</td><td>{r.vessel}</td><td>{r.expires}</td></tr>
            ))}
          </tbody>
        </table>
        {data && data.imports.length ? (
          <p class="muted">Imports this session: {data.imports.map((i) => `${i.fileName} (${i.count})`).join(', ')}</p>
        ) : null}
      </section>
    </host>
  );
});
