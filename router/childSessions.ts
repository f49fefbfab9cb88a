// Children that attach on a task's page, iframe or worker sessions, as childSessionPolicy.ts
// decides them: delivered, let go (resumed if waiting, then detached, never shown), or held
// until an out-of-process iframe's first document commits (when the parent's session did not
// report the response of its navigation: then that response's URL decides, and the frame
// reaches its client still paused, as Chrome attaches it). It also takes away a delivered
// iframe that commits a refused document, and reports an in-process frame that does (its page
// is released: such a frame is part of the page's own session and cannot be withheld alone).
// The event relay asks it what to do with each child event and carries the outcome out.
import type { CdpEventOf } from '../transport/cdpProtocol.js';
import type { CdpConnection } from '../transport/cdpConnection.js';
import type { TargetSession, SessionTable } from './sessionTable.js';
import type { OwnershipRegistry, TargetInfo } from './ownership.js';
import type { TaskScope } from './taskScope.js';
import { childVerdict, OWNED_THROUGH_PAGE, type ChildFacts, type ChildVerdict } from './childSessionPolicy.js';
import { checkCommittedUrl } from './urlPolicy.js';

export type AttachedEvent = CdpEventOf<'Target.attachedToTarget'>;

/** What the relay does with a child event on a target session. */
export type ChildOutcome =
  /** Relayed as Chrome wrote it (an attach: the child is tracked first). */
  | { kind: 'relay' }
  /** The client never hears of it. */
  | { kind: 'drop' }
  /** A held child is handed over now, with this attach (its committed info, already started). */
  | { kind: 'deliver'; attach: AttachedEvent }
  /** A delivered child committed a refused document: the client loses its session. */
  | { kind: 'takeAway'; child: TargetSession };

/** How many frames' document responses a session keeps (in-process frames' too: never asked for). */
const RESPONSES_KEPT = 256;

export class ChildSessions {
  /** Children held until their first commit, by their real session id. */
  private readonly held = new Map<string, { attach: AttachedEvent; parent: TargetSession }>();
  /** Per target session: frame id -> the URL of its latest navigation's response (Network events there). */
  private readonly responses = new Map<TargetSession, Map<string, string>>();

  constructor(
    private readonly task: TaskScope,
    private readonly cdp: CdpConnection,
    private readonly registry: OwnershipRegistry,
    private readonly table: SessionTable,
    /** childSessionPolicy.framesRefusable for this runtime. */
    private readonly framesRefusable: boolean,
  ) {}

  /**
   * A frame's navigation on `session` (Network events, when its client enabled Network): a new
   * request forgets the last response (not this navigation's), a response names where it goes.
   */
  navigation(session: TargetSession, frameId: string | undefined, responseUrl: string | undefined): void {
    if (!this.framesRefusable || !frameId || frameId === session.targetId) return;
    let frames = this.responses.get(session);
    if (!frames) this.responses.set(session, frames = new Map());
    frames.delete(frameId);
    if (responseUrl === undefined) return;
    frames.set(frameId, responseUrl);
    if (frames.size > RESPONSES_KEPT) frames.delete(frames.keys().next().value!);
  }

  /** A child attached on `parent`'s session. */
  attached(parent: TargetSession, event: AttachedEvent): ChildOutcome {
    const info = event.params.targetInfo;
    this.registry.noteTarget(info);
    // An OOPIF's target id is its frame id: its navigation's response was reported on the parent.
    const frames = this.responses.get(parent);
    const responseUrl = frames?.get(info.targetId);
    frames?.delete(info.targetId);
    const verdict = this.verdict(parent, info, true, responseUrl);
    switch (verdict.kind) {
      case 'deliver':
        return { kind: 'relay' };
      case 'hold':
        this.held.set(event.params.sessionId, { attach: event, parent });
        // Started by the router: its document commits, and the commit says where it is.
        if (event.params.waitingForDebugger) this.cdp.raw('Runtime.runIfWaitingForDebugger', {}, event.params.sessionId).catch(() => {});
        return { kind: 'drop' };
      case 'letGo':
        this.letGo(parent, event.params.sessionId, event.params.waitingForDebugger);
        return { kind: 'drop' };
    }
  }

  /** Chrome's word that a child of `parent` changed (an iframe committed a document). */
  infoChanged(parent: TargetSession, info: AttachedEvent['params']['targetInfo']): ChildOutcome {
    this.registry.noteTarget(info);
    const heldId = [...this.held].find(([, h]) => h.parent === parent && h.attach.params.targetInfo.targetId === info.targetId)?.[0];
    if (heldId !== undefined) {
      const verdict = this.verdict(parent, info, true);
      if (verdict.kind === 'hold') return { kind: 'drop' };
      const held = this.held.get(heldId)!;
      this.held.delete(heldId);
      if (verdict.kind === 'letGo') {
        this.letGo(parent, heldId, false);
        return { kind: 'drop' };
      }
      return { kind: 'deliver', attach: { method: 'Target.attachedToTarget', params: { ...held.attach.params, targetInfo: info, waitingForDebugger: false } } };
    }
    // Taken away already (the registry's frameRefused) or never delivered: nothing to tell.
    const child = [...this.table.sessions.values()].find(s => s.parent === parent && s.targetId === info.targetId);
    if (!child) return { kind: 'drop' };
    return this.verdict(parent, info, true).kind === 'letGo' ? { kind: 'takeAway', child } : { kind: 'relay' };
  }

  /** A child of `parent` detached that the client was never given (held, or let go). */
  detachedUnknown(childRealId: string): void {
    this.held.delete(childRealId);
  }

  /** `parent`'s session ended: its held children ended with it. */
  parentGone(parent: TargetSession): void {
    this.responses.delete(parent);
    for (const [id, held] of this.held) if (held.parent === parent) this.held.delete(id);
  }

  /**
   * A frame committed on `session` (Page.frameNavigated, when its client enabled Page). The
   * session's own root frame is judged as a page or an iframe target is; a subframe committed
   * in the same process is part of this session, so a refused one costs the task the page.
   */
  frameCommitted(session: TargetSession, frame: { id: string; parentId?: string; url: string }): void {
    if (frame.parentId === undefined || frame.id === session.targetId) return;
    const verdict = checkCommittedUrl(frame.url, this.task.urlPolicy);
    if (verdict.allowed) return;
    this.registry.frameCommitRefused(this.registry.pageOf(session.targetId), frame.url, `a frame of this tab committed ${frame.url}: ${verdict.reason}`);
  }

  /**
   * A target the task owns, attached through a browser-level session: iframes and dedicated
   * workers are held to the same table (nothing is held there); other targets were decided by
   * ownership (a page, or a worker of the task's own context).
   */
  atBrowserLevel(info: TargetInfo): ChildVerdict {
    if (!OWNED_THROUGH_PAGE.has(info.type)) return { kind: 'deliver' };
    return childVerdict(info, { ...this.facts(info), ownedThroughPage: true }, false);
  }

  private verdict(parent: TargetSession, info: TargetInfo, canHold: boolean, responseUrl?: string): ChildVerdict {
    const page = this.registry.pageOf(parent.targetId);
    const ownedThroughPage = this.registry.ownerOf(info.targetId)?.task === this.task.name && this.registry.pageOf(info.targetId) === page;
    return childVerdict(info, { ...this.facts(info, parent), ownedThroughPage }, canHold, responseUrl);
  }

  private facts(info: TargetInfo, parent?: TargetSession): Omit<ChildFacts, 'ownedThroughPage'> {
    const contextId = info.browserContextId ?? parent?.contextId;
    return {
      ownContext: contextId !== undefined && this.registry.contextOwner(contextId) === this.task.name,
      framesRefusable: this.framesRefusable,
      urlPolicy: this.task.urlPolicy,
    };
  }

  /** As Playwright lets go of a child it does not want: resumed if it waits, then detached on its parent. */
  private letGo(parent: TargetSession, childRealId: string, waiting: boolean): void {
    if (waiting) this.cdp.raw('Runtime.runIfWaitingForDebugger', {}, childRealId).catch(() => {});
    this.cdp.raw('Target.detachFromTarget', { sessionId: childRealId }, parent.realId).catch(() => {});
  }
}
