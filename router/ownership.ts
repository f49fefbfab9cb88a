// Which task owns which target. One registry for the whole runtime: every router client
// consults it, so ownership decided once (a createTarget reply, a popup's opener, an adopt,
// an isolated context) holds for every connection of every task.
import { EventEmitter } from 'node:events';

export interface TargetInfo {
  targetId: string;
  type: string;
  title: string;
  url: string;
  attached?: boolean;
  openerId?: string;
  browserContextId?: string;
  parentFrameId?: string;
  [field: string]: unknown;
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
 * - 'claimed' (targetId, ownership): a target became a task's.
 * - 'released' (targetId, task, reason): a target stopped being the task's (released, refused URL, closed).
 * - 'settled': no createTarget is in flight any more; held attaches can be decided.
 */
export class OwnershipRegistry extends EventEmitter {
  private readonly owners = new Map<string, Ownership>();
  private readonly contextOwners = new Map<string, string>();
  private createsInFlight = 0;

  ownerOf(targetId: string): Ownership | undefined {
    return this.owners.get(targetId);
  }

  /**
   * Decides a target seen for the first time: its context's task (isolated mode), or its
   * opener's task (a popup). Claims it when so; returns undefined when nobody owns it yet.
   */
  resolve(info: TargetInfo): Ownership | undefined {
    const known = this.owners.get(info.targetId);
    if (known) return known;
    const contextTask = info.browserContextId ? this.contextOwners.get(info.browserContextId) : undefined;
    if (contextTask) return this.claim(info.targetId, contextTask, 'context', info.openerId);
    if (info.type === 'page' && info.openerId) {
      const opener = this.owners.get(info.openerId);
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

  targetsOf(task: string): string[] {
    return [...this.owners].filter(([, o]) => o.task === task).map(([id]) => id);
  }

  ownContext(browserContextId: string, task: string): void {
    this.contextOwners.set(browserContextId, task);
  }

  contextOwner(browserContextId: string): string | undefined {
    return this.contextOwners.get(browserContextId);
  }

  disownContext(browserContextId: string): void {
    this.contextOwners.delete(browserContextId);
  }

  /** The browser went away: no target or context survives it. */
  clear(): void {
    this.owners.clear();
    this.contextOwners.clear();
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
