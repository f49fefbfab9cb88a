import van from 'vanjs-core';
import $ from '../jq.js';
import 'jquery-toast-plugin/dist/jquery.toast.min.js';
import 'jquery-toast-plugin/dist/jquery.toast.min.css';
import { api, CENTRES } from '../api.js';

const { div, h1, h3, p, button, span, select, option, label } = van.tags;

export default function courses(root) {
  let sessions = [];
  const filter = select({ class: 'input', onchange: () => renderCards() }, option({ value: '' }, 'All centres'), CENTRES.map((c) => option({ value: c.id }, c.name)));
  const grid = div({ class: 'cards' }, div({ class: 'loading' }, 'Loading sessions…'));
  van.add(root,
    h1('Courses & sessions'),
    p({ class: 'muted' }, 'Hold a place for a caller while they pay online. A hold lasts until 10:00 tomorrow; read the hold code to the caller.'),
    div({ class: 'toolbar' }, label('Centre ', filter)),
    grid,
  );

  function renderCards() {
    const f = filter.value;
    grid.replaceChildren(...sessions.filter((s) => !f || s.centre === f).map((s) => {
      const spaces = span({ class: 'spaces' + (s.spaces <= 2 ? ' low' : '') }, s.spaces === 1 ? '1 space left' : `${s.spaces} spaces left`);
      const btn = button({ class: 'btn primary small', disabled: s.spaces <= 0 }, 'Hold a place');
      btn.onclick = async () => {
        btn.disabled = true;
        btn.textContent = 'Holding…';
        try {
          const r = await api(`/api/sessions/${s.id}/hold`, { method: 'POST', body: {} });
          s.spaces = r.spaces;
          spaces.textContent = s.spaces === 1 ? '1 space left' : `${s.spaces} spaces left`;
          $.toast({
            heading: 'Place held',
            text: `${s.name}, ${s.centreName}. Hold code <b>${r.code}</b> — valid until ${r.expires}.`,
            icon: 'success',
            position: 'top-right',
            hideAfter: 2000,
            stack: 4,
            loader: true,
          });
        } catch (e) {
          $.toast({ heading: 'Could not hold a place', text: e.message, icon: 'error', position: 'top-right', hideAfter: 2000 });
        } finally {
          btn.textContent = 'Hold a place';
          btn.disabled = s.spaces <= 0;
        }
      };
      return div({ class: 'card' },
        div({ class: 'card-top' }, h3(s.name), span({ class: 'price' }, s.price)),
        div({ class: 'card-centre' }, s.centreName),
        div({ class: 'muted' }, s.when, ' · with ', s.instructor),
        div({ class: 'card-foot' }, spaces, btn));
    }));
  }

  let alive = true;
  api('/api/sessions').then((r) => { if (!alive) return; sessions = r; renderCards(); });
  return () => { alive = false; };
}
