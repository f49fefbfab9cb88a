import { LinkTo } from '@ember/routing';
import { pageTitle } from 'ember-page-title';

const CARDS = [
  { route: 'tour-legs', label: 'Tour legs', text: 'Every date on the 2025–26 touring calendar: venues, trucks, kit counts and manifests. Edit status and crew leads, then save.' },
  { route: 'loading-notice', label: 'Loading-bay notice', text: 'The notice we send to visiting promoters about the loading bay and stage door.' },
  { route: 'load-board', label: 'Truck load board', text: 'What is staged at the dock, what is on each truck and what is held back.' },
  { route: 'hire-imports', label: 'Hire-request imports', text: 'Import the CSV export of hire requests from outside promoters.' },
  { route: 'chair-hire', label: 'Chair hire & returns', text: 'Chairs hired out per month by venue, and the monthly hire return.' },
  { route: 'site-visits', label: 'Promoter site visits', text: 'Book a promoter in to walk round a hall before their hire.' },
  { route: 'crew', label: 'Crew list', text: 'Stage crew, drivers, riggers and casuals on the rota.' },
];

<template>
  {{pageTitle "Dashboard"}}
  <h1>Dashboard</h1>
  <p class="lede">Good morning. Here is everything the touring &amp; venue-hire office looks after.</p>
  <div class="dash-grid">
    {{#each CARDS as |c|}}
      <section class="dash-card">
        <h2><LinkTo @route={{c.route}}>{{c.label}}</LinkTo></h2>
        <p>{{c.text}}</p>
      </section>
    {{/each}}
  </div>
  <section class="panel notes">
    <h2>Office notes</h2>
    <ul>
      <li>Winter tour manifests must be signed off by the crew lead before the truck leaves.</li>
      <li>Riverside Hall chairs: count returns by the 10th of the following month.</li>
      <li>Site visits are weekdays only; check the closed days before promising a date.</li>
    </ul>
  </section>
</template>
