// The runtime process. Started detached by the CLI (own session and process group), so an
// agent host that kills the CLI's process tree leaves it running.
//
// Start-up order is for a cold start's wall time on two cores: take the lock, launch Chromium,
// start the spare task worker loading Playwright (~0.7 s of CPU, on its own thread), and only
// then load the rest of the runtime (fastify, SQLite, the router: ~0.7 s of CPU), so the three
// overlap instead of following each other. The first program needs the browser and a loaded
// worker; the API is ready well before both. So this file imports only what those need, and
// the logger (pino, ~6 ms bundled) that the browser's connection reports to.
import os from 'node:os';
import { statePaths, ensureStateDir } from './stateDir.js';
import { acquireLock } from './runtimeLock.js';
import { locateBrowser } from '../contract/browserLocator.js';
import { browserDisplay, launchBrowser } from './browserLaunch.js';
import { readStartSettings } from '../contract/startSettings.js';
import { WorkerHost } from './workerHost.js';
import { machineWorkerLimits } from './workerMemory.js';
import { browserAnswerLimitMs } from '../transport/browserAnswer.js';
import type { Boot } from './runtimeServer.js';
import { createRuntimeLog } from './runtimeLog.js';

function boot(): Boot {
  const paths = statePaths();
  const log = createRuntimeLog(paths.log);
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
  const { connect, browserArgs } = settings.settings;
  const browser = connect ? undefined : locateBrowser(process.env.TABWRIGHT_BROWSER, { headless: display.headless });
  const browserLaunch = browser?.path
    ? launchBrowser({
      executablePath: browser.path, profileDir: paths.profile, headless: display.headless, log: log.child({ part: 'cdp' }), answerLimitMs: browserAnswerLimitMs(process.env),
      ...(browserArgs ? { extraArgs: browserArgs } : {}),
    })
    : undefined;
  // A failed launch is reported where the browser is first needed (browserKeeper.ts).
  browserLaunch?.catch(() => {});
  const spareWorker = new WorkerHost(machineWorkerLimits(process.env, os.totalmem()), log.child({ part: 'worker' }));
  return { paths, log, display, lock, settings, spareWorker, ...(browser ? { browser } : {}), ...(browserLaunch ? { browserLaunch } : {}) };
}

const booted = boot();
if (booted.lock.ok && !booted.lock.result.acquired) {
  // Another runtime holds the lock: two CLIs started one at once, or a cold start's native client
  // started it just before the Node CLI did (client/runtimeStart.c). Exit before loading the server
  // (fastify, SQLite: ~0.2 s of CPU), which the starting runtime's own cold start needs.
  booted.log.info(`another runtime (pid ${booted.lock.result.holder}) holds ${booted.paths.lock}; exiting`);
} else {
  const { serve, fatal } = await import('./runtimeServer.js');
  await serve(booted).catch(error => fatal(booted.log, error));
}
