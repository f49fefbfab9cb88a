import { component$, useSignal, useStore, useTask$, $ } from '@builder.io/qwik';
import { Modal } from '@qwik-ui/headless';
import { toast } from '../toast.js';
import { api } from '../api.js';

type Player = { id: string; name: string; instrument: string; email: string; joined: number; partsOut: number };

export const Players = component$(() => {
  const q = useSignal('');
  const applied = useSignal('');
  const page = useSignal(1);
  const data = useStore<{ loading: boolean; total: number; pages: number; players: Player[]; error: string }>({ loading: true, total: 0, pages: 1, players: [], error: '' });
  const reload = useSignal(0);
  const showConfirm = useSignal(false);
  const target = useSignal<Player | null>(null);
  const deleting = useSignal(false);
  const note = useSignal('');

  useTask$(async ({ track }) => {
    track(() => applied.value); track(() => page.value); track(() => reload.value);
    data.loading = true;
    try {
      const r: any = await api(`/api/players?q=${encodeURIComponent(applied.value)}&page=${page.value}`);
      data.total = r.total; data.pages = r.pages; data.players = r.players; data.error = '';
    } catch (e: any) { data.error = e.message; }
    data.loading = false;
  });

  const confirmDelete = $(async () => {
    const p = target.value; if (!p || deleting.value) return;
    deleting.value = true;
    try {
      await api(`/api/players/${p.id}`, { method: 'DELETE' });
      note.value = `${p.name} (${p.instrument}) was removed.`;
      toast.success(`${p.name} removed`);
      showConfirm.value = false; target.value = null;
      reload.value++;
    } catch (e: any) { note.value = e.message; }
    deleting.value = false;
  });

  return (
    <section class="page-players">
      <h1>Players and borrowers</h1>
      <p class="lede">Everyone who can borrow parts from the library.</p>
      <div class="toolbar" role="search">
        <label for="player-q">Search</label>
        <input id="player-q" type="search" class="input" placeholder="Name, instrument or email" value={q.value} onInput$={(_, el: HTMLInputElement) => { q.value = el.value; }}
          onKeyDown$={(e: KeyboardEvent) => { if (e.key === 'Enter') { applied.value = q.value.trim(); page.value = 1; } }} />
        <button type="button" class="btn" onClick$={() => { applied.value = q.value.trim(); page.value = 1; }}>Search</button>
        {applied.value && <button type="button" class="btn" onClick$={() => { q.value = ''; applied.value = ''; page.value = 1; }}>Clear</button>}
      </div>
      <p class="muted" role="status" aria-live="polite">{data.loading ? 'Loading…' : `${data.total} player${data.total === 1 ? '' : 's'}${applied.value ? ` matching “${applied.value}”` : ''}. ${note.value}`}</p>
      {data.error && <p class="error">{data.error}</p>}
      <table class="table" aria-busy={data.loading ? 'true' : 'false'}>
        <thead><tr><th scope="col">Name</th><th scope="col">Instrument</th><th scope="col">Email</th><th scope="col">Member since</th><th scope="col">Parts out</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
        <tbody>
          {data.players.map((p) => (
            <tr key={p.id}>
              <td>{p.name}</td><td>{p.instrument}</td><td>{p.email}</td><td>{p.joined}</td><td>{p.partsOut}</td>
              <td><button type="button" class="btn small danger" aria-label={`Remove ${p.name}, ${p.instrument}`} onClick$={() => { target.value = p; showConfirm.value = true; }}>Remove</button></td>
            </tr>
          ))}
          {!data.loading && data.players.length === 0 && <tr><td colSpan={6} class="muted">No players found.</td></tr>}
        </tbody>
      </table>
      <nav class="pager" aria-label="Pages">
        <button type="button" class="btn small" disabled={page.value <= 1} onClick$={() => page.value--}>Previous</button>
        <span>Page {page.value} of {data.pages}</span>
        <button type="button" class="btn small" disabled={page.value >= data.pages} onClick$={() => page.value++}>Next</button>
      </nav>
      <Modal.Root bind:show={showConfirm} alert>
        <Modal.Panel class="modal-panel">
          <Modal.Title>Remove player?</Modal.Title>
          <Modal.Description>
            {target.value ? `${target.value.name} (${target.value.instrument}, ${target.value.email}) will be removed from the directory. This cannot be undone.` : ''}
          </Modal.Description>
          <div class="actions">
            <Modal.Close class="btn" type="button">Cancel</Modal.Close>
            <button type="button" class="btn danger" disabled={deleting.value} onClick$={confirmDelete}>{deleting.value ? 'Removing…' : 'Remove player'}</button>
          </div>
        </Modal.Panel>
      </Modal.Root>
    </section>
  );
});
