// Downloads, for every task on one browser. Chrome keeps one download behaviour per browser
// context and sends download events only to the session that enabled them, so clients must
// not set it themselves (a task's Playwright would redirect the user's and every other
// task's downloads into its own temp directory). Instead the runtime's root session saves
// every download as <downloads dir>/<guid>, this relay names the task whose frame started it,
// and each client connection of that task answers Browser.setDownloadBehavior itself and
// gets the events and the file (linked into the directory it asked for).
// A connected browser's own context is the user's: there the runtime only asks to hear of
// downloads (behavior "default"), so theirs still land where their browser puts them, and a
// task's lands there too and is linked from that path. When the browser's files are not on
// this machine (a remote browser), no path it names is read here: the file stays on its host.
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import type { CdpConnection, CdpMessage } from '../transport/cdpConnection.js';
import type { CdpEvent } from '../transport/cdpProtocol.js';
import type { OwnershipRegistry } from './ownership.js';

export interface Download {
  guid: string;
  url: string;
  suggestedFilename: string;
  frameId: string;
  /** The task whose frame started it; undefined for the user's own downloads. */
  task?: string;
  /** The top-level page of that frame. */
  pageTargetId: string;
  /** Where Chrome wrote it, once completed. */
  filePath?: string;
  state: 'inProgress' | 'completed' | 'canceled';
}

/**
 * Events: 'begin' (download, willBeginParams), 'progress' (download, progressParams).
 * A completed download's file stays in the downloads directory (the runtime's record of it).
 */
export class DownloadRelay extends EventEmitter {
  private readonly downloads = new Map<string, Download>();

  /**
   * `filesHere`: paths the browser names are on this machine (transport/browserFiles.ts). When
   * false, contexts keep the browser's own download folder too: a folder named here may not
   * exist there.
   */
  constructor(private readonly cdp: CdpConnection, private readonly registry: OwnershipRegistry, readonly dir: string, readonly filesHere: boolean) {
    super();
    cdp.on('event', (event: CdpEvent) => this.onEvent(event));
  }

  /**
   * The default context: a launched browser's (the runtime's profile) saves under the runtime's
   * directory; a connected browser's (the user's profile) keeps its own setting, and the relay
   * only hears of its downloads.
   */
  async start(connected: boolean): Promise<void> {
    fs.mkdirSync(this.dir, { recursive: true });
    if (connected) await this.cdp.send('Browser.setDownloadBehavior', { behavior: 'default', eventsEnabled: true });
    else await this.configureContext(undefined);
  }

  /** A context the runtime or a task created: saved under the runtime's directory when it is here. */
  async configureContext(browserContextId: string | undefined): Promise<void> {
    await this.cdp.send('Browser.setDownloadBehavior', {
      ...(this.filesHere ? { behavior: 'allowAndName', downloadPath: this.dir } : { behavior: 'default' }),
      eventsEnabled: true,
      ...(browserContextId ? { browserContextId } : {}),
    });
  }

  cancel(guid: string): Promise<CdpMessage> {
    return this.cdp.raw('Browser.cancelDownload', { guid });
  }

  private onEvent(event: CdpEvent): void {
    if (event.method === 'Browser.downloadWillBegin') {
      const params = event.params;
      const owner = this.registry.ownerOf(params.frameId);
      const download: Download = {
        guid: params.guid, url: params.url, suggestedFilename: params.suggestedFilename,
        frameId: params.frameId, pageTargetId: this.registry.pageOf(params.frameId), state: 'inProgress',
        ...(owner ? { task: owner.task } : {}),
      };
      this.downloads.set(download.guid, download);
      this.emit('begin', download, params);
    } else if (event.method === 'Browser.downloadProgress') {
      const params = event.params;
      const download = this.downloads.get(params.guid);
      if (!download) return;
      if (params.state === 'completed') {
        download.state = 'completed';
        download.filePath = params.filePath ?? path.join(this.dir, download.guid);
      } else if (params.state === 'canceled') {
        download.state = 'canceled';
      }
      this.emit('progress', download, params);
      if (download.state !== 'inProgress') this.downloads.delete(download.guid);
    }
  }
}
