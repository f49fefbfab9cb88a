import { useEffect, useState } from 'react';
import Upload from 'rc-upload';
import { api } from '../api.js';
const summaryText = (r) => `Arrival ${r.id} · ${r.name}: container ${r.container}, ${r.rows} rows, ${r.lots} lots, ${r.bags} bags — ${r.sound} sound, ${r.damaged} damaged. ` +
  `Accepted net weight ${r.acceptedText || r.acceptedKg.toLocaleString('en-GB', { minimumFractionDigits: 1 }) + ' kg'}.`;
export default function Arrivals() {
  const [list, setList] = useState([]);
  const [msg, setMsg] = useState(null);
  const [uploading, setUploading] = useState(null);
  const load = () => api('/api/arrivals').then(setList);
  useEffect(() => { load(); }, []);
  return (
    <>
      <h1 className="page">Arrivals</h1>
      <p className="hint">Import the packing list (CSV) of a container that has arrived at the warehouse. The file is imported as soon as it is chosen.</p>
      <Upload action="/api/arrivals" name="file" accept=".csv,text/csv" className="upload-zone"
        onStart={(f) => { setUploading(f.name); setMsg(null); }}
        onSuccess={(r) => { setUploading(null); setMsg({ ok: true, text: summaryText(r) }); load(); }}
        onError={(err, body) => { setUploading(null); setMsg({ ok: false, text: 'Import failed: ' + ((body && body.error) || err.message) }); }}>
        Upload packing list (click or drop a CSV file here)
      </Upload>
      {uploading && <p>Uploading {uploading}…</p>}
      <div role="status">{msg && <div className={msg.ok ? 'msg' : 'err'}>{msg.text}</div>}</div>
      <h2>Imported today</h2>
      {list.length ? <table className="plain"><thead><tr><th>Arrival</th><th>File</th><th>Container</th><th>Lots</th><th>Bags</th></tr></thead>
        <tbody>{list.map((a) => <tr key={a.id}><td>{a.id}</td><td>{a.name}</td><td>{a.container}</td><td>{a.lots}</td><td>{a.bags}</td></tr>)}</tbody></table> : <p>Nothing imported yet today.</p>}
    </>
  );
}
