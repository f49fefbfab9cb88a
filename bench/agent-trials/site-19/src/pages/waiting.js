import { $ } from '../globals.js';
import ko from 'knockout';
import 'jquery-modal';
import 'jquery-modal/jquery.modal.css';
import { page } from './component.js';
import { api, fmtDate } from '../api.js';

const template = `
<section class="panel">
  <div class="toolbar">
    <form class="search" data-bind="submit: search">
      <input type="search" placeholder="Search by name or postcode" data-bind="textInput: q">
      <button class="btn" type="submit">Search</button>
      <button class="btn" type="button" data-bind="click: clear, visible: active()">Clear</button>
    </form>
    <span class="muted"><span data-bind="text: total"></span> applicants<span data-bind="visible: active()"> matching “<span data-bind="text: active"></span>”</span></span>
  </div>
  <p class="flash" data-bind="text: flash, visible: flash"></p>
  <table class="table waiting">
    <thead><tr><th>No.</th><th>Name</th><th>Postcode</th><th>Preferred site</th><th>Plot wanted</th><th>Phone</th><th>Joined</th><th></th></tr></thead>
    <tbody data-bind="foreach: items">
      <tr>
        <td data-bind="text: id"></td>
        <td data-bind="text: name"></td>
        <td data-bind="text: postcode"></td>
        <td data-bind="text: site"></td>
        <td data-bind="text: preference"></td>
        <td data-bind="text: phone"></td>
        <td data-bind="text: $component.fmt(joined)"></td>
        <td><button class="btn small danger" type="button" data-bind="click: $component.askRemove">Remove</button></td>
      </tr>
    </tbody>
  </table>
  <p class="muted" data-bind="visible: loading">Loading…</p>
  <nav class="pager">
    <button class="btn" type="button" data-bind="click: prev, enable: pageNo() > 1">‹ Previous</button>
    <span>Page <span data-bind="text: pageNo"></span> of <span data-bind="text: pages"></span></span>
    <button class="btn" type="button" data-bind="click: next, enable: pageNo() < pages()">Next ›</button>
  </nav>
</section>
<div class="modal confirm-remove">
  <h3>Remove from waiting list?</h3>
  <p data-bind="with: pending">Remove <strong data-bind="text: name"></strong> (<span data-bind="text: postcode"></span>, waiting for <span data-bind="text: site"></span>) from the waiting list? This cannot be undone.</p>
  <div class="modal-actions">
    <button class="btn" type="button" data-bind="click: cancel">Cancel</button>
    <button class="btn danger" type="button" data-bind="click: confirmRemove, enable: !busy()">Remove</button>
  </div>
</div>`;

class WaitingVM {
  constructor(params, el) {
    this.el = el;
    this.fmt = fmtDate;
    this.q = ko.observable('');
    this.active = ko.observable('');
    this.items = ko.observableArray([]);
    this.total = ko.observable(0);
    this.pageNo = ko.observable(1);
    this.pages = ko.observable(1);
    this.loading = ko.observable(false);
    this.pending = ko.observable(null);
    this.busy = ko.observable(false);
    this.flash = ko.observable('');
    for (const k of ['search', 'clear', 'prev', 'next', 'askRemove', 'confirmRemove', 'cancel']) this[k] = this[k].bind(this);
    this.load();
  }
  koDescendantsComplete() { this.dialog = this.el.querySelector('.confirm-remove'); }
  load() {
    this.loading(true);
    const qs = new URLSearchParams({ q: this.active(), page: String(this.pageNo()) });
    return api('GET', `/api/waiting-list?${qs}`).then((r) => {
      this.items(r.items); this.total(r.total); this.pages(r.pages); this.pageNo(r.page);
    }).finally(() => this.loading(false));
  }
  search() { this.active(this.q().trim()); this.pageNo(1); this.flash(''); this.load(); return false; }
  clear() { this.q(''); this.search(); }
  prev() { this.pageNo(this.pageNo() - 1); this.load(); }
  next() { this.pageNo(this.pageNo() + 1); this.load(); }
  askRemove(item) {
    this.pending(item);
    $(this.dialog).modal({ fadeDuration: 150, closeExisting: true });
  }
  cancel() { $.modal.close(); this.pending(null); }
  confirmRemove() {
    const item = this.pending();
    if (!item) return;
    this.busy(true);
    api('DELETE', `/api/waiting-list/${item.id}`).then(() => {
      $.modal.close();
      this.flash(`${item.name} (${item.id}) was removed from the waiting list.`);
      this.pending(null);
      return this.load();
    }).catch((e) => { $.modal.close(); this.flash('Could not remove: ' + e.message); }).finally(() => this.busy(false));
  }
  dispose() {
    if ($.modal.isActive()) $.modal.close();
    if (this.dialog && !this.el.contains(this.dialog)) ko.removeNode(this.dialog);
  }
}
page('page-waiting', template, WaitingVM);
