import { Component, OnInit, inject } from '@angular/core';
import { RouterLink, RouterLinkActive, RouterOutlet } from '@angular/router';
import { MatToolbarModule } from '@angular/material/toolbar';
import { MatSidenavModule } from '@angular/material/sidenav';
import { MatListModule } from '@angular/material/list';
import { NgxSonnerToaster } from 'ngx-sonner';
import { Api, longDate } from './api';
import { NAV } from './nav';

@Component({
  selector: 'app-root',
  imports: [RouterOutlet, RouterLink, RouterLinkActive, MatToolbarModule, MatSidenavModule, MatListModule, NgxSonnerToaster],
  template: `
    <a class="skip-link" href="#main">Skip to content</a>
    <mat-toolbar class="topbar" role="banner">
      <a routerLink="/" class="brand" aria-label="Saltmarsh Quay Boatyard — dashboard">
        <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true"><path d="M16 3v19H6z" fill="#fff"/><path d="M18 8v14h8z" fill="#cfe3f2"/><path d="M3 24h26l-4 5H7z" fill="#f2b544"/></svg>
        <span>Saltmarsh Quay <small>Boatyard office</small></span>
      </a>
      <span class="spacer"></span>
      @if (api.meta(); as m) {
        <span class="today" title="Office date">Today: {{ fmt(m.today) }}</span>
        <span class="user">{{ m.user.name }} · {{ m.user.role }}</span>
      }
    </mat-toolbar>
    <mat-sidenav-container class="shell">
      <mat-sidenav mode="side" opened class="sidenav">
        <nav aria-label="Main">
          <mat-nav-list>
            @for (item of nav; track item.path) {
              <a mat-list-item [routerLink]="item.path" routerLinkActive="active" [routerLinkActiveOptions]="{ exact: !!item.exact }" #rla="routerLinkActive" [attr.aria-current]="rla.isActive ? 'page' : null">{{ item.label }}</a>
            }
          </mat-nav-list>
        </nav>
        <p class="side-foot">Yard office open Mon–Fri 08:00–17:00<br />VHF ch. 80 · 01795 555 014</p>
      </mat-sidenav>
      <mat-sidenav-content>
        <main id="main" tabindex="-1">
          @if (api.meta()) {
            <router-outlet />
          } @else {
            <p class="loading">Loading…</p>
          }
        </main>
      </mat-sidenav-content>
    </mat-sidenav-container>
    <ngx-sonner-toaster position="top-right" [duration]="4000" [richColors]="true" />
  `,
})
export class App implements OnInit {
  api = inject(Api);
  nav = NAV;
  fmt = longDate;
  ngOnInit() {
    this.api.loadMeta();
  }
}
