import { html } from '@arrow-js/core';
import { Draggable } from '@neodrag/vanilla';
import { snackbar } from 'mdui/functions/snackbar.js';
import 'mdui/components/snackbar.js';
import 'mdui/mdui.css';
import { api } from '../api.js';

const COLUMNS = ['Requested', 'Scheduled', 'In progress', 'Done'];
const fmt = (d) => new Date(d + 'T12:00:00Z').toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short' });

export function boardPage(el) {
  html`<h1>Maintenance visits</h1>
  <p class="lead">Drag a visit card to another column to change its stage. The contractor is notified automatically.</p>
  <div id="board" class="board">${COLUMNS.map((c) => html`<section class="col" data-column="${c}"><h3>${c}</h3><div class="drop"></div></section>`)}</div>`(el);
  const drags = [];
  function draw(visits) {
    drags.splice(0).forEach((d) => d.destroy());
    for (const c of COLUMNS) {
      const drop = el.querySelector(`section[data-column="${c}"] .drop`); drop.innerHTML = '';
      for (const v of visits.filter((x) => x.column === c)) {
        const card = document.createElement('div'); card.className = 'kcard'; card.dataset.id = v.id;
        card.innerHTML = `<div class="t"></div><div class="d">Due ${fmt(v.due)}</div>`; card.querySelector('.t').textContent = v.title;
        drop.appendChild(card);
        const d = new Draggable(card, {
          bounds: '#board',
          onDragStart: () => card.classList.add('dragging'),
          onDragEnd: async ({ event }) => {
            card.classList.remove('dragging');
            card.style.visibility = 'hidden';
            const under = document.elementFromPoint(event.clientX, event.clientY);
            card.style.visibility = '';
            const col = under && under.closest('section[data-column]');
            d.updateOptions({ position: { x: 0, y: 0 } });
            if (!col || col.dataset.column === v.column) return;
            const target = col.dataset.column; col.querySelector('.drop').appendChild(card); card.classList.add('pending');
            try {
              const r = await api(`/api/visits/${v.id}/move`, { method: 'POST', json: { column: target } });
              snackbar({ message: `Moved to ${target} · reference ${r.ref}`, autoCloseDelay: 2000, placement: 'bottom-end' });
              load();
            } catch (e) { snackbar({ message: 'Move failed: ' + e.message, autoCloseDelay: 3000 }); load(); }
          },
        });
        drags.push(d);
      }
    }
  }
  async function load() { try { draw(await api('/api/visits')); } catch (e) { snackbar({ message: e.message }); } }
  load();
  return () => drags.forEach((d) => d.destroy());
}
