import { Component, ElementRef, OnInit, ViewChild, inject, signal } from '@angular/core';
import { FormsModule } from '@angular/forms';
import { MatButtonModule } from '@angular/material/button';
import { AngularEditorConfig, AngularEditorModule } from '@kolkov/angular-editor';
import { toast } from 'ngx-sonner';
import { Api, errorText } from '../api';

interface Notice { id: string; title: string; html: string; updatedAt: string; updatedBy: string }

@Component({
  selector: 'app-notices',
  imports: [FormsModule, MatButtonModule, AngularEditorModule],
  template: `
    <div class="page-head">
      <div>
        <h1>Notices</h1>
        <p class="sub">Notices are emailed to berth holders and pinned on the yard board once saved.</p>
      </div>
      <div class="actions">
        @if (dirty()) { <span class="badge unsaved">Unsaved changes</span> }
        <button mat-stroked-button type="button" (click)="revert()" [disabled]="!dirty() || saving()">Revert</button>
        <button mat-flat-button type="button" (click)="save()" [disabled]="!dirty() || saving()">{{ saving() ? 'Saving…' : 'Save notice' }}</button>
      </div>
    </div>

    <div class="grid-2">
      <section class="card" aria-labelledby="nt">
        <h2 id="nt">{{ notice()?.title || 'Loading…' }}</h2>
        @if (notice()) {
          <angular-editor [(ngModel)]="html" (ngModelChange)="onChange()" [config]="config">
            <ng-template #customButtons>
              <ae-toolbar-set>
                <button aeButton iconName="link" title="Insert link" aria-label="Insert link"
                        (mousedown)="$event.preventDefault()" (click)="openLink()"></button>
              </ae-toolbar-set>
            </ng-template>
          </angular-editor>
          @if (linkOpen()) {
            <form class="link-pop" role="dialog" aria-label="Insert link" (ngSubmit)="applyLink()">
              <p class="sel">Linking: <q>{{ linkText() }}</q></p>
              <label for="link-url">Link address</label>
              <div class="btn-row">
                <input #linkInput id="link-url" name="url" class="native-input" type="url" [(ngModel)]="linkUrl" placeholder="https://" autocomplete="off" />
                <button mat-flat-button type="submit">Apply link</button>
                <button mat-button type="button" (click)="closeLink()">Cancel</button>
              </div>
              @if (linkError()) { <p class="error" role="alert">{{ linkError() }}</p> }
            </form>
          }
          @if (hintError()) { <p class="error" role="alert">{{ hintError() }}</p> }
        }
      </section>
      <aside class="card" aria-labelledby="nd">
        <h2 id="nd">Notice details</h2>
        <table class="simple">
          <tbody>
            <tr><th scope="row">Audience</th><td>All berth holders (pontoons A–D)</td></tr>
            <tr><th scope="row">Last saved</th><td>{{ savedAt() }}</td></tr>
            <tr><th scope="row">Saved by</th><td>{{ notice()?.updatedBy }}</td></tr>
            <tr><th scope="row">Status</th><td>Draft — goes out with Friday's mailing</td></tr>
          </tbody>
        </table>
        <p class="hint">Formatting: select text and use the toolbar. Use the link button to turn selected words into a link.</p>
      </aside>
    </div>
  `,
  styles: [`
    .unsaved { background: #fff1c9; color: #7a5300; }
    .link-pop { margin-top: 10px; padding: 12px; border: 1px solid var(--sq-border); border-radius: 8px; background: #f7fafc; }
    .link-pop label { font-weight: 600; font-size: .85rem; display: block; margin-bottom: 4px; }
    .link-pop .native-input { max-width: 420px; }
    .link-pop .sel { margin: 0 0 8px; color: var(--sq-muted); }
    :host ::ng-deep .angular-editor-textarea { background: #fff !important; font-size: 15px; line-height: 1.55; }
    :host ::ng-deep .angular-editor-textarea p { margin: 0 0 .6em; }
  `],
})
export class NoticesPage implements OnInit {
  private api = inject(Api);
  private host = inject(ElementRef<HTMLElement>);
  @ViewChild('linkInput') linkInput?: ElementRef<HTMLInputElement>;

  notice = signal<Notice | null>(null);
  html = '';
  private loaded = '';
  dirty = signal(false);
  saving = signal(false);
  linkOpen = signal(false);
  linkText = signal('');
  linkError = signal('');
  hintError = signal('');
  linkUrl = 'https://';
  private savedRange: Range | null = null;

  config: AngularEditorConfig = {
    editable: true,
    spellcheck: true,
    height: '380px',
    minHeight: '260px',
    placeholder: 'Write the notice…',
    translate: 'no',
    defaultParagraphSeparator: 'p',
    toolbarHiddenButtons: [
      ['subscript', 'superscript', 'justifyLeft', 'justifyCenter', 'justifyRight', 'justifyFull', 'indent', 'outdent', 'fontName'],
      ['fontSize', 'textColor', 'backgroundColor', 'customClasses', 'link', 'insertImage', 'insertVideo', 'insertHorizontalRule', 'toggleEditorMode'],
    ],
  };

  async ngOnInit() {
    const n = await this.api.get<Notice>('/api/notices/spring-launch');
    this.notice.set(n);
    this.html = n.html;
    this.loaded = n.html;
    setTimeout(() => {
      const ed = this.editorEl();
      ed?.setAttribute('role', 'textbox');
      ed?.setAttribute('aria-multiline', 'true');
      ed?.setAttribute('aria-label', 'Notice text');
    });
  }

  savedAt() {
    const n = this.notice();
    return n ? new Date(n.updatedAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) : '';
  }

  onChange() {
    this.dirty.set(this.html !== this.loaded);
  }

  private editorEl(): HTMLElement | null {
    return this.host.nativeElement.querySelector('.angular-editor-textarea');
  }

  openLink() {
    this.hintError.set('');
    const sel = document.getSelection();
    const ed = this.editorEl();
    if (!sel || !sel.rangeCount || sel.isCollapsed || !ed || !ed.contains(sel.anchorNode)) {
      this.hintError.set('Select the words you want to turn into a link first.');
      return;
    }
    this.savedRange = sel.getRangeAt(0).cloneRange();
    this.linkText.set(sel.toString());
    this.linkUrl = 'https://';
    this.linkError.set('');
    this.linkOpen.set(true);
    setTimeout(() => this.linkInput?.nativeElement.focus(), 0);
  }

  closeLink() {
    this.linkOpen.set(false);
    this.savedRange = null;
  }

  applyLink() {
    const url = this.linkUrl.trim();
    if (!/^(https?:\/\/[^\s]+\.[^\s]+|mailto:[^\s]+@[^\s]+)$/i.test(url)) {
      this.linkError.set('Enter a full web address, starting with https://');
      return;
    }
    const ed = this.editorEl();
    const sel = document.getSelection();
    if (!ed || !sel || !this.savedRange) return this.closeLink();
    ed.focus();
    sel.removeAllRanges();
    sel.addRange(this.savedRange);
    document.execCommand('createLink', false, url);
    this.closeLink();
  }

  revert() {
    this.html = this.loaded;
    this.dirty.set(false);
  }

  async save() {
    if (this.saving()) return;
    this.saving.set(true);
    try {
      const n = await this.api.put<Notice>('/api/notices/spring-launch', { html: this.html });
      this.notice.set(n);
      this.loaded = this.html;
      this.dirty.set(false);
      toast.success('Notice saved');
    } catch (err) {
      toast.error('Could not save the notice: ' + errorText(err));
    } finally {
      this.saving.set(false);
    }
  }
}
