// What the runtime process does once its first task worker is loading (main.ts): take the lock,
// launch Chromium, and only then load the rest of the runtime (fastify, SQLite, the router:
// ~0.7 s of CPU), so that the three overlap instead of following each other. The first program
// needs the browser and a loaded worker; the API is ready well before both. So this file imports
// only what the browser's launch needs, and the logger (pino, ~6 ms bundled) that its connection
// reports to.
import { statePaths, ensureStateDir } from './stateDir.js';
import { acquireLock } from './runtimeLock.js';
import { locateBrowser } from '../contract/browserLocator.js';
import { browserDisplay, launchBrowser } from './browser/browserLaunch.js';
import { readStartSettings } from '../contract/startSettings.js';
import type { WorkerHost } from './tasks/workerHost.js';
import { browserAnswerLimitMs } from '../transport/browserAnswer.js';
import type { Boot } from './runtimeServer.js';
import { createRuntimeLog } from './runtimeLog.js';
import type { BundleCodeCache } from './codeCache/bundleCodeCache.js';
import { pathKnob } from '../contract/environmentKnobs.js';

function boot(firstWorker: WorkerHost, codeCache: BundleCodeCache | undefined): Boot {
  const paths = statePaths();
  const log = createRuntimeLog(paths.log);
  firstWorker.reportTo(log.child({ part: 'worker' }));
  const display = browserDisplay();
  let lock: Boot['lock'];
  try {
    ensureStateDir(paths);
    lock = { ok: true, result: acquireLock(paths.lock) };
  } catch (error) {
    // Said in runtime.log by runtimeServer.ts.
    return { paths, log, display, lock: { ok: false, error } };
  }
  // Only the lock's holder may start a browser on the profile. A browser to connect to
  // (--connect) is reached by the service itself; a missing one is its error to report.
  if (!lock.result.acquired) return { paths, log, display, lock };
  // `runtime start`'s flags, from start.json and nowhere else (contract/startSettings.ts).
  const settings = readStartSettings(paths.home);
  if (!settings.ok) return { paths, log, display, lock, settings };
  const { connect, browserService, browserArgs } = settings.settings;
  // A browser to connect to, or a service's per task: nothing to launch here.
  const browser = connect || browserService ? undefined : locateBrowser(pathKnob(process.env, 'TABWRIGHT_BROWSER'), { headless: display.headless });
  const browserLaunch = browser?.path
    ? launchBrowser({
      executablePath: browser.path, profileDir: paths.profile, headless: display.headless, log: log.child({ part: 'cdp' }), answerLimitMs: browserAnswerLimitMs(process.env),
      ...(browserArgs ? { extraArgs: browserArgs } : {}),
    })
    : undefined;
  // A failed launch is reported where the browser is first needed (browserKeeper.ts).
  browserLaunch?.catch(() => {});
  return { paths, log, display, lock, settings, ...(codeCache ? { codeCache } : {}), spareWorker: firstWorker, ...(browser ? { browser } : {}), ...(browserLaunch ? { browserLaunch } : {}) };
}

/** Boots the runtime around its first task worker (already loading), or exits when another runtime holds the lock. */
export async function bootRuntime(firstWorker: WorkerHost, codeCache?: BundleCodeCache): Promise<void> {
  const booted = boot(firstWorker, codeCache);
  if (booted.lock.ok && !booted.lock.result.acquired) {
    // Another runtime holds the lock: two CLIs started one at once, or a cold start's native client
    // started it just before the Node CLI did (client/runtimeStart.c). Exit before loading the server
    // (fastify, SQLite: ~0.2 s of CPU), which the starting runtime's own cold start needs; the
    // worker goes too (it would keep this process alive, and its CPU is the other runtime's).
    booted.log.info(`another runtime (pid ${booted.lock.result.holder}) holds ${booted.paths.lock}; exiting`);
    await firstWorker.terminate();
    return;
  }
  const { serve, fatal } = await import('./runtimeServer.js');
  await serve(booted).catch(error => fatal(booted.log, error));
}
