import { useEffect, useRef, useState } from 'preact/hooks';
import { FileUploadWithPreview } from 'file-upload-with-preview';
import 'file-upload-with-preview/dist/style.css';

export default function Fuel() {
  const up = useRef();
  const [result, setResult] = useState(null);
  const [err, setErr] = useState(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    up.current = new FileUploadWithPreview('fuel-log', { accept: '.csv,text/csv', multiple: false, text: { label: 'Fuel dock log (CSV)', chooseFile: 'Choose a CSV file…', browse: 'Browse' } });
  }, []);
  async function doImport() {
    setErr(null); setResult(null);
    const f = up.current.cachedFileArray[0];
    if (!f) { setErr('Choose a file first.'); return; }
    setBusy(true);
    try {
      const text = await f.text();
      const res = await fetch('/api/fuel/import', { method: 'POST', headers: { 'content-type': 'text/csv', 'x-file-name': encodeURIComponent(f.name) }, body: text });
      const data = await res.json();
      if (!res.ok) throw new Error(data.error || 'Import failed');
      setResult(data);
      up.current.resetPreviewPanel?.();
    } catch (e) { setErr(e.message); }
    setBusy(false);
  }
  const L = (n) => n.toLocaleString('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <div class="page">
      <h1>Fuel dock import</h1>
      <p class="lead">Upload the monthly pump log exported from the fuel dock till. The import totals the sales by fuel type for the accounts team.</p>
      <div class="card" style="max-width:560px">
        <div class="custom-file-container" data-upload-id="fuel-log" />
        <div class="toolbar" style="margin-top:12px"><button class="btn primary" onClick={doImport} disabled={busy}>Import log</button></div>
        {err && <p class="err" role="alert">{err}</p>}
      </div>
      {result && (
        <div class="card" role="status" style="max-width:560px">
          <b>Imported {result.rows} sales</b> from <code>{result.name}</code> (month {result.months.join(', ')}).
          <table class="list" style="margin-top:8px"><tbody>
            <tr><th>Diesel</th><td>{L(result.dieselLitres)} L</td></tr>
            <tr><th>Petrol</th><td>{L(result.petrolLitres)} L</td></tr>
            <tr><th>Takings</th><td>£{result.takings.toLocaleString('en-GB', { minimumFractionDigits: 2 })}</td></tr>
          </tbody></table>
        </div>
      )}
    </div>
  );
}
