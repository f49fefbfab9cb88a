// Watches every page of the task from the moment the worker sees it: navigations, popups,
// closed pages, dialogs and downloads become `pageChanges`; console errors and uncaught
// exceptions of the pages go to the program's console capture. What happens between two
// programs is handed to the next receipt, marked `deferred`.
import type { BrowserContext, ConsoleMessage, Dialog, Download, Page } from 'playwright-core';
import type { PageChange } from '../../../contract/receipt.js';
import type { PageRecord } from '../../programs/workerProtocol.js';
import type { ConsoleCapture } from './consoleCapture.js';
import { cutMiddle } from './consoleCapture.js';
import { reserveFile, safeFileName } from '../../../contract/fileNaming.js';
import { Redirects } from './redirects.js';

/** What Chrome commits in a tab whose load failed (its own error page). */
const CHROME_ERROR_PAGE = 'chrome-error://';

export const MAX_PAGE_CHANGES = 50;
/** How long the end of a program waits for downloads still being saved. */
const DOWNLOAD_SETTLE_MS = 5000;
/** How long a program's start waits for this worker to hear what the runtime already knew of its tabs. */
const CATCH_UP_MS = 2000;

interface Identity {
  targetIdOf(page: Page): Promise<string>;
  records(): Promise<PageRecord[]>;
}

type Pending = Promise<PageChange | undefined>;

export class PageObserver {
  private readonly ids = new WeakMap<Page, Promise<number | undefined>>();
  private readonly known = new WeakMap<Page, number>();
  /** Which Page holds each id (to tell a new page's id without asking Chrome). */
  private readonly holders = new Map<number, WeakRef<Page>>();
  private readonly urls = new WeakMap<Page, string>();
  /** Each page's latest navigation, for the hops a commit was redirected through. */
  private readonly redirects = new Redirects();
  private changes: Pending[] = [];
  private dropped = 0;
  private capture?: ConsoleCapture;
  private requestId?: string;
  /** Hears each change of the running program as soon as it is known. */
  private onChange?: (change: PageChange) => void;
  /** Pages heard from since a catch-up began waiting: it checks again. */
  private heard?: () => void;
  /** A page's URL the runtime listed that this worker waited for in vain: not waited for again. */
  private readonly unmatched = new WeakMap<Page, string>();
  /** The tabs the runtime listed when this worker waited in vain for pages to match them. */
  private uncounted?: string;

  constructor(
    private readonly context: BrowserContext,
    private readonly identity: Identity,
    private readonly artifactsDir: string,
    /** A remote browser: its downloads stay on its machine and are reported without a local file. */
    private readonly downloadsOnBrowserHost = false,
    /** A person works on the pages (a hand-over): a dialog nobody handles is theirs to answer in the live view. */
    private readonly personWorks: () => boolean = () => false,
  ) {
    context.on('page', page => this.watch(page, true));
    for (const page of context.pages()) this.watch(page, false);
  }

  /**
   * Waits until this worker has heard what the runtime knew when it sent a program: each of the
   * task's tabs (`records`, the run message's), at the URL Chrome had committed there. The two
   * hear Chrome on different connections, and the worker's may lag (a burst of a page's console
   * messages): a navigation or popup the runtime saw before the program started is the last
   * program's story, marked deferred, and the program must not start on the page as it was.
   * Bounded: a URL the two spell differently costs one wait for that page, not one per program.
   */
  async catchUp(records: PageRecord[]): Promise<void> {
    const listed = records.map(r => r.targetId).join(' ');
    const fewer = () => listed !== this.uncounted && this.context.pages().filter(p => !p.isClosed()).length < records.length;
    const behind = () => {
      if (fewer()) return true;
      return records.some(r => {
        const page = this.holders.get(r.id)?.deref();
        return page !== undefined && !page.isClosed() && page.url() !== r.url && this.unmatched.get(page) !== r.url;
      });
    };
    if (!behind()) return;
    const deadline = Date.now() + CATCH_UP_MS;
    try {
      while (behind()) {
        const left = deadline - Date.now();
        if (left <= 0) {
          if (fewer()) this.uncounted = listed;
          for (const r of records) {
            const page = this.holders.get(r.id)?.deref();
            if (page && page.url() !== r.url) this.unmatched.set(page, r.url);
          }
          return;
        }
        await new Promise<void>(resolve => {
          const timer = setTimeout(resolve, left);
          this.heard = () => { clearTimeout(timer); resolve(); };
        });
      }
    } finally {
      this.heard = undefined;
    }
  }

  /** Starts a program: changes and page console errors from now on are its own. */
  begin(requestId: string, capture: ConsoleCapture, onChange?: (change: PageChange) => void): void {
    this.requestId = requestId;
    this.capture = capture;
    this.onChange = onChange;
  }

  /** Ends a program: its page changes (plus those seen since the last program, marked deferred). */
  async end(): Promise<{ changes: PageChange[]; dropped: number }> {
    const pending = this.changes;
    const dropped = this.dropped;
    this.changes = [];
    this.dropped = 0;
    this.capture = undefined;
    this.requestId = undefined;
    this.onChange = undefined;
    const changes = (await Promise.all(pending)).filter((c): c is PageChange => c !== undefined);
    return { changes, dropped };
  }

  /** The stable id of a page (the one the CLI shows), resolved once per page. */
  idOf(page: Page): Promise<number | undefined> {
    let id = this.ids.get(page);
    if (!id) {
      id = this.resolveId(page);
      this.ids.set(page, id);
    }
    return id;
  }

  private async resolveId(page: Page, attempts = 3): Promise<number | undefined> {
    // Fast path: a new page is usually the only tab of the task no Page of ours holds yet. It
    // matters when a popup closes at once (an OAuth window): the slower check below needs the
    // page alive. The slower check still runs and corrects the id if the guess was wrong.
    const guess = this.guessId(await this.identity.records().catch(() => []));
    if (guess !== undefined) {
      this.assign(page, guess);
      this.confirm(page, attempts).then(id => {
        if (id !== undefined && id !== guess && !page.isClosed()) {
          this.assign(page, id);
          this.ids.set(page, Promise.resolve(id));
        }
      }, () => {});
      return guess;
    }
    return this.confirm(page, attempts);
  }

  /** The one task tab no live Page of ours holds, if exactly one. */
  private guessId(records: PageRecord[]): number | undefined {
    const free = records.filter(r => {
      const holder = this.holders.get(r.id)?.deref();
      return !holder || holder.isClosed();
    });
    return free.length === 1 ? free[0].id : undefined;
  }

  private assign(page: Page, id: number): void {
    this.known.set(page, id);
    this.holders.set(id, new WeakRef(page));
  }

  /** The page's id by its target id, asked over a CDP session of its own. */
  private async confirm(page: Page, attempts: number): Promise<number | undefined> {
    for (let attempt = 0; attempt < attempts; attempt++) {
      try {
        const targetId = await this.identity.targetIdOf(page);
        const record = (await this.identity.records()).find(r => r.targetId === targetId);
        if (record) {
          this.assign(page, record.id);
          return record.id;
        }
      } catch {
        if (page.isClosed()) return undefined;
      }
      // The catalogue learns of a new page from Chrome's own event; it may trail Playwright's.
      await new Promise(resolve => setTimeout(resolve, 50 * (attempt + 1)));
    }
    return undefined;
  }

  private record(build: () => Promise<PageChange | undefined>): void {
    if (this.changes.length >= MAX_PAGE_CHANGES) {
      this.dropped++;
      return;
    }
    const deferred = this.requestId === undefined;
    const onChange = this.onChange;
    this.changes.push(build().then(change => {
      if (change && !deferred) onChange?.(change);
      return change && deferred ? { ...change, deferred: true } : change;
    }, () => undefined));
  }

  private watch(page: Page, isNew: boolean): void {
    this.urls.set(page, page.url());
    const id = this.idOf(page);
    id.then(() => this.heard?.(), () => {});
    this.heard?.();
    if (isNew) {
      this.record(async () => {
        const [pageId, opener] = await Promise.all([id, page.opener().catch(() => null)]);
        if (pageId === undefined) return undefined;
        let openerId = opener ? await this.idOf(opener) : undefined;
        // noopener popups have no Playwright opener; the runtime still recorded who opened them.
        if (openerId === undefined) openerId = (await this.identity.records()).find(r => r.id === pageId)?.openerId;
        if (openerId === undefined) return undefined; // opened by the program itself (tabs.new, context.newPage)
        return { type: 'popup', page: pageId, opener: openerId, url: page.url() };
      });
    }
    this.redirects.watch(page);
    page.on('framenavigated', frame => {
      if (frame !== page.mainFrame()) return;
      this.heard?.();
      const from = this.urls.get(page) ?? '';
      const failed = frame.url().startsWith(CHROME_ERROR_PAGE) ? this.redirects.failedLoad(page) : undefined;
      const to = failed?.url ?? frame.url();
      this.urls.set(page, to);
      if (from === to && to === 'about:blank') return;
      // A retry that failed as the last one did says nothing new (network lists each attempt).
      if (failed && from === to) return;
      if (failed) {
        this.record(async () => {
          const [pageId, failure] = await Promise.all([id, failed.failure()]);
          return pageId === undefined ? undefined : { type: 'navigated', page: pageId, from, to, failed: failure };
        });
        return;
      }
      const redirectedFrom = this.redirects.before(page, to);
      // A new page's first document is part of its popup entry's story, still worth a line.
      this.record(async () => {
        const [pageId, hops] = await Promise.all([id, redirectedFrom]);
        return pageId === undefined ? undefined : { type: 'navigated', page: pageId, from, to, ...(hops.length ? { redirectedFrom: hops } : {}) };
      });
    });
    page.on('close', () => {
      this.record(async () => {
        const pageId = this.known.get(page) ?? (await id);
        return pageId === undefined ? undefined : { type: 'closed', page: pageId };
      });
    });
    page.on('dialog', dialog => this.onDialog(page, dialog, id));
    page.on('download', download => this.onDownload(download, id));
    page.on('console', message => this.onConsole(message, id));
    page.on('pageerror', error => {
      const text = `${error.name}: ${error.message}${firstFrame(error.stack)}`;
      this.addConsole({ type: 'exception', text }, id);
    });
  }

  private onDialog(page: Page, dialog: Dialog, id: Promise<number | undefined>): void {
    let handled: 'accepted' | 'dismissed' | undefined;
    let handledBy: 'program' | 'tabwright' | 'person' = 'program';
    const accept = dialog.accept.bind(dialog);
    const dismiss = dialog.dismiss.bind(dialog);
    let settle!: () => void;
    const done = new Promise<void>(resolve => { settle = resolve; });
    dialog.accept = (promptText?: string) => { handled = 'accepted'; settle(); return accept(promptText); };
    dialog.dismiss = () => { handled ??= 'dismissed'; settle(); return dismiss(); };
    // A dialog nobody handles would block the page forever: dismiss it unless the program listens,
    // or a person works on the page (the live view shows it to them, and the runtime dismisses one
    // still open when the hand-over ends: runtime/handoff/pageAsks.ts).
    // Page's typings omit EventEmitter's listenerCount; the object has it.
    if ((page as unknown as NodeJS.EventEmitter).listenerCount('dialog') === 1) {
      if (this.personWorks()) handledBy = 'person';
      else {
        handledBy = 'tabwright';
        dialog.dismiss().catch(() => {});
      }
    }
    const kind = dialog.type();
    const message = cutMiddle(dialog.message(), 500);
    this.record(async () => {
      const pageId = await id;
      // The program's own handler may answer later; wait a little for it, not for ever.
      await Promise.race([done, new Promise(resolve => setTimeout(resolve, 200))]);
      return { type: 'dialog', page: pageId ?? 0, dialog: kind, message, handled: handled ?? 'open', by: handledBy };
    });
  }

  private onDownload(download: Download, id: Promise<number | undefined>): void {
    if (this.downloadsOnBrowserHost) {
      // The browser saved the file on its own machine: the entry says that, whether it finished
      // there, and names no file (nothing of it is here to read).
      const finished = download.failure().then(failure => (failure ? { failure: cutMiddle(failure, 300) } : {}));
      this.recordDownload(download, id, { onBrowserHost: true }, finished);
      return;
    }
    const prefix = this.requestId ?? 'between-programs';
    const name = safeFileName(download.suggestedFilename()).replace(/[^A-Za-z0-9._-]+/g, '_').slice(-100);
    // Reserved first (created empty, exclusively, numbered past any file already there): a
    // name taken by an earlier worker's download, or a file put there, is never replaced.
    const file = reserveFile(this.artifactsDir, `${prefix}-download-${name}`);
    const saved = file.then(async reserved => {
      await download.saveAs(reserved);
      const { statSync } = await import('node:fs');
      return { bytes: statSync(reserved).size };
    });
    this.recordDownload(download, id, file.then(reserved => ({ path: reserved })), saved);
  }

  /** One download entry: what it is, then how it ended, or `saving` when it has not within DOWNLOAD_SETTLE_MS. */
  private recordDownload(download: Download, id: Promise<number | undefined>,
    where: Promise<{ path: string }> | { onBrowserHost: true }, ended: Promise<{ bytes: number } | { failure?: string }>): void {
    const outcome = ended.catch((error: Error) => ({ failure: cutMiddle(error.message, 300) }));
    this.record(async () => {
      const pageId = await id;
      const place = await Promise.resolve(where).catch(() => ({}));
      const base = { type: 'download' as const, page: pageId ?? 0, url: download.url(), suggestedFilename: download.suggestedFilename(), ...place };
      const settled = await Promise.race([
        outcome,
        new Promise<{ saving: true }>(resolve => setTimeout(() => resolve({ saving: true }), DOWNLOAD_SETTLE_MS)),
      ]);
      return { ...base, ...settled };
    });
  }

  private onConsole(message: ConsoleMessage, id: Promise<number | undefined>): void {
    if (message.type() !== 'error') return;
    const location = message.location();
    // Chrome asks every site for a favicon by itself; its 404 is nobody's concern.
    if (/\/favicon\.ico(?:[?#]|$)/.test(location?.url ?? '')) return;
    const where = location?.url ? ` (${location.url}${location.lineNumber ? `:${location.lineNumber + 1}` : ''})` : '';
    this.addConsole({ type: 'error', text: `${message.text()}${where}` }, id);
  }

  private addConsole(entry: { type: string; text: string }, id: Promise<number | undefined>): void {
    const capture = this.capture;
    if (!capture) return;
    id.then(page => {
      capture.add({ ...entry, ...(page !== undefined ? { page } : {}) });
    }, () => {});
  }
}

function firstFrame(stack: string | undefined): string {
  const frame = stack?.split('\n').find(line => /^\s+at /.test(line));
  return frame ? ` ${frame.trim()}` : '';
}
