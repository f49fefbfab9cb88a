// Downloads as one client asked to see them (Browser.setDownloadBehavior per context): the
// runtime's download relay reports every download; this shows the task's own, and delivers
// a finished file where the client asked for it.
import type { Reply } from './clientWire.js';
import type { BrowserScope } from './sessionTable.js';
import type { Download } from './downloadRelay.js';
import { deliverFile, safeFileName } from '../contract/fileNaming.js';
import { noContext } from './protocolErrors.js';
import type { ClientWire } from './clientWire.js';
import type { SessionTable } from './sessionTable.js';
import type { DownloadRelay } from './downloadRelay.js';
import type { TaskScope } from './taskScope.js';

interface DownloadSetting {
  behavior: string;
  downloadPath?: string;
  eventsEnabled: boolean;
  scope: BrowserScope;
}

export class ClientDownloads {
  private readonly settings = new Map<string, DownloadSetting>();
  /** Downloads shown to this client, by guid, with the setting that showed them. */
  private readonly shown = new Map<string, DownloadSetting>();
  private readonly onBegin = (download: Download, params: Record<string, unknown>) => this.began(download, params);
  private readonly onProgress = (download: Download, params: Record<string, unknown>) => void this.progressed(download, params);

  constructor(
    private readonly task: TaskScope,
    private readonly relay: DownloadRelay,
    private readonly table: SessionTable,
    private readonly wire: ClientWire,
  ) {}

  subscribe(): void {
    this.relay.on('begin', this.onBegin);
    this.relay.on('progress', this.onProgress);
  }

  unsubscribe(): void {
    this.relay.off('begin', this.onBegin);
    this.relay.off('progress', this.onProgress);
  }

  /** Whether a download was shown to this client (it may cancel only those). */
  isShown(guid: string): boolean {
    return this.shown.has(guid);
  }

  setBehavior(scope: BrowserScope, params: Record<string, unknown>): Reply {
    const contextId = params.browserContextId;
    if (!this.table.knowsContext(contextId)) return { error: noContext(contextId) };
    const key = typeof contextId === 'string' && this.table.createdContexts.has(contextId) ? contextId : '';
    if (params.behavior === 'default') {
      this.settings.delete(key);
    } else {
      this.settings.set(key, {
        behavior: String(params.behavior), eventsEnabled: params.eventsEnabled === true, scope,
        ...(typeof params.downloadPath === 'string' ? { downloadPath: params.downloadPath } : {}),
      });
    }
    return { result: {} };
  }

  private began(download: Download, params: Record<string, unknown>): void {
    if (download.task !== this.task.name || this.wire.closed) return;
    const contextId = [...this.table.sessions.values()].find(s => s.targetId === download.pageTargetId)?.contextId;
    const setting = this.settings.get(contextId && this.table.createdContexts.has(contextId) ? contextId : '');
    if (!setting) return;
    this.shown.set(download.guid, setting);
    if (setting.eventsEnabled) this.wire.sendOn(setting.scope, { method: 'Browser.downloadWillBegin', params });
    if (setting.behavior === 'deny') void this.relay.cancel(download.guid);
  }

  private async progressed(download: Download, params: Record<string, unknown>): Promise<void> {
    const setting = this.shown.get(download.guid);
    if (!setting) return;
    let shown = params;
    if (download.state !== 'inProgress') this.shown.delete(download.guid);
    // A remote browser's file is on its host: it completed there, and there is nothing to link here.
    const readable = this.relay.filesHere;
    if (download.state === 'completed' && readable && setting.downloadPath && download.filePath && setting.behavior !== 'deny') {
      // `allow` names the file as the page suggested: made one safe name, and never over a file
      // already there (a numbered name instead).
      const name = setting.behavior === 'allowAndName' ? safeFileName(download.guid) : safeFileName(download.suggestedFilename, download.guid);
      try {
        const destination = await deliverFile(download.filePath, setting.downloadPath, name);
        shown = { ...params, filePath: destination };
      } catch {
        shown = { ...params, state: 'canceled' };
      }
    }
    if (setting.eventsEnabled) this.wire.sendOn(setting.scope, { method: 'Browser.downloadProgress', params: shown });
  }

  /** A browser scope that ends takes its download settings with it. */
  forgetScope(scope: BrowserScope): void {
    for (const [guid, setting] of this.shown) if (setting.scope === scope) this.shown.delete(guid);
    for (const [key, setting] of this.settings) if (setting.scope === scope) this.settings.delete(key);
  }
}
