// A task's worker: one Playwright connected to the task's scoped endpoint, running the
// task's programs one at a time. Terminating it never closes the task's tabs: they belong
// to the browser, and the next worker finds them again.
import { parentPort, type MessagePort } from 'node:worker_threads';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { FromWorker, PageRecord, ProgramOutcome, RunMessage, ToWorker, WorkerStart } from '../programs/workerProtocol.js';
import { compileProgram, PROGRAM_PARAMETERS, type ProgramParameter } from '../programs/programSource.js';
import { ConsoleCapture } from './effects/consoleCapture.js';
import { Tabs } from './program/tabs.js';
import { capResult, encodeResult } from './program/resultEncoder.js';
import { addStillWaiting, attachView, caughtHint, explainedByPage, reportError } from './diagnosis/errorReport.js';
import { caughtErrors } from './diagnosis/caughtErrors.js';
import { offscreenPointer } from './diagnosis/slips/offscreenPointer.js';
import { scrolledHover } from './diagnosis/slips/scrolledHover.js';
import { waitingCalls } from './diagnosis/waitingCalls.js';
import { earlyReads } from './diagnosis/slips/earlyReads.js';
import { dialogLeftOpen, openDialogInPage, type OpenDialog } from './diagnosis/slips/openDialog.js';
import { watchPointerActions } from './playwrightInternals/coveredTarget.js';
import { ArtifactWriter } from './program/artifactWriter.js';
import { PageObserver, MAX_PAGE_CHANGES } from './effects/pageObserver.js';
import { guardOutcome } from './program/outcomeGuard.js';
import { DEFAULT_ACTION_TIMEOUT_MS, DEFAULT_NAVIGATION_TIMEOUT_MS } from './defaultTimeouts.js';
import { observeFor, type Observe } from './observation/observe.js';
import { ProgramGotos } from './observation/programGotos.js';
import { animationsEndInPage, domQuietInPage, PageActivity, tipAfterHover, type DomQuiet } from './observation/pageActivity.js';
import { factsInPage, type FactsAnswer, type FactsQuery } from './observation/pageFacts.js';
import { programPlaybooks } from './program/playbooks.js';
import { portTransport } from './portTransport.js';
import { loadOneByte, playwrightBundles } from './playwrightInternals/oneByteSource.js';
import { taskCoreBundleText } from './playwrightInternals/coreBundleText/taskCoreBundle.js';
import { CodeCache, playwrightTestScripts } from './playwrightInternals/codeCache.js';
import { PreparedTexts } from './playwrightInternals/preparedText.js';
import { WorkerMutations } from './effects/workerMutations.js';
import { watchActions, watchInputDevices } from './effects/actionWindows.js';
import { asRuntime, watchPageCode } from './effects/pageCodeCalls.js';
import { watchProgramRequests } from './effects/programRequests.js';
import { HandoffWaiters, programHandoff } from './program/handoff.js';
import { guardPageActions } from './playwrightInternals/inputGuard.js';
import { diagnosingExpect, watchLocatorFailures } from './diagnosis/failureDiagnosis.js';
import { PAGE_DID_NOT_ANSWER, failureReads } from './diagnosis/failureReads.js';
import type { PlaybookCall } from '../playbooks/playbookProtocol.js';
import { IsolatedWorlds } from './read/isolatedWorld.js';
import { programWebmcp, siteToolsOf } from './webmcp/programWebmcp.js';
import { readFor } from './read/programRead.js';
import { DebugRecording } from './debugBundle/debugBundle.js';
import { snapshotsBlankPasswords } from './playwrightInternals/coreBundleText/traceSnapshotPasswords.js';
import { ExpectOnDemand } from './program/expectOnDemand.js';
import { ProgramCalls } from './program/programCalls.js';

// Required, not imported: an ES import of a CommonJS package makes Node scan the package's
// source for export names (cjs-module-lexer over playwright-core's 3.6 MB bundle), about
// 0.4 s of CPU for every worker started on this machine.
const require = createRequire(import.meta.url);
// Before the first require of Playwright: its two bundles' text at one byte a character (7 MiB
// a worker), its waits retimed, its own text reads in its utility world, its injected script one
// text for every document (playwrightInternals/: every reliance on Playwright's internals is
// there, with its README). Compiled from V8 code caches (codeCache.ts), made by a worker that
// loaded without them (saveCodeCache).
// The texts so made are kept beside the caches (preparedText.ts), named by this worker's own
// code (its bundle, beside this file's place in dist/): made once, read by later workers.
const bundles = playwrightBundles(require);
const codeCache = CodeCache.forWorker(process.env, os.homedir());
const preparedTexts = codeCache && PreparedTexts.forWorker(codeCache.store, fileURLToPath(new URL('./bundle.js', import.meta.url)));
loadOneByte(require.extensions, [bundles.core, bundles.utils],
  (filename, text) => (filename === bundles.core ? taskCoreBundleText(text).text : text), codeCache?.compile, preparedTexts);
codeCache?.loadThrough(require.extensions, playwrightTestScripts(require));
const { chromium } = require('playwright-core') as typeof import('playwright-core');
/** Playwright's expect, whose failed locator assertions say what the page has instead (diagnosis/), loaded on demand. */
const expects = new ExpectOnDemand(() => {
  const expect = diagnosingExpect(require('@playwright/test').expect as typeof import('@playwright/test').expect);
  saveCodeCache();
  return expect;
});

// Workers are started ahead of need (Playwright takes a while to load) and told their task later.
let start: WorkerStart;
const port = parentPort!;
const post = (message: FromWorker) => port.postMessage(message);

/** Whether this worker's first connection has ended (either way); its caches are written after. */
let connectSettled = false;

/**
 * Writes the caches of what this worker compiled without one (codeCache.ts) and says how each
 * compiled: after its first connection, not as soon as Playwright loaded, since the functions
 * that connecting compiled are then in the caches too (~40 ms less CPU to a task's first
 * program, measured); and again once expect has loaded (expectOnDemand.ts: often later). A
 * spare that loaded expect before its task came writes both after connecting.
 */
function saveCodeCache(): void {
  if (!codeCache || !connectSettled) return;
  setImmediate(() => {
    const outcomes = codeCache.save();
    if (outcomes.length) post({ type: 'codeCache', outcomes });
  });
}

/** Calls into the main thread (it owns page ids and the page catalogue). */
let nextRpc = 1;
const rpcWaiters = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
function rpc<T>(call: 'pages' | PlaybookCall): Promise<T> {
  const id = nextRpc++;
  post(call === 'pages' ? { type: 'rpc', id, method: call } : { type: 'rpc', id, ...call });
  return new Promise<T>((resolve, reject) => rpcWaiters.set(id, { resolve: v => resolve(v as T), reject }));
}

/** What only the worker can see of a program's possible mutations (its actions' names, its own requests). */
const mutations = new WorkerMutations(post);
/** The running program's Playwright calls in flight, told as each begins and ends (a running receipt names the one it waits in). */
const programCalls = new ProgramCalls((requestId, call) => post({ type: 'progress', requestId, call }));

/** `state`: lives as long as this worker. */
const state: Record<string, unknown> = {};

let browser: Browser;
let context: BrowserContext;
let tabs: Tabs;
let observer: PageObserver;
/** tabwright's own world in each page, for read() and webmcp. */
let worlds: IsolatedWorlds;
/** The running program's hand-over to a person, waiting for the main thread's word. */
const handoffs = new HandoffWaiters();
/** What the running program navigated to with goto: observe() does not print those URLs back. */
const gotos = new ProgramGotos();
/** Each page's data requests in flight and route changes: observe() reads a busy page once it has drawn. */
const activity = new PageActivity();

/** The running program's console: where a stray rejection of the program is reported. */
let currentCapture: ConsoleCapture | undefined;
/** Set when the connection to the task's endpoint is gone: this worker cannot run anything more. */
let disconnected = false;

// A program that forgets an `await` must not take the worker (and `state`) down with it.
process.on('unhandledRejection', reason => {
  const text = reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason);
  currentCapture?.add({ type: 'exception', text: `Unhandled promise rejection (a missing await?): ${text}` });
});

async function connect(routerPort: MessagePort | undefined): Promise<void> {
  // Playwright's artifacts folder is the worker's own (removed when the worker exits), not /tmp.
  const options = { artifactsDir: start.playwrightDir };
  browser = routerPort
    ? await chromium.connectOverCDP(portTransport(routerPort), options)
    : await chromium.connectOverCDP(start.endpoint, options);
  // context.close() or browser.close() in a program, or the runtime dropping the client: the
  // next program needs a fresh worker, so this one ends once the current program reports.
  browser.on('disconnected', () => {
    disconnected = true;
    if (!currentCapture) process.exit(0);
  });
  context = browser.contexts()[0];
  // Pointer actions learn what covered their target (playwrightInternals/coveredTarget.ts): Playwright's Locator
  // class is patched once per worker, from the first page it sees (a new task has none yet).
  const watchFrom = (page: Page) => {
    watchPointerActions(page.locator(':root'));
    watchActions(page.locator(':root'), mutations, p => tabs.knownTargetId(p));
    watchInputDevices(page, mutations, p => tabs.knownTargetId(p));
    // Before the failure diagnosis: a read made again after the program (slips/earlyReads.ts) is not diagnosed.
    earlyReads.watch(page.locator(':root'), mutations);
    watchLocatorFailures(page.locator(':root'));
    offscreenPointer.watch(page);
    scrolledHover.watch(page.locator(':root'));
    gotos.watch(page.mainFrame());
  };
  const first = context.pages()[0];
  if (first) watchFrom(first);
  else context.once('page', watchFrom);
  // While a person works on the pages (handoff()), the program's own actions fail by name at once.
  guardPageActions(context, () => handoffs.hold());
  // Page code the program runs makes its mutationState possible (after the guard: a refused call ran nothing).
  watchPageCode(context, mutations);
  programCalls.watch(context);
  context.setDefaultTimeout(DEFAULT_ACTION_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(DEFAULT_NAVIGATION_TIMEOUT_MS);
  tabs = new Tabs(context, () => rpc<PageRecord[]>('pages'));
  worlds = new IsolatedWorlds(context);
  activity.watch(context);
  watchProgramRequests(context.request, mutations);
  // Installed before any program runs, so nothing a program triggers happens unobserved;
  // it also dismisses dialogs nobody handles (they would block the page for ever), but while a
  // person works on the pages: theirs to answer in the live view (runtime/handoff/pageAsks.ts).
  observer = new PageObserver(context, { targetIdOf: page => tabs.targetIdOf(page), records: () => rpc<PageRecord[]>('pages') }, start.artifactsDir, start.downloadsOnBrowserHost, () => handoffs.busy);
}

/** Whether this worker's Playwright leaves password fields blank in trace snapshots: asked of the bundle's text once, at the first --trace. */
let blanksPasswords: boolean | undefined;
const tracesBlankPasswords = () => (blanksPasswords ??= snapshotsBlankPasswords(fs.readFileSync(bundles.core, 'utf8')));

/** A program, with its debug bundle (run --trace, --har) recorded around it when asked. */
async function run(message: RunMessage): Promise<ProgramOutcome> {
  if (!message.debug) return runProgram(message);
  const recording = await DebugRecording.start(context, message.debug, { artifacts: start.artifactsDir, scratch: start.playwrightDir }, message.requestId, tracesBlankPasswords);
  const outcome = await runProgram(message, recording);
  const saved = await recording.stop();
  return { ...outcome, artifacts: [...outcome.artifacts, ...saved.artifacts], hints: [...outcome.hints, ...saved.hints] };
}

async function runProgram(message: RunMessage, recording?: DebugRecording): Promise<ProgramOutcome> {
  const requestId = message.requestId;
  const capture = new ConsoleCapture(entry => post({ type: 'progress', requestId, console: entry }));
  currentCapture = capture;
  const writer = new ArtifactWriter(path.join(start.artifactsDir), message.requestId);
  const hints: string[] = [];
  /** What the program selected (or started on); whether that tab is still open is the runtime's to say (programs/runDescription.ts). */
  let selectedPage: number | undefined;
  // What the runtime saw of the tabs before it sent this program is the last one's story (deferred).
  await observer.catchUp(message.pages);
  observer.begin(requestId, capture, change => post({ type: 'progress', requestId, pageChange: change }));
  gotos.begin();
  waitingCalls.begin();
  failureReads.begin();
  caughtErrors.begin();
  offscreenPointer.begin();
  scrolledHover.begin();
  mutations.begin(requestId);
  earlyReads.begin();
  programCalls.begin(requestId);
  // The main thread reads the pages' titles for the receipt as soon as the program is over, while this worker writes up its outcome.
  let said = false;
  const ended = () => {
    if (!said) post({ type: 'progress', requestId, programEnded: true });
    said = true;
    programCalls.end();
  };
  const pageChanges = async () => {
    const { changes, dropped } = await observer.end();
    if (dropped) hints.push(`${dropped} more page changes were left out of pageChanges (limit ${MAX_PAGE_CHANGES}).`);
    return changes;
  };
  /** observe() of the page the program had selected, once it has one: for error.view. */
  let observeFailed: (() => Promise<string>) | undefined;
  try {
    const fn = compileProgram(message.program).runInThisContext() as (...args: unknown[]) => Promise<unknown>;
    const { page, needsFront } = await tabs.initialPage(message.explicitPage, message.selectedPage, message.pages);
    // A tab behind another renders no frames headless (every click would wait for one): this
    // shows it again. Skipped where the runtime knows no tab can be over it, and headed, where the
    // runtime keeps the user's tab in front and would only answer it (BrowserSession.needsFront).
    if (needsFront) await page.bringToFront();
    const programTabs = tabs.programTabs();
    const programConsole = capture.programConsole();
    const webmcpFor = (on: Page) => programWebmcp(on, {
      worlds, pageId: p => tabs.idOf(p),
      report: (id, call) => post({ type: 'progress', requestId, siteToolCall: { id, call } }),
    });
    // A hand-over's page, unless the program names one: the page it has selected by then (in a playbook, the playbook's page).
    const selected = async () => tabs.selectedId !== undefined ? await tabs.get(tabs.selectedId).catch(() => page) : page;
    const handoffOn = (defaultPage: () => Promise<Page>) => programHandoff({ requestId, post, waiters: handoffs, targetIdOf: p => tabs.targetIdOf(p), defaultPage, ...(recording ? { recording } : {}) });
    // observe() is the runtime's read: what it runs in the page (observation/questions/ownedElements.ts' evaluateAll) is not the program's page code.
    const observeOn = (on: Page): Observe => {
      const observe = observeFor(on, gotos, siteToolNames, tableFacts, { settle: settlePage, tipAfterHover: page => tipAfterHover(page, domQuiet, mutations) });
      return (target, options) => {
        programCalls.noteOwn('observe');
        return asRuntime(() => observe(target, options));
      };
    };
    /** The program's scope on a page, but for `playbooks` (a playbook gets the same on its page). */
    const scopeOn = (on: Page, handoffPage: () => Promise<Page>) => ({
      page: on, context, expect: expects.expect, state, tabs: programTabs, console: programConsole, observe: observeOn(on), webmcp: webmcpFor(on),
      read: readFor(on, worlds, settlePage), handoff: handoffOn(handoffPage),
    });
    const playbooks = programPlaybooks({
      task: start.task, requestId, hints, call: call => rpc(call),
      // A playbook runs on the page the program has selected by then (or the one it is given).
      scope: async given => {
        const on = given ?? await selected();
        return scopeOn(on, async () => on);
      },
    });
    const scope: Record<ProgramParameter, unknown> = { ...scopeOn(page, selected), playbooks };
    observeFailed = async () => {
      const on = await selected();
      return on.isClosed() ? '' : observeOn(on)({ maxChars: FAILURE_VIEW_CHARS });
    };
    const returned = await fn(...PROGRAM_PARAMETERS.map(name => scope[name]));
    ended();
    selectedPage = tabs.selectedId;
    const encoded = capResult(encodeResult(returned, bytes => writer.write(bytes)), message.maxInline, text => writer.writeJson(text));
    hints.push(...encoded.notes);
    hints.push(...await stepsThatMissed());
    // Bounded as a failure's reads are: a page that stopped yielding holds no succeeded program's receipt.
    hints.push(...(await failureReads.read(() => earlyReads.changed(settlePage, (page, at) => activity.activeSince(page, at))) ?? []));
    hints.push(...await dialogLeftOpen(await selected(), { label: mutations.lastActionLabel, endedAt: mutations.lastActionEndedAt, lastCall: programCalls.lastCall }, openDialogOn));
    const changes = await pageChanges();
    return { requestId: message.requestId, ok: true, result: encoded.value, console: capture.finish(), artifacts: encoded.artifacts, pageChanges: changes, selectedPage, hints };
  } catch (thrown) {
    // What else was still waiting (a Promise.all's other half), read before the program is said to have ended.
    const waiting = await waitingCalls.now().catch(() => []);
    ended();
    selectedPage = tabs.selectedId;
    const error = reportError(thrown, hints);
    addStillWaiting(error, waiting, hints);
    // A failure about the page (a locator that found nothing or too much, a timeout, an expect)
    // brings the page's view with it: the look an agent would spend its next call on.
    if (explainedByPage(error) && observeFailed) {
      const view = await failureReads.read(observeFailed);
      if (view) attachView(error, hints, view);
    }
    if (failureReads.pageDidNotAnswer) hints.push(PAGE_DID_NOT_ANSWER);
    hints.push(...await stepsThatMissed({ thrown }));
    const changes = await pageChanges();
    return { requestId: message.requestId, ok: false, error, console: capture.finish(), artifacts: [], pageChanges: changes, selectedPage, hints };
  }
}

/**
 * Hints for steps of the program that missed without ending it: failures it caught (all but
 * `ended.thrown`, the one it failed on) and pointer calls sent outside the viewport.
 */
async function stepsThatMissed(ended?: { thrown: unknown }): Promise<string[]> {
  await offscreenPointer.measure();
  const caught = caughtErrors.caught(ended?.thrown);
  const offscreen = offscreenPointer.hint();
  const scrolled = scrolledHover.hint();
  return [...(caught ? [caughtHint(caught, ended !== undefined)] : []), ...(offscreen ? [offscreen] : []), ...(scrolled ? [scrolled] : [])];
}

const OPEN_DIALOG_TEXT = openDialogInPage.toString();
const openDialogOn = (page: Page, maxText: number) => worlds.call<OpenDialog | null>(page, OPEN_DIALOG_TEXT, maxText);

/** error.view's cap: the start of the page, where a failed program's next step usually is. */
const FAILURE_VIEW_CHARS = 3000;

/** What observe() asks of a page's tables beyond its snapshot (observation/pageFacts.ts), in tabwright's world of it. */
const FACTS_TEXT = factsInPage.toString();
function tableFacts(page: Page, query: FactsQuery): Promise<FactsAnswer> {
  return worlds.call<FactsAnswer>(page, FACTS_TEXT, query);
}

/** observe() waits for a busy page's DOM to stop changing, and a quiet one's short animations to end, in tabwright's world of it (pageActivity.ts). */
const DOM_QUIET_TEXT = domQuietInPage.toString();
const ANIMATIONS_END_TEXT = animationsEndInPage.toString();
const domQuiet: DomQuiet = (on, options) => worlds.call(on, DOM_QUIET_TEXT, options);
const settlePage = (page: Page) => activity.settle(page, domQuiet, (on, budget) => worlds.call(on, ANIMATIONS_END_TEXT, budget), () => mutations.lastActionEndedAt);

/** observe()'s header names the tools a page offers. */
async function siteToolNames(page: Page): Promise<string[] | undefined> {
  const listing = await siteToolsOf(worlds, page);
  return listing.surface ? listing.tools.map(tool => tool.name) : undefined;
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'rpcReply') {
    const waiter = rpcWaiters.get(message.id);
    rpcWaiters.delete(message.id);
    if (message.error) waiter?.reject(Object.assign(new Error(message.error), message.errorName ? { name: message.errorName } : {}));
    else waiter?.resolve(message.result);
    return;
  }
  if (message.type === 'handoffEnded') {
    handoffs.answer(message.id, message);
    return;
  }
  if (message.type === 'assign') {
    start = message.start;
    connect(message.port).then(
      () => post({ type: 'ready' }),
      error => post({ type: 'startFailed', message: error instanceof Error ? error.message : String(error) }),
    ).finally(() => {
      connectSettled = true;
      saveCodeCache();
    });
    return;
  }
  if (message.type === 'run') {
    guardOutcome(message.requestId, () => run(message)).then(async outcome => {
      await handoffs.allAnnounced();
      currentCapture = undefined;
      mutations.end();
      // A hand-over the program did not wait for ended with it.
      handoffs.abandon();
      // The runtime retires a disconnected worker as it takes the outcome.
      post({ type: 'done', outcome: disconnected ? { ...outcome, workerEnding: true } : outcome });
      // The next program will likely want expect: load it while the agent reads this one's receipt.
      if (!expects.isLoaded) setImmediate(loadExpect);
    });
  }
});

// An unassigned spare loads expect now, while nothing waits for it; a worker whose task was
// already waiting as Playwright finished loading (its 'assign' was queued and has run by the
// time this fires) starts that task first (expectOnDemand.ts).
setImmediate(() => {
  if (start === undefined) loadExpect();
});

/** Loads expect ahead of use; a load that fails is the program's error where it uses expect. */
function loadExpect(): void {
  try {
    expects.now();
  } catch {
    // Tried again, and thrown, at the program's first use.
  }
}

