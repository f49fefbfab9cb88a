// The runtime's side of recording one page: on the runtime's own CDP session with the page
// (pageSessions.ts; never a task's, so the router's hold on a page a person works on does not
// apply, and nothing the task's program sees changes), the recorder's script
// (stepRecorderInPage.ts) runs in an isolated world of each document, and its one way out is a
// binding Chrome exposes to that world only (Runtime.addBinding with executionContextName): the
// page's own scripts can neither call it nor reach the script.
import fs from 'node:fs';
import type { Protocol } from 'devtools-protocol';
import type { CdpEvent } from '../../transport/cdpProtocol.js';
import type { PageSession, PageSessions } from '../browser/pageSessions.js';
import { injectedScriptClassExpression, injectedScriptOptions, injectedScriptSource } from './injectedScriptSource.js';
import type { ProposedCheck } from './pageMessages.js';
import type { StepRecorderOptions } from './stepRecorderInPage.js';

/** The recorder's world in each document, and its binding (exposed there only). */
export const RECORDER_WORLD = '__tabwright_recorder__';
export const RECORDER_BINDING = '__tabwrightRecordStep';
/** The attribute Playwright's getByTestId reads by default; a recorded test id uses it too. */
const TEST_ID_ATTRIBUTE = 'data-testid';

let recorderBundle: string | undefined;

/** The whole script a document's recorder world runs: Playwright's InjectedScript class, the recorder, its start. */
export function recorderScript(): string {
  recorderBundle ??= fs.readFileSync(new URL('./stepRecorderInPage.bundle.js', import.meta.url), 'utf8');
  const options: StepRecorderOptions = { binding: RECORDER_BINDING, testIdAttributeName: TEST_ID_ATTRIBUTE, injectedOptions: injectedScriptOptions(TEST_ID_ATTRIBUTE) };
  return `(() => {
if (globalThis.__tabwrightRecorder) return;
const InjectedScript = ${injectedScriptClassExpression(injectedScriptSource())};
${recorderBundle}
globalThis.__tabwrightRecorder = __tabwrightStepRecorderPage.startStepRecorder(InjectedScript, ${JSON.stringify(options)});
})();`;
}

export class PageRecorder {
  private scriptId?: string;
  private readonly releases: (() => void)[] = [];
  private stopped = false;

  private readonly onEvent = (targetId: string, event: CdpEvent) => {
    if (targetId !== this.session.targetId || event.method !== 'Runtime.bindingCalled' || event.params.name !== RECORDER_BINDING) return;
    let message: unknown;
    try {
      message = JSON.parse(event.params.payload);
    } catch {
      return;
    }
    this.onMessage(message);
  };

  private constructor(
    private readonly sessions: PageSessions,
    private readonly session: PageSession,
    /** Each message of the page's recorder, unchecked (the page's text is in it). */
    private readonly onMessage: (message: unknown) => void,
  ) {}

  /**
   * Starts recording the page: in every document it loads from now on, and in the one it shows.
   * Rejects when the page cannot be recorded (it closed, or Playwright's script is not found).
   */
  static async start(sessions: PageSessions, session: PageSession, onMessage: (message: unknown) => void): Promise<PageRecorder> {
    const recorder = new PageRecorder(sessions, session, onMessage);
    try {
      await recorder.install();
    } catch (error) {
      await recorder.stop();
      throw error;
    }
    return recorder;
  }

  private async install(): Promise<void> {
    const { cdp, sessionId } = this.session;
    const source = recorderScript();
    this.sessions.on('event', this.onEvent);
    // Bindings reach a world only on a session with Runtime on; scripts for new documents need Page.
    this.releases.push(await this.sessions.enable(this.session, 'Runtime'));
    this.releases.push(await this.sessions.enable(this.session, 'Page'));
    await cdp.send('Runtime.addBinding', { name: RECORDER_BINDING, executionContextName: RECORDER_WORLD }, sessionId);
    const added = await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source, worldName: RECORDER_WORLD }, sessionId);
    this.scriptId = added.identifier;
    const contextId = await this.world();
    const installed = await cdp.send('Runtime.evaluate', { expression: source, contextId }, sessionId);
    if (installed.exceptionDetails) throw new Error(`the recorder's script failed in the page: ${describe(installed.exceptionDetails)}`);
  }

  /** The recorder's world in the main frame's current document (Chrome makes it once per document). */
  private async world(): Promise<number> {
    const { cdp, sessionId } = this.session;
    const { frameTree } = await cdp.send('Page.getFrameTree', undefined, sessionId);
    const { executionContextId } = await cdp.send('Page.createIsolatedWorld', { frameId: frameTree.frame.id, worldName: RECORDER_WORLD, grantUniveralAccess: false }, sessionId);
    return executionContextId;
  }

  /** What the page shows as the result of the flow now (the final check's proposal), or only its URL. */
  async propose(): Promise<unknown> {
    const { cdp, sessionId } = this.session;
    const contextId = await this.world();
    const answer = await cdp.send('Runtime.evaluate', {
      expression: 'globalThis.__tabwrightRecorder ? globalThis.__tabwrightRecorder.propose() : { url: location.href }',
      contextId, returnByValue: true,
    }, sessionId);
    if (answer.exceptionDetails) throw new Error(`the page could not propose a check: ${describe(answer.exceptionDetails)}`);
    return answer.result.value as ProposedCheck | unknown;
  }

  /** Stops recording: nothing more is heard, new documents get no recorder, the current one's stops listening. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.sessions.off('event', this.onEvent);
    const { cdp, sessionId } = this.session;
    const gone = this.sessions.open.get(this.session.targetId)?.sessionId !== sessionId;
    if (!gone) {
      await Promise.all([
        this.scriptId ? cdp.send('Page.removeScriptToEvaluateOnNewDocument', { identifier: this.scriptId }, sessionId).catch(() => {}) : undefined,
        cdp.send('Runtime.removeBinding', { name: RECORDER_BINDING }, sessionId).catch(() => {}),
        this.world().then(contextId => cdp.send('Runtime.evaluate', { expression: 'globalThis.__tabwrightRecorder?.stop()', contextId }, sessionId)).catch(() => {}),
      ]);
    }
    for (const release of this.releases.splice(0)) release();
  }
}

function describe(details: Protocol.Runtime.ExceptionDetails): string {
  return details.exception?.description?.split('\n')[0] ?? details.text;
}
