import { reactive, html } from '@arrow-js/core';
import { AiEditor } from 'aieditor';
import 'aieditor/dist/style.css';
import { api } from '../api.js';

export function noticePage(el) {
  const st = reactive({ msg: '', err: '', saving: false, savedAt: '' });
  let editor;
  html`<h1>Site notices</h1>
  <p class="lead">The safety notice is printed for the gate board and the welfare cabin. Changes go live when saved.</p>
  <div class="panel"><div class="toolbar"><strong>Site safety notice — June</strong><span class="spacer"></span>
    <span class="muted">${() => (st.savedAt ? 'Last saved ' + st.savedAt : 'Not saved this month')}</span>
    <button class="primary" @click="${save}" disabled="${() => st.saving}">${() => (st.saving ? 'Saving…' : 'Save notice')}</button></div>
  <div class="${() => 'flash ' + (st.err ? 'err' : st.msg ? 'ok' : 'hide')}">${() => st.err || st.msg}</div>
  <div id="notice-editor" style="height:420px"></div></div>`(el);
  async function save() {
    st.saving = true; st.err = ''; st.msg = '';
    try { const r = await api('/api/notices/safety', { method: 'PUT', json: { html: editor.getHtml() } }); st.savedAt = new Date(r.savedAt).toLocaleTimeString('en-GB'); st.msg = 'Notice saved.'; }
    catch (e) { st.err = e.message; } finally { st.saving = false; }
  }
  api('/api/notices/safety').then((d) => {
    if (!document.getElementById('notice-editor')) return;
    editor = new AiEditor({
      element: '#notice-editor', content: d.html, placeholder: 'Write the notice…', lang: 'en', draggable: false,
      toolbarKeys: ['undo', 'redo', 'brush', 'eraser', '|', 'heading', 'font-size', '|', 'bold', 'italic', 'underline', 'strike', 'link', '|', 'bullet-list', 'ordered-list', 'align', '|', 'fullscreen'],
      textSelectionBubbleMenu: { enable: true, items: ['Bold', 'Italic', 'Underline', 'Strike', 'link'] },
      ai: { bubblePanelEnable: false },
    });
  }).catch((e) => (st.err = e.message));
  return () => { try { editor && editor.destroy(); } catch {} };
}
