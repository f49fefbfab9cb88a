import { LitElement, html, unsafeCSS } from 'lit';
import jspreadsheet from 'jspreadsheet-ce';
import jssCss from 'jspreadsheet-ce/dist/jspreadsheet.css?inline';
import jsuitesCss from 'jsuites/dist/jsuites.css?inline';
import { pageStyles } from '../shared.js';
import { api, post } from '../api.js';

const WIDTHS = { id: 90, species: 170, common: 140, family: 120, collector: 120, site: 120, county: 120, collected: 100, lot: 50, seedCount: 90, viability: 80, moisture: 90, vault: 60, shelf: 60, lastTest: 100, germination: 70, status: 100, donor: 170 };
const NUMERIC = new Set(['seedCount', 'viability', 'germination']);

class KhAccessions extends LitElement {
  static properties = { pending: { state: true }, msg: { state: true }, saving: { state: true } };
  static styles = [unsafeCSS(jsuitesCss), unsafeCSS(jssCss), pageStyles, unsafeCSS(`
    .gridwrap { margin-top: .8rem; }
    .jexcel_content { border: 1px solid #ccc; }
    .pending { font-size: .9rem; color: #7a5a10; }
  `)];
  constructor() { super(); this.pending = new Map(); this.msg = null; this.saving = false; }
  async firstUpdated() {
    const { columns, rows } = await api('/api/accessions');
    this.columns = columns; this.rows = rows;
    const host = this.renderRoot.querySelector('#grid');
    this.sheet = jspreadsheet(host, {
      root: this.renderRoot,
      data: rows.map((r) => columns.map(([k]) => r[k])),
      columns: columns.map(([k, title]) => ({
        title, name: k, width: WIDTHS[k] || 100,
        type: NUMERIC.has(k) ? 'numeric' : 'text',
        readOnly: k === 'id',
        align: NUMERIC.has(k) || k === 'moisture' ? 'right' : 'left',
      })),
      pagination: 25,
      search: true,
      tableOverflow: true,
      tableWidth: '1100px',
      tableHeight: '620px',
      allowInsertRow: false, allowManualInsertRow: false, allowInsertColumn: false, allowManualInsertColumn: false,
      allowDeleteRow: false, allowDeleteColumn: false, allowRenameColumn: false, columnDrag: false, rowDrag: false,
      contextMenu: () => [],
      onchange: (el, cell, x, y, value) => {
        const colKey = columns[Number(x)][0];
        const row = rows[Number(y)];
        const key = `${row.id}|${colKey}`;
        const next = new Map(this.pending);
        if (String(value) === String(row[colKey])) next.delete(key); else next.set(key, { id: row.id, field: colKey, value });
        this.pending = next; this.msg = null;
      },
    });
  }
  async save() {
    this.saving = true;
    try {
      const changes = [...this.pending.values()];
      const r = await post('/api/accessions/save', { changes });
      for (const c of changes) { const row = this.rows.find((x) => x.id === c.id); row[c.field] = NUMERIC.has(c.field) ? Number(c.value) : c.value; }
      this.pending = new Map();
      this.msg = { ok: true, text: `Saved ${r.saved} change${r.saved === 1 ? '' : 's'} to the register.` };
    } catch (e) { this.msg = { ok: false, text: e.message }; }
    this.saving = false;
  }
  render() {
    const n = this.pending.size;
    return html`
      <h1>Accession register</h1>
      <p class="sub">All banked accessions. Double-click a cell to edit it; changes are kept locally until you press <b>Save changes</b>.</p>
      <div class="card">
        <div class="row">
          <button class="btn" ?disabled=${!n || this.saving} @click=${this.save}>Save changes</button>
          <span class="pending">${n ? `${n} unsaved change${n === 1 ? '' : 's'}` : 'No unsaved changes'}</span>
        </div>
        ${this.msg ? html`<div class="msg ${this.msg.ok ? 'ok' : 'err'}" role="status">${this.msg.text}</div>` : ''}
        <div class="gridwrap"><div id="grid"></div></div>
      </div>`;
  }
}
customElements.define('kh-accessions', KhAccessions);
