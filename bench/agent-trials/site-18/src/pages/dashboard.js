import van from 'vanjs-core';
import { api, fmtDate } from '../api.js';

const { div, h1, h2, p, table, thead, tbody, tr, th, td, a, span, ul, li } = van.tags;

export default function dashboard(root, { navigate }) {
  const body = div({ class: 'loading' }, 'Loading dashboard…');
  van.add(root, h1('Good morning, Jess'), p({ class: 'muted' }, 'Here is how the four centres are doing.'), body);
  let alive = true;
  api('/api/dashboard').then((d) => {
    if (!alive) return;
    const link = (href, text) => a({ href, onclick: (e) => { e.preventDefault(); navigate(href); } }, text);
    body.replaceWith(div(
      div({ class: 'kpis' },
        div({ class: 'kpi' }, div({ class: 'kpi-label' }, 'Active members'), div({ class: 'kpi-value' }, d.activeMembers), div({ class: 'kpi-sub' }, `of ${d.members} on file`)),
        div({ class: 'kpi' }, div({ class: 'kpi-label' }, 'Routes on the walls'), div({ class: 'kpi-value' }, d.routes), div({ class: 'kpi-sub' }, 'across 4 centres')),
        div({ class: 'kpi' }, div({ class: 'kpi-label' }, 'Group visits booked'), div({ class: 'kpi-value' }, d.upcoming.length), div({ class: 'kpi-sub' }, 'from today')),
        div({ class: 'kpi' }, div({ class: 'kpi-label' }, 'Check-ins yesterday'), div({ class: 'kpi-value' }, d.centres.reduce((s, c) => s + c.yesterday.adults + c.yesterday.juniors + c.yesterday.guests, 0)), div({ class: 'kpi-sub' }, 'all centres')),
      ),
      div({ class: 'grid-2' },
        div({ class: 'panel' }, h2('Centres yesterday'),
          table({ class: 'table' }, thead(tr(th('Centre'), th('Adults'), th('Juniors'), th('Guests'))),
            tbody(d.centres.map((c) => tr(td(c.name), td(c.yesterday.adults), td(c.yesterday.juniors), td(c.yesterday.guests))))),
          p(link('/check-ins', 'Open the check-ins chart →'))),
        div({ class: 'panel' }, h2('Upcoming group visits'),
          table({ class: 'table' }, thead(tr(th('Date'), th('Group'), th('Centre'), th('Size'))),
            tbody(d.upcoming.map((b) => tr(td(fmtDate(b.date, true), ' ', b.time), td(b.orgName), td(b.centreName), td(b.size))))),
          p(link('/group-bookings', 'New group booking →'))),
      ),
      div({ class: 'panel' }, h2('Latest notices'),
        ul({ class: 'plain-list' }, d.notices.map((n) => li(link('/notices', n.title), span({ class: 'muted' }, ` — updated ${fmtDate(n.updated)}`))))),
    ));
  }).catch((e) => { body.textContent = e.message; });
  return () => { alive = false; };
}
