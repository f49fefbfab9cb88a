// `tabwright runtime start|stop|status`.
import { existsSync } from 'node:fs';
import type { Command } from '../arguments.js';
import { failureOutcome, jsonOutcome, type CommandOutcome } from '../commandOutcome.js';
import { ExitCode } from '../exitCodes.js';
import { connectRuntime } from '../runtimeConnection.js';
import type { RuntimeHome } from '../runtimeHome.js';
import { probeRuntime } from '../runtimeStatus.js';
import { stopRuntime } from '../runtimeStopper.js';

type RuntimeCommand = Extract<Command, { kind: 'runtimeStart' | 'runtimeStop' | 'runtimeStatus' }>;

export async function runRuntimeCommand(command: RuntimeCommand, home: RuntimeHome): Promise<CommandOutcome> {
  switch (command.kind) {
    case 'runtimeStart': return startRuntime(command.browser, home);
    case 'runtimeStop': return stop(home);
    case 'runtimeStatus': return status(home);
  }
}

async function startRuntime(browser: string | undefined, home: RuntimeHome): Promise<CommandOutcome> {
  if (browser !== undefined && !existsSync(browser)) {
    return failureOutcome({
      name: 'BrowserNotFound',
      message: `--browser ${JSON.stringify(browser)}: no such file. Give the path of a Chrome or Chromium executable.`,
      exitCode: ExitCode.Usage,
    });
  }
  const connection = await connectRuntime(home, browser === undefined ? {} : { browser });
  if (!connection.ok) return failureOutcome(connection.failure);
  const running = connection.status.browser?.path;
  if (browser !== undefined && running !== undefined && running !== browser) {
    process.stderr.write(`tabwright: the runtime was already running with browser ${running}; `
      + 'run `tabwright runtime stop` first to use --browser.\n');
  }
  return jsonOutcome(ExitCode.Succeeded, { running: true, ...connection.status });
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
