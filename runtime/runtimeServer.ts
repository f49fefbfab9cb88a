// The runtime process once main.ts holds the lock (or failed to): the service, its API on the
// socket, and how it stops. Logs go to runtime.log.
import fs from 'node:fs';
import os from 'node:os';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { StatePaths } from './stateDir.js';
import { releaseLock, type LockResult } from './runtimeLock.js';
import { Service, BrowserNotFoundError } from './service.js';
import { BODY_LIMIT_MIB, registerApi } from './api/api.js';
import { API_SCHEMA_COMPILER } from './api/apiSchemas.js';
import { lazyValidators } from './api/lazyValidators.js';
import { StorageError, storageErrorOf } from './receipts/storageFailure.js';
import { ViewServer } from './view/viewServer.js';
import { EXIT_INTERNAL_ERROR, RuntimeStop } from './runtimeStop.js';
import { viewApiRoute } from './view/viewApiRoute.js';
import { described, type Log } from './runtimeLog.js';
import type { ReadSettings } from '../contract/startSettings.js';
import { START_EXIT_FIELD } from '../contract/runtimeProcess.js';
import { CdpUrlError } from '../transport/connectedBrowser.js';
import { BROWSER_SERVICE_EXIT, BrowserServiceError } from '../contract/errors.js';
import { browserAnswerLimitMs, BrowserUnresponsive } from '../transport/browserAnswer.js';
import { machineWorkerLimits, maxActiveTasks } from './tasks/workerMemory.js';
import { environmentProblems, numberKnob } from '../contract/environmentKnobs.js';
import { OriginPatternError } from '../router/originPolicy.js';
import type { BrowserProcess } from '../transport/browserProcess.js';
import type { BrowserLookup } from '../contract/browserLocator.js';
import type { BrowserDisplay } from './browser/browserLaunch.js';
import type { WorkerHost } from './tasks/workerHost.js';
import type { BundleCodeCache } from './codeCache/bundleCodeCache.js';

const EXIT_UNAVAILABLE = 5;

function readVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

/** What main.ts did before loading this module. */
export interface Boot {
  paths: StatePaths;
  /** runtime.log's logger (runtimeLog.ts), made before the browser's launch. */
  log: Log;
  /** The state directory and lock, or why they could not be had. */
  lock: { ok: true; result: LockResult } | { ok: false; error: unknown };
  display: BrowserDisplay;
  /** `runtime start`'s settings from start.json, or why they could not be read (read with the lock only). */
  settings?: ReadSettings;
  /** The browser main.ts looked up (absent when connecting to one): the service does not look again. */
  browser?: BrowserLookup;
  /** Chromium's launch, started before this module loaded (absent when connecting to a browser). */
  browserLaunch?: Promise<BrowserProcess>;
  /** The first spare task worker, loading since before this module loaded (with the lock only). */
  spareWorker?: WorkerHost;
  /** How the runtime's bundle compiled (with the lock only; absent when not started from its entry, runtimeEntry.ts). */
  codeCache?: BundleCodeCache;
}

export async function serve(boot: Boot): Promise<void> {
  const { paths, log } = boot;
  // The API logs with the runtime's logger (as fastify's own logger type, which the routes are
  // written against); requests are not logged, only what the runtime says.
  const apiLog: FastifyBaseLogger = log;
  const app = Fastify({
    loggerInstance: apiLog, logController: new LogController({ disableRequestLogging: true }), bodyLimit: BODY_LIMIT_MIB * 1024 * 1024,
    // Each route's request schemas are compiled at its first request, not before listening (lazyValidators.ts).
    ajv: API_SCHEMA_COMPILER, schemaController: { compilersFactory: { buildValidator: lazyValidators() } },
  });
  if (!boot.lock.ok) {
    const storage = storageErrorOf(boot.lock.error, paths.home);
    startFailed(log, storage ? storage.message : `Cannot start: ${described(boot.lock.error)}`, EXIT_UNAVAILABLE);
  }
  const lock = boot.lock.result;
  // main.ts says so and exits before loading this module.
  if (!lock.acquired) return;
  if (!boot.settings?.ok) {
    releaseLock(paths.lock);
    startFailed(log, `Cannot start: ${boot.settings ? boot.settings.reason : 'the start settings were not read'}`, EXIT_UNAVAILABLE);
  }
  const settings = boot.settings.settings;
  const env = process.env;
  // A variable set to what its knob does not accept (contract/environmentKnobs.ts): refused before
  // anything reads it (a negative TABWRIGHT_RECEIPT_DAYS would expire every receipt at once); an
  // unknown switch word is said and left at its default.
  const problems = environmentProblems(env);
  for (const problem of problems.filter(p => p.onBad === 'ignore')) log.warn(problem.message);
  const refused = problems.filter(p => p.onBad === 'refuse');
  if (refused.length) {
    await boot.browserLaunch?.then(browser => browser.close(), () => {});
    await boot.spareWorker?.terminate();
    releaseLock(paths.lock);
    startFailed(log, refused.map(problem => `Cannot start: ${problem.message}`).join(' '), EXIT_UNAVAILABLE);
  }
  if (boot.display.headedWithoutDisplay) log.warn('TABWRIGHT_HEADED=1 but there is no display (DISPLAY and WAYLAND_DISPLAY are unset): the browser runs headless');
  let service: Service;
  try {
    service = new Service(paths, {
      version: readVersion(),
      headless: boot.display.headless,
      maxTasks: maxActiveTasks(env),
      workerLimits: machineWorkerLimits(env, os.totalmem()),
      idleMs: numberKnob(env, 'TABWRIGHT_IDLE_MINUTES') * 60_000,
      receiptDays: numberKnob(env, 'TABWRIGHT_RECEIPT_DAYS'),
      answerLimitMs: browserAnswerLimitMs(env),
      allowFileUrls: settings.allowFileUrls === true,
      log,
      ...(settings.connect ? { cdpUrl: settings.connect } : {}),
      ...(settings.browserService ? { browserService: settings.browserService } : {}),
      allowAdopt: settings.allowAdopt === true,
      browserArgs: settings.browserArgs ?? [],
      blockOrigins: settings.blockOrigins ?? [],
      allowOrigins: settings.allowOrigins ?? [],
      ...(boot.browser ? { browser: boot.browser } : {}),
      ...(boot.browserLaunch ? { browserLaunch: boot.browserLaunch } : {}),
      ...(boot.spareWorker ? { spareWorker: boot.spareWorker } : {}),
    });
    await service.start();
  } catch (error) {
    const explained = error instanceof BrowserNotFoundError || error instanceof StorageError ? error.message
      : error instanceof CdpUrlError || error instanceof OriginPatternError || error instanceof BrowserUnresponsive || error instanceof BrowserServiceError ? `Cannot start: ${error.message}`
        : `Cannot start: ${described(error)}`;
    // A browser launched ahead must not outlive a runtime that could not start.
    await boot.browserLaunch?.then(browser => browser.close(), () => {});
    releaseLock(paths.lock);
    // A browser service's answer has its own code: the CLI names it (contract/errors.ts).
    startFailed(log, explained, error instanceof BrowserServiceError ? BROWSER_SERVICE_EXIT[error.errorName] : EXIT_UNAVAILABLE);
  }

  // The live view listens only once `tabwright view` asks for it.
  const view = new ViewServer(service);
  const stopping = new RuntimeStop({
    interruptPrograms: stop => service.interruptPrograms(stop),
    answerWaiters: () => service.ends.answerWaiters(),
    closeApi: () => app.close(),
    closeView: () => view.close(),
    stopService: stop => service.stop(stop),
    killBrowser: () => service.killBrowser(),
    socket: paths.socket,
    lock: paths.lock,
    log,
  });
  const stop = (why: string) => stopping.stop({ why, code: 0, stop: { reason: 'runtimeStopped', message: 'The runtime was stopped.' } });
  // An error nothing caught leaves the runtime's state unknown: what runs ends interrupted, the
  // waiting callers are answered, and the runtime exits non-zero (the next command starts a new one).
  const failed = (what: string) => (error: unknown) => {
    log.error(`${what}: ${described(error)}`);
    stopping.stop({
      why: `${what}; the runtime's state is unknown, so it stops and exits ${EXIT_INTERNAL_ERROR}`,
      code: EXIT_INTERNAL_ERROR,
      stop: { reason: 'runtimeStopped', message: 'The runtime stopped after an internal error (runtime.log says which).' },
    });
  };
  if (boot.codeCache) saveAfterFirstProgram(app, boot.codeCache, log);
  await registerApi(app, service, () => stop('asked to stop (POST /v1/runtime/stop)'));
  await app.register(viewApiRoute(view));
  // The lock is ours, so a socket file here was left by a dead runtime.
  fs.rmSync(paths.socket, { force: true });
  const previousMask = process.umask(0o177);
  await app.listen({ path: paths.socket });
  process.umask(previousMask);
  fs.chmodSync(paths.socket, 0o600);
  process.on('uncaughtException', failed('uncaught exception'));
  process.on('unhandledRejection', failed('unhandled promise rejection'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGHUP', () => {});
  log.info(`runtime ${service.options.version} pid ${process.pid} listening on ${paths.socket}; browser ${service.browserPath}`);
}

/**
 * Says how the runtime's bundle compiled, and writes its code cache (bundleCodeCache.ts) once a
 * task's request has been answered: the functions that serving a program ran are then in the
 * cache too, and the writing (~1 MB) takes nothing from that program's answer.
 */
function saveAfterFirstProgram(app: FastifyInstance, codeCache: BundleCodeCache, log: Log): void {
  log.info({ runtimeCodeCache: codeCache.outcome }, `runtime's code cache: ${codeCache.outcome.cache}`);
  if (codeCache.outcome.cache === 'accepted') return;
  let saved = false;
  app.addHook('onResponse', async req => {
    if (saved || req.method !== 'POST' || !req.url.startsWith('/v1/tasks/')) return;
    saved = true;
    setImmediate(() => {
      const written = codeCache.save();
      if (written) log.info({ runtimeCodeCache: written }, `runtime's code cache: ${written.written}`);
    });
  });
}

/** The last word of a runtime that failed where nothing else caught it. */
export function fatal(log: Log, error: unknown): never {
  startFailed(log, `fatal: ${described(error)}`, EXIT_UNAVAILABLE);
}

/**
 * A runtime that cannot go on says why and its exit code in its log's last line: the native
 * client that started it (by a double fork) cannot learn the code, and the Node CLI it hands over
 * to reads it there (cli/startedRuntime.ts).
 */
function startFailed(log: Log, message: string, code: number): never {
  log.error({ [START_EXIT_FIELD]: code }, message);
  process.exit(code);
}
