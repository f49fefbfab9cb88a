// What a task's programs asked of their pages themselves, per program, so that a receipt's
// compact view need not repeat it: the URLs they navigated to (page.goto: Page.navigate on the
// wire), where a reload or a step in history took a page (page.reload, goBack, goForward:
// Page.reload and Page.navigateToHistoryEntry, then that page's next main-frame commit), and
// the tabs they closed (page.close: Target.closeTarget, or Page.close when it runs beforeunload).
import type { CommandTap } from '../../router/commandTap.js';
import type { CdpEvent } from '../../transport/cdpProtocol.js';

/** Programs remembered: an answer is assembled right after its program ends, so a few suffice. */
const REMEMBERED_PROGRAMS = 16;
/** Pages whose last URL is kept (to say where a reload or step in history came from). */
const REMEMBERED_PAGES = 500;

/**
 * What one program asked for: URLs normalised; `moves`, one entry per reload or history move
 * (moveKey: the page, where it was and where it landed; a move repeated is listed again).
 */
export interface AskedOf { urls: Set<string>; moves: string[]; closed: Set<number> }

/** A reload or history move as kept, and as a page change is matched against it. */
export const moveKey = (page: number, from: string | undefined, to: string) => `${page} ${from === undefined ? '?' : normalised(from)} ${normalised(to)}`;

export class RequestedNavigations implements CommandTap {
  private readonly byRequest = new Map<string, AskedOf>();
  private current?: AskedOf;
  /** Targets the program reloaded or moved in history whose next commit is not seen yet: where each was. */
  private readonly moving = new Map<string, string | undefined>();
  /** Each page's last main-frame URL, as its commits said. */
  private readonly lastUrl = new Map<string, string>();

  /** `pageIdOf`: a live target's page id (asked as its command goes out or its commit comes, while the tab is there). */
  constructor(private readonly pageIdOf: (targetId: string) => number | undefined = () => undefined) {}

  begin(requestId: string): void {
    this.current = { urls: new Set(), moves: [], closed: new Set() };
    this.moving.clear();
    this.byRequest.delete(requestId);
    this.byRequest.set(requestId, this.current);
    while (this.byRequest.size > REMEMBERED_PROGRAMS) this.byRequest.delete(this.byRequest.keys().next().value!);
  }

  end(): void {
    this.current = undefined;
    this.moving.clear();
  }

  /** What the program of `requestId` asked of its pages; undefined when not remembered. */
  of(requestId: string): Readonly<AskedOf> | undefined {
    return this.byRequest.get(requestId);
  }

  command(method: string, params: Record<string, unknown>, targetId: string): void {
    if (!this.current) return;
    if (method === 'Page.navigate' && typeof params.url === 'string') this.current.urls.add(normalised(params.url));
    else if (method === 'Page.reload' || method === 'Page.navigateToHistoryEntry') this.moving.set(targetId, this.lastUrl.get(targetId));
    else if (method === 'Page.close' || method === 'Target.closeTarget') {
      const page = this.pageIdOf(typeof params.targetId === 'string' ? params.targetId : targetId);
      if (page !== undefined) this.current.closed.add(page);
    }
  }

  /** Each main-frame commit (a new document, or one within it); a reloaded or moved page's next one is where the program took it. */
  event(event: CdpEvent, targetId: string): void {
    let url: string | undefined;
    if (event.method === 'Page.frameNavigated' && !event.params.frame.parentId) url = event.params.frame.url + (event.params.frame.urlFragment ?? '');
    // A page's main frame has its target's id.
    else if (event.method === 'Page.navigatedWithinDocument' && event.params.frameId === targetId) url = event.params.url;
    if (url === undefined) return;
    // Each page is heard on two sessions: the second report of one commit finds it known.
    const from = this.lastUrl.get(targetId);
    this.lastUrl.delete(targetId);
    this.lastUrl.set(targetId, url);
    if (this.lastUrl.size > REMEMBERED_PAGES) this.lastUrl.delete(this.lastUrl.keys().next().value!);
    if (!this.current || !this.moving.has(targetId)) return;
    const was = this.moving.get(targetId) ?? from;
    this.moving.delete(targetId);
    const page = this.pageIdOf(targetId);
    if (page !== undefined) this.current.moves.push(moveKey(page, was, url));
  }
}

/** The compact view's facts of what a program asked for (receiptView.ts RunFacts); none when not remembered. */
export function askedFacts(asked: Readonly<AskedOf> | undefined): { requestedUrls?: ReadonlySet<string>; movedTo?: readonly string[]; closedPages?: ReadonlySet<number> } {
  if (!asked) return {};
  return { requestedUrls: asked.urls, ...(asked.moves.length ? { movedTo: asked.moves } : {}), ...(asked.closed.size ? { closedPages: asked.closed } : {}) };
}

/** `http://host` and `http://host/` are one address; what is not a URL is kept as written. */
export function normalised(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}
