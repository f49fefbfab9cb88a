// Incident follow-ups board: four GridStack grids (one column each) with cards that can be dragged
// between them. The result of a move is reported only in an Ionic toast that vanishes after 2 s.
import { define, html } from 'hybrids';
import { GridStack } from 'gridstack';
import 'gridstack/dist/gridstack.min.css';
import { initialize, toastController } from '@ionic/core/components';
import { defineCustomElement as defineToast } from '@ionic/core/components/ion-toast.js';
import { api, shortDate } from '../api.js';

initialize({ mode: 'md', animated: true });
defineToast();

const esc = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));

async function toast(message, color = 'dark') {
  const t = await toastController.create({
    message, duration: 2000, position: 'bottom', color, cssClass: 'fw-toast',
  });
  await t.present();
}

function cardHtml(c) {
  return `<div class="fu-card" data-incident="${esc(c.incident)}">
      <strong>${esc(c.title)}</strong>
      <div class="inc">${esc(c.incident)} · ${esc(shortDate(c.date))}</div>
      <div class="meta">${esc(c.kind)}</div>
      <div class="meta">Owner: ${esc(c.owner)}</div>
    </div>`;
}

function buildBoard(host, data) {
  const board = host.querySelector('.board');
  board.innerHTML = '';
  host.grids = [];
  for (const col of data.columns) {
    const colEl = document.createElement('section');
    colEl.className = 'board-col';
    colEl.dataset.column = col.id;
    colEl.setAttribute('aria-label', col.title);
    const cards = data.cards.filter((c) => c.column === col.id);
    colEl.innerHTML = `<h2><span>${esc(col.title)}</span><span class="count">${cards.length}</span></h2><div class="grid-stack" data-column="${col.id}"></div>`;
    board.appendChild(colEl);
    const gsEl = colEl.querySelector('.grid-stack');
    cards.forEach((c, i) => {
      const item = document.createElement('div');
      item.className = 'grid-stack-item';
      item.dataset.id = c.id;
      item.setAttribute('gs-id', c.id);
      item.setAttribute('gs-x', '0');
      item.setAttribute('gs-y', String(i));
      item.setAttribute('gs-w', '1');
      item.setAttribute('gs-h', '1');
      item.innerHTML = `<div class="grid-stack-item-content">${cardHtml(c)}</div>`;
      gsEl.appendChild(item);
    });
    const grid = GridStack.init({
      column: 1, cellHeight: 104, margin: 5, minRow: 4, float: false, acceptWidgets: true,
      disableResize: true, animate: true, removable: false,
    }, gsEl);
    grid.on('dropped', (event, previousNode, newNode) => onDropped(host, col, newNode));
    grid.on('added removed', () => updateCounts(host));
    host.grids.push(grid);
  }
}

function updateCounts(host) {
  for (const colEl of host.querySelectorAll('.board-col')) {
    colEl.querySelector('.count').textContent = colEl.querySelectorAll('.grid-stack-item').length;
  }
}

async function onDropped(host, col, node) {
  const id = node?.el?.dataset.id || node?.id;
  if (!id) return;
  try {
    const res = await api('POST', `/api/followups/${id}/move`, { column: col.id, position: node.y ?? 0 });
    if (res.closureRef) await toast(`Follow-up closed. Closure reference ${res.closureRef}`, 'success');
    else await toast(`Moved to ${col.title}`);
  } catch (e) {
    await toast(`Could not move that card: ${e.message}`, 'danger');
    await reload(host);
  }
}

async function reload(host) {
  const data = await api('GET', '/api/followups');
  host.grids?.forEach((g) => g.destroy(false));
  host.loaded = true;
  requestAnimationFrame(() => buildBoard(host, data));
}

define({
  tag: 'fw-followups',
  loaded: false,
  grids: { value: undefined, connect: (host) => () => { host.grids?.forEach((g) => { try { g.destroy(false); } catch { /* ignore */ } }); } },
  render: {
    value: ({ loaded }) => html`
      <section class="page">
        <header>
          <h1>Incident follow-ups</h1>
          <p>Letters, visit requests and debriefs after missions. Drag a card to another column to change its stage.
             Moving a follow-up to <strong>Closed</strong> files it with the patient liaison team.</p>
        </header>
        ${!loaded && html`<p class="loading">Loading the board…</p>`}
        <div class="board"></div>
      </section>
    `,
    connect(host) { reload(host).catch((e) => toast(e.message, 'danger')); },
  },
});
