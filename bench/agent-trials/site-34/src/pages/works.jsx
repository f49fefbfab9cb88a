import Draggabilly from 'draggabilly';
import { MDCSnackbar } from '@material/snackbar';
import '@material/snackbar/dist/mdc.snackbar.css';
import { api, shortDate } from '../api.js';

export function* WorksPage() {
  let columns = null;
  let cards = null;
  let error = null;
  let busy = false;
  let draggies = [];
  let snackbar = null;
  let closeTimer = null;

  const toast = (text) => {
    if (!snackbar) return;
    clearTimeout(closeTimer);
    snackbar.labelText = text;
    snackbar.open();
    closeTimer = setTimeout(() => snackbar.close(), 2000);
  };

  const teardown = () => {
    for (const d of draggies) d.destroy();
    draggies = [];
  };

  const move = async (card, toColumn, beforeId) => {
    const prev = cards.slice();
    // optimistic local move
    const rest = cards.filter((c) => c.id !== card.id);
    const moved = { ...card, column: toColumn };
    const idx = beforeId ? rest.findIndex((c) => c.id === beforeId) : -1;
    if (idx >= 0) rest.splice(idx, 0, moved); else rest.push(moved);
    this.refresh(() => { cards = rest; busy = true; });
    try {
      const res = await api.post(`/api/works/${card.id}/move`, { column: toColumn, before: beforeId || null });
      this.refresh(() => { busy = false; });
      if (res.from !== res.to) toast(`${res.message} · Ref ${res.ref}`);
    } catch (e) {
      this.refresh(() => { cards = prev; busy = false; });
      toast(`Could not move the work order: ${e.message}`);
    }
  };

  const setup = (root) => {
    teardown();
    if (!cards) return;
    for (const el of root.querySelectorAll('.wo-card')) {
      el.style.left = ''; el.style.top = ''; el.style.transform = '';
      const d = new Draggabilly(el, { containment: root.querySelector('.board') });
      d.on('dragStart', () => { el.classList.add('dragging'); root.querySelector('.board').classList.add('is-dragging'); });
      d.on('dragMove', (ev, pointer) => {
        for (const col of root.querySelectorAll('.board-col')) {
          const r = col.getBoundingClientRect();
          col.classList.toggle('drop-target', pointer.clientX >= r.left && pointer.clientX <= r.right);
        }
      });
      d.on('dragEnd', (ev, pointer) => {
        el.classList.remove('dragging');
        root.querySelector('.board').classList.remove('is-dragging');
        const x = pointer.clientX, y = pointer.clientY;
        let target = null;
        for (const col of root.querySelectorAll('.board-col')) {
          col.classList.remove('drop-target');
          const r = col.getBoundingClientRect();
          if (x >= r.left && x <= r.right && y >= r.top - 60 && y <= r.bottom + 60) target = col;
        }
        const card = cards.find((c) => c.id === el.dataset.id);
        if (!target || !card) { d.setPosition(0, 0); el.style.left = ''; el.style.top = ''; return; }
        let beforeId = null;
        for (const other of target.querySelectorAll('.wo-card')) {
          if (other === el) continue;
          const r = other.getBoundingClientRect();
          if (y < r.top + r.height / 2) { beforeId = other.dataset.id; break; }
        }
        const sameCol = target.dataset.col === card.column;
        const colCards = cards.filter((c) => c.column === card.column);
        const after = colCards[colCards.findIndex((c) => c.id === card.id) + 1];
        if (sameCol && (beforeId === (after ? after.id : null) || beforeId === card.id)) {
          d.setPosition(0, 0); el.style.left = ''; el.style.top = ''; return;
        }
        el.style.left = ''; el.style.top = '';
        move(card, target.dataset.col, beforeId);
      });
      draggies.push(d);
    }
  };

  this.after((root) => {
    snackbar = new MDCSnackbar(root.querySelector('.mdc-snackbar'));
    snackbar.timeoutMs = -1; // closed by our own 2 s timer
    snackbar.listen('MDCSnackbar:closed', () => { snackbar.labelText = ''; });
  });
  this.cleanup(() => { teardown(); clearTimeout(closeTimer); if (snackbar) snackbar.destroy(); });

  api.get('/api/works').then(
    (r) => { if (!this.isUnmounted) this.refresh(() => { columns = r.columns; cards = r.cards; }); },
    (e) => { if (!this.isUnmounted) this.refresh(() => { error = e.message; }); },
  );

  for ({} of this) {
    this.after(setup);
    yield (
      <section class="page page-wide">
        <h1>Glasshouse works board</h1>
        <p class="lede">Maintenance work orders for the glasshouses. Drag a card to another column to change its stage.</p>
        {error && <div class="notice error">{error}</div>}
        {!cards && !error && <div class="loading">Loading work orders…</div>}
        {cards && (
          <div class={`board ${busy ? 'busy' : ''}`}>
            {columns.map((col) => {
              const list = cards.filter((c) => c.column === col.id);
              return (
                <div class="board-col" data-col={col.id} key={col.id}>
                  <h2>{col.title} <span class="count">{list.length}</span></h2>
                  <div class="board-list">
                    {list.map((c) => (
                      <article class="wo-card" data-id={c.id} key={c.id}>
                        <div class="wo-title">{c.title}</div>
                        <div class="wo-house">{c.house}</div>
                        <div class="wo-meta"><span>{c.id}</span><span>Due {shortDate(c.due)}</span><span>{c.by}</span></div>
                      </article>
                    ))}
                    {list.length === 0 && <div class="empty">No work orders</div>}
                  </div>
                </div>
              );
            })}
          </div>
        )}
        <aside class="mdc-snackbar" copy="class">
          <div class="mdc-snackbar__surface" copy="class" role="status" aria-relevant="additions">
            <div class="mdc-snackbar__label" copy="class" aria-atomic="false"></div>
          </div>
        </aside>
      </section>
    );
  }
}
