// observe() reads a page as it is when called. A single-page app that was just clicked has
// often not drawn yet: its router pushed the new URL at once but renders in a later task, and
// the route's data is still on its way (an agent in a trial observed seven routes this way and
// got the old route's view under each new URL). So before its snapshot observe() lets a page
// that is visibly busy settle: the page's own fetch/XHR requests end and its DOM stops
// changing. A page with nothing in flight and no route change just now is read at once (a
// goto has already waited for its load event, so a goto-then-observe pays nothing). One given
// input in the last 500 ms waits for its DOM to stay still (~60 ms): a widget draws what it was
// given without a request (site 15's file preview). Within 2 s of input, its short finite CSS
// animations and transitions are waited out: a modal fading in (Bootstrap's backdrop, then the
// dialog) is not in the view until they end, and site 15's agent observed a click's confirm as
// absent and looked again. A view after a hover that came out as the last one waits for the
// page to change, a second after the hover at most: a tooltip may be drawn after a delay.
import type { BrowserContext, Page, Request } from 'playwright-core';

/**
 * Requests a route waits on before it draws: its data, and a lazy route's code and styles (a
 * module fetched on the click: site 8's 4.8 MB chart chunk). Those a document loads with it are
 * over by its load event; images and fonts draw into a route already there.
 */
const ROUTE_REQUESTS = new Set(['fetch', 'xhr', 'script', 'stylesheet']);
/**
 * Of those, the ones whose answer a page then draws: only these make it busy once answered. A
 * script that just ended (the document's own, as a goto returns) drew nothing yet to wait for,
 * and counting it cost every goto-then-observe a DOM-quiet wait (~70 ms on the peers' form).
 */
const DATA_REQUESTS = new Set(['fetch', 'xhr']);
/** A request older than this when observe() is called is taken for a long poll, not waited on. */
const YOUNG_MS = 5000;
/** How long a route change or an answered request counts as "just now". */
const RECENT_MS = 500;
/** observe() waits at most this long in all. */
const SETTLE_BUDGET_MS = 3000;
/** How long the DOM must stay unchanged to count as drawn. */
const QUIET_MS = 60;
/** How long after a route change, with nothing drawn since, a router may take to start drawing (a lazy route's chunk). */
const ROUTE_DRAW_MS = 300;
/** A page's running animations are waited on this long at most; one that has longer to run (a progress bar) is not waited on. */
const ANIMATIONS_BUDGET_MS = 1000;
/** Animations are looked at only this long after input (a click that opens a modal): a goto-then-observe pays no look. */
const INPUT_ANIMATES_MS = 2000;
/** How long after a hover its tooltip may take to show: picasso.js waits 500 ms before it draws one (site 36). */
const TIP_DELAY_MS = 1000;

interface Activity {
  inFlight: Map<Request, number>;
  /** When a data request last ended. */
  answeredAt: number;
  /** When the main frame last changed URL within its document (history.pushState, a hash). */
  routedAt: number;
  /** A main-frame document is loading: its commit is not a route change. */
  loadingDocument: boolean;
}

/** What observe() found still busy after its wait: said in the view, so the agent knows what it read. */
export interface Unsettled { requests: string[]; waitedMs: number }

/** The view's line for a page still loading when it was read. */
export function unsettledText({ requests, waitedMs }: Unsettled): string {
  const named = `${requests.slice(0, 3).join(', ')}${requests.length > 3 ? ` and ${requests.length - 3} more` : ''}`;
  return `(still loading after ${(waitedMs / 1000).toFixed(1)} s: ${named}; expect() what you need before reading it)`;
}

export interface QuietOptions {
  /** How long the DOM must stay unchanged. */
  quiet: number;
  /** The most the wait may take. */
  budget: number;
  /** Wait this long for a first change before the quiet counts (a route that has not started drawing). */
  awaitChange: number;
}

/** Waits in the page until its DOM has not changed for `quiet` ms (or `budget` ms have passed); runs in tabwright's world. */
export function domQuietInPage({ quiet, budget, awaitChange }: QuietOptions): Promise<number> {
  return new Promise(resolve => {
    const start = performance.now();
    let last = start;
    let changed = false;
    const watcher = new MutationObserver(() => { last = performance.now(); changed = true; });
    watcher.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    const check = () => {
      const now = performance.now();
      const drawing = !changed && now - start < awaitChange;
      if ((!drawing && now - last >= quiet) || now - start >= budget) {
        watcher.disconnect();
        resolve(Math.round(now - start));
      } else setTimeout(check, Math.min(quiet, 20));
    };
    // A frame first: a router's render scheduled for the next task lands before the first look.
    requestAnimationFrame(() => setTimeout(check, quiet));
  });
}

/**
 * Waits in the page until no CSS animation or transition with at most `budget` ms left is
 * running, one after another (a backdrop's fade, then the dialog's), within `budget`; endless
 * ones (a spinner) are not waited on. Runs in tabwright's world: its document's animations are
 * the page's.
 */
export function animationsEndInPage(budget: number): Promise<number> {
  const start = performance.now();
  const running = () => document.getAnimations().filter(a => {
    const timing = a.effect?.getComputedTiming();
    return a.playState === 'running' && !!timing && Number.isFinite(timing.endTime) && Number(timing.endTime) - Number(timing.localTime ?? 0) <= budget;
  });
  return new Promise(resolve => {
    const check = () => {
      const spent = performance.now() - start;
      const left = running();
      if (!left.length || spent >= budget) {
        resolve(Math.round(spent));
        return;
      }
      const timeout = new Promise(end => setTimeout(end, budget - spent));
      void Promise.race([Promise.all(left.map(a => a.finished.catch(() => undefined))), timeout])
        .then(() => requestAnimationFrame(() => setTimeout(check, 0)));
    };
    check();
  });
}

export type DomQuiet = (page: Page, options: QuietOptions) => Promise<unknown>;
export type AnimationsEnd = (page: Page, budget: number) => Promise<unknown>;

export class PageActivity {
  private readonly pages = new WeakMap<Page, Activity>();

  /** Watches every page of the context from the moment the worker sees it (requests begun before observe() count). */
  watch(context: BrowserContext): void {
    context.on('page', page => this.track(page));
    for (const page of context.pages()) this.track(page);
  }

  private track(page: Page): void {
    if (this.pages.has(page)) return;
    const activity: Activity = { inFlight: new Map(), answeredAt: 0, routedAt: 0, loadingDocument: false };
    this.pages.set(page, activity);
    page.on('request', request => {
      if (ROUTE_REQUESTS.has(request.resourceType())) activity.inFlight.set(request, Date.now());
      else if (request.isNavigationRequest() && request.frame() === page.mainFrame()) activity.loadingDocument = true;
    });
    const ended = (request: Request) => {
      if (activity.inFlight.delete(request) && DATA_REQUESTS.has(request.resourceType())) activity.answeredAt = Date.now();
    };
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
    page.on('framenavigated', frame => {
      if (frame !== page.mainFrame()) return;
      // Playwright tells a document's commit and a same-document change alike: a commit follows its navigation request.
      if (activity.loadingDocument) activity.loadingDocument = false;
      else activity.routedAt = Date.now();
    });
  }

  /** Whether the page asked for data or changed route since `at` (Date.now()), or still waits on a young request. */
  activeSince(page: Page, at: number): boolean {
    const activity = this.pages.get(page);
    if (!activity) return false;
    return youngRequests(activity).length > 0 || activity.answeredAt >= at || activity.routedAt >= at;
  }

  /**
   * Lets a busy page settle before observe() reads it: waits for its young route requests, then
   * for its DOM to stay still, again while new requests begin, within SETTLE_BUDGET_MS.
   * Returns what was still in flight when the budget ran out.
   */
  async settle(page: Page, domQuiet: DomQuiet, animationsEnd?: AnimationsEnd, inputAt?: () => number): Promise<Unsettled | undefined> {
    const activity = this.pages.get(page);
    if (!activity) return undefined;
    const started = Date.now();
    const deadline = started + SETTLE_BUDGET_MS;
    const young = () => youngRequests(activity);
    // Input just now counts as busy too: a widget draws what it was given without a request
    // (bootstrap-fileinput's preview of a chosen file: site 15's view said "No files selected").
    const busy = () => young().length > 0 || [activity.answeredAt, activity.routedAt, inputAt?.() ?? 0].some(at => Date.now() - at < RECENT_MS);
    const animated = () => animationsEnd?.(page, Math.min(ANIMATIONS_BUDGET_MS, Math.max(0, deadline - Date.now()))).catch(() => undefined);
    if (!busy()) {
      if (Date.now() - (inputAt?.() ?? 0) < INPUT_ANIMATES_MS) await animated();
      return undefined;
    }
    for (let round = 0; round < 4 && Date.now() < deadline; round++) {
      while (young().length && Date.now() < deadline) await anyEnds(page, deadline);
      if (Date.now() >= deadline) break;
      // A route changed and nothing answered since: its first drawing may still be to come.
      const awaitChange = activity.answeredAt < activity.routedAt ? Math.max(0, activity.routedAt + ROUTE_DRAW_MS - Date.now()) : 0;
      await domQuiet(page, { quiet: QUIET_MS, budget: Math.max(0, deadline - Date.now()), awaitChange }).catch(() => undefined);
      if (!young().length) {
        await animated();
        return undefined;
      }
    }
    const left = young();
    return left.length ? { requests: left.map(request => `${request.method()} ${pathOf(request.url())}`), waitedMs: Date.now() - started } : undefined;
  }
}

/** The program's last action to end: when (Date.now()), and its label (`hover getByText('Lyon')`, `mouse.move (12, 40)`). */
export interface LastAction { readonly lastActionEndedAt: number; readonly lastActionLabel: string }

/**
 * When the last action was a hover (a locator's, or `mouse.move`), waits until the page changes
 * and then stays still, at most until TIP_DELAY_MS after it. False, at once, when the last action
 * was no hover or longer ago than that: what it brings is in the page already.
 */
export async function tipAfterHover(page: Page, domQuiet: DomQuiet, last: LastAction): Promise<boolean> {
  const left = last.lastActionEndedAt + TIP_DELAY_MS - Date.now();
  if (!/^(hover |mouse\.move\b)/.test(last.lastActionLabel) || left <= 0) return false;
  await domQuiet(page, { quiet: QUIET_MS, budget: left + QUIET_MS * 4, awaitChange: left }).catch(() => undefined);
  return true;
}

/** Resolves when one of the page's requests ends, or at the deadline. */
function anyEnds(page: Page, deadline: number): Promise<void> {
  return new Promise(resolve => {
    const done = () => {
      clearTimeout(timer);
      page.off('requestfinished', done);
      page.off('requestfailed', done);
      page.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, deadline - Date.now()));
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    page.on('close', done);
  });
}

function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname.length > 80 ? `${parsed.pathname.slice(0, 79)}…` : parsed.pathname;
  } catch {
    return url;
  }
}

/** The page's route requests in flight that began within YOUNG_MS (an older one is taken for a long poll). */
function youngRequests(activity: Activity): Request[] {
  return [...activity.inFlight].filter(([, at]) => Date.now() - at < YOUNG_MS).map(([request]) => request);
}
