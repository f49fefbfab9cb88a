import { Component, NgZone, OnInit, inject, signal } from '@angular/core';
import { DecimalPipe } from '@angular/common';
import { MatButtonModule } from '@angular/material/button';
import { FileItem, FileUploader, FileUploadModule } from 'ng2-file-upload';
import { toast } from 'ngx-sonner';
import { Api, EngineLog } from '../api';

@Component({
  selector: 'app-engine-logs',
  imports: [FileUploadModule, MatButtonModule, DecimalPipe],
  template: `
    <div class="page-head">
      <div>
        <h1>Engine hours</h1>
        <p class="sub">Upload the monthly engine-hour log (CSV) that owners send in. The office system totals the running hours and works out when the next service is due.</p>
      </div>
    </div>

    <div class="grid-2">
      <section class="card" aria-labelledby="up">
        <h2 id="up">Upload a log</h2>
        <div ng2FileDrop class="drop" [class.over]="over()" [uploader]="uploader" (fileOver)="over.set($event)">
          <svg width="36" height="36" viewBox="0 0 24 24" aria-hidden="true"><path d="M12 16V4m0 0-4 4m4-4 4 4M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" fill="none" stroke="#1f6f9f" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>
          <p>Drag a CSV log here, or</p>
          <label class="choose">
            <input type="file" ng2FileSelect [uploader]="uploader" accept=".csv,text/csv" class="visually-hidden" aria-label="Choose engine log file" />
            <span>Choose file…</span>
          </label>
          <p class="hint">CSV with <code>date, meter_start, meter_end</code> columns · 2 MB max</p>
        </div>
        @if (rejected()) { <p class="error" role="alert">{{ rejected() }}</p> }

        <h3 class="qh">Upload queue</h3>
        @if (!uploader.queue.length) {
          <p class="muted">No files chosen yet.</p>
        } @else {
          <table class="simple" aria-label="Upload queue">
            <thead><tr><th>File</th><th>Size</th><th>Progress</th><th>Status</th><th><span class="visually-hidden">Actions</span></th></tr></thead>
            <tbody>
              @for (item of uploader.queue; track item) {
                <tr>
                  <td class="fname">{{ item.file.name }}</td>
                  <td>{{ (item.file.size / 1024) | number: '1.1-1' }} KB</td>
                  <td><div class="bar" role="progressbar" [attr.aria-valuenow]="item.progress" aria-valuemin="0" aria-valuemax="100" [attr.aria-label]="'Upload progress for ' + item.file.name"><span [style.width.%]="item.progress"></span></div></td>
                  <td>{{ statusOf(item) }}</td>
                  <td class="acts">
                    <button mat-button type="button" (click)="item.upload()" [disabled]="item.isReady || item.isUploading || item.isSuccess" [attr.aria-label]="'Upload ' + item.file.name">Upload</button>
                    <button mat-button type="button" (click)="item.remove()" [disabled]="item.isUploading" [attr.aria-label]="'Remove ' + item.file.name">Remove</button>
                  </td>
                </tr>
              }
            </tbody>
          </table>
          <div class="btn-row" style="margin-top:10px">
            <button mat-flat-button type="button" (click)="uploader.uploadAll()" [disabled]="!uploader.getNotUploadedItems().length || uploader.isUploading">Upload all</button>
            <button mat-stroked-button type="button" (click)="uploader.clearQueue()" [disabled]="uploader.isUploading">Clear queue</button>
          </div>
        }
      </section>

      <section class="card" aria-labelledby="res" aria-live="polite">
        <h2 id="res">Processing result</h2>
        @if (result(); as r) {
          <dl class="result">
            <dt>File</dt><dd>{{ r.file }}</dd>
            <dt>Vessel</dt><dd>{{ r.vessel }}</dd>
            <dt>Log entries</dt><dd>{{ r.entries }}</dd>
            <dt>Total running hours</dt><dd class="big">{{ r.runningHours | number: '1.1-1' }} h</dd>
            <dt>Engine meter now</dt><dd>{{ r.meter | number: '1.1-1' }} h</dd>
            <dt>Next service due at</dt><dd>{{ r.nextService | number }} h ({{ (r.nextService - r.meter) | number: '1.1-1' }} h to go)</dd>
          </dl>
        } @else if (failed()) {
          <p class="error" role="alert">{{ failed() }}</p>
        } @else {
          <p class="muted">Upload a log to see its totals here.</p>
        }
      </section>
    </div>

    <section class="card" aria-labelledby="hist" style="margin-top:16px">
      <h2 id="hist">Recently processed logs</h2>
      <table class="simple">
        <thead><tr><th>Processed</th><th>Vessel</th><th>File</th><th>Entries</th><th>Running hours</th><th>Meter</th><th>Next service</th></tr></thead>
        <tbody>
          @for (l of history(); track l.id) {
            <tr><td>{{ l.uploadedAt }}</td><td>{{ l.vessel }}</td><td>{{ l.file }}</td><td>{{ l.entries }}</td><td>{{ l.runningHours | number: '1.1-1' }} h</td><td>{{ l.meter | number: '1.1-1' }} h</td><td>{{ l.nextService | number }} h</td></tr>
          }
        </tbody>
      </table>
    </section>
  `,
  styles: [`
    .drop { border: 2px dashed #a9bccb; border-radius: 10px; padding: 22px; text-align: center; background: #f8fbfd; }
    .drop.over { border-color: var(--sq-sea); background: #e8f2fa; }
    .drop p { margin: 6px 0; }
    .choose span { display: inline-block; padding: 8px 16px; border-radius: 20px; background: var(--sq-sea); color: #fff; cursor: pointer; font-weight: 600; }
    .choose:focus-within span { outline: 3px solid #9cc3e4; }
    .visually-hidden { position: absolute !important; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
    .qh { font-size: .95rem; margin: 18px 0 8px; }
    .bar { width: 120px; height: 8px; background: #e3e8ec; border-radius: 4px; overflow: hidden; }
    .bar span { display: block; height: 100%; background: var(--sq-sea); transition: width .2s; }
    .fname { word-break: break-all; }
    .acts { white-space: nowrap; }
    .result { display: grid; grid-template-columns: auto 1fr; gap: 6px 16px; margin: 0; }
    .result dt { color: var(--sq-muted); }
    .result dd { margin: 0; font-weight: 600; }
    .result .big { font-size: 1.3rem; color: var(--sq-navy); }
  `],
})
export class EngineLogsPage implements OnInit {
  private api = inject(Api);
  private zone = inject(NgZone);
  over = signal(false);
  result = signal<EngineLog | null>(null);
  failed = signal('');
  rejected = signal('');
  history = signal<EngineLog[]>([]);

  uploader = new FileUploader({
    url: '/api/engine-logs',
    itemAlias: 'file',
    autoUpload: false,
    maxFileSize: 2 * 1024 * 1024,
    filters: [{ name: 'csv', fn: (item) => /\.csv$/i.test(item?.name ?? '') }],
  });

  constructor() {
    this.uploader.onAfterAddingFile = () => this.zone.run(() => this.rejected.set(''));
    this.uploader.onWhenAddingFileFailed = (item, filter) => this.zone.run(() => {
      this.rejected.set(filter.name === 'csv' ? `${item.name} is not a CSV file.` : filter.name === 'fileSize' ? `${item.name} is larger than 2 MB.` : `${item.name} could not be added.`);
    });
    this.uploader.onSuccessItem = (item, response) => this.zone.run(() => {
      const r = JSON.parse(response) as EngineLog;
      this.result.set(r);
      this.failed.set('');
      this.history.update((h) => [r, ...h]);
      toast.success(`${item.file.name} processed`);
    });
    this.uploader.onErrorItem = (item, response) => this.zone.run(() => {
      let msg = 'Upload failed.';
      try { msg = JSON.parse(response).error || msg; } catch { /* keep default */ }
      this.failed.set(`${item.file.name}: ${msg}`);
      this.result.set(null);
      toast.error(`${item.file.name} was rejected`);
    });
  }

  async ngOnInit() {
    this.history.set(await this.api.get<EngineLog[]>('/api/engine-logs'));
  }

  statusOf(item: FileItem) {
    if (item.isSuccess) return 'Processed';
    if (item.isError) return 'Rejected';
    if (item.isCancel) return 'Cancelled';
    if (item.isUploading) return 'Uploading…';
    return 'Ready to upload';
  }
}
