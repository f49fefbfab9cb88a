import { Component, ElementRef, NgZone, OnDestroy, OnInit, inject, signal } from '@angular/core';
import { Sortable } from '@shopify/draggable';
import { toast } from 'ngx-sonner';
import { Api, BoardColumn, WorkCard, errorText } from '../api';

interface Board { columns: BoardColumn[]; cards: WorkCard[] }

@Component({
  selector: 'app-workshop',
  template: `
    <div class="page-head">
      <div>
        <h1>Workshop board</h1>
        <p class="sub">Drag a work order to another column when its status changes. The yard office is notified automatically.</p>
      </div>
      <div class="actions legend">
        <span class="badge">Dan</span><span class="badge">Sian</span><span class="badge">Tomasz</span>
      </div>
    </div>

    @if (!columns().length) { <p class="muted">Loading work orders…</p> }
    <div class="board" [class.busy]="busy()">
      @for (col of columns(); track col.id) {
        <section class="column" [attr.aria-labelledby]="'col-' + col.id">
          <h2 [id]="'col-' + col.id">{{ col.title }} <span class="badge">{{ cardsIn(col.id).length }}</span></h2>
          <ul class="cards" [attr.data-column]="col.id" [attr.aria-label]="col.title">
            @for (card of cardsIn(col.id); track card.id) {
              <li class="wcard" [attr.data-id]="card.id" tabindex="0"
                  [attr.aria-label]="card.id + ': ' + card.task + ' — ' + card.vessel + ' (' + card.model + '), owner ' + card.owner">
                <div class="row1"><span class="wo">{{ card.id }}</span><span class="due">Due {{ short(card.due) }}</span></div>
                <div class="task">{{ card.task }}</div>
                <div class="boat">{{ card.vessel }} <span class="model">· {{ card.model }}</span></div>
                <div class="meta">Owner {{ card.owner }} · <span class="tech">{{ card.tech }}</span></div>
              </li>
            }
          </ul>
        </section>
      }
    </div>
  `,
  styles: [`
    .board { display: grid; grid-template-columns: repeat(4, minmax(220px, 1fr)); gap: 14px; align-items: start; }
    .column { background: #e9eef2; border-radius: 10px; padding: 10px; }
    .column h2 { font-size: .95rem; display: flex; justify-content: space-between; align-items: center; margin: 2px 4px 10px; }
    .cards { list-style: none; margin: 0; padding: 0; min-height: 120px; display: flex; flex-direction: column; gap: 8px; }
    .wcard { background: #fff; border: 1px solid var(--sq-border); border-radius: 8px; padding: 10px 12px; cursor: grab; user-select: none; box-shadow: 0 1px 1px rgba(0,0,0,.04); }
    .wcard:focus { outline: 2px solid #9cc3e4; }
    .row1 { display: flex; justify-content: space-between; font-size: .75rem; color: var(--sq-muted); }
    .wo { font-weight: 600; color: var(--sq-navy); }
    .task { font-weight: 600; margin: 4px 0 2px; }
    .boat { color: #24323c; }
    .model { color: var(--sq-muted); }
    .meta { font-size: .8rem; color: var(--sq-muted); margin-top: 4px; }
    .tech { font-weight: 600; }
    :host ::ng-deep .draggable-source--is-dragging { opacity: .35; border-style: dashed; }
    :host ::ng-deep .draggable-mirror { box-shadow: 0 8px 20px rgba(0,0,0,.18); z-index: 1000; }
    .busy { cursor: progress; }
  `],
})
export class WorkshopPage implements OnInit, OnDestroy {
  private api = inject(Api);
  private zone = inject(NgZone);
  private host = inject(ElementRef<HTMLElement>);
  columns = signal<BoardColumn[]>([]);
  cards = signal<WorkCard[]>([]);
  busy = signal(false);
  private sortable?: Sortable;
  private pending: { id: string; from: string; to: string; oldIndex: number; newIndex: number } | null = null;

  async ngOnInit() {
    const b = await this.api.get<Board>('/api/workorders');
    this.columns.set(b.columns);
    this.cards.set(b.cards);
    setTimeout(() => this.zone.runOutsideAngular(() => this.initDrag()));
  }

  ngOnDestroy() {
    this.sortable?.destroy();
  }

  cardsIn(col: string) {
    return this.cards().filter((c) => c.column === col);
  }

  short(iso: string) {
    return new Date(iso + 'T12:00:00Z').toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  }

  private initDrag() {
    const containers = Array.from(this.host.nativeElement.querySelectorAll('ul.cards')) as HTMLElement[];
    this.sortable = new Sortable(containers, {
      draggable: '.wcard',
      distance: 4,
      mirror: { constrainDimensions: true },
    });
    this.sortable.on('sortable:stop', (e) => {
      const src = e.dragEvent.originalSource as HTMLElement;
      this.pending = {
        id: src.dataset['id']!,
        from: (e.oldContainer as HTMLElement).dataset['column']!,
        to: (e.newContainer as HTMLElement).dataset['column']!,
        oldIndex: e.oldIndex,
        newIndex: e.newIndex,
      };
    });
    // Let Angular own the DOM: cancel the library's own re-parenting and re-render from state instead.
    this.sortable.on('drag:stop', (e) => e.cancel());
    (this.sortable as unknown as { on(ev: string, fn: () => void): void }).on('drag:stopped', () => {
      const p = this.pending;
      this.pending = null;
      if (!p || (p.from === p.to && p.oldIndex === p.newIndex)) return;
      this.zone.run(() => this.move(p.id, p.to, p.newIndex));
    });
  }

  private async move(id: string, to: string, index: number) {
    const before = this.cards();
    const card = before.find((c) => c.id === id);
    if (!card) return;
    const moved = { ...card, column: to };
    const rest = before.filter((c) => c.id !== id);
    const inTarget = rest.filter((c) => c.column === to);
    const anchor = inTarget[index];
    const at = anchor ? rest.indexOf(anchor) : rest.length;
    rest.splice(at, 0, moved);
    this.cards.set(rest);
    this.busy.set(true);
    const title = this.columns().find((c) => c.id === to)?.title ?? to;
    try {
      const res = await this.api.post<{ ref: string }>(`/api/workorders/${encodeURIComponent(id)}/move`, { column: to, index });
      toast.success(`${id} moved to ${title}`, { description: `Change reference ${res.ref}`, duration: 2000 });
    } catch (err) {
      this.cards.set(before);
      toast.error(`Could not move ${id}: ${errorText(err)}`);
    } finally {
      this.busy.set(false);
    }
  }
}
