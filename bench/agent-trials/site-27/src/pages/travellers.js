import { CustomElement } from 'aurelia';
import 'x-data-spreadsheet/dist/xspreadsheet.js';
import 'x-data-spreadsheet/dist/xspreadsheet.css';
import { api } from '../api.js';

export const TravellersPage = CustomElement.define({
  name: 'travellers-page',
  template: `
  <h1>Traveller register</h1>
  <p class="muted">Every pupil booked on a 2025–26 trip. Double-click a cell (or start typing) to edit it; Dietary and Status offer a list. Changes are kept locally until you press <em>Save changes</em>. Use the scroll bars to reach columns further right.</p>
  <div class="toolbar">
    <button type="button" class="primary" click.trigger="save()" disabled.bind="saving">\${saving ? 'Saving…' : 'Save changes'}</button>
    <span role="status" class="status">\${message}</span>
  </div>
  <div class="sheet-wrap" ref="host" aria-label="Traveller register spreadsheet"></div>`,
}, class {
  message = 'Loading travellers…'; saving = false;
  async attached() {
    const data = await api('GET', '/api/travellers');
    this.columns = data.columns; this.rows = data.rows;
    this.original = data.rows.map((r) => ({ ...r }));
    const cols = { len: this.columns.length };
    const header = {};
    this.columns.forEach((c, i) => { cols[i] = { width: c.width }; header[i] = { text: c.title, style: 0, editable: false }; });
    const rows = { len: this.rows.length + 1, 0: { cells: header } };
    this.rows.forEach((r, ri) => {
      const cells = {};
      this.columns.forEach((c, ci) => { cells[ci] = { text: r[c.key] }; if (c.key === 'id') { cells[ci].editable = false; cells[ci].style = 1; } });
      rows[ri + 1] = { cells };
    });
    const last = this.rows.length + 1;
    const colLetter = (i) => String.fromCharCode(65 + i);
    const validations = this.columns.map((c, i) => c.list ? { refs: [`${colLetter(i)}2:${colLetter(i)}${last}`], mode: 'cell', type: 'list', required: true, value: c.list.join(','), operator: 'be' } : null).filter(Boolean);
    const host = this.host;
    this.xs = new window.x_spreadsheet(host, {
      mode: 'edit', showToolbar: false, showContextmenu: false, showBottomBar: false,
      view: { height: () => Math.max(420, window.innerHeight - 230), width: () => host.clientWidth },
      row: { len: last, height: 25 }, col: { len: this.columns.length, width: 100, indexWidth: 50, minWidth: 40 },
    });
    this.xs.loadData([{ name: 'Travellers', freeze: 'D2', styles: [{ bgcolor: '#e8eef6', font: { bold: true } }, { color: '#555555' }], cols, rows, validations }]);
    this.message = `${this.rows.length} travellers. No unsaved changes.`;
    this.xs.change(() => { const n = this.diff().length; this.message = n ? `${n} unsaved change${n > 1 ? 's' : ''}.` : 'No unsaved changes.'; });
  }
  diff() {
    const sheet = this.xs.getData()[0];
    const changes = [];
    this.original.forEach((orig, ri) => {
      const cells = (sheet.rows[ri + 1] || {}).cells || {};
      this.columns.forEach((c, ci) => {
        if (c.key === 'id') return;
        const v = cells[ci] && cells[ci].text != null ? String(cells[ci].text) : '';
        if (v !== orig[c.key]) changes.push({ id: orig.id, field: c.key, value: v });
      });
    });
    return changes;
  }
  async save() {
    const changes = this.diff();
    if (!changes.length) { this.message = 'Nothing to save.'; return; }
    this.saving = true; this.message = 'Saving…';
    try {
      await api('POST', '/api/travellers/bulk', { changes });
      for (const ch of changes) this.original.find((r) => r.id === ch.id)[ch.field] = ch.value;
      this.message = `Saved ${changes.length} change${changes.length > 1 ? 's' : ''}.`;
    } catch (e) { this.message = 'Could not save: ' + e.message; }
    finally { this.saving = false; }
  }
});
