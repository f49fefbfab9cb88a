import { definePage } from './page.js';
import { api, esc } from '../api.js';
import { provideFluentDesignSystem, fluentDialog, fluentButton, fluentTextField } from '@fluentui/web-components';
import tippy from 'tippy.js';
import 'tippy.js/dist/tippy.css';

provideFluentDesignSystem().register(fluentDialog(), fluentButton(), fluentTextField());
const TIERS = { Full: 'Full member: voting rights, apiary space and third-party insurance.', Associate: 'Associate: bulletin and training, no apiary space.', Junior: 'Junior (under 16): supervised apiary visits only.' };

definePage('page-members', `
  <h1>Members</h1>
  <p class="lede">Search the membership list. Removing a member also cancels their apiary space; it cannot be undone from here.</p>
  <div class="panel">
    <form class="row" id="search" role="search" style="margin-bottom:12px">
      <fluent-text-field id="q" placeholder="Name, apiary or membership no." aria-label="Search members" style="min-width:300px"></fluent-text-field>
      <fluent-button type="button" id="go" appearance="accent">Search</fluent-button>
      <span class="status" id="count" role="status"></span>
    </form>
    <table class="list"><thead><tr><th>Name</th><th>Membership no.</th><th>Apiary</th><th>Joined</th><th>Tier</th><th>Colonies</th><th><span class="sr">Actions</span></th></tr></thead><tbody id="rows"></tbody></table>
    <nav class="pager" aria-label="Pages"><fluent-button id="prev">Previous</fluent-button><span id="pageinfo"></span><fluent-button id="next">Next</fluent-button></nav>
  </div>
  <fluent-dialog id="confirm" hidden trap-focus modal aria-labelledby="c-title">
    <div style="padding:20px">
      <h2 id="c-title" style="margin-top:0;font-size:18px">Remove member?</h2>
      <p id="c-text"></p>
      <div class="row" style="justify-content:flex-end"><fluent-button id="c-cancel">Cancel</fluent-button><fluent-button id="c-ok" appearance="accent">Remove member</fluent-button></div>
    </div>
  </fluent-dialog>`, async (el) => {
  const rows = el.querySelector('#rows');
  const q = el.querySelector('#q');
  const dlg = el.querySelector('#confirm');
  let page = 1; const size = 10; let total = 0; let pending = null; let tips = [];
  let seq = 0;
  async function load() {
    const mine = ++seq;
    const r = await api(`/api/members?q=${encodeURIComponent(q.value || '')}&page=${page}&size=${size}`);
    if (mine !== seq) return; // a newer search has been started
    total = r.total;
    tips.forEach((t) => t.destroy()); tips = [];
    rows.innerHTML = r.members.map((m) => `<tr><td>${esc(m.name)}</td><td>${m.id}</td><td>${esc(m.apiary)}</td><td>${m.joined}</td><td><span class="tier" tabindex="0" data-tip="${esc(TIERS[m.tier])}">${m.tier}</span></td><td>${m.colonies}</td><td><fluent-button data-id="${m.id}" aria-label="Remove ${esc(m.name)}">Remove</fluent-button></td></tr>`).join('') || '<tr><td colspan="7">No members match.</td></tr>';
    tips = tippy(rows.querySelectorAll('[data-tip]'), { content: (ref) => ref.dataset.tip });
    const pages = Math.max(1, Math.ceil(total / size));
    el.querySelector('#pageinfo').textContent = `Page ${page} of ${pages}`;
    el.querySelector('#count').textContent = `${total} member${total === 1 ? '' : 's'}`;
    el.querySelector('#prev').disabled = page <= 1;
    el.querySelector('#next').disabled = page >= pages;
    rows.querySelectorAll('fluent-button[data-id]').forEach((b) => b.addEventListener('click', () => {
      const m = r.members.find((x) => x.id === b.dataset.id);
      pending = m;
      el.querySelector('#c-text').textContent = `Remove ${m.name} (${m.id}, ${m.apiary}, joined ${m.joined}) from the membership list?`;
      dlg.hidden = false;
    }));
  }
  const search = () => { page = 1; load(); };
  el.querySelector('#search').addEventListener('submit', (e) => { e.preventDefault(); search(); });
  el.querySelector('#go').addEventListener('click', search);
  q.addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); search(); } });
  el.querySelector('#prev').addEventListener('click', () => { if (page > 1) { page--; load(); } });
  el.querySelector('#next').addEventListener('click', () => { page++; load(); });
  el.querySelector('#c-cancel').addEventListener('click', () => { dlg.hidden = true; pending = null; });
  dlg.addEventListener('dismiss', () => { dlg.hidden = true; pending = null; });
  const ok = el.querySelector('#c-ok');
  ok.addEventListener('click', async () => {
    if (!pending || ok.disabled) return;
    ok.disabled = true;
    const m = pending;
    try {
      await api(`/api/members/${m.id}`, { method: 'DELETE' });
      el.querySelector('#count').textContent = `${m.name} (${m.id}) removed.`;
      dlg.hidden = true; pending = null;
      await load();
      el.querySelector('#count').textContent += ` · ${m.name} (${m.id}) removed.`;
    } catch (e) { el.querySelector('#c-text').textContent = e.message; }
    ok.disabled = false;
  });
  load();
  return () => tips.forEach((t) => t.destroy());
});
