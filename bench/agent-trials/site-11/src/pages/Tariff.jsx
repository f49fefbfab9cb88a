import { useEffect, useRef, useState } from 'preact/hooks';
import EditorJS from '@editorjs/editorjs';
import Header from '@editorjs/header';
import { api } from '../api.js';

export default function Tariff() {
  const holder = useRef();
  const ed = useRef();
  const [msg, setMsg] = useState(null);
  const [dirty, setDirty] = useState(false);
  useEffect(() => {
    let editor;
    api('/api/tariff').then(({ blocks }) => {
      editor = new EditorJS({
        holder: holder.current,
        tools: { header: { class: Header, config: { levels: [2, 3], defaultLevel: 3 } } },
        data: { blocks },
        minHeight: 60,
        onChange: () => { setDirty(true); setMsg(null); },
      });
      ed.current = editor;
    });
    return () => { try { editor && editor.destroy(); } catch {} };
  }, []);
  async function save() {
    try {
      const out = await ed.current.save();
      const r = await api('/api/tariff', { method: 'PUT', body: JSON.stringify({ blocks: out.blocks }) });
      setDirty(false);
      setMsg({ ok: true, text: 'Tariff note saved ' + new Date(r.savedAt).toLocaleTimeString('en-GB') });
    } catch (e) { setMsg({ ok: false, text: e.message }); }
  }
  return (
    <div class="page">
      <h1>Tariff notes</h1>
      <p class="lead">The published price note customers see on quotes. Edit the text in place and save.</p>
      <div class="toolbar">
        <button class="btn primary" onClick={save}>Save tariff note</button>
        {dirty && <span class="muted">Unsaved changes</span>}
        {msg && <span class={msg.ok ? 'ok' : 'err'} role="status">{msg.text}</span>}
      </div>
      <div class="editor-wrap"><div ref={holder} id="tariff-editor" /></div>
    </div>
  );
}
