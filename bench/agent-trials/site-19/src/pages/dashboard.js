import ko from 'knockout';
import { page } from './component.js';
import { api, fmtDay } from '../api.js';

const template = `
<div data-bind="if: loading"><p class="muted">Loading…</p></div>
<div data-bind="with: data">
  <section class="stats">
    <div class="stat"><span class="stat-num" data-bind="text: plots"></span><span class="stat-label">Plots let</span></div>
    <div class="stat"><span class="stat-num" data-bind="text: rentOutstanding"></span><span class="stat-label">Rents outstanding</span></div>
    <div class="stat warn"><span class="stat-num" data-bind="text: overdue"></span><span class="stat-label">Overdue</span></div>
    <div class="stat"><span class="stat-num" data-bind="text: inspectionsScheduled"></span><span class="stat-label">Inspections scheduled</span></div>
    <div class="stat"><span class="stat-num" data-bind="text: waiting"></span><span class="stat-label">On the waiting list</span></div>
  </section>
  <div class="cols">
    <section class="panel">
      <h2>Next plot viewings</h2>
      <table class="table">
        <thead><tr><th>Ref</th><th>Applicant</th><th>Site</th><th>When</th></tr></thead>
        <tbody data-bind="foreach: viewings">
          <tr><td data-bind="text: ref"></td><td data-bind="text: applicant"></td><td data-bind="text: site"></td><td data-bind="text: $parents[1].day(date) + ', ' + time"></td></tr>
        </tbody>
      </table>
    </section>
    <section class="panel">
      <h2>Sites and wardens</h2>
      <table class="table">
        <thead><tr><th>Site</th><th>Warden</th><th>Plots</th></tr></thead>
        <tbody data-bind="foreach: sites"><tr><td data-bind="text: name"></td><td data-bind="text: warden"></td><td data-bind="text: plots"></td></tr></tbody>
      </table>
      <h3>Office closed</h3>
      <ul class="plain" data-bind="foreach: closedDays"><li><span data-bind="text: $parents[1].day(date)"></span> — <span data-bind="text: reason"></span></li></ul>
    </section>
  </div>
</div>`;

class DashboardVM {
  constructor() {
    this.loading = ko.observable(true);
    this.data = ko.observable(null);
    this.day = fmtDay;
    api('GET', '/api/dashboard').then((d) => { this.data(d); this.loading(false); });
  }
}
page('page-dashboard', template, DashboardVM);
