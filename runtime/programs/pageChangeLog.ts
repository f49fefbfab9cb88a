// What happened to a task's pages during one program, gathered from its two witnesses into
// one list: the worker's PageObserver (navigations, popups, dialogs, downloads, closes it saw)
// and Chrome's own word through the page catalog (tabs that closed before the worker could
// name them, tabs released for a refused URL, which the worker only sees go away).
import type { PageChange } from '../../contract/receipt.js';

export class PageChangeLog {
  /** What the worker reported as it happened: the list when it never reports its end. */
  private readonly reported: PageChange[] = [];
  private readonly released: PageChange[] = [];
  private readonly closedByChrome: number[] = [];

  progress(change: PageChange): void {
    this.reported.push(change);
  }

  releasedTab(page: number, url: string, reason: string): void {
    this.released.push({ type: 'released', page, url, reason });
  }

  closedTab(page: number): void {
    this.closedByChrome.push(page);
  }

  /** What the worker reported so far: the base when it never reports its end (timeout, crash). */
  reportedSoFar(): PageChange[] | undefined {
    return this.reported.length ? this.reported : undefined;
  }

  /**
   * The receipt's pageChanges: the worker's list (its final one, or `reportedSoFar`), plus the
   * closes only Chrome saw, and the releases in place of the closes they caused.
   */
  merged(base: PageChange[] | undefined): PageChange[] | undefined {
    const seenClosed = new Set((base ?? []).filter(c => c.type === 'closed').map(c => c.page));
    const missed: PageChange[] = this.closedByChrome.filter(page => !seenClosed.has(page)).map(page => ({ type: 'closed', page }));
    if (!this.released.length && !missed.length) return base;
    const gone = new Set(this.released.map(r => r.page));
    return [...(base ?? []).filter(c => !(c.type === 'closed' && gone.has(c.page))), ...missed, ...this.released];
  }
}

/** Pages a receipt lists as closed while the program ran (not `deferred`): gone, whatever Chrome still says. */
export function closedDuring(changes: PageChange[] | undefined): Set<number> {
  return new Set((changes ?? []).filter(c => c.type === 'closed' && !c.deferred).map(c => c.page));
}
