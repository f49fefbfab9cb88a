import $ from '../jq.js';
import 'jsgrid/dist/jsgrid.min.css';
import 'jsgrid/dist/jsgrid-theme.min.css';
import './jsgrid-shim.js';
import 'jsgrid';

class PageOrders extends HTMLElement {
  async connectedCallback() {
    this.innerHTML = `<h1>Print orders</h1>
      <p class="sub">All open and recent orders. Click a row to edit quantity, status or due date, confirm the row with the tick, then save.</p>
      <div class="toolbar"><button class="btn primary" id="save" disabled>Save changes</button><span id="state" class="muted">No unsaved changes</span></div>
      <div class="grid-scroll"><div id="grid"></div></div>`;
    const [orders, meta] = await Promise.all([fetch('/api/orders').then((r) => r.json()), fetch('/api/meta').then((r) => r.json())]);
    const dirty = new Map();
    const state = this.querySelector('#state');
    const saveBtn = this.querySelector('#save');
    const refresh = () => {
      saveBtn.disabled = dirty.size === 0;
      state.className = 'muted';
      state.textContent = dirty.size ? `${dirty.size} unsaved change${dirty.size > 1 ? 's' : ''}` : 'No unsaved changes';
    };
    const statusItems = [{ name: '' }, ...meta.statuses.map((s) => ({ name: s }))];
    const txt = (name, title, width, extra = {}) => ({ name, title, type: 'text', width, editing: false, ...extra });
    $(this.querySelector('#grid')).jsGrid({
      width: '1640px',
      height: 'auto',
      filtering: true, sorting: true, paging: true, editing: true, autoload: true,
      pageSize: 15, pageButtonCount: 8,
      noDataContent: 'No orders match the filter',
      pagerFormat: 'Page {pageIndex} of {pageCount}   {first} {prev} {pages} {next} {last}',
      controller: {
        loadData(filter) {
          return orders.filter((o) => Object.entries(filter).every(([k, v]) => {
            if (v === undefined || v === '' || v === null) return true;
            if (k === 'qty' || k === 'price') return Number(o[k]) === Number(v);
            if (k === 'status' || k === 'proof') return o[k] === v;
            return String(o[k]).toLowerCase().includes(String(v).toLowerCase());
          }));
        },
        updateItem(item) {
          const o = orders.find((x) => x.id === item.id);
          item.qty = Number(item.qty);
          Object.assign(o, item);
          dirty.set(item.id, { id: item.id, qty: item.qty, status: item.status, due: item.due });
          refresh();
          return item;
        },
      },
      fields: [
        txt('id', 'Order #', 80),
        txt('customer', 'Customer', 170),
        txt('product', 'Product', 110),
        txt('paper', 'Paper', 130),
        txt('size', 'Size', 90),
        { name: 'qty', title: 'Qty', type: 'number', width: 70, align: 'right' },
        txt('colours', 'Colours', 70),
        txt('finish', 'Finish', 110),
        { name: 'due', title: 'Due', type: 'text', width: 100,
          validate: { validator: (v) => /^2027-\d{2}-\d{2}$/.test(v), message: 'Due date must be YYYY-MM-DD in 2027' } },
        { name: 'status', title: 'Status', type: 'select', items: statusItems, valueField: 'name', textField: 'name', width: 100 },
        { name: 'price', title: 'Price (£)', type: 'number', width: 80, editing: false, itemTemplate: (v) => v.toFixed(2) },
        txt('rep', 'Rep', 70),
        { name: 'proof', title: 'Proof sent', type: 'select', items: [{ name: '' }, { name: 'Yes' }, { name: 'No' }], valueField: 'name', textField: 'name', width: 80, editing: false },
        { type: 'control', deleteButton: false, width: 70 },
      ],
    });
    saveBtn.addEventListener('click', async () => {
      saveBtn.disabled = true;
      const rows = [...dirty.values()];
      const res = await fetch('/api/orders/save', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ rows }) });
      const out = await res.json();
      if (res.ok) { dirty.clear(); refresh(); state.className = 'msg-ok'; state.textContent = `Saved ${out.saved} order${out.saved === 1 ? '' : 's'}.`; }
      else { saveBtn.disabled = false; state.className = 'msg-err'; state.textContent = out.error || 'Save failed'; }
    });
  }
}
customElements.define('page-orders', PageOrders);
