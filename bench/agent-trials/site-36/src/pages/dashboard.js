import Ractive from 'ractive';
import { get } from '../api.js';

export default Ractive.extend({
  data: () => ({ stats: null }),
  template: `
    <section class="page dashboard">
      <h1>Good morning</h1>
      <p class="lede">Everything the committee keeps on the go this week, in one place.</p>
      <div class="cards">
        <a class="card" href="/hives"><h2>Hive register</h2><p>{{#if stats}}{{stats.hives}} colonies, {{stats.watch}} not marked active{{else}}Loading…{{/if}}</p></a>
        <a class="card" href="/notices"><h2>Notices</h2><p>{{#if stats}}{{stats.notices}} notices for members and collectors{{else}}Loading…{{/if}}</p></a>
        <a class="card" href="/batches"><h2>Honey batches</h2><p>{{#if stats}}{{stats.batches}} batches between supers and shelf{{else}}Loading…{{/if}}</p></a>
        <a class="card" href="/inspections"><h2>Inspection import</h2><p>Bring in inspection sheets from the apiaries{{#if stats}} · {{stats.imports}} imported this session{{/if}}</p></a>
        <a class="card" href="/yields"><h2>Season yields</h2><p>Honey weighed in per apiary, 2025 season, and the yield log</p></a>
        <a class="card" href="/extraction"><h2>Honey house booking</h2><p>{{#if stats}}{{stats.bookings}} extraction slots booked ahead{{else}}Loading…{{/if}}</p></a>
        <a class="card" href="/members"><h2>Members</h2><p>{{#if stats}}{{stats.members}} members on the list{{else}}Loading…{{/if}}</p></a>
      </div>
    </section>
  `,
  oninit() {
    get('/api/dashboard').then((s) => this.set('stats', s)).catch(() => {});
  },
});
