import { define, html } from 'hybrids';
import { api, longDate } from '../api.js';

define({
  tag: 'fw-dashboard',
  data: {
    value: null,
    connect(host) {
      api('GET', '/api/dashboard').then((d) => { host.data = d; }).catch((e) => { host.error = e.message; });
    },
  },
  error: '',
  render: ({ data, error }) => html`
    <section class="page">
      <header>
        <h1>Good morning, ops office</h1>
        <p>${data ? longDate(data.today) : '…'} — everything for the operations and fundraising office in one place.</p>
      </header>
      ${error && html`<p class="error">${error}</p>`}
      <div class="dash-grid">
        <a class="dash-card" href="/kit">
          <h2>Kit register</h2>
          <div class="stat">${data ? data.kit.total : '—'}</div>
          <p>items of medical and aircraft kit · ${data ? data.kit.dueCheck : '—'} due a check · ${data ? data.kit.quarantined : '—'} quarantined</p>
        </a>
        <a class="dash-card" href="/notices">
          <h2>Crew notices</h2>
          <div class="stat">1</div>
          <p>${data ? data.notice.title : ''} · updated ${data ? data.notice.updatedAt : ''}</p>
        </a>
        <a class="dash-card" href="/follow-ups">
          <h2>Incident follow-ups</h2>
          <div class="stat">${data ? data.followups.new + data.followups.contacting + data.followups.awaiting : '—'}</div>
          <p>open follow-ups with patients and families · ${data ? data.followups.awaiting : '—'} awaiting a reply</p>
        </a>
        <a class="dash-card" href="/shop-stock">
          <h2>Shop stock counts</h2>
          <div class="stat">5</div>
          <p>charity shops · last import ${data ? `${data.lastImport.shop}, ${data.lastImport.at}` : '—'}</p>
        </a>
        <a class="dash-card" href="/income">
          <h2>Fundraising income</h2>
          <div class="stat">FY 2025/26</div>
          <p>monthly income by channel, and figures for the board pack</p>
        </a>
        <a class="dash-card" href="/hangar-tours">
          <h2>Hangar tours</h2>
          <div class="stat">${data ? data.tours : '—'}</div>
          <p>supporter group visits booked at Pennbridge base</p>
        </a>
        <a class="dash-card" href="/volunteers">
          <h2>Volunteers</h2>
          <div class="stat">${data ? data.volunteers : '—'}</div>
          <p>shop, events, collection-tin and office volunteers</p>
        </a>
      </div>
    </section>
  `,
});
