// What the runtime holds for "the browser", however it was reached: a Chromium it launched
// over the pipe (browserProcess.ts) or a running one it connected to over a WebSocket
// (connectedBrowser.ts). Everything above transport/ sees only this.
import type { EventEmitter } from 'node:events';
import type { CdpConnection } from './cdpConnection.js';
import type { BrowserFiles } from './browserFiles.js';

export interface BrowserVersion {
  product: string;
  revision: string;
  userAgent: string;
  protocolVersion: string;
  jsVersion: string;
}

/**
 * `launched`: the runtime owns the browser and closes it at stop.
 * `connected`: someone else's browser; the runtime only ever disconnects from it.
 * Events: 'exit' once, when the connection is gone (browser closed or link dropped).
 */
export interface BrowserLink extends EventEmitter {
  readonly kind: 'launched' | 'connected';
  readonly connection: CdpConnection;
  readonly version: BrowserVersion;
  readonly pid: number | undefined;
  /** Connected: the browser's WebSocket URL it was reached at. */
  readonly webSocketUrl?: string;
  /** Whether paths the browser names (a finished download) are on this machine (browserFiles.ts). */
  readonly files: BrowserFiles;
  readonly alive: boolean;
  /** Launched: closes the browser. Connected: closes the connection only. */
  close(): Promise<void>;
  /**
   * Ends the link at once, asking the browser nothing (it stopped answering): a launched
   * browser is killed, a connected one disconnected. 'exit' follows.
   */
  drop(): void;
}
