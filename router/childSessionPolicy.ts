// Which child targets a task's client is given, as one pure table. Chrome attaches to a page's
// session (Target.setAutoAttach there) every target related to the page: its out-of-process
// iframes and dedicated workers, and also the service worker whose scope covers the page, the
// shared workers it uses, worklets. What the page holds belongs to the page's task: an iframe
// or a dedicated worker living in it (Chrome's parentId). A service or shared worker serves
// every window of its origin in its browser context; in a shared profile (a launched browser's
// default context, a connected browser's: the user's) those are other tasks' tabs and the
// user's own, so it reaches a task only when its own context is the task's (`--isolated`, or a
// context the task's client created): then every page it can reach is the task's.
//
// A frame is also held to the URL policy (the origin policy, browser-internal schemes) as a
// page is: an iframe whose document the policy refuses is never given to a client. An OOPIF
// attaches before its first document commits (its URL is still empty), paused at the response
// of that document's navigation. Where a frame can be refused at all, that response's URL
// (Network.responseReceived on the parent's session, when the client enabled Network there, as
// Playwright does) decides; with no response seen, the attach is held until the commit says
// where the frame is (childSessions.ts).
import { checkCommittedUrl, type UrlPolicyOptions } from './urlPolicy.js';
import { admits, filterOf, type TargetFilter } from './targetFilter.js';

/** Target types that live in a page and are owned through it (Chrome's parentId says where). */
export const OWNED_THROUGH_PAGE: ReadonlySet<string> = new Set(['iframe', 'worker']);

export type ChildVerdict =
  | { kind: 'deliver' }
  /** An iframe whose first document has not committed: the router starts it, and decides at the commit. */
  | { kind: 'hold' }
  | { kind: 'letGo'; reason: string };

export interface ChildFacts {
  /** The child is the task's through the page it arrived on (its parentId chain; a frame the policy refuses breaks it). */
  readonly ownedThroughPage: boolean;
  /** The child's own browser context is the task's (isolated, or created by one of its clients). */
  readonly ownContext: boolean;
  /** Whether a frame's URL can be refused here at all (framesRefusable). */
  readonly framesRefusable: boolean;
  readonly urlPolicy: UrlPolicyOptions;
}

/**
 * Whether any document a web page can frame may be refused: with an origin policy, or in a
 * browser the runtime connected to (its user's extensions frame `chrome-extension:` pages into
 * sites, which a task must not drive). A browser the runtime launched runs no extension, and a
 * web page cannot frame `chrome:`, `devtools:` or `file:` documents: there, no frame is held.
 */
export function framesRefusable(urlPolicy: UrlPolicyOptions, connectedBrowser: boolean): boolean {
  const origins = urlPolicy.origins;
  return connectedBrowser || (origins !== undefined && (origins.block.length > 0 || origins.allow.length > 0));
}

/**
 * A child attached on a page, iframe or worker session (`canHold`), or through a browser-level
 * session (an explicit attach, Target.autoAttachRelated), where nothing is held: a frame whose
 * document has not committed is let go there (the client attaches to it once it has).
 * `responseUrl`: for an iframe before its first commit, the URL its navigation's response came
 * from, when the parent's session reported it.
 */
export function childVerdict(info: { readonly type: string; readonly url: string }, facts: ChildFacts, canHold: boolean, responseUrl?: string): ChildVerdict {
  if (OWNED_THROUGH_PAGE.has(info.type)) {
    if (!facts.ownedThroughPage) return { kind: 'letGo', reason: `this ${info.type} does not live in a page of the task` };
    let url = info.url;
    if (info.type === 'iframe' && url === '') {
      if (!facts.framesRefusable) return { kind: 'deliver' };
      if (responseUrl === undefined)
        return canHold ? { kind: 'hold' } : { kind: 'letGo', reason: 'the frame has not committed its first document: attach to it once it has' };
      url = responseUrl;
    }
    const verdict = checkCommittedUrl(url, facts.urlPolicy);
    return verdict.allowed ? { kind: 'deliver' } : { kind: 'letGo', reason: verdict.reason };
  }
  if (facts.ownContext) return { kind: 'deliver' };
  return {
    kind: 'letGo',
    reason: `a ${info.type} serves every window of its origin in its context, and this context is shared (other tasks' tabs, the user's): `
      + 'only a task with a context of its own (--isolated, or browser.newContext()) is given one',
  };
}

/**
 * The params of a page (iframe, worker) session's Target.setAutoAttach as forwarded: where
 * the page's context is shared, Chrome is asked only for the types owned through a page (what
 * the client's filter admits of them), so nothing else is even attached. Every attach is still
 * judged by childVerdict: the filter spares the work, the verdict is the boundary.
 */
export function pageAutoAttachParams(params: Record<string, unknown>, ownContext: boolean): Record<string, unknown> {
  // Chrome refuses a filter with autoAttach false; the task's own context needs none.
  if (ownContext || params.autoAttach !== true) return params;
  const asked = filterOf(params.filter);
  const filter: TargetFilter = [...OWNED_THROUGH_PAGE].map(type => ({ type, exclude: !admits(asked, type) }));
  return { ...params, filter };
}
