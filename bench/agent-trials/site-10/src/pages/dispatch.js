import { LitElement, html } from 'lit';
import notie from 'notie';
import 'notie/dist/notie.css';
import { pageStyles } from '../shared.js';
import { api, post } from '../api.js';

class KhDispatch extends LitElement {
  static properties = { batches: { state: true }, busy: { state: true } };
  static styles = [pageStyles];
  constructor() { super(); this.batches = []; this.busy = null; }
  async connectedCallback() { super.connectedCallback(); this.batches = await api('/api/batches'); }
  release(b) {
    notie.confirm({
      text: `Release batch ${b.id} (${b.packets} packets of ${b.species}) to ${b.recipient}?`,
      submitText: 'Release', cancelText: 'Cancel',
      submitCallback: async () => {
        this.busy = b.id;
        try {
          const r = await post(`/api/batches/${b.id}/release`, {});
          b.status = 'Released'; this.batches = [...this.batches];
          notie.alert({ type: 'success', text: `Batch ${b.id} released. Release reference: ${r.reference}`, time: 2 });
        } catch (e) {
          notie.alert({ type: 'error', text: e.message, time: 3 });
        }
        this.busy = null;
      },
    });
  }
  render() {
    return html`
      <h1>Dispatch batches</h1>
      <p class="sub">Packed seed batches waiting for release to restoration partners. Releasing a batch books it out of stock and issues a release reference for the courier paperwork.</p>
      <div class="card">
        <table class="plain">
          <thead><tr><th>Batch</th><th>Project</th><th>Recipient</th><th>Species</th><th>Packets</th><th>Status</th><th></th></tr></thead>
          <tbody>
            ${this.batches.map((b) => html`<tr>
              <td>${b.id}</td><td>${b.project}</td><td>${b.recipient}</td><td><i>${b.species}</i></td><td>${b.packets}</td><td>${b.status}</td>
              <td>${b.status === 'Ready' ? html`<button class="btn ghost" ?disabled=${this.busy === b.id} @click=${() => this.release(b)}>Release…</button>` : ''}</td>
            </tr>`)}
          </tbody>
        </table>
      </div>`;
  }
}
customElements.define('kh-dispatch', KhDispatch);
