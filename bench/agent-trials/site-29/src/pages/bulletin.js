import { definePage } from './page.js';
import { api } from '../api.js';
import 'ContentTools';
import 'ContentTools/build/content-tools.min.css';
import Notiflix from 'notiflix';

definePage('page-bulletin', `
  <h1>Members' bulletin</h1>
  <p class="lede">The swarm-season bulletin emailed to members. Press the pencil button to start editing, then the green tick to save.</p>
  <p class="status" id="updated"></p>
  <div class="bulletin"><div id="doc" data-editable data-name="bulletin"></div></div>`, async (el) => {
  const ContentTools = window.ContentTools;
  const doc = el.querySelector('#doc');
  const data = await api('/api/bulletin');
  doc.innerHTML = data.html;
  el.querySelector('#updated').textContent = `Last saved ${data.updated}`;
  ContentTools.DEFAULT_TOOLS = [['bold', 'italic', 'link'], ['heading', 'paragraph', 'unordered-list'], ['undo', 'redo']];
  const editor = ContentTools.EditorApp.get();
  editor.init('[data-editable]', 'data-name');
  const label = () => {
    const map = { 'ct-ignition__button--edit': 'Edit bulletin', 'ct-ignition__button--confirm': 'Save bulletin', 'ct-ignition__button--cancel': 'Cancel editing' };
    for (const [cls, name] of Object.entries(map)) document.querySelectorAll('.' + cls).forEach((b) => { b.setAttribute('role', 'button'); b.setAttribute('aria-label', name); b.setAttribute('title', name); });
    document.querySelectorAll('.ct-tool').forEach((t) => { const n = t.getAttribute('data-ct-tooltip'); if (n) { t.setAttribute('role', 'button'); t.setAttribute('aria-label', n); } });
  };
  label();
  editor.addEventListener('start', () => setTimeout(label, 50));
  const onSaved = async (ev) => {
    const regions = ev.detail().regions;
    if (!regions.bulletin) { Notiflix.Notify.info('No changes to save', { timeout: 3000 }); return; }
    editor.busy(true);
    try {
      const r = await api('/api/bulletin', { method: 'PUT', body: JSON.stringify({ html: regions.bulletin }) });
      el.querySelector('#updated').textContent = `Last saved ${r.updated}`;
      Notiflix.Notify.success('Bulletin saved', { timeout: 4000 });
    } catch (e) {
      Notiflix.Notify.failure(e.message, { timeout: 6000 });
    } finally { editor.busy(false); }
  };
  editor.addEventListener('saved', onSaved);
  return () => { editor.removeEventListener('saved', onSaved); try { editor.destroy(); } catch { /* already gone */ } };
});
