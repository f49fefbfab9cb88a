import { Component } from 'inferno';
import { createElement } from 'inferno-create-element';
import canvasDatagrid from 'canvas-datagrid';
import { api } from '../api.js';

const EDITABLE = ['deliveryDay', 'status', 'cellarNotes'];

export default class Accounts extends Component {
  constructor(p) {
    super(p);
    this.state = { loading: true, q: '', shown: 0, pending: {}, saving: false, msg: null, err: null };
    this.master = [];
  }
  componentDidMount() {
    document.title = 'Trade accounts · Ridgeback back office';
    api('GET', '/api/accounts').then(d => {
      this.master = d.rows;
      this.deliveryDays = d.deliveryDays; this.statuses = d.statuses;
      this.setState({ loading: false });
      this.mountGrid();
    }).catch(e => this.setState({ loading: false, err: e.message }));
  }
  componentWillUnmount() { if (this.grid && this.grid.dispose) this.grid.dispose(); }
  schema() {
    const c = (name, title, width, extra = {}) => ({ name, title, width, type: 'string', ...extra });
    return [
      c('id', 'Account', 95), c('pub', 'Pub', 170), c('town', 'Town', 115), c('depot', 'Depot', 130),
      c('landlordFirst', 'Landlord first name', 140), c('landlordSurname', 'Landlord surname', 140),
      c('phone', 'Phone', 120), c('rep', 'Sales rep', 95), c('tier', 'Tier', 70),
      c('deliveryDay', 'Delivery day ✎', 125, { enum: this.deliveryDays }),
      c('status', 'Status ✎', 95, { enum: this.statuses }),
      c('creditLimit', 'Credit limit (£)', 120, { type: 'number' }), c('balance', 'Balance (£)', 105, { type: 'number' }),
      c('lastOrder', 'Last order', 100), c('casksPerWeek', 'Casks / week', 100, { type: 'number' }), c('handpulls', 'Handpulls', 85, { type: 'number' }),
      c('cellarNotes', 'Cellar notes ✎', 220), c('postcode', 'Postcode', 90), c('openedYear', 'Licensed since', 110, { type: 'number' }),
      c('vatNo', 'VAT number', 130), c('dutyRef', 'Duty reference', 135),
    ];
  }
  rows() {
    const toks = this.state.q.toLowerCase().split(/\s+/).filter(Boolean);
    return this.master
      .map(r => ({ ...r, ...(this.state.pending[r.id] || {}) }))
      .filter(r => !toks.length || toks.every(t => Object.values(r).join(' ').toLowerCase().includes(t)));
  }
  mountGrid() {
    const rows = this.rows();
    this.grid = canvasDatagrid({ parentNode: this.host, data: rows, schema: this.schema(), editable: true, allowColumnReordering: false, allowRowReordering: false, showNewRow: false, allowFreezingColumns: true, frozenColumn: 1 });
    this.grid.setAttribute && this.grid.setAttribute('aria-label', 'Trade accounts grid');
    this.grid.style.height = '100%'; this.grid.style.width = '100%';
    this.grid.addEventListener('beforebeginedit', e => { if (!EDITABLE.includes(e.cell.header.name)) e.preventDefault(); });
    this.grid.addEventListener('endedit', e => {
      if (e.aborted) return;
      const row = e.cell.data, field = e.cell.header.name;
      if (!row || !EDITABLE.includes(field)) return;
      const orig = this.master.find(r => r.id === row.id);
      const pending = { ...this.state.pending };
      const p = { ...(pending[row.id] || {}) };
      if (orig[field] === e.value) delete p[field]; else p[field] = e.value;
      if (Object.keys(p).length) pending[row.id] = p; else delete pending[row.id];
      this.setState({ pending, msg: null });
    });
    this.setState({ shown: rows.length });
  }
  onSearch(q) {
    this.setState({ q }, () => { const rows = this.rows(); this.grid.data = rows; this.setState({ shown: rows.length }); });
  }
  save() {
    const changes = Object.entries(this.state.pending).map(([id, fields]) => ({ id, fields }));
    if (!changes.length) return;
    this.setState({ saving: true, err: null, msg: null });
    api('POST', '/api/accounts/bulk', { changes }).then(r => {
      for (const c of changes) Object.assign(this.master.find(x => x.id === c.id), c.fields);
      this.setState({ saving: false, pending: {}, msg: `Saved changes to ${r.saved} account${r.saved === 1 ? '' : 's'}.` });
    }).catch(e => this.setState({ saving: false, err: e.message }));
  }
  discard() {
    this.setState({ pending: {}, msg: null }, () => { this.grid.data = this.rows(); });
  }
  render() {
    const n = Object.keys(this.state.pending).length;
    return (
      <div>
        <h1 className="page-title">Trade accounts</h1>
        <p className="page-sub">Every pub on the delivery round. Double-click a cell marked ✎ to edit it, then save all changes together.</p>
        <div className="toolbar-row">
          <div style={{ minWidth: '320px' }}>
            <label className="form-label visually-hidden" for="acc-filter">Filter accounts</label>
            <input id="acc-filter" type="search" className="form-control" placeholder="Filter by pub, town, landlord, account…" value={this.state.q} onInput={e => this.onSearch(e.target.value)} />
          </div>
          <span className="text-muted small" aria-live="polite">{this.state.loading ? 'Loading accounts…' : `${this.state.shown} of ${this.master.length} accounts`}</span>
          <span className="ms-auto small">{n ? `${n} account${n === 1 ? '' : 's'} with unsaved changes` : 'No unsaved changes'}</span>
          <button type="button" className="btn btn-outline-secondary btn-sm" disabled={!n || this.state.saving} onClick={() => this.discard()}>Discard</button>
          <button type="button" className="btn btn-brew" disabled={!n || this.state.saving} onClick={() => this.save()}>{this.state.saving ? 'Saving…' : 'Save changes'}</button>
        </div>
        {this.state.msg && <div className="alert alert-success py-2" role="status">{this.state.msg}</div>}
        {this.state.err && <div className="alert alert-danger py-2" role="alert">{this.state.err}</div>}
        <div className="grid-host" ref={el => { this.host = el; }}></div>
      </div>
    );
  }
}
