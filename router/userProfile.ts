// A connected browser's own profile (the user's cookies, storage, site permissions), as one
// client of a task may touch it: userProfilePolicy.ts decides from the sites of the task's
// pages, asked of Chrome when a command needs them, and this part carries the verdict out.
// A launched browser's profile is the runtime's own, shared by its tasks by design, and an
// isolated task's context or a context the client created is theirs alone: neither is guarded.
import type { CdpConnection } from '../transport/cdpConnection.js';
import type { UpstreamBrowser } from './taskScope.js';
import type { SessionTable } from './sessionTable.js';
import type { ClientWire } from './clientWire.js';
import type { Respond } from './clientWire.js';
import type { TargetInfo } from './ownership.js';
import { cookieOfSites, profileVerdict, sitesOf, type TaskSites } from './userProfilePolicy.js';
import { refused } from './protocolErrors.js';

export class UserProfile {
  private readonly cdp: CdpConnection;
  private readonly onUserProfile: boolean;

  constructor(upstream: UpstreamBrowser, private readonly table: SessionTable, private readonly wire: ClientWire) {
    this.cdp = upstream.cdp;
    this.onUserProfile = upstream.userProfile;
  }

  /**
   * Whether a command on this context acts on the user's profile (a connected browser's
   * default context): any context but the task's own. A browser-level command naming none acts
   * on the task's default: its isolated context, or the user's profile.
   */
  guards(contextId: unknown): boolean {
    return this.onUserProfile && !this.table.isOwnContext(contextId ?? this.table.ownDefaultContext);
  }

  /** Forwards `method` when it touches only the task's own sites; refuses it, or filters its cookies, otherwise. */
  forward(method: string, params: Record<string, unknown>, realSessionId: string | undefined, respond: Respond): void {
    void this.sites().then(sites => {
      const verdict = profileVerdict(method, params, sites);
      switch (verdict.kind) {
        case 'forward':
          return this.wire.forward(method, params, realSessionId, respond);
        case 'refuse':
          return respond({ error: refused(verdict.reason) });
        case 'filterCookies':
          return this.wire.forward(method, params, realSessionId, respond, reply => {
            const cookies = reply.result?.cookies;
            if (!Array.isArray(cookies)) return reply;
            return { result: { ...reply.result, cookies: cookies.filter(cookie => cookieOfSites(cookie, sites)) } };
          });
      }
    });
  }

  /** The sites of the task's pages now, from Chrome's own list of targets (fresh: pages navigate). */
  private async sites(): Promise<TaskSites> {
    const reply = await this.cdp.raw('Target.getTargets', {});
    const infos = (reply.result?.targetInfos ?? []) as TargetInfo[];
    return sitesOf(infos.filter(info => info.type === 'page' && this.table.ownsPage(info.targetId)).map(info => info.url));
  }
}
