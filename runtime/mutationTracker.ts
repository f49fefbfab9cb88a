// Decides a program's mutationState from what the task actually sent and saw, not from
// its text: `none` only when no input, navigation, main-world script, upload or
// state-changing request was observed for the whole program.
import type { CommandTap } from '../router/commandTap.js';
import type { MutationState } from './receipt.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const NAVIGATIONS = new Set(['Page.navigate', 'Page.reload', 'Page.navigateToHistoryEntry', 'Target.createTarget']);
const UPLOADS = new Set(['DOM.setFileInputFiles']);

export class MutationTracker implements CommandTap {
  /** Called once per program, the first time a mutation becomes possible (to persist it). */
  onPossible?: () => void;
  /** Main-world execution contexts, per target ("targetId:contextId"). */
  private readonly mainWorlds = new Set<string>();
  private observed: string[] = [];

  /** Starts observing a new program. */
  begin(): void {
    this.observed = [];
  }

  get state(): MutationState {
    return this.observed.length ? 'possible' : 'none';
  }

  /** What made the state `possible`, first few reasons (for debugging and hints). */
  get reasons(): string[] {
    return this.observed.slice(0, 5);
  }

  command(method: string, params: Record<string, unknown>, targetId: string): void {
    if (method.startsWith('Input.')) return this.note(method);
    if (NAVIGATIONS.has(method)) {
      if (method === 'Target.createTarget' && (params.url === undefined || params.url === 'about:blank')) return;
      return this.note(method);
    }
    if (UPLOADS.has(method)) return this.note(method);
    if (method === 'Runtime.evaluate' || method === 'Runtime.callFunctionOn' || method === 'Runtime.compileScript' || method === 'Runtime.runScript') {
      if (this.inMainWorld(params, targetId)) this.note(`${method} in the page's main world`);
    }
  }

  event(method: string, params: Record<string, unknown>, targetId: string): void {
    switch (method) {
      case 'Runtime.executionContextCreated': {
        const context = params.context as { id: number; auxData?: { isDefault?: boolean } };
        if (context.auxData?.isDefault) this.mainWorlds.add(`${targetId}:${context.id}`);
        return;
      }
      case 'Network.requestWillBeSent': {
        const request = params.request as { method: string; url: string };
        if (!SAFE_METHODS.has(request.method)) this.note(`${request.method} ${request.url}`);
        return;
      }
    }
  }

  /**
   * Whether a script command runs in a main world. Playwright's own queries run in its
   * utility world; page.evaluate and friends run in the main world. Unknown means yes.
   */
  private inMainWorld(params: Record<string, unknown>, targetId: string): boolean {
    if (typeof params.executionContextId === 'number') return this.mainWorlds.has(`${targetId}:${params.executionContextId}`);
    if (typeof params.contextId === 'number') return this.mainWorlds.has(`${targetId}:${params.contextId}`);
    if (typeof params.objectId === 'string') {
      // V8 remote object ids read "<isolate>.<context>.<id>".
      const parts = params.objectId.split('.');
      if (parts.length === 3) return this.mainWorlds.has(`${targetId}:${parts[1]}`);
    }
    return true;
  }

  private note(reason: string): void {
    if (this.observed.length === 0) this.onPossible?.();
    if (this.observed.length < 50) this.observed.push(reason);
  }
}
