import { c, useState, useEffect, useRef } from 'atomico';
import Editor, { PageMode, splitText } from '@hufe921/canvas-editor';
import { api } from '../api.js';

export const NoticesPage = c(() => {
  const box = useRef();
  const edRef = useRef();
  const urlRef = useRef();
  const [list, setList] = useState([]);
  const [current, setCurrent] = useState(null);
  const [styles, setStyles] = useState({});
  const [linkOpen, setLinkOpen] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [msg, setMsg] = useState(null);

  useEffect(() => {
    api('/api/notices').then((l) => {
      setList(l);
      if (l.length) open(l[0].id);
    });
    return () => destroy();
  }, []);

  function destroy() {
    if (edRef.current) {
      try { edRef.current.destroy(); } catch { /* ignore */ }
      edRef.current = null;
    }
  }

  async function open(id) {
    setMsg(null);
    setLinkOpen(false);
    const n = await api(`/api/notices/${id}`);
    destroy();
    box.current.innerHTML = '';
    const holder = document.createElement('div');
    holder.className = 'editor-holder';
    box.current.appendChild(holder);
    const data = n.elements && n.elements.length ? n.elements : [{ value: n.lines.join('\n') }];
    const ed = new Editor(holder, { main: data }, {
      pageMode: PageMode.CONTINUITY,
      width: 760,
      height: 460,
      margins: [36, 40, 36, 40],
      defaultFont: 'Arial',
      defaultSize: 17,
      pageGap: 0,
      pageNumber: { disabled: true },
      placeholder: { data: 'Write the notice…' },
      maskMargin: false,
    });
    ed.listener.rangeStyleChange = (p) => setStyles({ bold: !!p.bold, italic: !!p.italic, underline: !!p.underline });
    ed.listener.contentChange = () => setDirty(true);
    edRef.current = ed;
    setCurrent(n);
    setDirty(false);
  }

  const cmd = (name) => () => {
    const ed = edRef.current;
    if (!ed) return;
    ed.command[name]();
  };

  function toggleLink() {
    setLinkOpen(!linkOpen);
    setTimeout(() => urlRef.current && urlRef.current.focus(), 0);
  }

  function applyLink(e) {
    e.preventDefault();
    const ed = edRef.current;
    const url = (urlRef.current.value || '').trim();
    const text = ed ? ed.command.getRangeText() : '';
    if (!text) { setMsg({ kind: 'error', text: 'Select the words you want to turn into a link first.' }); return; }
    if (!url) { setMsg({ kind: 'error', text: 'Enter a web address for the link.' }); return; }
    ed.command.executeHyperlink({ url, valueList: splitText(text).map((v) => ({ value: v })) });
    urlRef.current.value = '';
    setLinkOpen(false);
    setMsg(null);
  }

  async function save() {
    const ed = edRef.current;
    if (!ed || !current || saving) return;
    setSaving(true);
    setMsg({ kind: 'info', text: 'Saving…' });
    try {
      const value = ed.command.getValue();
      const html = ed.command.getHTML().main;
      const r = await api(`/api/notices/${current.id}`, { method: 'PUT', body: { elements: value.data.main, html } });
      setDirty(false);
      setMsg({ kind: 'ok', text: `Notice saved (updated ${r.updated}).` });
      api('/api/notices').then(setList);
    } catch (e) {
      setMsg({ kind: 'error', text: e.message });
    } finally {
      setSaving(false);
    }
  }

  return (
    <host>
      <header class="page-head">
        <h1>Passenger notices</h1>
        <p class="muted">Notices shown on the website, the terminal screens and on board.</p>
      </header>
      <div class="notices">
        <ul class="notice-list" aria-label="Notices">
          {list.map((n) => (
            <li>
              <button class={`notice-item ${current && current.id === n.id ? 'active' : ''}`} onclick={() => open(n.id)} aria-pressed={current && current.id === n.id ? 'true' : 'false'}>
                <strong>{n.title}</strong>
                <small>{n.audience} · updated {n.updated}</small>
              </button>
            </li>
          ))}
        </ul>
        <section class="notice-edit" aria-label="Notice editor">
          <h2>{current ? current.title : 'Loading…'}</h2>
          <div class="rte-toolbar" role="toolbar" aria-label="Formatting">
            <button class={`tb ${styles.bold ? 'on' : ''}`} title="Bold (Ctrl+B)" aria-pressed={styles.bold ? 'true' : 'false'} onclick={cmd('executeBold')}><b>B</b> Bold</button>
            <button class={`tb ${styles.italic ? 'on' : ''}`} title="Italic (Ctrl+I)" aria-pressed={styles.italic ? 'true' : 'false'} onclick={cmd('executeItalic')}><i>I</i> Italic</button>
            <button class={`tb ${styles.underline ? 'on' : ''}`} title="Underline (Ctrl+U)" aria-pressed={styles.underline ? 'true' : 'false'} onclick={cmd('executeUnderline')}><u>U</u> Underline</button>
            <button class="tb" title="Insert link" aria-expanded={linkOpen ? 'true' : 'false'} onclick={toggleLink}>Link…</button>
            <span class="tb-sep"></span>
            <button class="tb" title="Undo (Ctrl+Z)" onclick={cmd('executeUndo')}>↶ Undo</button>
            <button class="tb" title="Redo (Ctrl+Y)" onclick={cmd('executeRedo')}>↷ Redo</button>
          </div>
          <form class={`link-pop ${linkOpen ? '' : 'hidden'}`} onsubmit={applyLink}>
            <label class="field inline"><span>Link address</span><input ref={urlRef} type="url" placeholder="https://" /></label>
            <button class="btn primary" type="submit">Apply link</button>
            <button class="btn" type="button" onclick={() => setLinkOpen(false)}>Cancel</button>
          </form>
          <div class="editor-box" ref={box} staticNode></div>
          <div class="actions">
            <span class={dirty ? 'pending' : 'muted'}>{dirty ? 'Unsaved edits' : 'No unsaved edits'}</span>
            <span class="spacer"></span>
            <button class="btn primary" onclick={save} disabled={!current || saving}>{saving ? 'Saving…' : 'Save notice'}</button>
          </div>
          <div class="msg-area">{msg ? <div class={`msg ${msg.kind}`} role="status">{msg.text}</div> : null}</div>
        </section>
      </div>
    </host>
  );
});
