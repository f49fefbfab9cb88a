// <dispatch-board>: crew dispatch board. Cards are dragged between crew columns with smooth-dnd;
// the server's dispatch-note reference is announced in a short-lived vue3-toastify toast.
import { smoothDnD, dropHandlers } from 'smooth-dnd';
import { toast } from 'vue3-toastify';
import 'vue3-toastify/dist/index.css';
import { api, emit } from '../api.js';

// We re-render the board from our own state after a drop, so smooth-dnd must not move DOM nodes itself.
smoothDnD.dropHandler = dropHandlers.reactDropHandler().handler;

const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));

class DispatchBoard extends HTMLElement {
  connectedCallback() {
    if (this._started) return;
    this._started = true;
    this._containers = [];
    this.innerHTML = '<p class="muted" role="status">Loading the board…</p>';
    api('GET', '/api/dispatch').then((data) => {
      this._data = data;
      emit(this, 'loaded', { date: data.date });
      this.render();
    }).catch((e) => { this.innerHTML = `<p class="alert alert-error" role="alert">${esc(e.message)}</p>`; });
  }

  disconnectedCallback() {
    this._containers.forEach((c) => c.dispose());
    this._containers = [];
    this._started = false;
    this.innerHTML = '';
  }

  cardsIn(col) { return this._data.cards.filter((c) => c.column === col); }

  render() {
    this._containers.forEach((c) => c.dispose());
    this._containers = [];
    const { columns } = this._data;
    this.innerHTML = `<div class="board">${columns.map((col) => {
      const cards = this.cardsIn(col.id);
      return `<section class="board-col" aria-labelledby="col-${col.id}">
        <header class="board-col-head"><h2 id="col-${col.id}">${esc(col.title)}</h2><span class="count" aria-label="${cards.length} jobs">${cards.length}</span></header>
        <div class="board-list" data-column="${col.id}">${cards.map((c) => `
          <div class="smooth-dnd-draggable-wrapper">
            <article class="job-card${c.pending ? ' pending' : ''}" aria-label="${esc(`${c.surname}, ${c.from} to ${c.to}, ${c.volume} cubic metres`)}" data-ref="${c.ref}">
              <div class="job-card-top"><strong>${esc(c.surname)}</strong><span class="job-ref">${c.ref}</span></div>
              <div class="job-route">${esc(c.from)} → ${esc(c.to)}</div>
              <div class="job-meta"><span>${c.volume} m³</span><span>Start ${c.start}</span>${c.pending ? '<span class="saving">Saving…</span>' : ''}</div>
            </article>
          </div>`).join('')}
        </div>
      </section>`;
    }).join('')}</div>`;

    for (const list of this.querySelectorAll('.board-list')) {
      const colId = list.dataset.column;
      const snapshot = this.cardsIn(colId);
      this._containers.push(smoothDnD(list, {
        groupName: 'dispatch',
        dragClass: 'card-dragging',
        dropClass: 'card-dropping',
        dropPlaceholder: { className: 'drop-placeholder', animationDuration: 150, showOnTop: true },
        getChildPayload: (i) => snapshot[i],
        shouldAcceptDrop: () => true,
        onDrop: (res) => this.onDrop(colId, res),
      }));
    }
  }

  onDrop(colId, { removedIndex, addedIndex, payload }) {
    if (!payload) return;
    const cards = this._data.cards;
    if (addedIndex !== null && addedIndex !== undefined) {
      // reorder locally: remove the card, insert it before the card that now sits at addedIndex
      const fromCol = payload.column;
      const others = cards.filter((c) => c !== payload);
      const target = others.filter((c) => c.column === colId);
      const before = target[addedIndex];
      const insertAt = before ? others.indexOf(before) : (target.length ? others.indexOf(target[target.length - 1]) + 1 : others.length);
      others.splice(insertAt, 0, payload);
      this._data.cards = others;
      if (fromCol !== colId) {
        payload.column = colId;
        payload.pending = true;
        this.save(payload, fromCol, colId);
      }
    }
    if (removedIndex !== null || addedIndex !== null) queueMicrotask(() => this.render());
  }

  async save(card, fromCol, toCol) {
    const title = this._data.columns.find((c) => c.id === toCol)?.title || toCol;
    try {
      const res = await api('POST', '/api/dispatch/moves', { ref: card.ref, to: toCol });
      card.pending = false;
      this.render();
      toast.success(`Dispatch note ${res.reference} issued: ${card.surname} (${card.ref}) assigned to ${title}.`, {
        autoClose: 2000, position: toast.POSITION.BOTTOM_RIGHT, hideProgressBar: false, pauseOnHover: false, pauseOnFocusLoss: false, closeOnClick: true,
      });
      emit(this, 'moved', res);
    } catch (e) {
      card.pending = false;
      card.column = fromCol;
      this.render();
      toast.error(`Could not move ${card.surname}: ${e.message}`, { autoClose: 4000, position: toast.POSITION.BOTTOM_RIGHT });
    }
  }
}

customElements.define('dispatch-board', DispatchBoard);
