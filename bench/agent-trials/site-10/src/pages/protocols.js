import { LitElement, html, unsafeCSS } from 'lit';
import { EditorState } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { Node as PMNode } from 'prosemirror-model';
import { schema } from 'prosemirror-schema-basic';
import { exampleSetup } from 'prosemirror-example-setup';
import pmViewCss from 'prosemirror-view/style/prosemirror.css?inline';
import pmMenuCss from 'prosemirror-menu/style/menu.css?inline';
import pmExampleCss from 'prosemirror-example-setup/style/style.css?inline';
import { pageStyles } from '../shared.js';
import { api, post } from '../api.js';

class KhProtocols extends LitElement {
  static properties = { protocols: { state: true }, current: { state: true }, dirty: { state: true }, msg: { state: true } };
  static styles = [unsafeCSS(pmViewCss), unsafeCSS(pmMenuCss), unsafeCSS(pmExampleCss), pageStyles, unsafeCSS(`
    .layout { display: grid; grid-template-columns: 260px 1fr; gap: 1rem; align-items: start; }
    .list button { display: block; width: 100%; text-align: left; font: inherit; background: none; border: 0; padding: .55rem .6rem; border-radius: 6px; cursor: pointer; color: inherit; }
    .list button[aria-selected='true'] { background: #e6eedd; font-weight: 600; }
    .editor { border: 1px solid #cfc9b6; border-radius: 6px; background: #fff; min-height: 320px; }
    .ProseMirror { padding: .6rem 1rem 1rem; outline: none; line-height: 1.5; }
    .ProseMirror-menubar { border-radius: 6px 6px 0 0; }
    .meta { font-size: .85rem; color: #5a6357; margin: .4rem 0 .8rem; }
  `)];
  constructor() { super(); this.protocols = []; this.current = null; this.dirty = false; this.msg = null; }
  async connectedCallback() {
    super.connectedCallback();
    this.protocols = await api('/api/protocols');
    this.select(this.protocols[0].id);
  }
  select(id) {
    if (this.dirty && !confirm('Discard unsaved changes to this protocol?')) return;
    this.current = id; this.dirty = false; this.msg = null;
    this.updateComplete.then(() => this.mount());
  }
  mount() {
    const prot = this.protocols.find((p) => p.id === this.current);
    const host = this.renderRoot.querySelector('#editor');
    if (this.view) this.view.destroy();
    host.innerHTML = '';
    this.view = new EditorView(host, {
      state: EditorState.create({ doc: PMNode.fromJSON(schema, prot.doc), plugins: exampleSetup({ schema }) }),
      dispatchTransaction: (tr) => {
        this.view.updateState(this.view.state.apply(tr));
        if (tr.docChanged) { this.dirty = true; this.msg = null; }
      },
    });
  }
  async save() {
    const doc = this.view.state.doc.toJSON();
    try {
      const r = await post(`/api/protocols/${this.current}`, { doc });
      this.protocols.find((p) => p.id === this.current).doc = doc;
      this.dirty = false;
      this.msg = { ok: true, text: `Protocol saved at ${new Date(r.savedAt).toLocaleTimeString()}.` };
    } catch (e) { this.msg = { ok: false, text: e.message }; }
  }
  render() {
    const prot = this.protocols.find((p) => p.id === this.current);
    return html`
      <h1>Germination protocols</h1>
      <p class="sub">Standard operating procedures used by the germination lab. Edit the text and press <b>Save protocol</b>.</p>
      <div class="layout">
        <div class="card list" role="listbox" aria-label="Protocols">
          ${this.protocols.map((p) => html`<button role="option" aria-selected=${p.id === this.current ? 'true' : 'false'} @click=${() => this.select(p.id)}>${p.title}<br><small>${p.id}</small></button>`)}
        </div>
        <div class="card">
          ${prot ? html`<div class="meta">${prot.id} · ${prot.title}</div>` : ''}
          <div class="editor" id="editor"></div>
          <div class="row" style="margin-top:.8rem">
            <button class="btn" ?disabled=${!this.dirty} @click=${this.save}>Save protocol</button>
            <span class="meta">${this.dirty ? 'Unsaved changes' : 'All changes saved'}</span>
          </div>
          ${this.msg ? html`<div class="msg ${this.msg.ok ? 'ok' : 'err'}" role="status">${this.msg.text}</div>` : ''}
        </div>
      </div>`;
  }
}
customElements.define('kh-protocols', KhProtocols);
