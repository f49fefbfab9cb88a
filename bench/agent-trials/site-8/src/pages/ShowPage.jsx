import { onMount, onCleanup, createSignal } from 'solid-js';
import { A, useParams } from '@solidjs/router';
import { Jodit } from 'jodit';
import 'jodit/es2021/jodit.min.css';
import { getJson, postJson } from '../api.js';

export default function ShowPage() {
  const params = useParams(); let el; let editor;
  const [page, setPage] = createSignal(null); const [msg, setMsg] = createSignal(''); const [busy, setBusy] = createSignal(false);
  onMount(async () => {
    const p = await getJson('/api/show-pages/' + params.id); setPage(p);
    editor = Jodit.make(el, { height: 360, sourceEditor: 'area', buttons: ['bold', 'italic', 'underline', '|', 'ul', 'ol', '|', 'paragraph', 'link', '|', 'undo', 'redo'] });
    editor.value = p.html;
  });
  onCleanup(() => editor && editor.destruct());
  const save = async () => {
    setBusy(true);
    try { const r = await postJson('/api/show-pages/' + params.id, { html: editor.value }); setMsg(`Saved at ${new Date().toTimeString().slice(0, 5)} (version ${r.version}).`); }
    catch (e) { setMsg('Could not save: ' + e.message); } finally { setBusy(false); }
  };
  return (<>
    <h1 class="page">{page() ? page().title : 'Show page'}</h1>
    <p><A href="/show-pages">← All show pages</A> · {params.id}{page() ? ` · ${page().venue}` : ''}</p>
    <div style="max-width:880px;background:#fff"><textarea ref={el} /></div>
    <p><button type="button" class="btn" onClick={save} disabled={busy() || !page()}>Save page</button> <span role="status">{msg()}</span></p>
  </>);
}
