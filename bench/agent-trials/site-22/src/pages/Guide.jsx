import { Component } from 'inferno';
import { createElement } from 'inferno-create-element';
import { createEditor, createToolbar, i18nChangeLanguage } from '@wangeditor/editor';
import '@wangeditor/editor/dist/css/style.css';
import { api } from '../api.js';

i18nChangeLanguage('en');

export default class Guide extends Component {
  constructor(p) { super(p); this.state = { loading: true, saving: false, msg: null, err: null, updatedAt: '', dirty: false }; }
  componentDidMount() {
    document.title = 'Cellar care guide · Ridgeback back office';
    api('GET', '/api/documents/cellar-guide').then(doc => {
      this.setState({ loading: false, updatedAt: doc.updatedAt });
      this.editor = createEditor({
        selector: this.editorEl, html: doc.html, mode: 'default',
        config: { placeholder: 'Write the guide…', onChange: () => { if (this.ready) this.setState({ dirty: true, msg: null }); } },
      });
      this.toolbar = createToolbar({
        editor: this.editor, selector: this.toolbarEl, mode: 'default',
        config: { toolbarKeys: ['headerSelect', '|', 'bold', 'italic', 'underline', '|', 'insertLink', 'unLink', '|', 'bulletedList', 'numberedList', '|', 'undo', 'redo'] },
      });
      this.toolbarEl.querySelectorAll('button[data-tooltip]').forEach(b => b.setAttribute('aria-label', b.getAttribute('data-tooltip').split('\n')[0]));
      const ta = this.editorEl.querySelector('[contenteditable]');
      if (ta) { ta.setAttribute('aria-label', 'Guide text'); ta.setAttribute('role', 'textbox'); ta.setAttribute('aria-multiline', 'true'); }
      setTimeout(() => { this.ready = true; }, 0);
    }).catch(e => this.setState({ loading: false, err: e.message }));
  }
  componentWillUnmount() { if (this.editor) this.editor.destroy(); }
  save() {
    this.setState({ saving: true, err: null, msg: null });
    api('PUT', '/api/documents/cellar-guide', { html: this.editor.getHtml() })
      .then(doc => this.setState({ saving: false, dirty: false, updatedAt: doc.updatedAt, msg: 'Guide saved.' }))
      .catch(e => this.setState({ saving: false, err: e.message }));
  }
  render() {
    return (
      <div>
        <h1 className="page-title">Cellar care guide</h1>
        <p className="page-sub">Sent to licensees with their first delivery. {this.state.updatedAt && <span>Last saved {this.state.updatedAt}.</span>}</p>
        {this.state.loading && <p>Loading document…</p>}
        {this.state.err && <div className="alert alert-danger py-2" role="alert">{this.state.err}</div>}
        <div className="editor-wrap">
          <div ref={el => { this.toolbarEl = el; }}></div>
          <div className="editor-body" ref={el => { this.editorEl = el; }}></div>
        </div>
        <div className="toolbar-row mt-3">
          <button type="button" className="btn btn-brew" disabled={this.state.loading || this.state.saving} onClick={() => this.save()}>{this.state.saving ? 'Saving…' : 'Save guide'}</button>
          {this.state.dirty && <span className="text-muted small">Unsaved changes</span>}
          {this.state.msg && <span className="text-success" role="status">{this.state.msg}</span>}
        </div>
      </div>
    );
  }
}
