// Live thumbnails of task pages: a CDP screencast on the runtime's own session on each page
// (never a task's), running only while at least one viewer watches. A screencast reads
// what the compositor already drew: it sends no input, moves no focus and changes no
// emulation, so the task's programs see the same page with or without a viewer.
import { EventEmitter } from 'node:events';
import type { CdpEvent, CdpParams } from '../../transport/cdpProtocol.js';
import type { PageSession, PageSessions } from '../browser/pageSessions.js';

export interface ScreencastSettings {
  /** Frames per second at most, per page: the ack of a frame is held back to keep to it. */
  fps: number;
  maxWidth: number;
  maxHeight: number;
  /** JPEG quality, 0 to 100. */
  quality: number;
}

/** A few frames a second at a size that stays sharp when one thumbnail is shown large. */
export const DEFAULT_SCREENCAST: ScreencastSettings = { fps: 4, maxWidth: 960, maxHeight: 600, quality: 55 };
/** A page a person works on (a hand-over): large, sharp and quick enough to type and click by. */
export const INTERACTIVE_SCREENCAST: ScreencastSettings = { fps: 10, maxWidth: 1600, maxHeight: 1000, quality: 70 };

type PageCommand = 'Page.startScreencast' | 'Page.stopScreencast' | 'Page.screencastFrameAck';

/** A command on a page session, its parameters typed by the protocol. */
function sendToPage<M extends PageCommand>(session: PageSession, method: M, params: CdpParams<M>): Promise<unknown> {
  return session.cdp.send<PageCommand>(method, params, session.sessionId);
}

type ScreencastFrame = Extract<CdpEvent, { method: 'Page.screencastFrame' }>['params'];

interface Cast {
  session: PageSession;
  settings: ScreencastSettings;
  lastFrameAt: number;
  ackTimer?: NodeJS.Timeout;
}

/** The last frame of a page: a base64 JPEG as Chrome sent it (never decoded here). */
export interface Frame { targetId: string; data: string; width: number; height: number }

/** Events: 'frame' (Frame). */
export class Screencasts extends EventEmitter {
  private viewers = 0;
  private readonly casts = new Map<string, Cast>();
  /** Pages a person works on: cast with INTERACTIVE_SCREENCAST. */
  private readonly interactive = new Set<string>();
  /** Each watched page's latest frame, so a viewer arriving sees it at once. */
  readonly latest = new Map<string, Frame>();

  private readonly onOpened = (session: PageSession) => { if (this.viewers > 0) this.start(session); };
  private readonly onClosed = (targetId: string) => this.forget(targetId);
  /** Another part of the runtime let go of the Page domain on this page: Chrome stopped its cast with it. */
  private readonly onPageDisabled = (targetId: string) => this.restart(targetId);
  private readonly onEvent = (targetId: string, event: CdpEvent) => {
    // The session hears what the runtime enabled on it (Network, and Runtime and Page for the announcements): only frames count here.
    if (event.method === 'Page.screencastFrame') this.onFrame(targetId, event.params);
  };

  constructor(
    private readonly sessions: PageSessions,
    private readonly settings: ScreencastSettings = DEFAULT_SCREENCAST,
    private readonly interactiveSettings: ScreencastSettings = INTERACTIVE_SCREENCAST,
  ) {
    super();
    sessions.on('opened', this.onOpened);
    sessions.on('closed', this.onClosed);
    sessions.on('pageDisabled', this.onPageDisabled);
    sessions.on('event', this.onEvent);
  }

  /** A viewer started watching; call the returned function when it stops. */
  watch(): () => void {
    // Every viewer arriving starts what is not cast (start() skips a running cast): a start that
    // failed (a page between documents under load) is forgotten, and with viewers still watching
    // nothing started it again. A cast already running is left alone: the feed gives the new
    // viewer each page's latest frame (liveFeed.ts).
    this.viewers++;
    for (const session of this.sessions.open.values()) this.start(session);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      if (--this.viewers === 0) this.stopAll();
    };
  }

  get watching(): boolean {
    return this.viewers > 0;
  }

  /**
   * A person starts or stops working on the page: its cast restarts at the size and rate for
   * that. When they stop, the frames they worked on are not kept (a fresh one follows).
   */
  setInteractive(targetId: string, on: boolean): void {
    if (on === this.interactive.has(targetId)) return;
    if (on) this.interactive.add(targetId);
    else this.interactive.delete(targetId);
    if (!on) this.latest.delete(targetId);
    this.restart(targetId);
  }

  /** Stops the page's cast, if any, and starts it again with the settings that now apply. */
  private restart(targetId: string): void {
    const cast = this.casts.get(targetId);
    if (!cast) return;
    clearTimeout(cast.ackTimer);
    this.casts.delete(targetId);
    sendToPage(cast.session, 'Page.stopScreencast', undefined).catch(() => {});
    this.start(cast.session);
  }

  private start(session: PageSession): void {
    if (this.casts.has(session.targetId)) return;
    const settings = this.interactive.has(session.targetId) ? this.interactiveSettings : this.settings;
    this.casts.set(session.targetId, { session, settings, lastFrameAt: 0 });
    sendToPage(session, 'Page.startScreencast', {
      format: 'jpeg', quality: settings.quality, maxWidth: settings.maxWidth, maxHeight: settings.maxHeight, everyNthFrame: 1,
    }).catch(() => this.forget(session.targetId));
  }

  private onFrame(targetId: string, frame: ScreencastFrame): void {
    const cast = this.casts.get(targetId);
    if (!cast) return;
    const latest: Frame = { targetId, data: frame.data, width: frame.metadata.deviceWidth, height: frame.metadata.deviceHeight };
    this.latest.set(targetId, latest);
    this.emit('frame', latest);
    // Chrome sends the next frame only after this one is acknowledged: holding the ack back
    // is what bounds the rate (and the cost) to `fps`.
    const now = Date.now();
    const wait = Math.max(0, cast.lastFrameAt + 1000 / cast.settings.fps - now);
    cast.lastFrameAt = now + wait;
    const ack = () => {
      cast.ackTimer = undefined;
      if (this.casts.get(targetId) !== cast) return;
      sendToPage(cast.session, 'Page.screencastFrameAck', { sessionId: frame.sessionId }).catch(() => {});
    };
    clearTimeout(cast.ackTimer);
    if (wait === 0) ack();
    else cast.ackTimer = setTimeout(ack, wait);
  }

  private stopAll(): void {
    for (const [targetId, cast] of this.casts) {
      clearTimeout(cast.ackTimer);
      sendToPage(cast.session, 'Page.stopScreencast', undefined).catch(() => {});
      this.casts.delete(targetId);
    }
  }

  /** The page left its task or closed: nothing of it is kept. */
  private forget(targetId: string): void {
    const cast = this.casts.get(targetId);
    if (cast) clearTimeout(cast.ackTimer);
    this.casts.delete(targetId);
    this.latest.delete(targetId);
    this.interactive.delete(targetId);
  }

  dispose(): void {
    this.stopAll();
    this.sessions.off('opened', this.onOpened);
    this.sessions.off('closed', this.onClosed);
    this.sessions.off('pageDisabled', this.onPageDisabled);
    this.sessions.off('event', this.onEvent);
  }
}
