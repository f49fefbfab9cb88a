import MediumEditor from 'medium-editor';
import 'medium-editor/dist/css/medium-editor.css';
import 'medium-editor/dist/css/themes/beagle.css';

class PageBrief extends HTMLElement {
  async connectedCallback() {
    this.innerHTML = `<h1>Job brief</h1>
      <p class="sub">Select text to show the formatting toolbar. Changes are not kept until you save.</p>
      <div class="card"><div class="muted" id="meta"></div><div class="editor" id="ed"></div>
      <div class="toolbar"><button class="btn primary" id="save">Save brief</button><span id="state"></span></div></div>`;
    const b = await fetch('/api/briefs/ferncliff-catalogue').then((r) => r.json());
    this.querySelector('#meta').textContent = `${b.title} · last saved ${b.updatedAt.slice(0, 16).replace('T', ' ')}`;
    const el = this.querySelector('#ed');
    el.innerHTML = b.html;
    this.editor = new MediumEditor(el, {
      toolbar: { buttons: ['bold', 'italic', 'underline', 'h3', 'quote', 'unorderedlist'] },
      placeholder: false, disableDoubleReturn: false,
    });
    const state = this.querySelector('#state');
    this.editor.subscribe('editableInput', () => { state.className = 'muted'; state.textContent = 'Unsaved changes'; });
    this.querySelector('#save').addEventListener('click', async () => {
      const res = await fetch('/api/briefs/ferncliff-catalogue', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ html: this.editor.getContent() }) });
      const out = await res.json();
      state.className = res.ok ? 'msg-ok' : 'msg-err';
      state.textContent = res.ok ? 'Brief saved.' : (out.error || 'Save failed');
    });
  }
  disconnectedCallback() { if (this.editor) this.editor.destroy(); }
}
customElements.define('page-brief', PageBrief);
