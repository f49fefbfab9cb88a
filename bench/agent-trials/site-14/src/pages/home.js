class PageHome extends HTMLElement {
  async connectedCallback() {
    this.innerHTML = `<h1>Good morning</h1><p class="sub">Lantern Press · Bay Street print works</p>
      <div class="kpis" id="kpis"></div>
      <div class="card"><h3>Shop notices</h3><ul>
        <li>The guillotine in Bay 2 is being serviced on Friday 16 April — no press checks that day.</li>
        <li>New paper delivery (Silk 170gsm) expected Wednesday.</li>
        <li>Please keep job briefs up to date before proofs go out.</li></ul></div>`;
    const [orders, customers] = await Promise.all([fetch('/api/orders').then((r) => r.json()), fetch('/api/customers').then((r) => r.json())]);
    const open = orders.filter((o) => o.status !== 'Dispatched').length;
    const onPress = orders.filter((o) => o.status === 'On press').length;
    this.querySelector('#kpis').innerHTML = [
      ['Orders on the books', orders.length], ['Open orders', open], ['On press now', onPress], ['Customer accounts', customers.length],
    ].map(([l, v]) => `<div class="card kpi">${l}<b>${v}</b></div>`).join('');
  }
}
customElements.define('page-home', PageHome);
