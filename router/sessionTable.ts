// The sessions one client holds, by the ids it knows them by.
//
// Session ids: the root (no id), synthetic browser sessions (Target.attachToBrowserTarget),
// synthetic tab sessions (for tab-attaching clients), synthetic page sessions, and the real
// ids of out-of-process iframe and worker sessions, delivered on their parent's session.
// Any other id is answered -32001, as Chrome answers a closed session.
import type { CdpEvent, CdpEventOf } from '../transport/cdpProtocol.js';
import type { OwnershipRegistry, TargetInfo } from './ownership.js';
import type { TargetFilter } from './targetFilter.js';
import type { TaskScope } from './taskScope.js';

/** A browser-level session: the root, or one from Target.attachToBrowserTarget. */
export interface BrowserScope {
  clientId: string | undefined;
  realId: string;
  autoAttach: boolean;
  /** Auto-attached pages are shown through synthetic tab targets (Puppeteer). */
  tabs: boolean;
  discover: boolean;
  discoverFilter: TargetFilter;
  /** Targets shown through discovery (id -> type), so their end is shown too. */
  shown: Map<string, string>;
  /** Events about new pages nobody owns yet, held until a createTarget reply decides. */
  held: Map<string, CdpEvent[]>;
  /** Targets this scope is attaching to with an explicit Target.attachToTarget. */
  manual: Set<string>;
}

/** A page, iframe or worker session of this client. */
export interface TargetSession {
  clientId: string;
  realId: string;
  targetId: string;
  type: string;
  contextId?: string;
  /** The browser scope a top-level session hangs off; undefined for a child of another target session. */
  scope?: BrowserScope;
  parent?: TargetSession;
  /** The synthetic tab it is shown under, for tab-attaching clients. */
  tab?: TabSession;
}

/** A synthetic tab around one owned page. */
export interface TabSession {
  clientId: string;
  pageTargetId: string;
  scope: BrowserScope;
  info: TargetInfo;
  /** The real page attach, delivered when the client auto-attaches on the tab. */
  pendingAttach?: CdpEventOf<'Target.attachedToTarget'>;
  page?: TargetSession;
}

export class SessionTable {
  readonly scopes = new Map<string | undefined, BrowserScope>();
  readonly sessions = new Map<string, TargetSession>();
  readonly byReal = new Map<string, TargetSession>();
  readonly tabs = new Map<string, TabSession>();
  /** Browser contexts this client created (they die with it). */
  readonly createdContexts = new Set<string>();
  readonly browserTargetId: string;
  private nextSession = 1;

  constructor(private readonly task: TaskScope, private readonly registry: OwnershipRegistry) {
    this.browserTargetId = `tabwright-browser-${task.name}`;
  }

  newSessionId(kind: string): string {
    return `${this.task.name}-${kind}-${this.nextSession++}`;
  }

  get isolated(): boolean {
    return this.task.contextId !== undefined;
  }

  /** The context a browser-level command naming none acts on, when it is the task's own (isolated). */
  get ownDefaultContext(): string | undefined {
    return this.task.contextId;
  }

  /** A context id the task may name: its own isolated context or one this client created. */
  knowsContext(id: unknown): boolean {
    return id === undefined || (typeof id === 'string' && (id === this.task.contextId || this.createdContexts.has(id)));
  }

  /**
   * Whether a context is the task's own: its isolated context or one this client created.
   * Decided by the context a page is in, never by the task being isolated (an isolated task
   * may still hold a tab of another context).
   */
  isOwnContext(id: unknown): boolean {
    return typeof id === 'string' && (id === this.task.contextId || this.createdContexts.has(id));
  }

  owns(targetId: unknown): boolean {
    return typeof targetId === 'string' && this.registry.ownerOf(targetId)?.task === this.task.name;
  }

  ownsPage(targetId: unknown): boolean {
    return typeof targetId === 'string' && this.owns(targetId) && this.registry.pageOf(targetId) === targetId;
  }

  browserInfo(): TargetInfo {
    return { targetId: this.browserTargetId, type: 'browser', title: '', url: '', attached: true, canAccessOpener: false };
  }
}
