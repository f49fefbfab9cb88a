// `tabwright runtime start|stop|status`.
import { existsSync } from 'node:fs';
import type { Command } from '../arguments.js';
import { failureOutcome, jsonOutcome, type CommandOutcome } from '../commandOutcome.js';
import { ExitCode } from '../../contract/exitCodes.js';
import { connectRuntime } from '../runtimeConnection.js';
import type { RuntimeHome } from '../runtimeHome.js';
import { probeRuntime } from '../runtimeStatus.js';
import { stopRuntime } from '../runtimeStopper.js';
import { saveStartSettings, settingsFromEnvironment, type StartSettings } from '../startSettings.js';
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
  const probe = await probeRuntime(home.socket);
  if (probe.kind === 'running') {
    // Flags win over the variables, as they do at launch (runtimeLauncher.ts).
    const differences = policyDifferences(probe.status.policy, { ...settingsFromEnvironment(process.env), ...settings });
    if (differences.length) {
      return failureOutcome({
        name: 'RuntimeStartedOtherwise',
        message: `The runtime is already running with other settings (${differences.join('; ')}). `
          + 'Run `tabwright runtime stop` first, then `tabwright runtime start` with the flags you want.',
        exitCode: ExitCode.Usage,
      });
    }
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
  const running = connection.status.browser?.path;
  if (browser !== undefined && running !== undefined && running !== browser) {
    process.stderr.write(`tabwright: the runtime was already running with browser ${running}; `
      + 'run `tabwright runtime stop` first to use --browser.\n');
  }
  return jsonOutcome(ExitCode.Succeeded, { running: true, ...connection.status });
}

/** What the running runtime's policy (GET /v1/status) has that these flags do not ask for, and back. */
function policyDifferences(running: unknown, wanted: StartSettings): string[] {
  // A runtime from before these settings reports none: it runs with the defaults.
  const now = (typeof running === 'object' && running !== null ? running : {}) as Partial<RuntimePolicy>;
  const sameList = (a: readonly string[] = [], b: readonly string[] = []) => a.length === b.length && a.every(x => b.includes(x));
  const differences: string[] = [];
  if ((now.connect ?? '') !== (wanted.connect ?? '')) differences.push(`browser: ${now.connect ? `connected to ${now.connect}` : 'launched'}`);
  if ((now.allowAdopt ?? false) !== (wanted.allowAdopt ?? false)) differences.push(`--allow-adopt ${now.allowAdopt ? 'on' : 'off'}`);
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
