// The runtime process. Started detached by the CLI (own session and process group), so an
// agent host that kills the CLI's process tree leaves it running. Logs go to runtime.log.
import fs from 'node:fs';
import Fastify from 'fastify';
import { statePaths, ensureStateDir } from './stateDir.js';
import { acquireLock, releaseLock } from './runtimeLock.js';
import { Service, BrowserNotFoundError } from './service.js';
import { BODY_LIMIT_MIB, registerApi } from './api.js';
import { StorageError, storageErrorOf } from './storageFailure.js';

const EXIT_UNAVAILABLE = 5;

function log(message: string): void {
  process.stderr.write(`${new Date().toISOString()} ${message}\n`);
}

function readVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

async function main(): Promise<void> {
  const paths = statePaths();
  let lock: ReturnType<typeof acquireLock>;
  try {
    ensureStateDir(paths);
    lock = acquireLock(paths.lock);
  } catch (error) {
    const storage = storageErrorOf(error, paths.home);
    log(storage ? storage.message : `Cannot start: ${(error as Error).stack ?? error}`);
    process.exit(EXIT_UNAVAILABLE);
  }
  if (!lock.acquired) {
    log(`another runtime (pid ${lock.holder}) holds ${paths.lock}; exiting`);
    return;
  }
  const env = process.env;
  let service: Service;
  try {
    service = new Service(paths, {
      version: readVersion(),
      headless: env.TABWRIGHT_HEADED !== '1',
      maxTasks: Number(env.TABWRIGHT_MAX_TASKS) || 8,
      idleMs: (Number(env.TABWRIGHT_IDLE_MINUTES) || 10) * 60_000,
      receiptDays: Number(env.TABWRIGHT_RECEIPT_DAYS) || 7,
      allowFileUrls: env.TABWRIGHT_ALLOW_FILE_URLS === '1',
    });
    await service.start();
  } catch (error) {
    log(error instanceof BrowserNotFoundError || error instanceof StorageError ? error.message : `Cannot start: ${(error as Error).stack ?? error}`);
    releaseLock(paths.lock);
    process.exit(EXIT_UNAVAILABLE);
  }

  const app = Fastify({ logger: false, bodyLimit: BODY_LIMIT_MIB * 1024 * 1024 });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    log('stopping');
    const hardStop = setTimeout(() => process.exit(0), 15_000);
    hardStop.unref();
    (async () => {
      await app.close().catch(() => {});
      await service.stop().catch(error => log(`stop: ${error}`));
      fs.rmSync(paths.socket, { force: true });
      releaseLock(paths.lock);
      log('stopped');
      process.exit(0);
    })();
  };
  await registerApi(app, service, stop);
  // The lock is ours, so a socket file here was left by a dead runtime.
  fs.rmSync(paths.socket, { force: true });
  const previousMask = process.umask(0o177);
  await app.listen({ path: paths.socket });
  process.umask(previousMask);
  fs.chmodSync(paths.socket, 0o600);
  // The runtime holds every task's receipts and tabs: a bug in one path is logged, not fatal.
  process.on('uncaughtException', error => log(`uncaught: ${error.stack ?? error}`));
  process.on('unhandledRejection', reason => log(`unhandled rejection: ${(reason as Error)?.stack ?? reason}`));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.on('SIGHUP', () => {});
  log(`runtime ${service.options.version} pid ${process.pid} listening on ${paths.socket}; browser ${service.browserPath}`);
}

main().catch(error => {
  log(`fatal: ${(error as Error).stack ?? error}`);
  process.exit(EXIT_UNAVAILABLE);
});
