// Asks the runtime to stop (POST /v1/runtime/stop), waits until its socket stops answering,
// then briefly for its process to exit, so that a runtime started right after does not find
// the old one still holding the lock.
import { ExitCode } from '../contract/exitCodes.js';
import { processAlive } from '../contract/processLiveness.js';
import type { CliFailure } from '../contract/cliFailure.js';
import { pause } from './pause.js';
import { meansNoRuntime, requestRuntime } from './runtimeClient.js';
import type { RuntimeHome } from './runtimeHome.js';
import { probeRuntime } from './runtimeStatus.js';

export const STOP_TIMEOUT_MS = 15_000;
const EXIT_GRACE_MS = 5_000;
const POLL_MS = 50;

export type Stop = { ok: true; wasRunning: boolean } | { ok: false; failure: CliFailure };

export async function stopRuntime(home: RuntimeHome): Promise<Stop> {
  const before = await probeRuntime(home.socket);
  if (before.kind === 'absent') return { ok: true, wasRunning: false };
  if (before.kind === 'unreachable') return failed(`Cannot ask the runtime to stop: ${before.message}.`);
  const pid = before.status.pid;
  const answer = await requestRuntime(home.socket, { method: 'POST', path: '/v1/runtime/stop', timeoutMs: 10_000 });
  if (answer.kind === 'unreachable' && !meansNoRuntime(answer.code)) {
    return failed(`Cannot reach the runtime at ${home.socket} to stop it (${answer.code}: ${answer.message}).`);
  }
  if (answer.kind === 'answered' && answer.httpStatus >= 400) {
    return failed(`The runtime refused to stop (HTTP ${answer.httpStatus}: ${JSON.stringify(answer.body).slice(0, 300)}).`);
  }
  // A lost answer is fine here: a runtime that is stopping may close the connection early.
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  for (;;) {
    const probe = await probeRuntime(home.socket, 1_000);
    if (probe.kind === 'absent') break;
    if (Date.now() >= deadline) {
      return failed(`The runtime (pid ${pid}) still answers on ${home.socket} ${STOP_TIMEOUT_MS / 1000} s after being asked to stop. `
        + `Retry \`tabwright runtime stop\`, or end it with \`kill ${pid}\`.`);
    }
    await pause(POLL_MS);
  }
  const exitDeadline = Date.now() + EXIT_GRACE_MS;
  while (processAlive(pid)) {
    if (Date.now() >= exitDeadline) {
      process.stderr.write(`tabwright: the runtime (pid ${pid}) stopped answering but is still shutting down\n`);
      break;
    }
    await pause(POLL_MS);
  }
  return { ok: true, wasRunning: true };
}

function failed(message: string): Stop {
  return { ok: false, failure: { name: 'RuntimeStopFailed', message, exitCode: ExitCode.Unreachable } };
}
