// A task's worker: one Playwright connected to the task's scoped endpoint, running the
// task's programs one at a time. Terminating it never closes the task's tabs: they belong
// to the browser, and the next worker finds them again.
import { parentPort, workerData } from 'node:worker_threads';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from '@playwright/test';
import type { FromWorker, PageRecord, ProgramOutcome, ToWorker, WorkerStart } from '../workerProtocol.js';
import { compileProgram } from '../programSource.js';
import { ConsoleCapture } from './consoleCapture.js';
import { Tabs } from './tabs.js';
import { encodeResult } from './resultEncoder.js';
import { reportError } from './errorReport.js';
import { ArtifactWriter } from './artifactWriter.js';

const start = workerData as WorkerStart;
const port = parentPort!;
const post = (message: FromWorker) => port.postMessage(message);

/** Calls into the main thread (it owns page ids and the page catalogue). */
let nextRpc = 1;
const rpcWaiters = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
function rpc<T>(method: 'pages'): Promise<T> {
  const id = nextRpc++;
  post({ type: 'rpc', id, method });
  return new Promise<T>((resolve, reject) => rpcWaiters.set(id, { resolve: v => resolve(v as T), reject }));
}

/** `state`: lives as long as this worker. */
const state: Record<string, unknown> = {};

let browser: Browser;
let context: BrowserContext;
let tabs: Tabs;

async function connect(): Promise<void> {
  browser = await chromium.connectOverCDP(start.endpoint);
  context = browser.contexts()[0];
  tabs = new Tabs(context, () => rpc<PageRecord[]>('pages'));
  // A dialog nobody handles would block the page forever: dismiss it unless the program listens.
  // Page's typings omit EventEmitter's listenerCount; the object has it.
  const dismissUnhandledDialogs = (page: Page) => page.on('dialog', dialog => {
    if ((page as unknown as NodeJS.EventEmitter).listenerCount('dialog') === 1) dialog.dismiss().catch(() => {});
  });
  context.on('page', dismissUnhandledDialogs);
  context.pages().forEach(dismissUnhandledDialogs);
}

async function run(message: Extract<ToWorker, { type: 'run' }>): Promise<ProgramOutcome> {
  const capture = new ConsoleCapture();
  const writer = new ArtifactWriter(path.join(start.artifactsDir), message.requestId);
  const hints: string[] = [];
  let selectedPage: number | undefined;
  try {
    const fn = compileProgram(message.program).runInThisContext() as (...args: unknown[]) => Promise<unknown>;
    const page = await tabs.initialPage(message.explicitPage, message.selectedPage);
    const returned = await fn(page, context, expect, state, tabs.programTabs(), capture.programConsole());
    selectedPage = await currentSelection();
    const encoded = encodeResult(returned, bytes => writer.write(bytes));
    hints.push(...encoded.notes);
    return { requestId: message.requestId, ok: true, result: encoded.value, console: capture.finish(), artifacts: encoded.artifacts, selectedPage, hints };
  } catch (thrown) {
    selectedPage = await currentSelection().catch(() => undefined);
    return { requestId: message.requestId, ok: false, error: reportError(thrown), console: capture.finish(), artifacts: [], selectedPage, hints };
  }
}

/** The selection after a program: what it selected, unless that tab closed meanwhile. */
async function currentSelection(): Promise<number | undefined> {
  const records = await rpc<PageRecord[]>('pages');
  if (tabs.selectedId !== undefined && records.some(r => r.id === tabs.selectedId)) return tabs.selectedId;
  return records[0]?.id;
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'rpcReply') {
    const waiter = rpcWaiters.get(message.id);
    rpcWaiters.delete(message.id);
    if (message.error) waiter?.reject(new Error(message.error));
    else waiter?.resolve(message.result);
    return;
  }
  if (message.type === 'run') run(message).then(outcome => post({ type: 'done', outcome }));
});

connect().then(
  () => post({ type: 'ready' }),
  error => post({ type: 'startFailed', message: error instanceof Error ? error.message : String(error) }),
);
