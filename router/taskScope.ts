// What a connection is given from outside the router's parts: the task it belongs to (as the
// runtime describes it) and the browser behind the router. Each part of a connection gets the
// parts and facts it uses through its constructor (clientConnection.ts builds them in order).
import type { CdpConnection } from '../transport/cdpConnection.js';
import type { BrowserVersion } from '../transport/browserLink.js';
import type { UrlPolicyOptions } from './urlPolicy.js';
import type { CommandTap } from './commandTap.js';
import type { DownloadRelay } from './downloadRelay.js';

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
