// Starts the runtime detached (its own session and process group, so an agent host that
// kills the CLI's process tree does not kill it) and waits until it answers GET /v1/status:
// probed as soon as its socket appears (socketWatch.ts), and at growing intervals besides.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, statSync } from 'node:fs';
import { logLinesSince } from './runtimeLogLines.js';
import { BROWSER_SERVICE_EXIT_CODES, ExitCode } from '../contract/exitCodes.js';
import { BROWSER_SERVICE_EXIT, type BrowserServiceErrorName } from '../contract/errors.js';
import type { CliFailure } from '../contract/cliFailure.js';
import { packageRoot, runtimeEntry } from './packageFiles.js';
import { watchSocket, type SocketWatch } from './socketWatch.js';
import { notAHome, type RuntimeHome } from './runtimeHome.js';
import { probeRuntime, type RuntimeStatus } from './runtimeStatus.js';
import { NATIVE_STARTED, RUNTIME_PROCESS } from '../contract/runtimeProcess.js';
import { nativeStartedRuntime, startExit, type StartedRuntime, type StartExit } from './startedRuntime.js';
import { liveLockHolder } from '../contract/runtimeLockFile.js';
import { processAlive } from '../contract/processLiveness.js';
import { claimHome, NotATabwrightHomeError } from '../contract/homeFolder.js';
import { locateBrowser, missingBrowserMessage } from '../contract/browserLocator.js';
import { retiredVariablesIn, savedStartSettings, type StartSettings } from './startSettings.js';
import { RETIRED_VARIABLES } from '../contract/startSettings.js';
import { environmentProblems, KNOB_REFUSED, pathKnob } from '../contract/environmentKnobs.js';

export const READY_TIMEOUT_MS = 20_000;
const FIRST_POLL_MS = 20;
const LONGEST_POLL_MS = 200;
/**
 * A runtime that exits 0 found another holding the lock. If that one never answers (it was
 * stopping), start again after this long.
 */
const RESPAWN_AFTER_MS = 3_000;
const LOG_TAIL_LINES = 20;

export type Launch = { ok: true; status: RuntimeStatus } | { ok: false; failure: CliFailure };

export interface LaunchOptions {
  /** Passed to the runtime as TABWRIGHT_BROWSER. */
  browser?: string;
  /** `runtime start`'s own flags; any other command starts with the last ones saved. */
  settings?: StartSettings;
}

interface ChildExit { code: number | null; signal: NodeJS.Signals | null; error?: Error; at: number }

const CONNECT_ADVICE = 'The runtime connects to a running browser (`runtime start --connect/--auto-connect`): '
  + 'check that the browser runs with remote debugging on, or start the runtime without them to launch its own.';
const SERVICE_ADVICE = 'The runtime takes a browser per task from a browser service (`runtime start --browser-service URL`): '
  + 'check that the service runs at that address and that the URL carries its token, or start the runtime without it to launch its own browser.';
const BROWSER_ADVICE = 'If the browser would not start, `tabwright doctor` says what is wrong; set TABWRIGHT_BROWSER=/path/to/chrome '
  + '(or run `tabwright runtime start --browser /path/to/chrome`), or run `tabwright install-browser`.';

export async function launchRuntime(home: RuntimeHome, options: LaunchOptions = {}): Promise<Launch> {
  if (!existsSync(runtimeEntry)) {
    return unreachable('RuntimeNotBuilt', `The runtime is not built: ${runtimeEntry} is missing. Run \`npm run build\` in ${packageRoot}.`);
  }
  let logOffset: number;
  try {
    claimHome(home.home);
    logOffset = existsSync(home.log) ? statSync(home.log).size : 0;
  } catch (error) {
    if (error instanceof NotATabwrightHomeError) return { ok: false, failure: notAHome(error) };
    return unreachable('RuntimeHomeUnusable', `Cannot prepare ${home.home} for the runtime (${(error as Error).message}). `
      + 'Set TABWRIGHT_HOME to a writable directory.');
  }
  const env: NodeJS.ProcessEnv = { ...RUNTIME_PROCESS.env, ...process.env, TABWRIGHT_HOME: home.home };
  if (options.browser !== undefined) env['TABWRIGHT_BROWSER'] = options.browser;
  // The runtime reads its switches from start.json only; the variables that once set them are
  // not passed on, and whoever set one is told.
  for (const line of retiredVariablesIn(env)) process.stderr.write(`tabwright: ${line}\n`);
  for (const name of Object.keys(RETIRED_VARIABLES)) delete env[name];
  // A variable the runtime would refuse (contract/environmentKnobs.ts) is said now, before a
  // runtime starts only to exit; an unknown switch word is said and left at its default.
  const problems = environmentProblems(env);
  for (const problem of problems.filter(p => p.onBad === 'ignore')) process.stderr.write(`tabwright: ${problem.message}\n`);
  const refused = problems.filter(p => p.onBad === 'refuse');
  if (refused.length) {
    return { ok: false, failure: { name: KNOB_REFUSED, message: `Nothing was submitted. ${refused.map(p => p.message).join(' ')}`, exitCode: ExitCode.Usage, details: { variables: refused.map(p => p.variable) } } };
  }
  const settings = options.settings ?? savedStartSettings(home);
  const connect = settings.connect ?? settings.browserService;
  // No browser to launch: say how to get one now, before a runtime starts only to fail.
  if (!connect) {
    const lookup = locateBrowser(pathKnob(env, 'TABWRIGHT_BROWSER'), { headless: true });
    if (lookup.path === undefined) return { ok: false, failure: { name: 'BrowserNotFound', message: missingBrowserMessage(lookup), exitCode: ExitCode.Usage } };
  }
  const advice = settings.browserService ? SERVICE_ADVICE : connect ? CONNECT_ADVICE : BROWSER_ADVICE;
  // The runtime the native client started ended before answering: why, from its last line, and
  // no other start (one would find a corrupt receipts.db already moved aside, and say nothing).
  const native = nativeStartedRuntime(env);
  delete env[NATIVE_STARTED];
  const ended = native && startExit(native, home.log);
  if (ended) return startExitFailure(ended, home, advice);

  // A live process holds the lock: a runtime is starting (the native client started it a moment
  // ago, client/runtimeStart.c, or another CLI did). Wait for it rather than start one more that
  // would find the lock held and exit: ~0.1 s of CPU the cold start needs. Its lines begin where
  // the native client says for the one it started, else where the log ends now.
  const holderPid = liveLockHolder(home.home);
  const holder = holderPid === undefined ? undefined : { pid: holderPid, logOffset: native?.pid === holderPid ? native.logOffset : logOffset };
  process.stderr.write(holder === undefined ? `tabwright: starting the runtime (log: ${home.log})\n`
    : `tabwright: the runtime is starting (pid ${holder.pid}; log: ${home.log})\n`);
  const socket = watchSocket(home.socket);
  try {
    return await awaitRuntime(home, env, socket, logOffset, advice, holder);
  } finally {
    socket.close();
  }
}

/**
 * Waits for the runtime to answer: the one `holder` names (another start's), else one it starts.
 * A holder that ends having said why (startExit) is that failure; one that never answers, or
 * ends without a word, has one started after it after RESPAWN_AFTER_MS.
 */
async function awaitRuntime(home: RuntimeHome, env: NodeJS.ProcessEnv, socket: SocketWatch, logOffset: number, advice: string, holder: StartedRuntime | undefined): Promise<Launch> {
  // Not spawned: as a spawn that found the lock held (exit code 0) at this moment.
  let child: { exit?: ChildExit } = holder === undefined ? spawnRuntime(home, env) : { exit: { code: 0, signal: null, at: Date.now() } };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let delay = FIRST_POLL_MS;
  for (;;) {
    await socket.wait(delay);
    delay = Math.min(LONGEST_POLL_MS, Math.ceil(delay * 1.5));
    const probe = await probeRuntime(home.socket, Math.max(100, Math.min(2_000, deadline - Date.now())));
    if (probe.kind === 'running') return { ok: true, status: probe.status };
    // Its log is read once, when it is gone: it wrote its last line before it exited.
    if (holder && !processAlive(holder.pid)) {
      const ended = startExit(holder, home.log);
      if (ended && ended.code !== 0) return startExitFailure(ended, home, advice);
      holder = undefined;
    }
    const exit = child.exit;
    if (exit !== undefined && (exit.code !== 0 || exit.error !== undefined)) return exitFailure(exit, home, logOffset, advice);
    if (Date.now() >= deadline) {
      return unreachable('RuntimeStartTimedOut', `The runtime did not answer on ${home.socket} within ${READY_TIMEOUT_MS / 1000} s. `
        + `${logTail(home.log, logOffset)}\n${advice}`);
    }
    // Exit code 0: another runtime holds the lock, and it is the one to wait for, unless
    // nothing answers for a while (it was on its way out).
    if (exit !== undefined && probe.kind === 'absent' && Date.now() - exit.at >= RESPAWN_AFTER_MS) child = spawnRuntime(home, env);
  }
}

/** What a runtime that exited before answering failed with: a browser service's answer, or its log's last lines. */
function exitFailure(exit: ChildExit, home: RuntimeHome, logOffset: number, advice: string): Launch {
  const service = browserServiceFailure(exit.code);
  if (service) return { ok: false, failure: { name: service, message: `${SERVICE_FAILURE[service]} ${logTail(home.log, logOffset)}`, exitCode: BROWSER_SERVICE_EXIT_CODES[service] } };
  const how = exit.error !== undefined ? `could not be started (${exit.error.message})`
    : exit.signal !== null ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
  return unreachable('RuntimeStartFailed', `The runtime ${how} before answering. ${logTail(home.log, logOffset)}\n${advice}`);
}

/** What a runtime someone else started failed with, as its last line says. */
function startExitFailure(ended: StartExit, home: RuntimeHome, advice: string): Launch {
  return exitFailure({ code: ended.code, signal: null, at: ended.at }, home, ended.logOffset, advice);
}

/** A started runtime process; `exit` is set once it has exited. */
function spawnRuntime(home: RuntimeHome, env: NodeJS.ProcessEnv): { exit?: ChildExit } {
  const state: { exit?: ChildExit } = {};
  let logFd: number;
  try {
    logFd = openSync(home.log, 'a', 0o600);
  } catch (error) {
    state.exit = { code: null, signal: null, error: error as Error, at: Date.now() };
    return state;
  }
  try {
    const child = spawn(process.execPath, [...RUNTIME_PROCESS.nodeFlags, runtimeEntry], { detached: true, stdio: ['ignore', logFd, logFd], env });
    child.on('error', (error) => { state.exit = { code: null, signal: null, error, at: Date.now() }; });
    child.on('exit', (code, signal) => { state.exit = { code, signal, at: Date.now() }; });
    child.unref();
  } finally {
    closeSync(logFd);
  }
  return state;
}

/** What the first line says when the runtime exited because the browser service gave it no browser. */
const SERVICE_FAILURE: Readonly<Record<BrowserServiceErrorName, string>> = {
  BrowserServiceRefused: 'The browser service refused the runtime\'s token (the runtime did not start): give the URL with the right token.',
  BrowserServiceBusy: 'The browser service is full (HTTP 429), so the runtime could not connect to it: try again once one of its sessions ends.',
  BrowserServiceUnreachable: 'Nothing answered at the browser service\'s address (the runtime did not start).',
};

/** The browser service's answer a runtime's exit code names (contract/errors.ts), if it names one. */
function browserServiceFailure(code: number | null): BrowserServiceErrorName | undefined {
  return (Object.keys(BROWSER_SERVICE_EXIT) as BrowserServiceErrorName[]).find(name => BROWSER_SERVICE_EXIT[name] === code);
}

function unreachable(name: string, message: string): Launch {
  return { ok: false, failure: { name, message, exitCode: ExitCode.Unreachable } };
}

/** A runtime.log line (pino's JSON, runtime/runtimeLog.ts) as `time msg`; any other line as it is. */
function readableLogLine(line: string): string {
  try {
    const entry = JSON.parse(line) as { time?: unknown; msg?: unknown };
    if (typeof entry.msg === 'string') return `${typeof entry.time === 'string' ? `${entry.time} ` : ''}${entry.msg}`;
  } catch {
    // Not pino's: Chromium or Node wrote it to the runtime's stderr.
  }
  return line;
}

/** The last lines the runtime wrote to its log since `offset`, as a message fragment. */
function logTail(log: string, offset: number): string {
  const read = logLinesSince(log, offset, 64 * 1024);
  if (!read) return `Its log ${log} could not be read.`;
  const lines = read.lines.filter((line) => line.trim() !== '').slice(-LOG_TAIL_LINES);
  if (lines.length === 0) return `It wrote nothing to ${log}.`;
  return `Last lines of ${log}:\n${lines.map(readableLogLine).join('\n')}`;
}
