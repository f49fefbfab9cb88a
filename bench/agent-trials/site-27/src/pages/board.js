import { CustomElement } from 'aurelia';
import { draggable, dropTargetForElements, monitorForElements } from '@atlaskit/pragmatic-drag-and-drop/element/adapter';
import nativeToast from 'native-toast';
import 'native-toast/dist/native-toast.css';
import { api, esc, fmtDate } from '../api.js';

export const BoardPage = CustomElement.define({
  name: 'board-page',
  template: `
  <h1>Trip approvals</h1>
  <p class="muted">Drag a trip card to another column to change its stage. The head teacher's approval reference is issued when a card reaches <em>Approved</em>.</p>
  <p role="status" class="status">\${message}</p>
  <div class="board" ref="host"></div>`,
}, class {
  message = 'Loading board…'; cleanups = [];
  async attached() {
    this.board = await api('GET', '/api/board');
    this.message = '';
    this.render();
    this.monitor = monitorForElements({
      onDrop: ({ source, location }) => {
        const target = location.current.dropTargets.find((t) => t.data.columnId);
        if (!target) return;
        this.move(source.data.cardId, target.data.columnId);
      },
    });
  }
  render() {
    this.cleanups.forEach((f) => f()); this.cleanups = [];
    const { columns, cards } = this.board;
    this.host.innerHTML = columns.map((col) => {
      const list = cards.filter((c) => c.column === col.id);
      return `<section class="column" data-column="${col.id}" aria-labelledby="col-${col.id}">
        <h2 id="col-${col.id}">${esc(col.title)} <span class="count">${list.length}</span></h2>
        <ul class="cardlist">${list.map((c) => `<li class="card" data-card="${c.id}" aria-label="${esc(c.title)}, ${esc(c.school)}">
          <div class="card-title">${esc(c.title)}</div><div class="card-school">${esc(c.school)}</div>
          <div class="card-meta"><span>${fmtDate(c.date)}</span><span>${c.pupils} pupils</span><span class="ref">${c.id}</span></div></li>`).join('')}</ul></section>`;
    }).join('');
    this.host.querySelectorAll('.column').forEach((el) => {
      this.cleanups.push(dropTargetForElements({
        element: el, getData: () => ({ columnId: el.dataset.column }),
        onDragEnter: () => el.classList.add('over'), onDragLeave: () => el.classList.remove('over'), onDrop: () => el.classList.remove('over'),
      }));
    });
    this.host.querySelectorAll('.card').forEach((el) => {
      this.cleanups.push(draggable({ element: el, getInitialData: () => ({ cardId: el.dataset.card }),
        onDragStart: () => el.classList.add('dragging'), onDrop: () => el.classList.remove('dragging') }));
    });
  }
  async move(cardId, to) {
    const card = this.board.cards.find((c) => c.id === cardId);
    if (!card || card.column === to) return;
    const from = card.column; card.column = to; this.render();
    this.message = `Moving ${card.title} (${card.school})…`;
    try {
      const r = await api('POST', '/api/board/move', { cardId, to });
      const colTitle = this.board.columns.find((c) => c.id === to).title;
      this.message = `${card.title} (${card.school}) moved to ${colTitle}.`;
      nativeToast({ message: `${card.id} moved to ${colTitle}. Reference ${r.reference}`, position: 'north-east', timeout: 2000, type: 'success' });
    } catch (e) {
      card.column = from; this.render();
      this.message = 'Move failed: ' + e.message;
      nativeToast({ message: 'Move failed', position: 'north-east', timeout: 2000, type: 'error' });
    }
  }
  detaching() { this.cleanups.forEach((f) => f()); this.monitor && this.monitor(); }
});
