import { LitElement, html, css } from 'lit';
import { Chart } from '@antv/g2';
import { pageStyles } from '../shared.js';
import { api } from '../api.js';

class KhCollections extends LitElement {
  static styles = [pageStyles, css`#chart { height: 520px; width: 100%; }`];
  async firstUpdated() {
    const data = await api('/api/collections/stats');
    const chart = new Chart({ container: this.renderRoot.querySelector('#chart'), autoFit: true, height: 520 });
    chart
      .interval()
      .data(data)
      .encode('x', 'year')
      .encode('y', 'accessions')
      .encode('color', 'collector')
      .transform({ type: 'dodgeX' })
      .scale('color', { palette: 'tableau10' })
      .axis('y', { title: 'Accessions collected' })
      .axis('x', { title: 'Collecting season' })
      .legend('color', { position: 'top' })
      .tooltip({ title: (d) => `${d.collector} · ${d.year}`, items: [{ channel: 'y', name: 'Accessions' }] })
      .interaction('elementHighlight', { background: true });
    chart.render();
    this.chart = chart;
  }
  disconnectedCallback() { super.disconnectedCallback(); this.chart?.destroy(); }
  render() {
    return html`
      <h1>Collecting activity</h1>
      <p class="sub">Accessions banked per field collector and collecting season. Hover a bar for the exact figure.</p>
      <div class="card"><div id="chart"></div></div>`;
  }
}
customElements.define('kh-collections', KhCollections);
