import m from 'mithril';
import Polipop from 'polipop';
import 'polipop/dist/css/polipop.core.min.css';
import 'polipop/dist/css/polipop.default.min.css';

let toaster = null;
function toasts() {
  if (!toaster) {
    toaster = new Polipop('ridgeway-toasts', {
      layout: 'popups', position: 'top-right', insert: 'before', pool: 4,
      life: 2000, pauseOnHover: false, progressbar: true, closer: false, effect: 'fade',
    });
  }
  return toaster;
}

export function LoansPage() {
  let loans = [];
  let q = '';
  let pending = null;
  async function load() { loans = await m.request('/api/loans'); }
  async function renew(l) {
    pending = l.id;
    try {
      const r = await m.request({ method: 'POST', url: `/api/loans/${l.id}/renew` });
      toasts().add({ type: 'success', title: 'Loan renewed', content: `${l.tool} (${l.member}) is now due ${r.due}. Renewal code: ${r.code}` });
    } catch (e) {
      toasts().add({ type: 'error', title: 'Could not renew', content: (e && e.response && e.response.error) || 'Server error' });
    }
    pending = null;
    await load();
  }
  return {
    oninit: load,
    oncreate: () => toasts(),
    view() {
      const t = q.toLowerCase();
      const rows = loans.filter((l) => !t || `${l.id} ${l.tool} ${l.member}`.toLowerCase().includes(t));
      return m('.page.loans', [
        m('h1', 'Active loans'),
        m('p.muted', 'Tools currently out with members. A loan can be renewed once for another 14 days; the member needs the renewal code when they return the tool.'),
        m('.toolbar', [
          m('input.search[type=search][placeholder=Filter by tool or member…][aria-label=Filter loans]', { value: q, oninput: (e) => { q = e.target.value; } }),
          m('span.count', `${rows.length} loans`),
        ]),
        m('table.data', [
          m('thead', m('tr', ['Loan', 'Tool', 'Member', 'Due', 'Status', ''].map((h) => m('th', h)))),
          m('tbody', rows.map((l) => m('tr', { key: l.id }, [
            m('td.mono', l.id), m('td', l.tool), m('td', l.member), m('td', l.due),
            m('td', l.renewed ? m('span.badge.ok', 'Renewed') : m('span.badge', 'Out')),
            m('td.right', m('button', { onclick: () => renew(l), disabled: l.renewed || pending === l.id, 'aria-label': `Renew ${l.tool} for ${l.member}` }, 'Renew')),
          ]))),
        ]),
      ]);
    },
  };
}
