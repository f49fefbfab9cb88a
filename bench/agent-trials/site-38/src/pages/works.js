import { html, render } from 'uhtml';
import PlainDraggable from 'plain-draggable';
import vanillaToast from 'vanilla-toast';
import 'vanilla-toast/vanilla-toast.css';
import { get, api } from '../api.js';

const COLUMNS = ['Reported', 'In workshop', 'Awaiting parts', 'Testing', 'Done'];

export async function mount(el) {
  render(el, html`
    <h1>Works orders</h1>
    <p class="lead">Carriage &amp; wagon works. Drag a card to the column it belongs in.</p>
    <div id="board-host"><p class="loading">Loading board…</p></div>`);
  let cards = await get('/api/works');
  const host = el.querySelector('#board-host');
  if (!host) return;
  let draggables = [];
  let busy = false;

  function draw() {
    draggables.forEach(d => d.remove());
    draggables = [];
    const board = document.createElement('div');
    board.className = 'board';
    render(board, html`${COLUMNS.map(col => html`
      <section class="column" data-column=${col}>
        <h2>${col} <span class="count">${cards.filter(c => c.column === col).length}</span></h2>
        <div class="cards">${cards.filter(c => c.column === col).map(c => html`
          <article class="card" data-id=${c.id}><span class="ref">${c.id}</span><p>${c.title}</p></article>`)}</div>
      </section>`)}`);
    host.replaceChildren(board);
    board.querySelectorAll('.card').forEach(cardEl => {
      const d = new PlainDraggable(cardEl, {
        autoScroll: true,
        containment: board,
        onDragEnd() {
          const r = cardEl.getBoundingClientRect();
          const x = r.left + r.width / 2, y = r.top + r.height / 2;
          const target = document.elementsFromPoint(x, y).map(n => n.closest && n.closest('.column')).find(n => n && n !== cardEl.closest('.column'));
          drop(cardEl.dataset.id, target ? target.dataset.column : null);
        },
      });
      draggables.push(d);
    });
  }

  async function drop(id, to) {
    const card = cards.find(c => c.id === id);
    if (!to || busy || to === card.column) { draw(); return; }
    busy = true;
    const from = card.column;
    card.column = to; draw();
    try {
      const r = await api('POST', '/api/works/move', { id, to });
      vanillaToast.success(`Moved “${card.title}” to ${to}. Move reference ${r.ref}`, { duration: 2000 });
    } catch (e) {
      card.column = from; draw();
      vanillaToast.error(`Move failed: ${e.message}`, { duration: 2000 });
    } finally { busy = false; }
  }

  draw();
  return () => draggables.forEach(d => d.remove());
}
