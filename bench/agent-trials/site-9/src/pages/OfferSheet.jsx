import { useEffect, useRef, useState } from 'react';
import suneditor from 'suneditor';
import { blockStyle, list_bulleted, list_numbered, link } from 'suneditor/plugins';
import 'suneditor/css/editor';
import 'suneditor/css/contents';
import { Link } from 'wouter';
import { api } from '../api.js';

export default function OfferSheet({ id }) {
  const host = useRef(null);
  const ed = useRef(null);
  const [sheet, setSheet] = useState(null);
  const [msg, setMsg] = useState(null);
  useEffect(() => { api(`/api/offer-sheets/${id}`).then(setSheet).catch(() => setSheet({ missing: true })); }, [id]);
  useEffect(() => {
    if (!sheet || sheet.missing || !host.current) return;
    ed.current = suneditor.create(host.current, {
      plugins: [blockStyle, list_bulleted, list_numbered, link], width: '100%', height: '360px',
      buttonList: [['undo', 'redo'], ['blockStyle'], ['bold', 'italic', 'underline'], ['list_bulleted', 'list_numbered'], ['link'], ['removeFormat']],
    });
    return () => { try { ed.current && ed.current.destroy(); } catch { /* already gone */ } ed.current = null; };
  }, [sheet && sheet.id]);
  async function save() {
    try {
      const r = await api(`/api/offer-sheets/${id}`, { json: { html: ed.current.$.html.get() } });
      setMsg({ ok: true, text: `Offer sheet saved (version ${r.version}).` });
    } catch (e) { setMsg({ ok: false, text: e.message }); }
  }
  if (sheet && sheet.missing) return <><h1 className="page">Offer sheet not found</h1><p><Link href="/offer-sheets">Back to offer sheets</Link></p></>;
  return (
    <>
      <p><Link href="/offer-sheets">← Offer sheets</Link></p>
      <h1 className="page">{sheet ? sheet.title : 'Loading…'}</h1>
      {sheet && <p className="hint">{sheet.id} · version {sheet.version}</p>}
      {sheet && <textarea ref={host} defaultValue={sheet.html} />}
      <div className="toolbar"><button className="primary" onClick={save} disabled={!sheet}>Save offer sheet</button></div>
      <div role="status">{msg && <div className={msg.ok ? 'msg' : 'err'}>{msg.text}</div>}</div>
    </>
  );
}
