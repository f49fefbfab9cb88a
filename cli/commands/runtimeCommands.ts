// `tabwright runtime start|stop|status`.
import { existsSync } from 'node:fs';
import type { Command } from '../arguments.js';
import { failureOutcome, jsonOutcome, type CommandOutcome } from '../commandOutcome.js';
import { ExitCode } from '../../contract/exitCodes.js';
import { connectRuntime } from '../runtimeConnection.js';
import type { RuntimeHome } from '../runtimeHome.js';
import { probeRuntime } from '../runtimeStatus.js';
import { stopRuntime } from '../runtimeStopper.js';
import { saveStartSettings, savedStartSettings, type StartSettings } from '../startSettings.js';
import { shownBrowserUrl } from '../../contract/browserAddress.js';
import type { RuntimePolicy } from '../../contract/api.js';
import { NotATabwrightHomeError } from '../../contract/homeFolder.js';
import { notAHome } from '../runtimeHome.js';

type RuntimeCommand = Extract<Command, { kind: 'runtimeStart' | 'runtimeStop' | 'runtimeStatus' }>;

export async function runRuntimeCommand(command: RuntimeCommand, home: RuntimeHome): Promise<CommandOutcome> {
  switch (command.kind) {
    case 'runtimeStart': return startRuntime(command, home);
    case 'runtimeStop': return stop(home);
    case 'runtimeStatus': return status(home);
  }
}

async function startRuntime(command: Extract<RuntimeCommand, { kind: 'runtimeStart' }>, home: RuntimeHome): Promise<CommandOutcome> {
  const { browser, settings } = command;
  if (browser !== undefined && !existsSync(browser)) {
    return failureOutcome({
      name: 'BrowserNotFound',
      message: `--browser ${JSON.stringify(browser)}: no such file. Give the path of a Chrome or Chromium executable.`,
      exitCode: ExitCode.Usage,
    });
  }
  // A runtime already up keeps what it was started with: saying "running" while the origin
  // policy or the browser asked for is not in force would be the one wrong answer.
  // Only the flags count: the variables that once set these are ignored (contract/startSettings.ts).
  const probe = await probeRuntime(home.socket);
  if (probe.kind === 'running') {
    const refused = startedOtherwise(probe.status.policy, settings, home);
    if (refused) return refused;
  } else {
    try {
      saveStartSettings(home, settings);
    } catch (error) {
      if (error instanceof NotATabwrightHomeError) return failureOutcome(notAHome(error));
      throw error;
    }
  }
  const connection = await connectRuntime(home, { ...(browser === undefined ? {} : { browser }), settings });
  if (!connection.ok) return failureOutcome(connection.failure);
  // Another command may have started the runtime with the settings before these were saved.
  const raced = startedOtherwise(connection.status.policy, settings, home);
  if (raced) return raced;
  const running = connection.status.browser?.path;
  if (browser !== undefined && running !== undefined && running !== browser) {
    process.stderr.write(`tabwright: the runtime was already running with browser ${running}; `
      + 'run `tabwright runtime stop` first to use --browser.\n');
  }
  return jsonOutcome(ExitCode.Succeeded, { running: true, ...connection.status });
}

/** A running runtime keeps what it was started with: asked for anything else, `runtime start` refuses. */
function startedOtherwise(running: unknown, wanted: StartSettings, home: RuntimeHome): CommandOutcome | undefined {
  const differences = policyDifferences(running, wanted, home);
  if (!differences.length) return undefined;
  return failureOutcome({
    name: 'RuntimeStartedOtherwise',
    message: `The runtime is already running with other settings (${differences.join('; ')}). `
      + 'Run `tabwright runtime stop` first, then `tabwright runtime start` with the flags you want.',
    exitCode: ExitCode.Usage,
  });
}

/** What the running runtime's policy (GET /v1/status) has that these flags do not ask for, and back. */
function policyDifferences(running: unknown, wanted: StartSettings, home: RuntimeHome): string[] {
  // A runtime from before these settings reports none: it runs with the defaults.
  const now = (typeof running === 'object' && running !== null ? running : {}) as Partial<RuntimePolicy>;
  const sameList = (a: readonly string[] = [], b: readonly string[] = []) => a.length === b.length && a.every(x => b.includes(x));
  const differences: string[] = [];
  // The runtime shows its addresses without their tokens; start.json, which it read at its
  // start and only a stopped runtime's `runtime start` rewrites, says whether the token differs.
  const saved = savedStartSettings(home);
  const differs = (shownNow: string | undefined, want: string | undefined, savedOne: string | undefined) =>
    (shownNow ?? '') !== (want === undefined ? '' : shownBrowserUrl(want)) || (want !== undefined && savedOne !== undefined && want !== savedOne);
  if (differs(now.connect, wanted.connect, saved.connect)) differences.push(`browser: ${now.connect ? `connected to ${now.connect}` : now.browserService ? `a browser per task from ${now.browserService}` : 'launched'}`);
  else if (differs(now.browserService, wanted.browserService, saved.browserService)) differences.push(`browser: ${now.browserService ? `a browser per task from ${now.browserService}` : 'not from a browser service'}`);
  if ((now.allowAdopt ?? false) !== (wanted.allowAdopt ?? false)) differences.push(`--allow-adopt ${now.allowAdopt ? 'on' : 'off'}`);
  if ((now.allowFileUrls ?? false) !== (wanted.allowFileUrls ?? false)) differences.push(`--allow-file-urls ${now.allowFileUrls ? 'on' : 'off'}`);
  // Switches in order: Chromium reads them in order, and a later one can undo an earlier one.
  const sameArgs = (now.browserArgs ?? []).join('\n') === (wanted.browserArgs ?? []).join('\n');
  if (!sameArgs) differences.push(`--browser-arg ${now.browserArgs?.join(' ') || 'none'}`);
  if (!sameList(now.blockOrigins, wanted.blockOrigins)) differences.push(`--block-origin ${now.blockOrigins?.join(' ') || 'none'}`);
  if (!sameList(now.allowOrigins, wanted.allowOrigins)) differences.push(`--allow-origin ${now.allowOrigins?.join(' ') || 'none'}`);
  return differences;
}

async function stop(home: RuntimeHome): Promise<CommandOutcome> {
  const stopped = await stopRuntime(home);
  if (!stopped.ok) return failureOutcome(stopped.failure);
  return jsonOutcome(ExitCode.Succeeded, { stopped: true, wasRunning: stopped.wasRunning });
}

async function status(home: RuntimeHome): Promise<CommandOutcome> {
  const probe = await probeRuntime(home.socket);
  switch (probe.kind) {
    case 'running': return jsonOutcome(ExitCode.Succeeded, { running: true, ...probe.status });
    case 'absent': return jsonOutcome(ExitCode.Succeeded, { running: false, home: home.home });
    case 'unreachable':
      return failureOutcome({
        name: 'RuntimeUnreachable',
        message: `Cannot tell whether the runtime runs: ${probe.message}. Check ${home.log}.`,
        exitCode: ExitCode.Unreachable,
      });
  }
}
