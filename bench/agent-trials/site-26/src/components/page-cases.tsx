import { Component, State, h } from '@stencil/core';
import { api, W } from '../lib';

@Component({ tag: 'page-cases', shadow: false })
export class PageCases {
  @State() loading = true;
  @State() dirty = 0;
  @State() saving = false;
  @State() message = '';
  gridEl: HTMLElement;
  grid: any;
  rows: any[] = [];

  async componentDidLoad() {
    const [meta, data] = await Promise.all([api('/api/meta'), api('/api/cases')]);
    this.rows = data.rows;
    this.loading = false;
    this.grid = W().mountGrid(this.gridEl, { rows: this.rows, statuses: meta.statuses });
    this.grid.onDirty = (n: number) => (this.dirty = n);
  }
  disconnectedCallback() { this.grid && this.grid.unmount(); }
  async save() {
    if (this.saving) return;
    const changes = this.grid.getChanges();
    if (!changes.length) return;
    this.saving = true; this.message = '';
    try {
      await api('/api/cases', { method: 'PUT', body: { changes } });
      for (const c of changes) Object.assign(this.rows.find((r) => r.id === c.id), c.fields);
      this.grid.clear();
      this.grid.update([...this.rows]);
      this.message = `Saved changes to ${changes.length} case${changes.length === 1 ? '' : 's'}.`;
    } catch (e) { this.message = 'Could not save: ' + e.message; }
    this.saving = false;
  }
  render() {
    return (
      <section>
        <div class="page-head">
          <h1>Case register</h1>
          <button class="btn primary" disabled={!this.dirty || this.saving} onClick={() => this.save()}>{this.saving ? 'Saving…' : 'Save changes'}</button>
        </div>
        <p class="muted">All cases received in the last 30 days. Double-click a Status or Notes cell to edit it; edits are kept until you save. {this.dirty ? `${this.dirty} case(s) with unsaved edits.` : ''}</p>
        {this.message && <p class="notice" role="status">{this.message}</p>}
        {this.loading && <p>Loading cases…</p>}
        <div class="grid-host" ref={(el) => (this.gridEl = el)}></div>
      </section>
    );
  }
}
