// Finds a usable runtime before a command talks to it: probe the socket, start the runtime
// when none listens, and replace an idle runtime of another version. Starting and stopping
// are loaded only when needed: the common case, a warm runtime, never needs them.
import { ExitCode } from '../contract/exitCodes.js';
import type { CliFailure } from '../contract/cliFailure.js';
import { cliVersion } from './packageFiles.js';
import { requestRuntime } from './runtimeClient.js';
import type { RuntimeHome } from './runtimeHome.js';
import type { Launch, LaunchOptions } from './runtimeLauncher.js';
import { probeRuntime, type RuntimeStatus } from './runtimeStatus.js';

export type Connection = { ok: true; status: RuntimeStatus } | { ok: false; failure: CliFailure };

export async function connectRuntime(home: RuntimeHome, options: LaunchOptions = {}): Promise<Connection> {
  const probe = await probeRuntime(home.socket);
  switch (probe.kind) {
    case 'absent':
      return launch(home, options);
    case 'unreachable':
      return {
        ok: false,
        failure: {
          name: 'RuntimeUnreachable',
          message: `The runtime is unreachable: ${probe.message}. Nothing was submitted. Check ${home.log}; `
            + 'if the runtime is hung, stop it (`tabwright runtime stop`, or kill its process) and retry.',
          exitCode: ExitCode.Unreachable,
        },
      };
    case 'running':
      if (probe.status.version === cliVersion()) return { ok: true, status: probe.status };
      return replaceIfIdle(home, probe.status, options);
  }
}

/** Version skew: restart a runtime that runs nothing; leave a busy one alone with a warning. */
async function replaceIfIdle(home: RuntimeHome, status: RuntimeStatus, options: LaunchOptions): Promise<Connection> {
  const versions = `the runtime is version ${status.version}, this CLI is ${cliVersion()}`;
  if (!(await isIdle(home))) {
    process.stderr.write(`tabwright: warning: ${versions}; it has programs running or queued, so it stays up. `
      + 'Run `tabwright runtime stop` once they finish to start the matching version.\n');
    return { ok: true, status };
  }
  process.stderr.write(`tabwright: ${versions}; no programs are running, so restarting it\n`);
  const { stopRuntime } = await import('./runtimeStopper.js');
  const stop = await stopRuntime(home);
  if (!stop.ok) return stop;
  return launch(home, options);
}

async function launch(home: RuntimeHome, options: LaunchOptions): Promise<Launch> {
  const { launchRuntime } = await import('./runtimeLauncher.js');
  return launchRuntime(home, options);
}

async function isIdle(home: RuntimeHome): Promise<boolean> {
  const answer = await requestRuntime(home.socket, { method: 'GET', path: '/v1/tasks', timeoutMs: 10_000 });
  if (answer.kind !== 'answered' || answer.httpStatus !== 200) return false;
  const body = answer.body;
  if (typeof body !== 'object' || body === null || !('tasks' in body) || !Array.isArray(body.tasks)) return false;
  return body.tasks.every((task: unknown) =>
    typeof task === 'object' && task !== null
    && isNothing('running' in task ? task.running : undefined)
    && isNothing('queued' in task ? task.queued : undefined));
}

/** `running`/`queued` may be counts, flags, ids or lists; each way of saying "none". */
function isNothing(value: unknown): boolean {
  return value === undefined || value === null || value === 0 || value === false || value === ''
    || (Array.isArray(value) && value.length === 0);
}
