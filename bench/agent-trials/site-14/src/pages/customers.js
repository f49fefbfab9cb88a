import List from 'list.js';
import alertify from 'alertifyjs';
import 'alertifyjs/build/css/alertify.css';
import 'alertifyjs/build/css/themes/default.css';

class PageCustomers extends HTMLElement {
  async connectedCallback() {
    this.innerHTML = `<h1>Customer accounts</h1><p class="sub">Search by name, area or account number.</p>
      <div class="card" id="cust"><input class="search" placeholder="Search customers…" aria-label="Search customers">
      <table class="plain" style="margin-top:10px"><thead><tr>
        <th><a href="#" class="sort" data-sort="id">Account</a></th><th><a href="#" class="sort" data-sort="name">Name</a></th><th>Area</th><th>Email</th><th>Open orders</th><th>Customer since</th><th></th></tr></thead>
      <tbody class="list"></tbody></table>
      <ul class="pagination"></ul><p class="muted" id="count"></p></div>`;
    const customers = await fetch('/api/customers').then((r) => r.json());
    const root = this.querySelector('#cust');
    const list = new List(root, {
      valueNames: ['id', 'name', 'area', 'email', 'openOrders', 'since'],
      item: '<tr><td class="id"></td><td class="name"></td><td class="area"></td><td class="email"></td><td class="openOrders"></td><td class="since"></td><td><button class="btn danger del" type="button">Delete</button></td></tr>',
      page: 10, pagination: [{ outerWindow: 1, innerWindow: 2 }],
    }, customers);
    const count = this.querySelector('#count');
    const upd = () => { count.textContent = `${list.matchingItems.length} of ${list.items.length} accounts`; };
    list.on('updated', upd); upd();
    root.addEventListener('click', (e) => {
      if (e.target.closest('a.sort, .pagination a')) e.preventDefault();
      const btn = e.target.closest('button.del'); if (!btn) return;
      const tr = btn.closest('tr');
      const id = tr.querySelector('.id').textContent; const name = tr.querySelector('.name').textContent; const area = tr.querySelector('.area').textContent;
      alertify.confirm('Delete customer account',
        `Delete <b>${name.replace(/</g, '&lt;')}</b> (${id}, ${area})? Their order history will be archived. This cannot be undone.`,
        async () => {
          const res = await fetch(`/api/customers/${id}`, { method: 'DELETE' });
          if (res.ok) { list.remove('id', id); alertify.success(`Deleted ${id}`); } else alertify.error('Delete failed');
        },
        () => {}).set('labels', { ok: 'Delete', cancel: 'Keep' });
    });
  }
}
customElements.define('page-customers', PageCustomers);
