import m from 'mithril';
import swal from 'sweetalert';

export function CataloguePage() {
  let q = '';
  let page = 1;
  let data = { total: 0, page: 1, pages: 1, items: [] };
  let note = '';
  let timer = null;
  async function load() { data = await m.request({ url: '/api/tools', params: { q, page } }); if (page > data.pages) { page = data.pages; data = await m.request({ url: '/api/tools', params: { q, page } }); } }
  async function retire(t) {
    const ok = await swal({
      title: 'Retire this tool?',
      text: `${t.tag} · ${t.name} (${t.location}) will be removed from the catalogue and can no longer be lent. This cannot be undone.`,
      icon: 'warning',
      buttons: ['Keep tool', 'Retire tool'],
      dangerMode: true,
    });
    if (!ok) return;
    try {
      await m.request({ method: 'DELETE', url: `/api/tools/${t.tag}` });
      note = `${t.tag} has been retired.`;
    } catch (e) { note = `Could not retire ${t.tag}.`; }
    await load();
    m.redraw();
  }
  const go = (p) => { page = p; load(); };
  return {
    oninit: load,
    view() {
      const pages = [];
      for (let i = 1; i <= data.pages; i++) pages.push(i);
      return m('.page.catalogue', [
        m('h1', 'Tool catalogue'),
        m('p.muted', 'Every tool the library owns, ordered by asset tag. Retire tools that are broken beyond repair.'),
        m('.toolbar', [
          m('input.search[type=search][placeholder=Search tag, name, site…][aria-label=Search catalogue]', {
            value: q,
            oninput: (e) => { q = e.target.value; clearTimeout(timer); timer = setTimeout(() => { page = 1; load(); }, 250); },
          }),
          m('span.count', `${data.total} tools`),
        ]),
        note ? m('.status', { role: 'status' }, note) : null,
        m('table.data', [
          m('thead', m('tr', ['Tag', 'Tool', 'Condition', 'Site', 'Added', ''].map((h) => m('th', h)))),
          m('tbody', data.items.map((t) => m('tr', { key: t.tag }, [
            m('td.mono', t.tag), m('td', t.name), m('td', t.condition), m('td', t.location), m('td', t.added),
            m('td.right', m('button.danger', { onclick: () => retire(t), 'aria-label': `Retire ${t.tag}` }, 'Retire')),
          ]))),
        ]),
        m('nav.pager', { 'aria-label': 'Pagination' }, [
          m('button', { disabled: page <= 1, onclick: () => go(page - 1) }, '‹ Prev'),
          pages.map((p) => m('button', { class: p === page ? 'current' : '', 'aria-current': p === page ? 'page' : undefined, onclick: () => go(p) }, p)),
          m('button', { disabled: page >= data.pages, onclick: () => go(page + 1) }, 'Next ›'),
        ]),
      ]);
    },
  };
}
