import { Component, Prop, State, h } from '@stencil/core';
import { api, W } from '../lib';

@Component({ tag: 'page-document', shadow: false })
export class PageDocument {
  @Prop() docId: string;
  @State() doc: any = null;
  @State() saving = false;
  @State() message = '';
  hostEl: HTMLElement;
  ed: any;
  async componentDidLoad() {
    try { this.doc = await api(`/api/documents/${this.docId}`); } catch (e) { this.message = e.message; return; }
    this.ed = W().mountEditor(this.hostEl, { html: this.doc.html });
  }
  disconnectedCallback() { this.ed && this.ed.unmount(); }
  async save() {
    if (this.saving) return;
    this.saving = true; this.message = '';
    try { const r = await api(`/api/documents/${this.docId}`, { method: 'PUT', body: { html: this.ed.getHtml() } }); this.message = `Document saved (${r.updated}).`; }
    catch (e) { this.message = 'Could not save: ' + e.message; }
    this.saving = false;
  }
  render() {
    return (
      <section>
        <p><a href="/documents">← Lab documents</a></p>
        <div class="page-head">
          <h1>{this.doc ? this.doc.title : 'Loading…'}</h1>
          <button class="btn primary" disabled={!this.doc || this.saving} onClick={() => this.save()}>{this.saving ? 'Saving…' : 'Save document'}</button>
        </div>
        {this.doc && <p class="muted">Last updated {this.doc.updated}</p>}
        {this.message && <p class="notice" role="status">{this.message}</p>}
        <div ref={(el) => (this.hostEl = el)}></div>
      </section>
    );
  }
}
