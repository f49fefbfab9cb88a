import { LitElement, html, css, unsafeCSS } from 'lit';
import DataTable from 'datatables.net-dt';
import dtCss from 'datatables.net-dt/css/dataTables.dataTables.css?inline';
import A11yDialog from 'a11y-dialog';
import { pageStyles } from '../shared.js';
import { api, post } from '../api.js';

const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
const fmtDate = (iso) => new Date(`${iso}T00:00:00`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

class KhRequests extends LitElement {
  static properties = { target: { state: true }, msg: { state: true } };
  static styles = [unsafeCSS(dtCss), pageStyles, css`
    table.dataTable { font-size: .9rem; }
    .st { padding: .1rem .45rem; border-radius: 10px; font-size: .8rem; background: #eee; }
    .st.Pending { background: #fff1c9; } .st.Approved { background: #dcefd6; } .st.Shipped { background: #dde6f3; } .st.Cancelled { background: #f3dcdc; }
    .filters { margin-bottom: .6rem; font-size: .9rem; }
    .filters select { font: inherit; padding: .2rem .4rem; }
    .dialog-container { position: fixed; inset: 0; z-index: 50; display: flex; align-items: center; justify-content: center; }
    .dialog-container[aria-hidden='true'] { display: none; }
    .dialog-overlay { position: fixed; inset: 0; background: rgba(20, 30, 20, .45); }
    .dialog-content { position: relative; background: #fff; border-radius: 8px; padding: 1.2rem 1.4rem; width: min(460px, 90vw); box-shadow: 0 10px 30px rgba(0,0,0,.25); }
    .dialog-content h2 { margin: 0 0 .6rem; font-size: 1.15rem; }
    .dialog-close { position: absolute; top: .5rem; right: .6rem; border: 0; background: none; font-size: 1.3rem; cursor: pointer; }
    .actions { display: flex; gap: .6rem; justify-content: flex-end; margin-top: 1rem; }
  `];
  constructor() { super(); this.target = null; this.msg = null; }
  async firstUpdated() {
    this.rows = await api('/api/requests');
    const tableEl = this.renderRoot.querySelector('#tbl');
    this.dt = new DataTable(tableEl, {
      data: this.rows,
      pageLength: 10,
      lengthChange: false,
      order: [[5, 'desc']],
      columns: [
        { data: 'id', title: 'Request' },
        { data: 'institution', title: 'Institution' },
        { data: 'contact', title: 'Contact' },
        { data: 'species', title: 'Species', render: (d, t) => (t === 'display' ? `<i>${esc(d)}</i>` : d) },
        { data: 'packets', title: 'Packets' },
        { data: 'requested', title: 'Requested', render: (d, t) => (t === 'display' || t === 'filter' ? fmtDate(d) : d) },
        { data: 'purpose', title: 'Purpose' },
        { data: 'status', title: 'Status', render: (d, t) => (t === 'display' ? `<span class="st ${esc(d)}">${esc(d)}</span>` : d) },
        { data: null, title: '', orderable: false, searchable: false, render: (d, t, row) => (['Pending', 'Approved'].includes(row.status) ? `<button class="btn ghost cancel" data-id="${esc(row.id)}">Cancel…</button>` : '') },
      ],
    });
    tableEl.addEventListener('click', (e) => {
      const b = e.target.closest('button.cancel');
      if (b) this.ask(b.dataset.id);
    });
    this.dialog = new A11yDialog(this.renderRoot.querySelector('#confirm'));
  }
  filterStatus(e) { this.dt.column(7).search(e.target.value ? `^${e.target.value}$` : '', { regex: true, smart: false }).draw(); }
  ask(id) { this.target = this.rows.find((r) => r.id === id); this.msg = null; this.dialog.show(); }
  async confirmCancel() {
    const r = this.target;
    try {
      await post(`/api/requests/${r.id}/cancel`, {});
      r.status = 'Cancelled';
      this.dt.rows().invalidate().draw(false);
      this.msg = { ok: true, text: `Request ${r.id} cancelled.` };
    } catch (e) { this.msg = { ok: false, text: e.message }; }
    this.dialog.hide();
  }
  render() {
    const t = this.target;
    return html`
      <h1>Distribution requests</h1>
      <p class="sub">Seed requests from partner institutions. Use the search box to narrow the list.</p>
      <div class="card">
        <div class="filters">Status:
          <select @change=${this.filterStatus} aria-label="Filter by status"><option value="">All</option><option>Pending</option><option>Approved</option><option>Shipped</option><option>Cancelled</option></select>
        </div>
        <table id="tbl" class="display" style="width:100%"></table>
        ${this.msg ? html`<div class="msg ${this.msg.ok ? 'ok' : 'err'}" role="status">${this.msg.text}</div>` : ''}
      </div>
      <div id="confirm" class="dialog-container" aria-labelledby="confirm-title" aria-hidden="true">
        <div class="dialog-overlay" data-a11y-dialog-hide></div>
        <div class="dialog-content" role="document">
          <button type="button" class="dialog-close" data-a11y-dialog-hide aria-label="Close">×</button>
          <h2 id="confirm-title">Cancel this request?</h2>
          ${t ? html`<p>${t.institution} (${t.contact}) asked for ${t.packets} packets of <i>${t.species}</i> on ${fmtDate(t.requested)}. The requester will be notified that the request was cancelled.</p>` : ''}
          <div class="actions">
            <button type="button" class="btn ghost" data-a11y-dialog-hide>Keep request</button>
            <button type="button" class="btn danger" @click=${this.confirmCancel}>Cancel request</button>
          </div>
        </div>
      </div>`;
  }
}
customElements.define('kh-requests', KhRequests);
