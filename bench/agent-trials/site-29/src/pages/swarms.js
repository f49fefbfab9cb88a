import { definePage } from './page.js';
import { api, esc } from '../api.js';
import { DragDropManager, Draggable, Droppable } from '@dnd-kit/dom';
import Notiflix from 'notiflix';

const COLS = [['reported', 'Reported'], ['assigned', 'Assigned'], ['collected', 'Collected'], ['rehomed', 'Rehomed']];

definePage('page-swarms', `
  <h1>Swarm collections</h1>
  <p class="lede">Swarm reports from the public. Drag a card to the column that matches where the swarm is now; the office issues a collection reference for each move.</p>
  <p class="status" id="status" role="status"></p>
  <div class="board" id="board"></div>`, async (el) => {
  const board = el.querySelector('#board');
  const status = el.querySelector('#status');
  let swarms = (await api('/api/swarms')).swarms;
  let manager;
  function render() {
    if (manager) manager.destroy();
    manager = new DragDropManager();
    board.innerHTML = COLS.map(([id, name]) => `<section class="col" data-col="${id}" aria-label="${name}"><h2>${name} <span class="status">(${swarms.filter((s) => s.column === id).length})</span></h2>${swarms.filter((s) => s.column === id).map((s) => `<article class="swarm" data-id="${s.id}" aria-label="${esc(s.title)} (reported by ${esc(s.reporter)})">${esc(s.title)}<small>${s.id} · reported by ${esc(s.reporter)}</small></article>`).join('')}</section>`).join('');
    board.querySelectorAll('.col').forEach((c) => new Droppable({ id: c.dataset.col, element: c }, manager));
    board.querySelectorAll('.swarm').forEach((c) => new Draggable({ id: c.dataset.id, element: c }, manager));
    manager.monitor.addEventListener('dragover', (event) => {
      board.querySelectorAll('.col').forEach((c) => c.classList.toggle('over', c.dataset.col === event.operation.target?.id));
    });
    manager.monitor.addEventListener('dragend', (event) => {
      board.querySelectorAll('.col').forEach((c) => c.classList.remove('over'));
      const { source, target } = event.operation;
      if (event.canceled || !source || !target) return;
      const card = swarms.find((s) => s.id === source.id);
      if (!card || card.column === target.id) return;
      setTimeout(() => move(card, target.id));
    });
  }
  async function move(card, column) {
    const from = card.column;
    card.column = column; render();
    status.textContent = `Moving ${card.id}…`;
    try {
      const r = await api(`/api/swarms/${card.id}/move`, { method: 'POST', body: JSON.stringify({ column }) });
      status.textContent = `${card.id} moved to ${COLS.find((c) => c[0] === column)[1]}.`;
      Notiflix.Notify.success(`${card.id} moved to ${COLS.find((c) => c[0] === column)[1]}. Collection reference ${r.reference}`, { timeout: 2000, showOnlyTheLastOne: true });
    } catch (e) {
      card.column = from; render();
      status.textContent = e.message;
    }
  }
  render();
  return () => manager && manager.destroy();
});
