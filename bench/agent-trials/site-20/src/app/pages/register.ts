import { AfterViewInit, Component, ElementRef, NgZone, OnDestroy, ViewChild, computed, inject, signal } from '@angular/core';
import { FormsModule } from '@angular/forms';
import { MatButtonModule } from '@angular/material/button';
import * as VTable from '@visactor/vtable';
import { InputEditor, ListEditor } from '@visactor/vtable-editors';
import { toast } from 'ngx-sonner';
import { Api, Vessel, errorText } from '../api';

type Editable = 'status' | 'note';
let editorsRegistered = false;

/** Status dropdown: commits as soon as a value is picked (or on Enter / Tab). */
class StatusEditor extends ListEditor {
  override createElement(value: string) {
    super.createElement(value);
    const el = this.element!;
    el.setAttribute('aria-label', 'Status');
    el.addEventListener('change', () => this.commit());
    el.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === 'Tab') { e.preventDefault(); e.stopPropagation(); this.commit(); }
    });
  }
  private commit() {
    const c = this.container;
    this.successCallback?.();
    c?.focus();
  }
}
/** Yard note text box: commits on Enter or Tab. */
class NoteEditor extends InputEditor {
  override createElement() {
    super.createElement();
    const el = this.element!;
    el.setAttribute('aria-label', 'Yard note');
    el.maxLength = 200;
    el.addEventListener('keydown', (e) => {
      if ((e.key === 'Enter' || e.key === 'Tab') && el.style.opacity !== '0') {
        e.preventDefault(); e.stopPropagation();
        const c = this.container;
        this.successCallback?.();
        c?.focus();
      }
    });
  }
}

@Component({
  selector: 'app-register',
  imports: [FormsModule, MatButtonModule],
  template: `
    <div class="page-head">
      <div>
        <h1>Vessel register</h1>
        <p class="sub">All boats on berths, moorings and ashore. Double-click a <strong>Status</strong> or <strong>Yard note</strong> cell to edit it, then save all changes at once.</p>
      </div>
      <div class="actions">
        <button mat-stroked-button type="button" (click)="discard()" [disabled]="!dirtyCount() || saving()">Discard changes</button>
        <button mat-flat-button type="button" (click)="save()" [disabled]="!dirtyCount() || saving()">
          {{ saving() ? 'Saving…' : 'Save changes' + (dirtyCount() ? ' (' + dirtyCount() + ')' : '') }}
        </button>
      </div>
    </div>

    <div class="card filters" role="search" aria-label="Filter the register">
      <label class="f">
        <span>Search</span>
        <input class="native-input" type="search" [(ngModel)]="query" (ngModelChange)="applyFilter()" placeholder="Vessel, owner, berth, model, account…" aria-label="Search vessels" />
      </label>
      <label class="f small">
        <span>Pontoon</span>
        <select class="native-input" [(ngModel)]="pontoon" (ngModelChange)="applyFilter()" aria-label="Pontoon">
          <option value="">All pontoons</option>
          @for (p of pontoons; track p) { <option [value]="p">Pontoon {{ p }}</option> }
        </select>
      </label>
      <label class="f small">
        <span>Status</span>
        <select class="native-input" [(ngModel)]="status" (ngModelChange)="applyFilter()" aria-label="Status filter">
          <option value="">Any status</option>
          @for (s of statuses(); track s) { <option [value]="s">{{ s }}</option> }
        </select>
      </label>
      <p class="count" aria-live="polite">{{ loading() ? 'Loading vessels…' : 'Showing ' + shown() + ' of ' + total() + ' vessels' }}
        @if (dirtyCount()) { <span class="badge unsaved">{{ dirtyCount() }} unsaved</span> }</p>
    </div>

    <div class="grid-wrap card">
      <div #grid class="vgrid" role="region" aria-roledescription="data grid" aria-label="Vessel register grid" tabindex="0"></div>
    </div>
    <p class="hint">Tip: scroll sideways for contract, insurance and account columns. Click a column heading to sort. Press Enter or click elsewhere to finish editing a cell.</p>
  `,
  styles: [`
    .filters { display: flex; gap: 16px; align-items: flex-end; flex-wrap: wrap; margin-bottom: 12px; padding: 12px 16px; }
    .f { display: flex; flex-direction: column; gap: 4px; font-weight: 600; font-size: .82rem; min-width: 320px; }
    .f.small { min-width: 160px; }
    .count { margin: 0 0 8px auto; color: var(--sq-muted); }
    .unsaved { background: #fff1c9; color: #7a5300; margin-left: 6px; }
    .grid-wrap { padding: 0; overflow: hidden; }
    .vgrid { position: relative; width: 100%; height: calc(100vh - 330px); min-height: 400px; }
  `],
})
export class RegisterPage implements AfterViewInit, OnDestroy {
  private api = inject(Api);
  private zone = inject(NgZone);
  @ViewChild('grid', { static: true }) gridEl!: ElementRef<HTMLDivElement>;

  private table?: VTable.ListTable;
  private all: Vessel[] = [];
  private original = new Map<string, Pick<Vessel, Editable>>();
  private dirty = new Map<string, Partial<Pick<Vessel, Editable>>>();

  readonly pontoons = ['A', 'B', 'C', 'D', 'E', 'F'];
  statuses = computed(() => this.api.meta()?.statuses ?? []);
  loading = signal(true);
  saving = signal(false);
  dirtyCount = signal(0);
  total = signal(0);
  shown = signal(0);
  query = '';
  pontoon = '';
  status = '';
  private onResize = () => this.table?.resize();

  async ngAfterViewInit() {
    const meta = await this.api.loadMeta();
    if (!editorsRegistered) {
      VTable.register.editor('sq-status', new StatusEditor({ values: meta.statuses }));
      VTable.register.editor('sq-text', new NoteEditor());
      editorsRegistered = true;
    }
    this.all = await this.api.get<Vessel[]>('/api/vessels');
    for (const v of this.all) this.original.set(v.id, { status: v.status, note: v.note });
    this.total.set(this.all.length);
    this.loading.set(false);
    this.zone.runOutsideAngular(() => this.createTable());
    window.addEventListener('resize', this.onResize);
  }

  ngOnDestroy() {
    window.removeEventListener('resize', this.onResize);
    this.table?.release();
  }

  private isDirty(id: string | undefined, field: string) {
    return !!id && !!this.dirty.get(id) && field in (this.dirty.get(id) as object);
  }

  private createTable() {
    const dirtyBg = (field: Editable) => (args: { col: number; row: number; table: VTable.ListTable }) => {
      const rec = args.table.getCellOriginRecord(args.col, args.row) as Vessel | undefined;
      return this.isDirty(rec?.id, field) ? '#fff1c9' : '#ffffff';
    };
    const col = (field: keyof Vessel, title: string, width: number, extra: Record<string, unknown> = {}) => ({ field, title, width, sort: true, ...extra });
    const columns = [
      col('berth', 'Berth', 106),
      col('name', 'Vessel', 178, { style: { fontWeight: 'bold' } }),
      col('ownerSurname', 'Owner surname', 158),
      col('ownerFirst', 'First name', 128),
      col('pontoon', 'Pontoon', 108),
      col('model', 'Make / model', 218),
      col('type', 'Rig / type', 148),
      col('status', 'Status ▾', 178, { editor: 'sq-status', style: { bgColor: dirtyBg('status') } }),
      col('note', 'Yard note ✎', 248, { editor: 'sq-text', style: { bgColor: dirtyBg('note') } }),
      col('loa', 'LOA (m)', 108),
      col('beam', 'Beam (m)', 112),
      col('draft', 'Draft (m)', 112),
      col('hull', 'Hull', 118),
      col('engine', 'Engine', 198),
      col('year', 'Built', 98),
      col('homePort', 'Home port', 158),
      col('contract', 'Contract', 168),
      col('contractEnds', 'Contract ends', 148),
      col('berthFee', 'Berth fee (£)', 138),
      col('insurer', 'Insurer', 198),
      col('policyNo', 'Policy no.', 148),
      col('insuranceExpiry', 'Insurance expiry', 158),
      col('keyholderPhone', 'Keyholder phone', 168),
      col('accountCode', 'Account code', 148),
    ];
    const theme = VTable.themes.ARCO.extends({
      defaultStyle: { fontSize: 13, fontFamily: 'system-ui, Segoe UI, Arial, sans-serif' },
      headerStyle: { fontSize: 13, fontWeight: 'bold', bgColor: '#eef3f7', color: '#123a5a', fontFamily: 'system-ui, Segoe UI, Arial, sans-serif' },
      bodyStyle: { fontSize: 13, fontFamily: 'system-ui, Segoe UI, Arial, sans-serif' },
      frameStyle: { borderColor: '#d7dde3', borderLineWidth: 1, shadowBlur: 0, cornerRadius: 0 },
      scrollStyle: { visible: 'always', width: 10, scrollSliderColor: '#9aa9b5', hoverOn: false, barToSide: true },
    } as never);
    this.table = new VTable.ListTable(this.gridEl.nativeElement, {
      records: this.all,
      columns: columns as never,
      frozenColCount: 2,
      defaultRowHeight: 34,
      defaultHeaderRowHeight: 38,
      widthMode: 'standard',
      editCellTrigger: ['doubleclick', 'keydown'],
      keyboardOptions: { moveEditCellOnArrowKeys: false, copySelected: true },
      select: { highlightMode: 'row' },
      theme,
    } as never);
    this.table.on(VTable.ListTable.EVENT_TYPE.CHANGE_CELL_VALUE, (e: { col: number; row: number; changedValue: string | number }) => {
      const rec = this.table!.getCellOriginRecord(e.col, e.row) as Vessel | undefined;
      const field = this.table!.getHeaderField(e.col, e.row) as Editable;
      if (!rec || (field !== 'status' && field !== 'note')) return;
      const value = String(e.changedValue ?? '');
      const master = this.all.find((v) => v.id === rec.id)!;
      master[field] = value;
      const orig = this.original.get(rec.id)!;
      const d = { ...(this.dirty.get(rec.id) || {}) };
      if (orig[field] === value) delete d[field];
      else d[field] = value;
      if (Object.keys(d).length) this.dirty.set(rec.id, d);
      else this.dirty.delete(rec.id);
      this.zone.run(() => this.dirtyCount.set(this.countDirty()));
    });
    this.shown.set(this.all.length);
  }

  private countDirty() {
    let n = 0;
    for (const d of this.dirty.values()) n += Object.keys(d).length;
    return n;
  }

  applyFilter() {
    const q = this.query.trim().toLowerCase();
    const rows = this.all.filter((v) => {
      if (this.pontoon && v.pontoon !== this.pontoon) return false;
      if (this.status && v.status !== this.status) return false;
      if (!q) return true;
      return [v.berth, v.name, v.ownerSurname, v.ownerFirst, v.model, v.type, v.accountCode, v.policyNo, v.homePort, v.note]
        .some((x) => String(x).toLowerCase().includes(q));
    });
    this.shown.set(rows.length);
    this.zone.runOutsideAngular(() => this.table?.setRecords(rows));
  }

  discard() {
    for (const [id] of this.dirty) {
      const v = this.all.find((x) => x.id === id)!;
      Object.assign(v, this.original.get(id));
    }
    this.dirty.clear();
    this.dirtyCount.set(0);
    this.applyFilter();
    toast('Changes discarded');
  }

  async save() {
    if (!this.dirty.size || this.saving()) return;
    this.table?.completeEditCell?.();
    const changes = [...this.dirty.entries()].map(([id, d]) => ({ id, ...d }));
    this.saving.set(true);
    try {
      const res = await this.api.post<{ saved: number; vessels: Vessel[] }>('/api/vessels/bulk', { changes });
      for (const v of res.vessels) {
        this.original.set(v.id, { status: v.status, note: v.note });
        Object.assign(this.all.find((x) => x.id === v.id)!, v);
      }
      this.dirty.clear();
      this.dirtyCount.set(0);
      this.applyFilter();
      toast.success(`Saved changes to ${res.saved} vessel${res.saved === 1 ? '' : 's'}`);
    } catch (err) {
      toast.error('Could not save: ' + errorText(err));
    } finally {
      this.saving.set(false);
    }
  }
}
