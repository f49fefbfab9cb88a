// Which task owns which target. One registry for the whole runtime: every router client
// consults it, so ownership decided once (a createTarget reply, a popup's opener, an adopt,
// an isolated context) holds for every connection of every task.
//
// Only top-level pages are claimed. Everything inside a page (out-of-process iframes,
// dedicated workers, the frames of its documents) belongs to whoever owns the page, found
// through Chrome's `parentId` links and the frame index; other targets (service and shared
// workers, worklets) are linked to no page (childSessionPolicy.ts says why). An iframe whose
// document the URL policy refuses belongs to nobody, nor does anything inside it.
import { EventEmitter } from 'node:events';
import { FrameIndex } from './frameIndex.js';
import { StartGate } from './startGate.js';
import { OWNED_THROUGH_PAGE } from './childSessionPolicy.js';
import { checkCommittedUrl, type UrlPolicyOptions } from './urlPolicy.js';

export interface TargetInfo {
  targetId: string;
  type: string;
  title: string;
  url: string;
  attached?: boolean;
  openerId?: string;
  openerFrameId?: string;
  browserContextId?: string;
  parentFrameId?: string;
  /** The target an iframe or worker lives in (Chrome sets it for both; newer than devtools-protocol's TargetInfo). */
  parentId?: string;
  subtype?: string;
  canAccessOpener?: boolean;
}

/** How a task came to own a target. */
export type ClaimKind = 'created' | 'popup' | 'context' | 'adopted';

export interface Ownership {
  task: string;
  how: ClaimKind;
  /** The owned page that opened this one, when it is a popup. */
  openerId?: string;
}

/**
 * Events:
 * - 'claimed' (targetId, ownership): a page became a task's.
 * - 'released' (targetId, task, reason): a page stopped being the task's (released, refused URL, closed).
 * - 'settled': no createTarget is in flight any more; held attaches can be decided.
 * - 'frameRefused' (frameTargetId, reason): an iframe target committed a document the URL policy
 *   refuses; it and what lives in it are nobody's until it commits an allowed one.
 * - 'frameCommitRefused' (pageTargetId, frameUrl, reason): an in-process frame of a page committed
 *   a refused document; the page is released as a refused page commit is (runtime/browser/pageCatalog.ts).
 */
export class OwnershipRegistry extends EventEmitter {
  private readonly owners = new Map<string, Ownership>();
  private readonly contextOwners = new Map<string, string>();
  /** iframe/worker target -> the target it lives in. */
  private readonly parents = new Map<string, string>();
  /** iframe targets showing a document the URL policy refuses -> why. */
  private readonly refusedFrames = new Map<string, string>();
  /** Pages seen before: a page is claimed by its opener only the first time it is seen (when it is created). */
  private readonly seenPages = new Set<string>();
  /** page -> the URL Chrome last reported of it (a connected profile's events are cut to the sites of a task's pages: router/profileEvents.ts). */
  private readonly pageUrls = new Map<string, string>();
  readonly frames = new FrameIndex();
  readonly starts = new StartGate();
  private createsInFlight = 0;

  /** @param frameUrlPolicy the runtime's URL policy, which every iframe's committed document is held to (none: frames are not checked). */
  constructor(private readonly frameUrlPolicy?: UrlPolicyOptions) {
    super();
  }

  /** The owner of a page, or of the page an iframe, worker or frame lives in (none through a refused frame). */
  ownerOf(targetId: string): Ownership | undefined {
    for (let id: string | undefined = targetId, hops = 0; id && hops < 64; hops++) {
      if (this.refusedFrames.has(id)) return undefined;
      const owner = this.owners.get(id);
      if (owner) return owner;
      id = this.parents.get(id) ?? this.frames.pageOf(id);
    }
    return undefined;
  }

  /** The top-level page a target or frame belongs to (itself for a page). */
  pageOf(targetId: string): string {
    let id = targetId;
    for (let hops = 0; hops < 64; hops++) {
      const up = this.parents.get(id) ?? this.frames.pageOf(id);
      if (!up || up === id) return id;
      id = up;
    }
    return id;
  }

  /**
   * Remembers where an iframe or dedicated worker lives, and what document an iframe shows,
   * from any TargetInfo Chrome reported (the runtime's discovery sees every commit).
   */
  noteTarget(info: TargetInfo): void {
    if (info.type === 'page') this.pageUrls.set(info.targetId, info.url);
    if (!OWNED_THROUGH_PAGE.has(info.type)) return;
    if (info.parentId && info.parentId !== info.targetId) this.parents.set(info.targetId, info.parentId);
    if (info.type === 'iframe') this.noteFrameDocument(info.targetId, info.url);
  }

  /** An empty URL is a frame before its first commit: nothing to judge yet. */
  private noteFrameDocument(targetId: string, url: string): void {
    if (!this.frameUrlPolicy || url === '') return;
    const verdict = checkCommittedUrl(url, this.frameUrlPolicy);
    if (verdict.allowed) {
      this.refusedFrames.delete(targetId);
    } else if (!this.refusedFrames.has(targetId)) {
      const reason = `a frame committed ${url}: ${verdict.reason}`;
      this.refusedFrames.set(targetId, reason);
      this.emit('frameRefused', targetId, reason);
    }
  }

  /** Whether `targetId` is `ancestorId` or lives in it (an iframe's worker, a nested frame). */
  within(targetId: string, ancestorId: string): boolean {
    for (let id: string | undefined = targetId, hops = 0; id && hops < 64; hops++) {
      if (id === ancestorId) return true;
      id = this.parents.get(id) ?? this.frames.pageOf(id);
    }
    return false;
  }

  /** An in-process frame of `pageTargetId` committed `frameUrl`, which the URL policy refuses (`reason`). */
  frameCommitRefused(pageTargetId: string, frameUrl: string, reason: string): void {
    this.emit('frameCommitRefused', pageTargetId, frameUrl, reason);
  }

  /** The URLs of the pages `task` owns, as Chrome last reported them. */
  *pageUrlsOf(task: string): Iterable<string> {
    for (const [targetId, owner] of this.owners) {
      const url = owner.task === task ? this.pageUrls.get(targetId) : undefined;
      if (url !== undefined) yield url;
    }
  }

  forgetTarget(targetId: string): void {
    this.parents.delete(targetId);
    this.refusedFrames.delete(targetId);
    this.pageUrls.delete(targetId);
    this.seenPages.delete(targetId);
    this.starts.forget(targetId);
  }

  /**
   * Decides a target: its parent's owner (iframes, workers), its context's task (isolated
   * mode), or, the first time a page is seen, its opener's task (a popup). Claims pages when
   * so; returns undefined when nobody owns it.
   */
  resolve(info: TargetInfo): Ownership | undefined {
    this.noteTarget(info);
    const known = this.ownerOf(info.targetId);
    if (known) {
      if (info.type === 'page') this.seenPages.add(info.targetId);
      return known;
    }
    if (info.type === 'browser' || info.type === 'tab' || info.type === 'browser_ui') return undefined;
    const contextTask = info.browserContextId ? this.contextOwners.get(info.browserContextId) : undefined;
    if (info.type !== 'page') {
      // A service or shared worker belongs to no page: only a task's own context can own it.
      return contextTask ? { task: contextTask, how: 'context' } : undefined;
    }
    if (contextTask) return this.claim(info.targetId, contextTask, 'context', info.openerId);
    // By its opener only when created: a tab the user opened from one a task adopts later (or
    // a popup released since) stays unowned whatever it does next.
    const created = !this.seenPages.has(info.targetId);
    this.seenPages.add(info.targetId);
    if (created && info.openerId) {
      const opener = this.ownerOf(info.openerId);
      if (opener) return this.claim(info.targetId, opener.task, 'popup', info.openerId);
    }
    return undefined;
  }

  claim(targetId: string, task: string, how: ClaimKind, openerId?: string): Ownership {
    const existing = this.owners.get(targetId);
    if (existing && existing.task === task) return existing;
    const ownership: Ownership = { task, how, ...(openerId ? { openerId } : {}) };
    this.owners.set(targetId, ownership);
    this.emit('claimed', targetId, ownership);
    return ownership;
  }

  release(targetId: string, reason: string): void {
    const ownership = this.owners.get(targetId);
    if (!ownership) return;
    this.owners.delete(targetId);
    this.emit('released', targetId, ownership.task, reason);
  }

  /** A page closed: nothing of it survives (its start-gate entry neither: every page ever started was kept). */
  closed(targetId: string): void {
    this.release(targetId, 'closed');
    this.starts.forget(targetId);
    this.frames.forgetPage(targetId);
    this.pageUrls.delete(targetId);
    this.seenPages.delete(targetId);
    for (const [child, parent] of this.parents) {
      if (parent !== targetId) continue;
      this.parents.delete(child);
      this.refusedFrames.delete(child);
    }
  }


  ownContext(browserContextId: string, task: string): void {
    this.contextOwners.set(browserContextId, task);
  }


  /** The task whose own (isolated) context this is, if any. */
  contextOwner(browserContextId: string): string | undefined {
    return this.contextOwners.get(browserContextId);
  }

  disownContext(browserContextId: string): void {
    this.contextOwners.delete(browserContextId);
  }

  /**
   * One task's own browser went away (a browser service's, given back or ended): none of its
   * targets or its context survive, and nobody is told (as with clear: no page was released).
   */
  forgetTask(task: string): void {
    for (const [targetId, ownership] of [...this.owners]) {
      if (ownership.task !== task) continue;
      this.owners.delete(targetId);
      this.starts.forget(targetId);
      this.frames.forgetPage(targetId);
      for (const [child, parent] of this.parents) if (parent === targetId) this.parents.delete(child);
    }
    for (const [contextId, owner] of [...this.contextOwners]) if (owner === task) this.contextOwners.delete(contextId);
  }

  /** The browser went away: no target or context survives it. */
  clear(): void {
    this.owners.clear();
    this.contextOwners.clear();
    this.parents.clear();
    this.refusedFrames.clear();
    this.pageUrls.clear();
    this.seenPages.clear();
    this.frames.clear();
    this.starts.clear();
  }

  /** While a createTarget is in flight, an unknown new page may be its result: hold it. */
  get creating(): boolean {
    return this.createsInFlight > 0;
  }

  beginCreate(): void {
    this.createsInFlight++;
  }

  endCreate(): void {
    this.createsInFlight--;
    if (this.createsInFlight === 0) this.emit('settled');
  }
}
