import { c, useState, useEffect, useRef } from 'atomico';
import '@spectrum-web-components/theme/sp-theme.js';
import '@spectrum-web-components/theme/src/themes.js';
import '@spectrum-web-components/dialog/sp-dialog-wrapper.js';
import { api } from '../api.js';

export const CrewPage = c(() => {
  const dlgRef = useRef();
  const targetRef = useRef(null);
  const busyRef = useRef(false);
  const searchTimer = useRef();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState(null);
  const [loading, setLoading] = useState(true);
  const [msg, setMsg] = useState(null);
  const [target, setTarget] = useState(null);

  async function load(query, p) {
    setLoading(true);
    try {
      const d = await api(`/api/crew?q=${encodeURIComponent(query)}&page=${p}`);
      setData(d);
      setPage(d.page);
    } catch (e) {
      setMsg({ kind: 'error', text: e.message });
    } finally {
      setLoading(false);
    }
  }

  useEffect(() => { load('', 1); }, []);

  useEffect(() => {
    const dlg = dlgRef.current;
    const close = () => { dlg.open = false; targetRef.current = null; setTarget(null); };
    const onConfirm = async () => {
      const t = targetRef.current;
      if (!t || busyRef.current) return;
      busyRef.current = true;
      dlg.confirmLabel = 'Removing…';
      try {
        await api(`/api/crew/${t.id}`, { method: 'DELETE' });
        setMsg({ kind: 'ok', text: `${t.name} (${t.role}, ${t.vessel}) was removed from the crew list.` });
        close();
        await load(qRef.current, pageRef.current);
      } catch (e) {
        setMsg({ kind: 'error', text: e.message });
        close();
      } finally {
        busyRef.current = false;
        dlg.confirmLabel = 'Remove';
      }
    };
    const onCancel = () => { if (!busyRef.current) close(); };
    dlg.addEventListener('confirm', onConfirm);
    dlg.addEventListener('cancel', onCancel);
    dlg.addEventListener('close', onCancel);
    return () => {
      dlg.removeEventListener('confirm', onConfirm);
      dlg.removeEventListener('cancel', onCancel);
      dlg.removeEventListener('close', onCancel);
    };
  }, []);

  // live values for the dialog handler (registered once)
  const qRef = useRef(q);
  const pageRef = useRef(page);
  qRef.current = q;
  pageRef.current = page;

  function onSearch(e) {
    const v = e.target.value;
    setQ(v);
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => load(v, 1), 350);
  }

  function askRemove(person) {
    targetRef.current = person;
    setTarget(person);
    setMsg(null);
    const dlg = dlgRef.current;
    dlg.headline = 'Remove crew member?';
    dlg.querySelector('.dlg-body').textContent =
      `Remove ${person.name} (${person.role}, ${person.vessel}, staff no. ${person.staffNo}) from the crew list? They will be taken off all future rosters.`;
    dlg.open = true;
  }

  const from = data && data.total ? (data.page - 1) * 10 + 1 : 0;
  const to = data ? Math.min(data.total, data.page * 10) : 0;
  return (
    <host>
      <header class="page-head">
        <h1>Crew list</h1>
        <p class="muted">Everyone on the seagoing roster. Removing someone takes them off all future rosters.</p>
      </header>
      <div class="toolbar">
        <label class="field inline">
          <span>Search</span>
          <input type="search" value={q} oninput={onSearch} placeholder="Name, role, vessel or staff no." aria-label="Search crew" />
        </label>
        <span class="muted" aria-live="polite">{loading ? 'Loading…' : data ? `Showing ${from}–${to} of ${data.total}` : ''}</span>
      </div>
      <div class="msg-area">{msg ? <div class={`msg ${msg.kind}`} role="status">{msg.text}</div> : null}</div>
      <table class="table crew-table">
        <thead><tr><th>Name</th><th>Role</th><th>Vessel</th><th>Staff no.</th><th><span class="sr-only">Actions</span></th></tr></thead>
        <tbody>
          {(data ? data.items : []).map((p) => (
            <tr>
              <td>{p.name}</td><td>{p.role}</td><td>{p.vessel}</td><td>{p.staffNo}</td>
              <td class="right"><button class="btn danger small" onclick={() => askRemove(p)} aria-label={`Remove ${p.name}`}>Remove</button></td>
            </tr>
          ))}
          {data && !data.items.length ? <tr><td colspan="5" class="muted">Nobody matches that search.</td></tr> : null}
        </tbody>
      </table>
      <div class="pager-area">
        {data && data.pages > 1 ? (
          <nav class="pager" aria-label="Pages">
            <button class="btn small" disabled={data.page <= 1 || loading} onclick={() => load(q, data.page - 1)}>‹ Previous</button>
            {Array.from({ length: data.pages }, (_, i) => i + 1).map((n) => (
              <button class={`btn small ${n === data.page ? 'current' : ''}`} aria-current={n === data.page ? 'page' : null} disabled={loading} onclick={() => load(q, n)}>{n}</button>
            ))}
            <button class="btn small" disabled={data.page >= data.pages || loading} onclick={() => load(q, data.page + 1)}>Next ›</button>
          </nav>
        ) : null}
      </div>
      <sp-theme system="spectrum" color="light" scale="medium" class="dialog-theme" staticNode>
        <sp-dialog-wrapper ref={dlgRef} headline="Remove crew member?" confirm-label="Remove" cancel-label="Cancel" underlay size="s" staticNode>
          <p class="dlg-body"></p>
        </sp-dialog-wrapper>
      </sp-theme>
    </host>
  );
});
