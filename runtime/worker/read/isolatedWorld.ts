// The worker's own scripts in a page (read()'s Markdown conversion, webmcp's listing and
// calls) run in an isolated world of the page's main frame that tabwright creates over its own
// CDP session: they share the page's DOM but not its JavaScript globals, so a page's scripts
// cannot replace what they call (Array.prototype.map, String.prototype.replace, JSON) or read
// their variables.
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import type { Protocol } from 'devtools-protocol';
import { asRuntime } from '../effects/pageCodeCalls.js';

const WORLD_NAME = '__tabwright_world__';

/** A script installed in the world before a call: it sets `globalThis[global]`. */
export interface PageLibrary { global: string; source: () => string }

/** The page threw, or the value could not come back as JSON. */
export class PageScriptError extends Error {
  override name = 'PageScriptError';
}

export class IsolatedWorlds {
  private readonly sessions = new WeakMap<Page, Promise<CDPSession>>();
  /** Each page's session once attached: a call then sends its first command at once, in the caller's turn. */
  private readonly attached = new WeakMap<Page, CDPSession>();
  /** Each page's main frame id, as Chrome last gave it. */
  private readonly mainFrames = new WeakMap<Page, string>();

  constructor(private readonly context: BrowserContext) {}

  /**
   * Calls `functionText` (a self-contained function, sent as text) with one JSON argument in
   * the tabwright world of the page's main frame; resolves with its JSON result. Chrome keeps
   * one such world per document, so a `library` (a script that sets `globalThis[global]`, e.g.
   * a bundle) is installed once per document and found there by later calls.
   */
  call<T>(page: Page, functionText: string, argument: unknown, library?: PageLibrary): Promise<T> {
    // The runtime's own session: what it sends is not the program's page code (pageCodeCalls.ts).
    return asRuntime(() => this.callInWorld<T>(page, functionText, argument, library));
  }

  private async callInWorld<T>(page: Page, functionText: string, argument: unknown, library?: PageLibrary): Promise<T> {
    // Without an await when the session is there: the world's lookup goes out ahead of what the
    // caller asks next (observe()'s snapshot, which the renderer would otherwise answer first).
    const session = this.attached.get(page) ?? await this.session(page);
    const executionContextId = await this.world(page, session);
    if (library) {
      const present = await session.send('Runtime.evaluate', { expression: `typeof globalThis.${library.global}`, contextId: executionContextId, returnByValue: true }) as Protocol.Runtime.EvaluateResponse;
      if (present.result.value === 'undefined') {
        const installed = await session.send('Runtime.evaluate', { expression: library.source(), contextId: executionContextId }) as Protocol.Runtime.EvaluateResponse;
        if (installed.exceptionDetails) throw new PageScriptError(describe(installed.exceptionDetails));
      }
    }
    const reply = await session.send('Runtime.callFunctionOn', {
      functionDeclaration: `function (box) { return (${functionText})(box.argument); }`,
      executionContextId,
      arguments: [{ value: { argument } }],
      returnByValue: true,
      awaitPromise: true,
    }) as Protocol.Runtime.CallFunctionOnResponse;
    if (reply.exceptionDetails) throw new PageScriptError(describe(reply.exceptionDetails));
    return reply.result.value as T;
  }

  /**
   * The world's context in the page's current document. A page's main frame keeps its id from
   * one document to the next, so it is asked of Chrome once per page (a round trip less for
   * each call); a frame id Chrome no longer knows (ids are never reused) is asked again.
   */
  private async world(page: Page, session: CDPSession): Promise<number> {
    const known = this.mainFrames.get(page);
    if (known) {
      const created = await this.createWorld(session, known).catch(() => undefined);
      if (created !== undefined) return created;
    }
    const { frameTree } = await session.send('Page.getFrameTree') as Protocol.Page.GetFrameTreeResponse;
    this.mainFrames.set(page, frameTree.frame.id);
    return this.createWorld(session, frameTree.frame.id);
  }

  /** Chrome makes the world in the frame's document once and answers the same context after. */
  private async createWorld(session: CDPSession, frameId: string): Promise<number> {
    const { executionContextId } = await session.send('Page.createIsolatedWorld', {
      frameId, worldName: WORLD_NAME, grantUniveralAccess: false,
    }) as Protocol.Page.CreateIsolatedWorldResponse;
    return executionContextId;
  }

  private session(page: Page): Promise<CDPSession> {
    let session = this.sessions.get(page);
    if (!session) {
      session = this.context.newCDPSession(page);
      // A failed attach is not kept: the next call tries again.
      session.then(attached => this.attached.set(page, attached), () => this.sessions.delete(page));
      this.sessions.set(page, session);
    }
    return session;
  }
}

function describe(details: Protocol.Runtime.ExceptionDetails): string {
  return details.exception?.description?.split('\n')[0] ?? details.text;
}
