import { Injectable, inject, signal } from '@angular/core';
import { HttpClient } from '@angular/common/http';
import { firstValueFrom } from 'rxjs';

export interface Meta {
  yard: string;
  today: string;
  closedDays: { date: string; reason: string }[];
  statuses: string[];
  user: { name: string; role: string };
}
export interface Vessel {
  id: string; berth: string; name: string; ownerSurname: string; ownerFirst: string; type: string; model: string; pontoon: string;
  loa: number; beam: number; draft: number; hull: string; engine: string; year: number; homePort: string; contract: string;
  contractEnds: string; status: string; note: string; insurer: string; policyNo: string; insuranceExpiry: string;
  keyholderPhone: string; berthFee: number; accountCode: string;
}
export interface BoardColumn { id: string; title: string }
export interface WorkCard { id: string; column: string; task: string; vessel: string; model: string; owner: string; tech: string; due: string }
export interface EngineLog { id: string; vessel: string; file: string; entries: number; runningHours: number; meter: number; nextService: number; uploadedAt: string }
export interface FuelMonth { month: string; monthNo: number; diesel2024: number; diesel2025: number; petrol2024: number; petrol2025: number }
export interface Reconciliation { id: string; month: string; fuel: string; litres: number; recordedBy: string; recordedAt: string }
export interface Booking { ref: string; vesselId: string; vessel: string; service: string; date: string; time: string; note: string }
export interface VesselOption { id: string; name: string; model: string; owner: string; berth: string }
export interface Customer { id: string; first: string; last: string; account: string; town: string; email: string; phone: string; since: number; balance: number }

/** Extracts the server's error message from an HttpErrorResponse. */
export function errorText(err: unknown): string {
  const e = err as { error?: { error?: string }; message?: string; status?: number };
  if (e?.error?.error) return e.error.error;
  if (e?.status === 0) return 'The server could not be reached.';
  return e?.message || 'Something went wrong.';
}

@Injectable({ providedIn: 'root' })
export class Api {
  private http = inject(HttpClient);
  readonly meta = signal<Meta | null>(null);

  async loadMeta(): Promise<Meta> {
    const m = this.meta() ?? (await firstValueFrom(this.http.get<Meta>('/api/meta')));
    this.meta.set(m);
    return m;
  }
  get<T>(url: string, params?: Record<string, string | number>) {
    return firstValueFrom(this.http.get<T>(url, { params }));
  }
  post<T>(url: string, body: unknown) {
    return firstValueFrom(this.http.post<T>(url, body));
  }
  put<T>(url: string, body: unknown) {
    return firstValueFrom(this.http.put<T>(url, body));
  }
  delete<T>(url: string) {
    return firstValueFrom(this.http.delete<T>(url));
  }
}

/** Format an ISO date (yyyy-mm-dd) as e.g. "Wed 6 May 2026". */
export function longDate(iso: string): string {
  const d = new Date(iso + 'T12:00:00Z');
  return d.toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}
