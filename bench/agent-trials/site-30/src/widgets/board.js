import Sortable from 'sortable-dnd';
import { toast } from '../toast.js';
import { api, h } from '../api.js';

export function mount(host) {
  let disposed = false; const sortables = [];
  const status = h('p', { class: 'muted', role: 'status', 'aria-live': 'polite', text: 'Loading board…' });
  const board = h('div', { class: 'board' });
  host.append(board, status);
  api('/api/board').then(({ columns, cards }) => {
    if (disposed) return;
    status.textContent = '';
    for (const [id, label] of columns) {
      const list = h('ul', { class: 'lane-list', 'data-column': id, 'aria-label': label });
      const mine = cards.filter((c) => c.column === id).sort((a, b) => a.order - b.order);
      for (const c of mine) list.append(card(c));
      const count = h('span', { class: 'count', text: String(mine.length) });
      board.append(h('section', { class: 'lane', 'aria-labelledby': 'lane-' + id }, h('h2', { id: 'lane-' + id }, label, ' ', count), list));
      sortables.push(new Sortable(list, {
        group: 'prep', animation: 150, draggable: 'li', chosenClass: 'chosen', placeholderClass: 'placeholder',
        onDrop: async (ev) => {
          const to = ev.to; const from = ev.from; const node = ev.node;
          if (to !== list || (to === from && ev.oldIndex === ev.newIndex)) return;
          const cardId = node.dataset.id;
          const moved = to.contains(node) ? node : to.querySelector(`[data-id="${cardId}"]`);
          updateCounts();
          if (to === from) return; // re-ordering within a stage is local only
          try {
            const r = await api(`/api/board/cards/${cardId}/move`, { method: 'POST', json: { column: to.dataset.column, index: ev.newIndex } });
            toast.success(`Moved to ${columns.find((c) => c[0] === to.dataset.column)[1]}`, { description: `Issue slip ${r.slip}`, duration: 2000 });
          } catch (e) { toast.error('Move failed: ' + e.message, { duration: 2000 }); }
        },
      }));
    }
    function updateCounts() { board.querySelectorAll('.lane').forEach((l) => { l.querySelector('.count').textContent = String(l.querySelectorAll('li').length); }); }
  }).catch((e) => { status.textContent = 'Could not load the board: ' + e.message; });
  function card(c) {
    return h('li', { class: 'kcard', 'data-id': c.id, 'aria-label': `${c.work}, ${c.part}` },
      h('strong', { text: c.work }), h('span', { class: 'part', text: c.part }), h('span', { class: 'muted small', text: `${c.copies} · ${c.concert}` }));
  }
  return () => { disposed = true; sortables.forEach((s) => s.destroy && s.destroy()); };
}
