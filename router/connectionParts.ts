// What the parts of one client connection share. ClientConnection holds one of each part and
// hands itself to every part as `ConnectionParts`, the way Playwright's crPage hands its
// crSession around: each part is one protocol concept, and calls the others by name.
import type { CdpConnection } from '../transport/cdpConnection.js';
import type { BrowserVersion } from '../transport/browserProcess.js';
import type { OwnershipRegistry } from './ownership.js';
import type { UrlPolicyOptions } from './urlPolicy.js';
import type { CommandTap } from './commandTap.js';
import type { DownloadRelay } from './downloadRelay.js';
import type { SessionTable } from './sessionTable.js';
import type { ClientWire } from './clientWire.js';
import type { BrowserCommands } from './browserCommands.js';
import type { BrowserScopes } from './browserScopes.js';
import type { TabTargets } from './tabTargetSessions.js';
import type { PageCommands } from './pageCommands.js';
import type { Windows } from './windows.js';
import type { EventRelay } from './eventRelay.js';
import type { ClientDownloads } from './clientDownloads.js';
import type { OwnershipReactions } from './ownershipReactions.js';
import type { UserProfile } from './userProfile.js';

/** What the router knows of the task a connection belongs to. */
export interface TaskScope {
  readonly name: string;
  /** The task's own real browser context, in isolated mode. */
  readonly contextId?: string;
  /** The URL policy every page of the task is held to (schemes, file:, the runtime's origins). */
  readonly urlPolicy: UrlPolicyOptions;
  /** Whether the browser is headless: decides how a new tab avoids the user's foreground. */
  readonly headless: boolean;
  /** Observes every command the task sends (mutation tracking). */
  readonly tap?: CommandTap;
  /**
   * Why the task's pages take input from a person only, while one works on them (a hand-over);
   * undefined otherwise. The task's own input and navigations are refused meanwhile.
   */
  readonly personHold?: () => string | undefined;
}

/** The browser behind the router: the pipe, its version, the download relay. */
export interface UpstreamBrowser {
  cdp: CdpConnection;
  version: BrowserVersion;
  downloads: DownloadRelay;
  /**
   * Its default context is someone's own profile (a browser the runtime connected to, not one
   * it launched): what a task may touch of it is limited to its pages' sites (userProfile.ts).
   */
  userProfile: boolean;
}

export interface ConnectionParts {
  readonly task: TaskScope;
  /** The task's own worker (see ClientSocket.ownWorker). */
  readonly ownWorker: boolean;
  readonly link: UpstreamBrowser;
  readonly cdp: CdpConnection;
  readonly registry: OwnershipRegistry;
  /** The client's sessions: browser scopes, target sessions, synthetic tabs, its contexts. */
  readonly table: SessionTable;
  /** Replies and events to the client; commands forwarded upstream. */
  readonly wire: ClientWire;
  readonly browser: BrowserCommands;
  readonly scopes: BrowserScopes;
  readonly tabs: TabTargets;
  readonly pages: PageCommands;
  readonly windows: Windows;
  readonly events: EventRelay;
  readonly downloads: ClientDownloads;
  readonly reactions: OwnershipReactions;
  /** A connected browser's own profile: cookies, storage, permissions of the task's sites only. */
  readonly profile: UserProfile;
}
