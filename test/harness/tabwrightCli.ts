// Runs the real CLI (bin/tabwright.js) against a runtime in a private TABWRIGHT_HOME, the
// way an agent does: a process per command, the program on stdin.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { locateBrowser } from '../../contract/browserLocator.js';
import { CONNECTED_MATRIX, StandInBrowser } from './standInBrowser.js';
import { BROWSERLESS_MATRIX, browserlessMatrixStart } from './browserless.js';
import { startFlags, type StartSettings } from '../../contract/startSettings.js';
import { saveStartSettings } from '../../cli/startSettings.js';
import { processAlive } from '../../contract/processLiveness.js';
import { LOCK_FILE, parseLock } from '../../contract/runtimeLockFile.js';

export const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const CLI = path.join(PACKAGE_ROOT, 'bin', 'tabwright.js');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout parsed as the one JSON document every command prints; tests read any field of it. */
  json: any;
}

export interface CliOptions {
  input?: string | Buffer;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  /**
   * true: run bin/tabwright.js as an installed command runs it (its `#!/bin/sh` line, so the
   * native client where it was built); false: `node bin/tabwright.js` (always the Node CLI).
   * Unset: as installed, unless TABWRIGHT_TEST_CLI=node (AS_INSTALLED).
   */
  asInstalled?: boolean;
}

/** The --wait a test's program gets unless it sets one: a ceiling, reached only when something is wrong. */
export const PROGRAM_WAIT_S = 240;

/** How long the harness lets one CLI call take before it kills it: a program's --wait, then a minute to answer. */
export const CLI_CALL_MS = (PROGRAM_WAIT_S + 60) * 1000;

/**
 * The timeout of a test (or a describe) that makes `calls` CLI calls through the harness, one
 * after another: never shorter than the harness lets them take. On a slow machine a call then
 * fails by itself, and the test says why (exit 3 with the receipt, the runtime's log); a shorter
 * timeout would cancel the test first, saying only that it ran out of time. It stops a hang.
 */
export function testTimeout(calls: number): number {
  return Math.max(1, calls) * CLI_CALL_MS;
}

/**
 * A test asserts what a program did, not how fast a busy machine ran it: unless the test sets
 * its own --wait, the CLI waits long enough for a first program that also starts the runtime,
 * the browser and a worker while other processes keep every core busy.
 */
function patient(extraArgs: string[]): string[] {
  return extraArgs.some(arg => arg === '--wait' || arg.startsWith('--wait=')) ? extraArgs : ['--wait', String(PROGRAM_WAIT_S), ...extraArgs];
}

/** How long the harness lets a `run` with these arguments take: its --wait, then a minute to answer. */
function callMsOf(runArgs: string[]): number {
  const at = runArgs.findIndex(arg => arg === '--wait' || arg.startsWith('--wait='));
  const waitS = Number(runArgs[at].startsWith('--wait=') ? runArgs[at].slice('--wait='.length) : runArgs[at + 1]);
  return Number.isFinite(waitS) ? Math.max(CLI_CALL_MS, (waitS + 60) * 1000) : CLI_CALL_MS;
}

/** A spawned CLI's exit code and output, stdout parsed as JSON where it is; `input` goes to its stdin. Never rejects on a non-zero exit. */
export function cliResult(child: ChildProcess, input: string | Buffer = ''): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', d => { stdout += d; });
    child.stderr?.on('data', d => { stderr += d; });
    child.on('error', reject);
    child.on('close', code => {
      let json: unknown;
      try {
        json = JSON.parse(stdout);
      } catch {
        json = undefined;
      }
      resolve({ code, stdout, stderr, json });
    });
    // A command that exits without reading its stdin (`--version`) closes the pipe first: not an error here.
    child.stdin?.on('error', () => {});
    child.stdin?.end(input);
  });
}

export interface HomeOptions {
  /** Applies to every command, and so to the runtime the first command starts. */
  env?: NodeJS.ProcessEnv;
  prefix?: string;
  /**
   * `runtime start`'s settings for this home's runtime (kept in start.json before the first
   * command, as `runtime start` with these flags leaves them). Given, even `{}`, the home
   * chooses its own browser; absent, TABWRIGHT_TEST_BROWSER=connected gives it a stand-in, and
   * =browserless or =browserless-service the matrix's Browserless (harness/browserless.ts).
   */
  start?: StartSettings;
}

/**
 * Calls run bin/tabwright.js as an installed command does (the native client for a warm `run`,
 * where it was built) unless a call asks for the Node CLI: what users run, and a Node start-up
 * less per program (0.10-0.13 s of CPU each, measured here; about 1,000 programs in a suite on
 * two cores). TABWRIGHT_TEST_CLI=node runs the Node CLI for every call that does not ask.
 */
const AS_INSTALLED = process.env.TABWRIGHT_TEST_CLI !== 'node';

export class TabwrightHome {
  readonly home: string;
  private readonly baseEnv: NodeJS.ProcessEnv;
  private readonly start?: StartSettings;
  private startWritten = false;
  /** TABWRIGHT_TEST_BROWSER=connected: the browser this home's runtime attaches to. */
  private readonly standIn?: StandInBrowser;

  constructor(options: HomeOptions | string = {}) {
    if (typeof options === 'string') options = { prefix: options };
    this.home = fs.mkdtempSync(path.join(os.tmpdir(), options.prefix ?? 'tabwright-test-'));
    this.baseEnv = options.env ?? {};
    if (options.start) this.start = options.start;
    else if (CONNECTED_MATRIX) this.standIn = StandInBrowser.start();
    else if (BROWSERLESS_MATRIX) this.start = browserlessMatrixStart();
  }

  /** The settings this home's runtime starts with: its own, or the matrix's stand-in browser. */
  async startSettings(): Promise<StartSettings> {
    if (this.standIn) return { connect: await this.standIn.url };
    return this.start ?? {};
  }

  /** `runtime start` flags for this home's settings with `extra` added (as flags, extra wins). */
  async startFlags(extra: StartSettings = {}): Promise<string[]> {
    return startFlags({ ...(await this.startSettings()), ...extra });
  }

  env(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
    return { ...process.env, ...this.baseEnv, TABWRIGHT_HOME: this.home, ...extra };
  }

  /** Runs `tabwright ...args`; never rejects on a non-zero exit. */
  async run(args: string[], options: CliOptions = {}): Promise<CliResult> {
    if (!this.startWritten) {
      this.startWritten = true;
      const settings = await this.startSettings();
      if (Object.keys(settings).length) saveStartSettings({ home: this.home, socket: '', log: '', artifacts: '' }, settings);
    }
    const [file, argv] = (options.asInstalled ?? AS_INSTALLED) ? [CLI, args] : [process.execPath, [CLI, ...args]];
    const child = spawn(file, argv, { env: this.env(options.env), stdio: ['pipe', 'pipe', 'pipe'] });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? CLI_CALL_MS);
    return cliResult(child, options.input).finally(() => clearTimeout(timer));
  }

  /**
   * `tabwright run --task T --request-id R --verbose` with the program on stdin: the whole
   * receipt, which most tests check field by field. `compactProgram` prints what an agent sees.
   */
  program(task: string, requestId: string, program: string, extraArgs: string[] = [], options: CliOptions = {}): Promise<CliResult> {
    const args = patient(extraArgs);
    return this.run(['run', '--task', task, '--request-id', requestId, '--verbose', ...args], { timeoutMs: callMsOf(args), ...options, input: program });
  }

  /** `tabwright run --task T --request-id R` as an agent calls it: the compact receipt. */
  compactProgram(task: string, requestId: string, program: string, extraArgs: string[] = [], options: CliOptions = {}): Promise<CliResult> {
    const args = patient(extraArgs);
    return this.run(['run', '--task', task, '--request-id', requestId, ...args], { timeoutMs: callMsOf(args), ...options, input: program });
  }

  runtimePid(): number | undefined {
    try {
      return parseLock(fs.readFileSync(path.join(this.home, LOCK_FILE), 'utf8')).pid || undefined;
    } catch {
      return undefined;
    }
  }

  /** Stops the runtime (and its browser) and removes the home. */
  async dispose(): Promise<void> {
    const status = await this.run(['runtime', 'status'], { timeoutMs: 30_000 }).catch(() => undefined);
    const browserPid = Number(status?.json?.browser?.pid) || undefined;
    await this.run(['runtime', 'stop'], { timeoutMs: 30_000 }).catch(() => undefined);
    const pid = this.runtimePid();
    if (pid) {
      try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ }
    }
    // The browser writes its profile as it exits (slowly on a loaded machine): the home can
    // only go once it is gone. It is not our child, so no exit event: poll, then kill it.
    if (browserPid) {
      const alive = () => processAlive(browserPid);
      for (let i = 0; i < 150 && alive(); i++) await new Promise(resolve => setTimeout(resolve, 100));
      if (alive()) try { process.kill(browserPid, 'SIGKILL'); } catch { /* gone */ }
    }
    fs.rmSync(this.home, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    await this.standIn?.stop();
  }
}

/** Reads the runtime log, for assertion messages. */
export function runtimeLog(home: TabwrightHome): string {
  try {
    return fs.readFileSync(path.join(home.home, 'runtime.log'), 'utf8').slice(-4000);
  } catch {
    return '';
  }
}

/**
 * Whether the runtime would find a browser to launch here, by the lookup the runtime itself
 * makes (contract/browserLocator.ts): a browser only in Playwright's cache counts, one that
 * is merely on PATH does not. `headed`: a full Chromium (a headed runtime, like the connected
 * matrix's stand-in, cannot run on the headless shell). A browser TABWRIGHT_BROWSER names that
 * is not there is no reason to skip: the runtime's error says so, and the tests show it.
 */
export function hasBrowser(options: { headed?: boolean } = {}): boolean {
  const lookup = locateBrowser(process.env.TABWRIGHT_BROWSER, { headless: !options.headed && !CONNECTED_MATRIX });
  return lookup.path !== undefined || lookup.invalidExplicit !== undefined;
}
