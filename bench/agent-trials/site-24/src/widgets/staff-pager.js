// <staff-pager>: page navigation for the staff directory, using tui-pagination.
// Properties: total, page, pageSize. Emits `pagechange` with {page}.
import Pagination from 'tui-pagination';
import 'tui-pagination/dist/tui-pagination.css';
import { emit } from '../api.js';

class StaffPager extends HTMLElement {
  set total(v) { this._total = Number(v) || 0; this.sync(); }
  get total() { return this._total || 0; }
  set page(v) { this._page = Number(v) || 1; this.sync(); }
  get page() { return this._page || 1; }
  set pageSize(v) { this._size = Number(v) || 10; }
  get pageSize() { return this._size || 10; }

  connectedCallback() {
    if (this._pg) return;
    this.innerHTML = '<nav class="tui-pagination" aria-label="Staff list pages"></nav>';
    this._pg = new Pagination(this.firstElementChild, {
      totalItems: Math.max(1, this.total), itemsPerPage: this.pageSize, visiblePages: 7, page: this.page,
      centerAlign: true, usageStatistics: false,
      template: {
        page: '<a href="#" class="tui-page-btn" aria-label="Page {{page}}">{{page}}</a>',
        currentPage: '<strong class="tui-page-btn tui-is-selected" aria-current="page">{{page}}</strong>',
        moveButton: '<a href="#" class="tui-page-btn tui-{{type}}" aria-label="{{type}} page"><span class="tui-ico-{{type}}">{{type}}</span></a>',
        disabledMoveButton: '<span class="tui-page-btn tui-is-disabled tui-{{type}}" aria-hidden="true"><span class="tui-ico-{{type}}">{{type}}</span></span>',
        moreButton: '<a href="#" class="tui-page-btn tui-{{type}}-is-ellip" aria-label="More pages"><span class="tui-ico-ellip">...</span></a>',
      },
    });
    this._pg.on('afterMove', (e) => { if (!this._syncing && e.page !== this._page) { this._page = e.page; emit(this, 'pagechange', { page: e.page }); } });
    this.sync(true);
  }

  sync(force) {
    if (!this._pg) return;
    this._syncing = true;
    if (force || this._lastTotal !== this.total) { this._pg.reset(Math.max(1, this.total)); this._lastTotal = this.total; }
    if (this._pg.getCurrentPage() !== this.page) this._pg.movePageTo(this.page);
    this._syncing = false;
  }

  disconnectedCallback() { this._pg = null; this.innerHTML = ''; this._lastTotal = undefined; }
}

customElements.define('staff-pager', StaffPager);
