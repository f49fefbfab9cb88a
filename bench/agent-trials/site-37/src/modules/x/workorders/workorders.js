import { LightningElement } from 'lwc';
import { api, formatDate } from 'x/api';

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
}

export default class WorkOrders extends LightningElement {
  static renderMode = 'light';
  loading = true;
  error = '';
  sortables = [];

  connectedCallback() {
    this.load();
  }

  disconnectedCallback() {
    this.sortables.forEach((s) => s.destroy && s.destroy());
    this.sortables = [];
  }

  async load() {
    try {
      const [data, dnd, toast] = await Promise.all([
        api('/api/work-orders'),
        import('agnostic-draggable'),
        import('notific8/dist/notific8.js'),
      ]);
      this.Notific8 = toast.Notific8;
      this.Notific8.setDefaultOptions({ ...this.Notific8.getDefaultOptions(), life: 2000, theme: 'ocho', themeColor: 'teal', horizontalEdge: 'bottom', verticalEdge: 'right', zIndex: 1100 });
      this.loading = false;
      this.buildBoard(data, dnd.Sortable);
    } catch (e) {
      this.loading = false;
      this.error = `Could not load the board: ${e.message}`;
    }
  }

  buildBoard(data, Sortable) {
    const board = this.querySelector('.wo-board');
    board.innerHTML = data.columns.map((col) => {
      const cards = data.cards.filter((c) => c.column === col.key);
      return `<section class="wo-column" data-column="${col.key}">
        <header class="wo-column-head"><h2>${esc(col.label)}</h2><span class="wo-count">${cards.length}</span></header>
        <div class="wo-list" data-column="${col.key}">${cards.map((c) => this.cardHtml(c)).join('')}</div>
      </section>`;
    }).join('');
    const lists = [...board.querySelectorAll('.wo-list')];
    this.sortables = lists.map((list) => new Sortable(list, {
      connectWith: '.wo-board .wo-list',
      items: '.wo-card',
      placeholder: 'wo-card-placeholder',
      forcePlaceholderSize: true,
      dropOnEmpty: true,
      cursor: 'grabbing',
      tolerance: 'pointer',
      appendTo: 'body',
      helper: 'clone',
      revert: 150,
    }, {
      'sortable:receive': (event) => this.handleReceive(event, list),
    }));
  }

  cardHtml(c) {
    return `<article class="wo-card" data-id="${esc(c.id)}">
      <div class="wo-card-top"><span class="wo-id">${esc(c.id)}</span><span class="wo-due">due ${esc(formatDate(c.due))}</span></div>
      <h3 class="wo-title">${esc(c.title)}</h3>
      <div class="wo-loc">${esc(c.location)}</div>
      <div class="wo-rep">Reported by ${esc(c.reporter)}</div>
    </article>`;
  }

  updateCounts() {
    this.querySelectorAll('.wo-column').forEach((col) => {
      col.querySelector('.wo-count').textContent = col.querySelectorAll('.wo-list .wo-card').length;
    });
  }

  async handleReceive(event, list) {
    const item = event.item || (event.detail && event.detail.item);
    if (!item) return;
    const id = item.dataset.id;
    const to = list.dataset.column;
    const index = [...list.querySelectorAll('.wo-card')].indexOf(item);
    const fromList = event.peerSortable && event.peerSortable.element;
    this.updateCounts();
    item.classList.add('wo-card-saving');
    try {
      const res = await api(`/api/work-orders/${encodeURIComponent(id)}/move`, { method: 'POST', body: { to, index } });
      item.classList.remove('wo-card-saving');
      const label = list.closest('.wo-column').querySelector('h2').textContent;
      const note = await this.Notific8.create(`${res.id} moved to ${label}. Reference ${res.ref}`, { title: 'Work order updated' });
      await note.open();
    } catch (e) {
      item.classList.remove('wo-card-saving');
      if (fromList) fromList.appendChild(item);
      this.updateCounts();
      const note = await this.Notific8.create(`Could not move ${id}: ${e.message}`, { title: 'Not moved', themeColor: 'ruby' });
      await note.open();
    }
  }
}
