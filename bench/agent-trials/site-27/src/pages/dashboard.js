import { CustomElement } from 'aurelia';
import { api } from '../api.js';

export const Dashboard = CustomElement.define({
  name: 'dashboard-page',
  template: `
  <h1>Dashboard</h1>
  <p class="muted">Today is Wednesday 11 March 2026. \${busy ? 'Loading figures…' : ''}</p>
  <div class="tiles" if.bind="summary">
    <div class="tile"><strong>\${summary.travellers}</strong><span>travellers registered</span></div>
    <div class="tile"><strong>\${summary.awaiting}</strong><span>trips awaiting approval</span></div>
    <div class="tile"><strong>\${summary.volunteers}</strong><span>accompanying adults</span></div>
    <div class="tile"><strong>\${summary.meetings}</strong><span>meetings booked this session</span></div>
  </div>
  <h2>Work areas</h2>
  <ul class="cards">
    <li><a load="travellers">Traveller register</a><p>All pupils on this year's trips: diets, rooms, kit tags.</p></li>
    <li><a load="letters">Parent letters</a><p>Edit and save letters going home to parents and carers.</p></li>
    <li><a load="approvals">Trip approvals</a><p>Move trip requests through approval and booking.</p></li>
    <li><a load="manifests">Manifest upload</a><p>Upload a passenger manifest and check the balance due.</p></li>
    <li><a load="statistics">Travel statistics</a><p>Pupils travelling per month by key stage; monthly sign-off.</p></li>
    <li><a load="meetings">Book a meeting</a><p>Book risk-assessment and briefing meetings with the office.</p></li>
    <li><a load="volunteers">Accompanying adults</a><p>Parent helpers, drivers and first aiders with DBS dates.</p></li>
  </ul>`,
}, class {
  summary = null; busy = true;
  async attached() { try { this.summary = await api('GET', '/api/summary'); } finally { this.busy = false; } }
});
