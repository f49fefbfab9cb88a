import Ractive from 'ractive';
import { api, get } from '../api.js';
import { amd } from '../dojo.js';

const COLUMNS = [
  ['id', 'Hive'], ['apiary', 'Apiary'], ['stand', 'Stand'], ['hiveType', 'Hive type'], ['source', 'Colony from'],
  ['queenYear', 'Queen year'], ['queenMark', 'Queen mark'], ['queenLine', 'Queen line'], ['temper', 'Temper (1–5)'],
  ['broodFrames', 'Brood frames'], ['supers', 'Supers'], ['lastInspected', 'Last inspected'], ['varroa', 'Varroa /day'],
  ['treatment', 'Treatment'], ['stores', 'Stores'], ['weightKg', 'Weight kg'], ['inspector', 'Inspector'],
];

export default Ractive.extend({
  data: () => ({ loading: true, error: '', message: '', saving: false, dirtyCount: 0, total: 0 }),
  template: `
    <section class="page hives-page">
      <h1>Hive register</h1>
      <p class="lede">Every colony the cooperative looks after{{#if total}} — {{total}} hives across seven apiaries{{/if}}. Double-click a status or a note to change it; nothing is stored until you save.</p>
      <div class="toolbar">
        <button type="button" class="btn btn-go" on-click="@this.save()">{{#if saving}}Saving…{{else}}Save changes{{/if}}</button>
        <span class="muted">{{#if dirtyCount}}{{dirtyCount}} hive{{#if dirtyCount !== 1}}s{{/if}} with unsaved edits{{else}}No unsaved edits{{/if}}</span>
        {{#if message}}<span class="flash">{{message}}</span>{{/if}}
        {{#if error}}<span class="error">{{error}}</span>{{/if}}
      </div>
      {{#if loading}}<p class="muted">Loading the register…</p>{{/if}}
      <div class="claro grid-host"><div id="hive-grid" class="dgrid-autoheight"></div></div>
    </section>
  `,
  async oncomplete() {
    try {
      const [[declare, Grid, Pagination, Keyboard, Editor, Memory, Trackable, Select], data] = await Promise.all([
        amd(['dojo/_base/declare', 'dgrid/Grid', 'dgrid/extensions/Pagination', 'dgrid/Keyboard', 'dgrid/Editor',
          'dstore/Memory', 'dstore/Trackable', 'dijit/form/Select']),
        get('/api/hives'),
      ]);
      if (this.torndown) return;
      document.body.classList.add('claro');
      const store = new (declare([Memory, Trackable]))({ data: data.hives, idProperty: 'id' });
      const columns = COLUMNS.map(([field, label]) => ({ field, label }));
      columns.push({
        field: 'status', label: 'Status', editor: Select, editOn: 'dblclick',
        editorArgs: { options: data.statuses.map((s) => ({ label: s, value: s })), style: 'width: 100%' },
      });
      columns.push({ field: 'notes', label: 'Notes', editor: 'text', editOn: 'dblclick', autoSelect: true });
      columns.push({ field: 'tag', label: 'RFID tag' });
      const HiveGrid = declare([Grid, Pagination, Keyboard, Editor]);
      this.grid = new HiveGrid({
        collection: store,
        columns,
        rowsPerPage: 20,
        pagingLinks: 2,
        firstLastArrows: true,
        pageSizeOptions: [20, 50, 100],
        loadingMessage: 'Loading…',
        noDataMessage: 'No hives.',
      }, this.find('#hive-grid'));
      this.grid.startup();
      this.grid.on('dgrid-datachange', () => setTimeout(() => this.countDirty(), 0));
      this.set({ loading: false, total: data.hives.length });
    } catch (e) {
      this.set({ loading: false, error: e.message });
    }
  },
  countDirty() {
    if (!this.grid) return;
    const n = Object.keys(this.grid.dirty || {}).length;
    this.set('dirtyCount', n);
    if (n) this.set('message', '');
  },
  async save() {
    if (!this.grid || this.get('saving')) return;
    // let an open cell editor commit its value first
    if (document.activeElement && this.find('.grid-host').contains(document.activeElement)) document.activeElement.blur();
    await new Promise((r) => setTimeout(r, 50));
    const dirty = this.grid.dirty || {};
    const changes = Object.keys(dirty).map((id) => ({ id, ...dirty[id] }));
    if (!changes.length) { this.set({ message: 'Nothing to save.', error: '' }); return; }
    this.set({ saving: true, error: '', message: '' });
    try {
      const r = await api('POST', '/api/hives/changes', { changes });
      await this.grid.save();
      this.set({ message: `Saved ${r.updated} hive${r.updated === 1 ? '' : 's'}.` });
    } catch (e) {
      this.set('error', e.message);
    } finally {
      this.set('saving', false);
      this.countDirty();
    }
  },
  onteardown() {
    this.torndown = true;
    if (this.grid) this.grid.destroy();
    document.body.classList.remove('claro');
  },
});
