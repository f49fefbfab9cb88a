import { Component, OnDestroy, OnInit, inject, signal } from '@angular/core';
import { CurrencyPipe } from '@angular/common';
import { FormsModule } from '@angular/forms';
import { MatTableModule } from '@angular/material/table';
import { MatPaginatorModule, PageEvent } from '@angular/material/paginator';
import { MatButtonModule } from '@angular/material/button';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatInputModule } from '@angular/material/input';
import { MatDialog, MatDialogModule } from '@angular/material/dialog';
import { firstValueFrom } from 'rxjs';
import { toast } from 'ngx-sonner';
import { Api, Customer, errorText } from '../api';
import { ConfirmDialog, ConfirmData } from './confirm-dialog';

@Component({
  selector: 'app-customers',
  imports: [FormsModule, CurrencyPipe, MatTableModule, MatPaginatorModule, MatButtonModule, MatFormFieldModule, MatInputModule, MatDialogModule],
  template: `
    <div class="page-head">
      <div>
        <h1>Customers</h1>
        <p class="sub">Customer accounts for berth holders, storage and workshop customers.</p>
      </div>
    </div>
    <section class="card" aria-labelledby="cl">
      <h2 id="cl" class="visually-hidden">Customer list</h2>
      <div class="toolbar" role="search">
        <mat-form-field class="search">
          <mat-label>Search customers</mat-label>
          <input matInput type="search" [(ngModel)]="q" (ngModelChange)="onSearch()" placeholder="Name, account, town or email" />
        </mat-form-field>
        <span class="count" aria-live="polite">{{ loading() ? 'Loading…' : total() + (total() === 1 ? ' customer' : ' customers') }}</span>
      </div>

      <table mat-table [dataSource]="rows()" class="ctable" aria-label="Customers">
        <ng-container matColumnDef="name">
          <th mat-header-cell *matHeaderCellDef>Name</th>
          <td mat-cell *matCellDef="let c">{{ c.first }} {{ c.last }}</td>
        </ng-container>
        <ng-container matColumnDef="account">
          <th mat-header-cell *matHeaderCellDef>Account</th>
          <td mat-cell *matCellDef="let c">{{ c.account }}</td>
        </ng-container>
        <ng-container matColumnDef="town">
          <th mat-header-cell *matHeaderCellDef>Town</th>
          <td mat-cell *matCellDef="let c">{{ c.town }}</td>
        </ng-container>
        <ng-container matColumnDef="email">
          <th mat-header-cell *matHeaderCellDef>Email</th>
          <td mat-cell *matCellDef="let c">{{ c.email }}</td>
        </ng-container>
        <ng-container matColumnDef="phone">
          <th mat-header-cell *matHeaderCellDef>Phone</th>
          <td mat-cell *matCellDef="let c">{{ c.phone }}</td>
        </ng-container>
        <ng-container matColumnDef="since">
          <th mat-header-cell *matHeaderCellDef>Customer since</th>
          <td mat-cell *matCellDef="let c">{{ c.since }}</td>
        </ng-container>
        <ng-container matColumnDef="balance">
          <th mat-header-cell *matHeaderCellDef class="num">Balance</th>
          <td mat-cell *matCellDef="let c" class="num">{{ c.balance | currency: 'GBP' }}</td>
        </ng-container>
        <ng-container matColumnDef="actions">
          <th mat-header-cell *matHeaderCellDef><span class="visually-hidden">Actions</span></th>
          <td mat-cell *matCellDef="let c">
            <button mat-stroked-button type="button" class="del" (click)="remove(c)" [disabled]="busy()"
                    [attr.aria-label]="'Delete ' + c.first + ' ' + c.last + ' (' + c.account + ')'">Delete</button>
          </td>
        </ng-container>
        <tr mat-header-row *matHeaderRowDef="cols"></tr>
        <tr mat-row *matRowDef="let row; columns: cols"></tr>
        <tr class="mat-row" *matNoDataRow><td class="mat-cell empty" [attr.colspan]="cols.length">{{ loading() ? 'Loading…' : 'No customers match “' + q + '”.' }}</td></tr>
      </table>
      <mat-paginator [length]="total()" [pageIndex]="page()" [pageSize]="size()" [pageSizeOptions]="[10, 25, 50]" (page)="onPage($event)" aria-label="Choose page of customers" />
    </section>
  `,
  styles: [`
    .visually-hidden { position: absolute !important; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
    .toolbar { display: flex; align-items: center; gap: 16px; margin-bottom: 8px; }
    .search { width: 380px; }
    .count { color: var(--sq-muted); }
    .ctable { width: 100%; }
    .ctable td, .ctable th { white-space: nowrap; }
    .num { text-align: right; }
    .del { --mat-button-outlined-label-text-color: #b3261e; }
    .empty { padding: 16px; color: var(--sq-muted); }
  `],
})
export class CustomersPage implements OnInit, OnDestroy {
  private api = inject(Api);
  private dialog = inject(MatDialog);
  cols = ['name', 'account', 'town', 'email', 'phone', 'since', 'balance', 'actions'];
  rows = signal<Customer[]>([]);
  total = signal(0);
  page = signal(0);
  size = signal(10);
  loading = signal(true);
  busy = signal(false);
  q = '';
  private timer: ReturnType<typeof setTimeout> | undefined;
  private seq = 0;

  ngOnInit() { this.load(); }
  ngOnDestroy() { clearTimeout(this.timer); }

  onSearch() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => { this.page.set(0); this.load(); }, 250);
  }
  onPage(e: PageEvent) {
    this.page.set(e.pageIndex);
    this.size.set(e.pageSize);
    this.load();
  }

  async load(): Promise<void> {
    const my = ++this.seq;
    this.loading.set(true);
    const res = await this.api.get<{ total: number; items: Customer[] }>('/api/customers', { q: this.q.trim(), page: this.page(), size: this.size() });
    if (my !== this.seq) return;
    if (!res.items.length && res.total && this.page() > 0) { this.page.set(Math.floor((res.total - 1) / this.size())); return this.load(); }
    this.rows.set(res.items);
    this.total.set(res.total);
    this.loading.set(false);
  }

  async remove(c: Customer) {
    const ref = this.dialog.open<ConfirmDialog, ConfirmData, boolean>(ConfirmDialog, {
      data: {
        title: 'Delete customer?',
        message: `Delete ${c.first} ${c.last} (account ${c.account}) from the customer list?`,
        detail: `${c.town} · ${c.email} · customer since ${c.since}`,
        confirm: 'Delete customer',
      },
      width: '440px',
      autoFocus: 'first-tabbable',
    });
    const ok = await firstValueFrom(ref.afterClosed());
    if (!ok) return;
    this.busy.set(true);
    try {
      await this.api.delete(`/api/customers/${encodeURIComponent(c.id)}`);
      toast.success(`${c.first} ${c.last} (${c.account}) deleted`);
      await this.load();
    } catch (err) {
      toast.error('Could not delete: ' + errorText(err));
    } finally {
      this.busy.set(false);
    }
  }
}
