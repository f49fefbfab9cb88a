import { pageTitle } from 'ember-page-title';
import { LinkTo } from '@ember/routing';
import BasicDropdownWormhole from 'ember-basic-dropdown/components/basic-dropdown-wormhole';
import { fmtDate, TODAY } from '../utils/api';

const NAV = [
  { route: 'index', label: 'Dashboard' },
  { route: 'tour-legs', label: 'Tour legs' },
  { route: 'loading-notice', label: 'Loading-bay notice' },
  { route: 'load-board', label: 'Truck load board' },
  { route: 'hire-imports', label: 'Hire-request imports' },
  { route: 'chair-hire', label: 'Chair hire & returns' },
  { route: 'site-visits', label: 'Promoter site visits' },
  { route: 'crew', label: 'Crew list' },
];
const today = fmtDate(TODAY);

<template>
  {{pageTitle "Northgate City Sinfonia"}}
  <div class="shell">
    <header class="topbar">
      <div class="brand">
        <svg class="logo" viewBox="0 0 32 32" width="34" height="34" aria-hidden="true"><circle cx="16" cy="16" r="15" fill="none" stroke="#fff" stroke-width="2"/><path d="M13 23a3 3 0 1 1-2-2.8V8l10-2v13a3 3 0 1 1-2-2.8V9.5l-6 1.2z" fill="#fff"/></svg>
        <div>
          <div class="brand-name">Northgate City Sinfonia</div>
          <div class="brand-sub">Touring &amp; Venue Hire Office</div>
        </div>
      </div>
      <div class="topbar-right">
        <span class="today">Today: {{today}}</span>
        <span class="user">Signed in as <strong>M. Ostrowska</strong> (Tour office)</span>
      </div>
    </header>
    <nav class="sidenav" aria-label="Main">
      <ul>
        {{#each NAV as |item|}}
          <li><LinkTo @route={{item.route}}>{{item.label}}</LinkTo></li>
        {{/each}}
      </ul>
      <p class="nav-foot">Office line 01632 960 411<br />Ops desk ext. 204</p>
    </nav>
    <main class="content">
      {{outlet}}
    </main>
  </div>
  <BasicDropdownWormhole />
</template>
