// A new browser session (the runtime restarted, or the browser it launched died and was
// launched again) accounts for every page row the last one left open, so a task finds its
// tabs again under the same ids:
// - the tab is still there (a connected browser outlives the runtime): same target id, the
//   task claims it again, and an isolated task gets its context back;
// - the tab is gone and the browser is the runtime's own (it died with the runtime): the tab
//   is reopened at its last committed URL and the row now names the new target;
// - a task's own browser from a browser service (`--browser-service`) is always new: the one
//   before was given back when the task went idle, or the service ended it. Only that task's
//   tabs are accounted for there (the others are in their own browsers), each reopened;
// - otherwise (a connected browser's tab closed meanwhile, or a tab no task held) the row is
//   closed; its id is never used again.
// A reopened tab is a new document: what lived only in the old one is gone, so the task's
// next receipt says so (reopenedHint).
import type { OwnershipRegistry, TargetInfo } from '../../router/ownership.js';
import { checkUrl, type UrlPolicyOptions } from '../../router/urlPolicy.js';
import type { PageTable } from './pageTable.js';

export interface RecoveredTask {
  task: string;
  /** Tabs found open as they were (same target). */
  found: number[];
  /** Tabs opened again at their last URL. */
  reopened: number[];
  /** Tabs that could not be reopened (their ids are closed), and why. */
  lost: { id: number; why: string }[];
  /** The task's own context (an isolated task): the one found, or a fresh one for reopened tabs. */
  contextId?: string;
  /** Reopened in a new browser from the service, not after a restart (the hint says which). */
  fromService?: true;
}

/** What recovery needs of the new browser session. */
export interface RecoveryBrowser {
  /**
   * `launched`: the runtime's own, restarted (tabs reopened); `connected`: someone else's, which
   * outlived the runtime (tabs found, or closed); `service`: one task's new browser from a service (its tabs reopened).
   */
  kind: 'launched' | 'connected' | 'service';
  /** With `service`: the task it is for; only its rows are accounted for. */
  task?: string;
  /** What Chrome said of a target it has (the new session's page catalog). */
  targetInfo(targetId: string): TargetInfo | undefined;
  createContext(): Promise<string>;
  /** Opens a tab; resolves with its target id. */
  createTarget(url: string, browserContextId: string | undefined): Promise<string>;
}

export async function recoverPages(
  browser: RecoveryBrowser,
  table: PageTable,
  registry: OwnershipRegistry,
  urlPolicy: UrlPolicyOptions,
): Promise<Map<string, RecoveredTask>> {
  const recovered = new Map<string, RecoveredTask>();
  const entry = (task: string): RecoveredTask => {
    let known = recovered.get(task);
    if (!known) recovered.set(task, known = { task, found: [], reopened: [], lost: [], ...(browser.kind === 'service' ? { fromService: true as const } : {}) });
    return known;
  };
  // In id order, so a task's first tab is reopened first and stays its first.
  for (const row of table.openTabRows()) {
    if (browser.kind === 'service' && row.task !== browser.task) continue;
    const info = browser.targetInfo(row.targetId);
    if (info) {
      if (!row.task) continue;
      const found = entry(row.task);
      if (row.isolated && info.browserContextId) {
        found.contextId = info.browserContextId;
        registry.ownContext(info.browserContextId, row.task);
      }
      registry.claim(row.targetId, row.task, row.how ?? 'created');
      found.found.push(row.id);
      continue;
    }
    if (!row.task || browser.kind === 'connected') {
      table.closed(row.targetId);
      continue;
    }
    const reopened = entry(row.task);
    try {
      if (row.isolated && !reopened.contextId) {
        reopened.contextId = await browser.createContext();
        registry.ownContext(reopened.contextId, row.task);
      }
      // The URL policy of today decides: a URL refused now (file: without the switch) is not loaded again.
      const url = row.url && checkUrl(row.url, urlPolicy).allowed ? row.url : 'about:blank';
      const targetId = await browser.createTarget(url, row.isolated ? reopened.contextId : undefined);
      table.moveTo(row.id, targetId);
      registry.claim(targetId, row.task, row.how ?? 'created');
      reopened.reopened.push(row.id);
    } catch (error) {
      // One tab that cannot be reopened must not keep every later browser session from starting.
      table.closed(row.targetId);
      reopened.lost.push({ id: row.id, why: error instanceof Error ? error.message : String(error) });
    }
  }
  return recovered;
}

/** What the task's next receipt says about tabs reopened for it (nothing when none was). */
export function reopenedHints(recovered: RecoveredTask): string[] {
  const hints = recovered.reopened.length ? [reopenedHint(recovered)] : [];
  for (const { id, why } of recovered.lost)
    hints.push(`Tab ${id} could not be reopened after the browser restarted (${why}); it is closed. Open the page again with tabs.new(url).`);
  return hints;
}

function reopenedHint(recovered: RecoveredTask): string {
  const ids = recovered.reopened.join(', ');
  const storage = recovered.fromService
    ? 'cookies and storage were lost with the browser it was in'
    : recovered.contextId
      ? 'an isolated task\'s cookies and storage were lost with its context'
      : 'cookies with an expiry date and localStorage are kept in the runtime\'s profile directory, session cookies are not';
  const why = recovered.fromService
    ? 'This task\'s browser from the browser service was given back while the task was idle (or the service ended it), and this program got a new one'
    : 'The browser was restarted (a runtime restart or a browser crash)';
  return `${why}, so tab${recovered.reopened.length > 1 ? 's' : ''} ${ids} `
    + `${recovered.reopened.length > 1 ? 'were' : 'was'} reopened at the last URL, under the same id: what lived only in the page `
    + `(form input, scroll position, sessionStorage, JavaScript state) was lost; ${storage}. Check the page before acting on it.`;
}
