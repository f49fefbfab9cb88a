// Which methods a client may send on a page, iframe or worker session: the domain table of
// pageMethodTable.ts (deny by default: a domain that can reach past the target names each
// method), the methods the connection checks or answers itself (HANDLED below), and the user's
// profile where the browser is someone's own (userProfilePolicy.ts).
import { touchesProfile } from './userProfilePolicy.js';
import { methodScope, TARGET_DOMAINS } from './pageMethodTable.js';

/**
 * What the client connection does with a method on a page, iframe or worker session. Every
 * method it answers or checks itself is in HANDLED below, and its switch covers exactly these
 * kinds: the table and the code cannot disagree.
 */
export type PageVerdict =
  | { kind: 'forward' }
  | { kind: 'refuse'; reason?: string }
  /** Forwarded; the reply's frame tree feeds the frame index. */
  | { kind: 'frameTree' }
  /** The URL is checked against the URL policy first. */
  | { kind: 'navigate' }
  /** The history entry's URL is checked against the URL policy first. */
  | { kind: 'historyNavigate' }
  /** Headed: answered without bringing the tab over the user's; headless: forwarded. */
  | { kind: 'bringToFront' }
  /**
   * Local paths for a file input: the browser reads them from the runtime's disk. Forwarded only
   * when the person starting the runtime allowed file access (`runtime start --allow-file-urls`);
   * otherwise refused (Playwright sends a file's bytes instead, but a folder only by path).
   */
  | { kind: 'filePaths' }
  /**
   * Forwarded; where the page's context is shared, Chrome is asked for iframes and dedicated
   * workers only (childSessionPolicy.pageAutoAttachParams), and each child is judged as it attaches.
   */
  | { kind: 'autoAttach' }
  /**
   * The page with every frame serialized (other sites' frames included): forwarded only where
   * no frame can be refused (childSessionPolicy.framesRefusable).
   */
  | { kind: 'allFrames' }
  /** Only a child session of this one (an OOPIF or worker) may be detached. */
  | { kind: 'detachChild' }
  /** Only the session's own target. */
  | { kind: 'ownTargetInfo' }
  /** Only an owned target; its window is recorded. */
  | { kind: 'windowForTarget' }
  /** Only a window recorded above; resizing only one of the task's own context. */
  | { kind: 'windowBounds' }
  /**
   * A connected browser's own profile (cookies, DOMStorage, IndexedDB, CacheStorage, a
   * credentialed load): forwarded only for the sites of the task's pages (userProfilePolicy.ts).
   */
  | { kind: 'userProfile' };

type Handled = Exclude<PageVerdict['kind'], 'forward' | 'refuse'>;

/** Methods the connection checks or answers itself (Target.autoAttachRelated is browser-level only: refused here). */
const HANDLED: Readonly<Record<string, Handled | PageVerdict>> = {
  'Page.getFrameTree': 'frameTree',
  'Page.navigate': 'navigate',
  'Page.navigateToHistoryEntry': 'historyNavigate',
  'Page.bringToFront': 'bringToFront',
  'DOM.setFileInputFiles': 'filePaths',
  // A page's own children (OOPIFs, workers) attach on its session.
  'Target.setAutoAttach': 'autoAttach',
  'Target.detachFromTarget': 'detachChild',
  'Target.getTargetInfo': 'ownTargetInfo',
  'Browser.getWindowForTarget': 'windowForTarget',
  'Browser.getWindowBounds': 'windowBounds',
  'Browser.setWindowBounds': 'windowBounds',
};

/**
 * `isolated`: the session's page is in the task's own context (or one its client created);
 * `userProfile`: otherwise it is in a connected browser's default context, the user's profile.
 */
export function pageMethodVerdict(method: string, isolated: boolean, userProfile = false): PageVerdict {
  const handled = Object.hasOwn(HANDLED, method) ? HANDLED[method] : undefined;
  if (handled !== undefined) return typeof handled === 'string' ? { kind: handled } : handled;
  if (userProfile && !isolated && touchesProfile(method)) return { kind: 'userProfile' };
  const domain = method.slice(0, method.indexOf('.'));
  if (domain === 'Storage') {
    return isolated ? { kind: 'forward' } : { kind: 'refuse', reason: `${method} acts on the shared profile's storage; use an --isolated task` };
  }
  switch (methodScope(method)) {
    case 'target':
      return { kind: 'forward' };
    case 'ownContext':
      return isolated ? { kind: 'forward' } : {
        kind: 'refuse',
        reason: `${method} acts beyond this page, on the shared profile or on a renderer process other tabs may share; `
          + 'it is forwarded in a context of the task\'s own (an --isolated task, or browser.newContext())',
      };
    case 'allFrames':
      return { kind: 'allFrames' };
    case 'never':
      // Named or not: a method of a boundary domain the table does not allow is not available.
      return method === 'Page.setDownloadBehavior'
        ? { kind: 'refuse', reason: 'per-page download settings would bypass the router\'s download routing; use Browser.setDownloadBehavior' }
        : { kind: 'refuse' };
    case undefined:
      return TARGET_DOMAINS.has(domain) ? { kind: 'forward' } : { kind: 'refuse' };
  }
}

// What a task may send to its pages while a person works on them: personHoldPolicy.ts.
export { heldForPerson } from './personHoldPolicy.js';
