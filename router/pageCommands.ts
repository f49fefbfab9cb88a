// Commands on a page, iframe or worker session: what pageSessionPolicy.ts decides, carried out.
import type { Respond } from './clientWire.js';
import type { TargetSession } from './sessionTable.js';
import { checkUrl } from './urlPolicy.js';
import { pageAutoAttachParams } from './childSessionPolicy.js';
import { heldForPerson, pageMethodVerdict } from './pageSessionPolicy.js';
import { heldByPerson, INVALID_URL, NO_SESSION_TO_DETACH, NO_TARGET, notAvailable, refused } from './protocolErrors.js';
import type { Windows } from './windows.js';
import type { UserProfile } from './userProfile.js';
import type { PersonHoldEvents } from './personHoldEvents.js';
import type { ClientWire } from './clientWire.js';
import type { SessionTable } from './sessionTable.js';
import type { OwnershipRegistry } from './ownership.js';
import type { CdpConnection } from '../transport/cdpConnection.js';
import type { TaskScope } from './taskScope.js';

export class PageCommands {
  constructor(
    private readonly task: TaskScope,
    private readonly cdp: CdpConnection,
    private readonly registry: OwnershipRegistry,
    private readonly table: SessionTable,
    private readonly wire: ClientWire,
    private readonly windows: Windows,
    private readonly ownWorker: boolean,
    private readonly profile: UserProfile,
    /** The browser is someone's own (connected): their profile's storage is guarded (userProfile.ts). */
    private readonly userProfile: boolean,
    /** A frame's document can be refused here (childSessionPolicy.framesRefusable). */
    private readonly framesRefusable: boolean,
    /** What a person sent during a hand-over, withheld from the task (personHoldEvents.ts). */
    private readonly personInput: PersonHoldEvents,
  ) {}

  handle(session: TargetSession, method: string, params: Record<string, unknown>, respond: Respond): void {
    const hold = this.task.personHold?.();
    if (hold !== undefined && heldForPerson(method, params, this.ownWorker)) return respond({ error: heldByPerson(hold) });
    if (method === 'Network.getRequestPostData' && this.personInput.withheld(session, params.requestId))
      return respond({ error: refused('the body of this request is what a person typed during a hand-over; it is theirs') });
    const verdict = pageMethodVerdict(method, this.table.isOwnContext(session.contextId), this.userProfile);
    switch (verdict.kind) {
      case 'forward':
        if (method === 'Runtime.runIfWaitingForDebugger' && session.scope) {
          this.wire.forward(method, params, session.realId, respond);
          return this.registry.starts.ownerStarted(session.targetId);
        }
        return this.wire.forward(method, params, session.realId, respond);
      case 'refuse':
        return respond({ error: verdict.reason ? refused(verdict.reason) : notAvailable(method, 'page') });
      case 'frameTree':
        return this.wire.forward(method, params, session.realId, respond, reply => {
          if (reply.result) this.registry.frames.noteTree(reply.result.frameTree as { frame: { id: string } }, session.targetId);
          return reply;
        });
      case 'navigate': {
        const verdict = checkUrl(String(params.url ?? ''), this.task.urlPolicy);
        if (!verdict.allowed) return respond({ error: verdict.invalid ? INVALID_URL : refused(verdict.reason) });
        return this.wire.forward(method, params, session.realId, respond);
      }
      case 'historyNavigate':
        this.cdp.request('Page.getNavigationHistory', {}, session.realId, history => {
          const entries = (history.result?.entries ?? []) as { id: number; url: string }[];
          const entry = entries.find(e => e.id === params.entryId);
          const verdict = entry ? checkUrl(entry.url, this.task.urlPolicy) : undefined;
          if (verdict && !verdict.allowed) respond({ error: refused(verdict.reason) });
          else this.wire.forward(method, params, session.realId, respond);
        });
        return;
      case 'bringToFront':
        // Headed, the user's tab stays in front (focus is emulated). Headless there is no user
        // to disturb, and a tab behind a popup renders again only when brought to front.
        if (!this.task.headless) return respond({ result: {} });
        return this.wire.forward(method, params, session.realId, respond);
      case 'filePaths':
        if (this.task.urlPolicy.allowFile || this.ownWorker) return this.wire.forward(method, params, session.realId, respond);
        return respond({ error: refused('file paths are not sent to the browser; setInputFiles sends the bytes instead (a folder needs a runtime started with `tabwright runtime start --allow-file-urls`)') });
      case 'autoAttach': {
        // The session's own context, by its id: a context the task created or holds (isolated).
        const contextIsTasks = session.contextId !== undefined && this.registry.contextOwner(session.contextId) === this.task.name;
        return this.wire.forward(method, pageAutoAttachParams(params, contextIsTasks), session.realId, respond);
      }
      case 'allFrames':
        if (this.framesRefusable) return respond({ error: refused(`${method} serializes every frame of the page, other sites' frames included, and frames here are held to the runtime's origin policy (router/README.md)`) });
        return this.wire.forward(method, params, session.realId, respond);
      case 'detachChild': {
        const child = this.table.sessions.get(params.sessionId as string);
        if (!child || child.parent !== session) return respond({ error: NO_SESSION_TO_DETACH });
        return this.wire.forward(method, { sessionId: child.realId }, session.realId, respond);
      }
      case 'ownTargetInfo':
        if (params.targetId !== undefined && params.targetId !== session.targetId) return respond({ error: NO_TARGET });
        return this.wire.forward(method, {}, session.realId, respond);
      case 'windowForTarget':
        if (params.targetId !== undefined && !this.table.owns(params.targetId)) return respond({ error: NO_TARGET });
        return this.wire.forward(method, params, session.realId, respond, reply => this.windows.noteWindow(reply, session.targetId));
      case 'windowBounds':
        return this.windows.command(method, params, session.realId, respond);
      case 'userProfile':
        return this.profile.forward(method, params, session.realId, respond);
    }
  }
}
