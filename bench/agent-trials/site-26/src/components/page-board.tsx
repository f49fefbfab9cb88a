import { Component, State, h } from '@stencil/core';
import { api, W } from '../lib';

@Component({ tag: 'page-board', shadow: false })
export class PageBoard {
  @State() loading = true;
  hostEl: HTMLElement;
  b: any;
  async componentDidLoad() {
    const data = await api('/api/board');
    this.loading = false;
    this.b = W().mountBoard(this.hostEl, {
      columns: data.columns, cards: data.cards,
      onMove: async (card: any, column: string, index: number, revert: () => void) => {
        try {
          const r = await api(`/api/board/cards/${card.id}/move`, { method: 'POST', body: { column, index } });
          W().toast.success(`${card.caseNo} moved to ${column}. Ticket ${r.ticket}`, { duration: 2000 });
        } catch (e) { W().toast.error('Move failed: ' + e.message, { duration: 4000 }); revert(); }
      },
    });
  }
  disconnectedCallback() { this.b && this.b.unmount(); }
  render() {
    return (
      <section>
        <h1>Production board</h1>
        <p class="muted">Drag a case card to the stage it has reached. Keyboard: focus a card, press Space to lift, arrow keys to move, Space to drop.</p>
        {this.loading && <p>Loading board…</p>}
        <div ref={(el) => (this.hostEl = el)}></div>
      </section>
    );
  }
}
