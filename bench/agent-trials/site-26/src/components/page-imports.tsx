import { Component, State, h } from '@stencil/core';
import { api, W } from '../lib';

@Component({ tag: 'page-imports', shadow: false })
export class PageImports {
  @State() result: any = null;
  @State() error = '';
  @State() history: any[] = [];
  hostEl: HTMLElement;
  u: any;
  async componentDidLoad() {
    this.u = W().mountUploader(this.hostEl, {
      url: '/api/imports',
      onResult: (err: string, data: any) => { if (err) { this.error = err; this.result = null; } else { this.error = ''; this.result = data; this.load(); } },
    });
    this.load();
  }
  async load() { this.history = await api('/api/imports'); }
  disconnectedCallback() { this.u && this.u.unmount(); }
  render() {
    return (
      <section>
        <h1>Order imports</h1>
        <p class="muted">Upload an order sheet exported from a practice's system (CSV with an <code>item,units,…</code> header). The lab totals the units for scheduling.</p>
        <div class="panel" ref={(el) => (this.hostEl = el)}></div>
        {this.error && <p class="error" role="alert">{this.error}</p>}
        {this.result && (
          <div class="notice" role="status">
            <strong>Imported {this.result.filename}</strong>
            <dl class="facts"><dt>Import ref</dt><dd>{this.result.ref}</dd><dt>Line items</dt><dd>{this.result.items}</dd><dt>Total units</dt><dd>{this.result.units}</dd></dl>
          </div>
        )}
        <h2>Recent imports</h2>
        {this.history.length === 0 ? <p class="muted">No imports yet today.</p> : (
          <table class="table"><thead><tr><th>Ref</th><th>File</th><th>Items</th><th>Units</th></tr></thead>
            <tbody>{this.history.map((r) => <tr><td>{r.ref}</td><td>{r.filename}</td><td>{r.items}</td><td>{r.units}</td></tr>)}</tbody></table>
        )}
      </section>
    );
  }
}
