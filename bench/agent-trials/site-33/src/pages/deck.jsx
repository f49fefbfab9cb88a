import { c, useState, useEffect, useRef } from 'atomico';
import { createSwapy } from 'swapy';
import { Toast } from '@materializecss/materialize';
import { api, esc, dateLabel } from '../api.js';

function buildBoard(el, deck) {
  el.innerHTML = '';
  for (const s of deck.sailings) {
    const col = document.createElement('section');
    col.className = 'deck-col';
    col.setAttribute('aria-label', `${s.time} sailing`);
    col.innerHTML = `<header><h2>${esc(s.time)} sailing</h2><p>${esc(s.route)} · ${esc(s.vessel)}</p></header>`;
    const lanes = document.createElement('div');
    lanes.className = 'lanes';
    for (const lane of deck.lanes) {
      const row = document.createElement('div');
      row.className = 'lane';
      row.innerHTML = `<span class="lane-label">${esc(lane)}</span>`;
      const slot = document.createElement('div');
      slot.className = 'slot';
      slot.dataset.swapySlot = `${s.id}:${lane}`;
      slot.setAttribute('aria-label', `${s.time} sailing, lane ${lane}`);
      const b = deck.bookings.find((x) => x.sailing === s.id && x.lane === lane);
      if (b) {
        const item = document.createElement('div');
        item.className = 'vehicle';
        item.dataset.swapyItem = b.id;
        item.innerHTML = `<strong>${esc(b.vehicle)}</strong><span>${esc(b.name)}</span><span class="reg">${esc(b.reg)}</span>`;
        slot.appendChild(item);
      }
      row.appendChild(slot);
      lanes.appendChild(row);
    }
    col.appendChild(lanes);
    el.appendChild(col);
  }
}

export const DeckPage = c(() => {
  const box = useRef();
  const [deck, setDeck] = useState(null);
  const [err, setErr] = useState(null);

  useEffect(() => {
    let swapy = null;
    let alive = true;
    let state = null;
    let busy = false;

    function mount(d) {
      state = d;
      if (swapy) { swapy.destroy(); swapy = null; }
      buildBoard(box.current, d);
      swapy = createSwapy(box.current, { animation: 'dynamic', swapMode: 'drop', autoScrollOnDrag: true });
      // a lane holds one vehicle: only allow drops onto empty lanes
      swapy.onBeforeSwap((e) => !busy && !e.swapWithItem);
      swapy.onSwap(async (e) => {
        const booking = state.bookings.find((b) => b.id === e.draggingItem);
        const [sailingId, lane] = e.toSlot.split(':');
        const sailing = state.sailings.find((s) => s.id === sailingId);
        busy = true;
        try {
          const r = await api('/api/deck/move', { method: 'POST', body: { booking: booking.id, sailing: sailingId, lane } });
          booking.sailing = sailingId;
          booking.lane = lane;
          new Toast({ text: `${booking.vehicle} (${booking.name}) moved to the ${sailing.time} sailing, lane ${lane}. Change ref ${r.ref}`, displayLength: 2000, classes: 'gsf-toast' });
        } catch (ex) {
          new Toast({ text: `Could not move ${booking.vehicle}: ${ex.message}`, displayLength: 4000, classes: 'gsf-toast error' });
          const fresh = await api('/api/deck');
          if (alive) mount(fresh);
        } finally {
          busy = false;
        }
      });
    }

    api('/api/deck').then((d) => {
      if (!alive) return;
      setDeck(d);
      requestAnimationFrame(() => alive && mount(d));
    }).catch((e) => setErr(e.message));
    return () => {
      alive = false;
      if (swapy) swapy.destroy();
    };
  }, []);

  return (
    <host>
      <header class="page-head">
        <h1>Vehicle deck plan</h1>
        <p class="muted">{deck ? `${dateLabel(deck.date)} · Port Ardle → Kestrel Isle · MV Gannet` : 'Loading…'}</p>
      </header>
      <p class="hint">Drag a vehicle into an empty lane to re-allocate it. Each lane takes one vehicle.</p>
      <div class="msg-area">{err ? <div class="msg error">{err}</div> : null}</div>
      <div class="deck-board" ref={box} staticNode></div>
    </host>
  );
});
