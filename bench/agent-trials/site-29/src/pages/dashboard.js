import { definePage } from './page.js';
import { api } from '../api.js';

definePage('page-dashboard', `
  <h1>Office dashboard</h1>
  <p class="lede">Hollowmere Beekeepers' Co-operative — six apiaries, one honey house, a great many bees.</p>
  <div class="cards" id="cards">
    <div class="card"><h2><a href="/hives" data-nav>Hive register</a></h2><p>Every colony on co-op land, with inspection status and insurance.</p><div class="big" data-k="hives">…</div></div>
    <div class="card"><h2><a href="/bulletin" data-nav>Members' bulletin</a></h2><p>Edit the swarm-season bulletin sent to members.</p></div>
    <div class="card"><h2><a href="/swarms" data-nav>Swarm collections</a></h2><p>Swarm reports from the public and who is collecting them.</p><div class="big" data-k="openSwarms">…</div></div>
    <div class="card"><h2><a href="/honey-lab" data-nav>Honey lab</a></h2><p>Upload extraction batch readings for moisture checks.</p><div class="big" data-k="batches">…</div></div>
    <div class="card"><h2><a href="/yields" data-nav>Yield returns</a></h2><p>Monthly honey yield by apiary and the quarterly declaration.</p></div>
    <div class="card"><h2><a href="/extraction-room" data-nav>Extraction room</a></h2><p>Book the honey house extraction room for a member.</p><div class="big" data-k="bookings">…</div></div>
    <div class="card"><h2><a href="/members" data-nav>Members</a></h2><p>Search the membership list and remove lapsed members.</p><div class="big" data-k="members">…</div></div>
  </div>`, async (el) => {
  try {
    const s = await api('/api/summary');
    const labels = { hives: 'colonies', openSwarms: 'open swarm reports', batches: 'batches uploaded', bookings: 'bookings made', members: 'members' };
    el.querySelectorAll('[data-k]').forEach((d) => { d.textContent = `${s[d.dataset.k]} ${labels[d.dataset.k]}`; });
  } catch (e) { /* summary is decorative */ }
});
