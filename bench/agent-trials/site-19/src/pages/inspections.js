import ko from 'knockout';
import dragula from 'dragula';
import 'dragula/dist/dragula.css';
import humane from 'humane-js';
import 'humane-js/themes/flatty.css';
import { page } from './component.js';
import { api, fmtDate } from '../api.js';

const notify = humane.create({ baseCls: 'humane-flatty', timeout: 2000 });

const COLUMNS = [
  { id: 'scheduled', title: 'Scheduled' },
  { id: 'passed', title: 'Passed' },
  { id: 'needs-work', title: 'Needs work' },
  { id: 'notice', title: 'Notice issued' },
];

const template = `
<p class="muted">Drag a card into the column that matches the result of the inspection. The office is notified straight away.</p>
<div class="board" data-bind="foreach: columns">
  <section class="lane" data-bind="attr: { 'data-column': id }">
    <header><span data-bind="text: title"></span> <span class="count" data-bind="text: cards().length"></span></header>
    <div class="lane-body" data-bind="attr: { 'data-column': id }, foreach: { data: cards, as: 'card' }">
      <article class="card" data-bind="attr: { 'data-id': card.id }">
        <div class="card-top"><strong data-bind="text: card.tenant"></strong><span class="tag" data-bind="text: card.plot"></span></div>
        <div class="card-site" data-bind="text: card.site"></div>
        <div class="card-due">Due <span data-bind="text: $component.fmt(card.due)"></span></div>
      </article>
    </div>
  </section>
</div>`;

class InspectionsVM {
  constructor(params, el) {
    this.el = el;
    this.fmt = fmtDate;
    this.columns = COLUMNS.map((c) => ({ ...c, cards: ko.observableArray([]) }));
  }
  koDescendantsComplete() {
    api('GET', '/api/inspections').then((cards) => {
      if (this.disposed) return;
      for (const col of this.columns) col.cards(cards.filter((c) => c.column === col.id));
      // dragula works on the rendered DOM; knockout only renders the initial lists.
      this.drake = dragula([...this.el.querySelectorAll('.lane-body')], { revertOnSpill: true });
      this.drake.on('drop', (el, target, source) => this.moved(el, target, source));
    });
  }
  moved(el, target, source) {
    const to = target.dataset.column; const from = source.dataset.column;
    if (to === from) return;
    const id = el.dataset.id;
    el.classList.add('pending');
    api('POST', `/api/inspections/${id}/move`, { column: to }).then((r) => {
      el.classList.remove('pending');
      notify.log(r.message);
    }).catch((e) => {
      source.appendChild(el);
      el.classList.remove('pending');
      notify.log('Could not move card: ' + e.message);
    });
  }
  dispose() { this.disposed = true; if (this.drake) this.drake.destroy(); }
}
page('page-inspections', template, InspectionsVM);
