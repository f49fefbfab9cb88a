import Component from '@glimmer/component';
import { tracked } from '@glimmer/tracking';
import { modifier } from 'ember-modifier';
import Sortable from 'sortablejs';
import '@shoelace-style/shoelace/dist/themes/light.css';
import '@shoelace-style/shoelace/dist/components/alert/alert.js';
import { api } from '../utils/api';

function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

export default class LoadBoard extends Component {
  @tracked columns = [];
  @tracked cards = [];
  @tracked busy = false;
  @tracked error = '';

  constructor() {
    super(...arguments);
    this.load();
  }

  async load() {
    const data = await api('GET', '/api/load-board');
    this.columns = data.columns;
    this.cards = data.cards;
  }

  get lanes() {
    return this.columns.map((col) => ({
      ...col,
      cards: this.cards.filter((c) => c.column === col.id).sort((a, b) => a.order - b.order),
    }));
  }

  sortable = modifier((el, [columnId]) => {
    const s = Sortable.create(el, {
      group: 'load-board',
      animation: 150,
      draggable: '.load-card',
      ghostClass: 'load-card-ghost',
      chosenClass: 'load-card-chosen',
      emptyInsertThreshold: 40,
      onEnd: (evt) => this.onEnd(evt),
    });
    el.dataset.column = columnId;
    return () => s.destroy();
  });

  onEnd(evt) {
    const { item, from, to } = evt;
    const oldIndex = evt.oldDraggableIndex;
    const newIndex = evt.newDraggableIndex;
    const cardId = item.dataset.cardId;
    const toColumn = to.dataset.column;
    const fromColumn = from.dataset.column;
    // Put the DOM back where Glimmer rendered it; the re-render below moves the card for real.
    item.remove();
    const siblings = [...from.querySelectorAll(':scope > .load-card')];
    from.insertBefore(item, siblings[oldIndex] || from.querySelector(':scope > .lane-end'));
    if (fromColumn === toColumn && oldIndex === newIndex) return;
    this.move(cardId, toColumn, newIndex);
  }

  async move(cardId, toColumn, index) {
    const card = this.cards.find((c) => c.id === cardId);
    if (!card) return;
    // optimistic local update
    const others = this.cards.filter((c) => c.column === toColumn && c.id !== cardId).sort((a, b) => a.order - b.order);
    others.splice(index, 0, card);
    const updated = this.cards.map((c) => ({ ...c }));
    for (const [i, o] of others.entries()) {
      const u = updated.find((x) => x.id === o.id);
      u.order = i;
      u.column = toColumn;
    }
    this.cards = updated;
    this.busy = true;
    this.error = '';
    try {
      const res = await api('POST', '/api/load-board/moves', { cardId, to: toColumn, index });
      const lane = this.columns.find((c) => c.id === toColumn);
      this.toast(`${card.title} (${card.crate}) moved to ${lane.title}`, `Load reference ${res.ref}`);
    } catch (e) {
      this.error = `Move not saved: ${e.message}`;
      await this.load();
    } finally {
      this.busy = false;
    }
  }

  toast(title, body) {
    const alert = Object.assign(document.createElement('sl-alert'), {
      variant: 'success',
      duration: 2000,
      closable: false,
    });
    alert.innerHTML = `<strong>${escapeHtml(title)}</strong><br />${escapeHtml(body)}`;
    document.body.append(alert);
    alert.toast();
  }

  <template>
    {{#if this.error}}<p class="error">{{this.error}}</p>{{/if}}
    <div class="board {{if this.busy 'board-busy'}}">
      {{#each this.lanes key="id" as |lane|}}
        <section class="lane" aria-label={{lane.title}}>
          <header class="lane-head">
            <h2>{{lane.title}}</h2>
            <span class="count">{{lane.cards.length}}</span>
          </header>
          <ul class="lane-list" {{this.sortable lane.id}}>{{#each lane.cards key="id" as |card|}}<li class="load-card" data-card-id={{card.id}}><span class="card-title">{{card.title}}</span><span class="card-crate">{{card.crate}}</span></li>{{/each}}<li class="lane-end" aria-hidden="true"></li></ul>
        </section>
      {{/each}}
    </div>
  </template>
}
