import Component from '@glimmer/component';
import { tracked } from '@glimmer/tracking';
import { action } from '@ember/object';
import { on } from '@ember/modifier';
import { fn } from '@ember/helper';
import { modifier } from 'ember-modifier';
import '@material/web/dialog/dialog.js';
import '@material/web/button/text-button.js';
import '@material/web/button/filled-button.js';
import { api } from '../utils/api';

export default class CrewList extends Component {
  @tracked q = '';
  @tracked page = 1;
  @tracked data = null;
  @tracked loading = false;
  @tracked menuFor = null;
  @tracked pending = null; // person awaiting confirmation
  @tracked removing = false;
  @tracked message = '';
  dialog = null;
  searchTimer = null;
  reqSeq = 0;

  constructor() {
    super(...arguments);
    this.fetch();
    this.closeMenus = (e) => {
      if (!e.target.closest?.('.row-menu')) this.menuFor = null;
    };
    document.addEventListener('click', this.closeMenus);
  }

  willDestroy() {
    super.willDestroy(...arguments);
    document.removeEventListener('click', this.closeMenus);
    clearTimeout(this.searchTimer);
  }

  async fetch() {
    const seq = ++this.reqSeq;
    this.loading = true;
    const params = new URLSearchParams({ q: this.q, page: String(this.page) });
    const data = await api('GET', `/api/crew?${params}`);
    if (seq !== this.reqSeq) return;
    this.data = data;
    this.page = data.page;
    this.loading = false;
  }

  get pages() {
    const n = this.data?.pages || 1;
    return Array.from({ length: n }, (_, i) => ({ n: i + 1, current: i + 1 === this.page }));
  }

  get rangeLabel() {
    if (!this.data) return '';
    if (!this.data.total) return 'No crew match';
    const from = (this.data.page - 1) * this.data.per + 1;
    const to = Math.min(this.data.total, from + this.data.per - 1);
    return `Showing ${from}–${to} of ${this.data.total}`;
  }

  get isFirst() {
    return this.page <= 1;
  }

  get isLast() {
    return !this.data || this.page >= this.data.pages;
  }

  @action onSearch(e) {
    this.q = e.target.value;
    clearTimeout(this.searchTimer);
    this.searchTimer = setTimeout(() => {
      this.page = 1;
      this.fetch();
    }, 350);
  }

  @action goTo(n) {
    this.page = n;
    this.menuFor = null;
    this.fetch();
  }

  @action toggleMenu(id, e) {
    e.stopPropagation();
    this.menuFor = this.menuFor === id ? null : id;
  }

  @action askRemove(person) {
    this.menuFor = null;
    this.pending = person;
    this.message = '';
    this.dialog?.show();
  }

  registerDialog = modifier((el) => {
    this.dialog = el;
    const onClose = () => this.dialogClosed(el.returnValue);
    el.addEventListener('close', onClose);
    return () => el.removeEventListener('close', onClose);
  });

  async dialogClosed(value) {
    const person = this.pending;
    if (value !== 'remove' || !person || this.removing) {
      this.pending = null;
      return;
    }
    this.removing = true;
    try {
      await api('DELETE', `/api/crew/${person.id}`);
      this.message = `${person.first} ${person.last} (${person.role}) was removed from the crew list.`;
      await this.fetch();
    } catch (e) {
      this.message = `Could not remove: ${e.message}`;
    } finally {
      this.removing = false;
      this.pending = null;
    }
  }

  <template>
    <div class="list-toolbar">
      <label class="search">
        <span class="visually-hidden">Search crew</span>
        <input type="search" placeholder="Search by name or role" value={{this.q}} {{on "input" this.onSearch}} />
      </label>
      <span class="spacer"></span>
      <span class="range">{{this.rangeLabel}}</span>
    </div>
    {{#if this.message}}<p class="success" role="status">{{this.message}}</p>{{/if}}
    <table class="table crew-table {{if this.loading 'is-loading'}}">
      <thead>
        <tr><th>Staff no.</th><th>Name</th><th>Role</th><th>Phone</th><th>On rota since</th><th><span class="visually-hidden">Actions</span></th></tr>
      </thead>
      <tbody>
        {{#each this.data.items key="id" as |p|}}
          <tr>
            <td>{{p.id}}</td>
            <td>{{p.first}} {{p.last}}</td>
            <td>{{p.role}}</td>
            <td>{{p.phone}}</td>
            <td>{{p.since}}</td>
            <td class="row-menu">
              <button type="button" class="icon-btn" aria-haspopup="menu" aria-label="Actions for {{p.first}} {{p.last}}" {{on "click" (fn this.toggleMenu p.id)}}>⋯</button>
              {{#if (eq this.menuFor p.id)}}
                <ul class="menu" role="menu">
                  <li role="none"><button type="button" role="menuitem" disabled>View rota</button></li>
                  <li role="none"><button type="button" role="menuitem" disabled>Edit details</button></li>
                  <li role="none"><button type="button" role="menuitem" class="danger" {{on "click" (fn this.askRemove p)}}>Remove from crew list</button></li>
                </ul>
              {{/if}}
            </td>
          </tr>
        {{else}}
          <tr><td colspan="6">{{if this.data "Nobody matches that search." "Loading crew…"}}</td></tr>
        {{/each}}
      </tbody>
    </table>
    <nav class="pager" aria-label="Pages">
      <button type="button" class="btn secondary" disabled={{this.isFirst}} {{on "click" (fn this.goTo (dec this.page))}}>‹ Previous</button>
      {{#each this.pages as |pg|}}
        <button type="button" class="page-btn {{if pg.current 'current'}}" aria-current={{if pg.current "page"}} {{on "click" (fn this.goTo pg.n)}}>{{pg.n}}</button>
      {{/each}}
      <button type="button" class="btn secondary" disabled={{this.isLast}} {{on "click" (fn this.goTo (inc this.page))}}>Next ›</button>
    </nav>

    <md-dialog class="confirm-dialog" {{this.registerDialog}}>
      <div slot="headline">Remove from crew list?</div>
      <form slot="content" id="crew-remove-form" method="dialog">
        {{#if this.pending}}
          Remove <strong>{{this.pending.first}} {{this.pending.last}}</strong> ({{this.pending.role}}, staff no. {{this.pending.id}}) from the crew list?
          They will be taken off every future rota. This cannot be undone.
        {{/if}}
      </form>
      <div slot="actions">
        <md-text-button form="crew-remove-form" value="cancel">Cancel</md-text-button>
        <md-filled-button form="crew-remove-form" value="remove">Remove</md-filled-button>
      </div>
    </md-dialog>
  </template>
}

function eq(a, b) {
  return a === b;
}
function inc(n) {
  return n + 1;
}
function dec(n) {
  return n - 1;
}
