import van from 'vanjs-core';
import '../jq.js';
import jBox from 'jbox';
import 'jbox/dist/jBox.all.css';
import { api, CENTRES, fmtDate } from '../api.js';

const { div, h1, p, input, select, option, label, button, table, thead, tbody, tr, th, td, span, strong } = van.tags;

export default function routesPage(root) {
  let page = 1;
  let state = { total: 0, pages: 1 };
  const q = input({ class: 'input', type: 'search', placeholder: 'Search routes, setters or walls…' });
  const centreSel = select({ class: 'input' }, option({ value: '' }, 'All centres'), CENTRES.map((c) => option({ value: c.id }, c.name)));
  const body = tbody();
  const pager = div({ class: 'pager' });
  const info = span({ class: 'muted' });
  const flash = div({ class: 'flash', hidden: true });

  let t = null;
  q.oninput = () => { clearTimeout(t); t = setTimeout(() => { page = 1; load(); }, 350); };
  q.onkeydown = (e) => { if (e.key === 'Enter') { clearTimeout(t); page = 1; load(); } };
  centreSel.onchange = () => { page = 1; load(); };

  van.add(root,
    h1('Routes'),
    p({ class: 'muted' }, 'Every route currently on the walls. Delete a route once it has been stripped.'),
    div({ class: 'toolbar' }, q, label('Centre ', centreSel), span({ class: 'spacer' }), info),
    flash,
    div({ class: 'panel' },
      table({ class: 'table routes' }, thead(tr(th('Route'), th('Grade'), th('Centre'), th('Wall'), th('Colour'), th('Setter'), th('Set on'), th(''))), body),
      pager),
  );

  function swatch(c) { return span({ class: 'swatch', style: `background:${c.toLowerCase()}` }); }

  let req = 0;
  async function load() {
    const my = ++req;
    body.replaceChildren(tr(td({ colspan: 8, class: 'muted' }, 'Loading…')));
    const params = new URLSearchParams({ q: q.value.trim(), centre: centreSel.value, page: String(page) });
    const r = await api(`/api/routes?${params}`);
    if (my !== req) return;
    state = r;
    const from = r.total ? (r.page - 1) * r.per + 1 : 0;
    info.textContent = `Showing ${from}–${Math.min(r.total, r.page * r.per)} of ${r.total} routes`;
    body.replaceChildren(...(r.items.length ? r.items.map((x) => tr(
      td(strong(x.name)), td(x.grade), td(x.centreName), td(x.wall), td(swatch(x.colour), ' ', x.colour), td(x.setter), td(fmtDate(x.set)),
      td(button({ class: 'btn danger small', onclick: () => confirmDelete(x) }, 'Delete')))) : [tr(td({ colspan: 8, class: 'muted' }, 'No routes match your search.'))]));
    renderPager();
  }

  function renderPager() {
    const btns = [];
    btns.push(button({ class: 'btn small', disabled: page <= 1, onclick: () => { page--; load(); } }, '‹ Previous'));
    for (let i = 1; i <= state.pages; i++) {
      if (state.pages > 9 && i > 2 && i < state.pages - 1 && Math.abs(i - page) > 1) {
        if (btns.at(-1).textContent !== '…') btns.push(span({ class: 'ellipsis' }, '…'));
        continue;
      }
      btns.push(button({ class: 'btn small' + (i === page ? ' current' : ''), onclick: () => { page = i; load(); } }, String(i)));
    }
    btns.push(button({ class: 'btn small', disabled: page >= state.pages, onclick: () => { page++; load(); } }, 'Next ›'));
    pager.replaceChildren(...btns);
  }

  function confirmDelete(x) {
    const box = new jBox('Confirm', {
      attach: null,
      content: `Delete <b>${x.name}</b> (${x.grade}, ${x.centreName} — ${x.wall}, set ${fmtDate(x.set)})?<br>This removes it from the route list and the members' app.`,
      confirmButton: 'Delete route',
      cancelButton: 'Keep it',
      confirm: async () => {
        try {
          await api(`/api/routes/${x.id}`, { method: 'DELETE' });
          flash.textContent = `Deleted ${x.name} (${x.grade}, ${x.centreName}).`;
          flash.hidden = false;
          if (state.items && state.items.length === 1 && page > 1) page--;
          load();
        } catch (e) {
          flash.textContent = 'Could not delete: ' + e.message;
          flash.hidden = false;
        }
      },
      onCloseComplete() { this.destroy(); },
    });
    box.open();
  }

  load();
  return () => { req++; clearTimeout(t); };
}
