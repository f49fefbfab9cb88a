// The real CLI in a private TABWRIGHT_HOME (test/harness/tabwrightCli.ts), with each call's
// wall time and the bytes it printed: what an agent waits for and what it reads back.
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { TabwrightHome, type CliResult } from '../test/harness/tabwrightCli.js';
import type { Receipt } from '../contract/receipt.js';

export interface TimedCall extends CliResult {
  wallMs: number;
  /** Bytes on stdout: the receipt the model would read. */
  bytes: number;
  receipt: Receipt | undefined;
}

export class BenchHome extends TabwrightHome {
  constructor(name: string) {
    super(`tabwright-bench-${name}-`);
  }

  /** `asInstalled`: the command as an install runs it (the native client where built), not `node bin/tabwright.js`. */
  async timed(args: string[], input?: string, timeoutMs = 300_000, asInstalled = false): Promise<TimedCall> {
    const started = performance.now();
    const result = await this.run(args, { input, timeoutMs, asInstalled });
    const wallMs = performance.now() - started;
    return { ...result, wallMs, bytes: Buffer.byteLength(result.stdout), receipt: result.json as Receipt | undefined };
  }

  /**
   * The program's run time as the runtime measured it: `run` prints the compact receipt, which
   * leaves durationMs out, so it is read from the stored receipt (an uncounted extra call), whole
   * (--verbose: `receipt` prints the compact one too).
   */
  async durationMs(task: string, requestId: string): Promise<number> {
    const stored = await this.run(['receipt', '--task', task, '--request-id', requestId, '--verbose'], { timeoutMs: 30_000 });
    const value = (stored.json as Receipt | undefined)?.durationMs;
    return typeof value === 'number' ? value : NaN;
  }

  /**
   * Stops the runtime and its browser, waits until both processes are gone (killing what is
   * left after 15 s: they are this bench's own), then removes the home. Never throws, so a
   * bench's own error is the one reported.
   */
  override async dispose(): Promise<void> {
    const status = await this.run(['runtime', 'status'], { timeoutMs: 10_000 }).catch(() => undefined);
    const pids = [this.runtimePid(), Number(status?.json?.browser?.pid) || undefined].filter((p): p is number => !!p);
    await this.run(['runtime', 'stop'], { timeoutMs: 30_000 }).catch(() => undefined);
    const deadline = Date.now() + 15_000;
    const alive = (pid: number) => { try { process.kill(pid, 0); return true; } catch { return false; } };
    while (pids.some(alive) && Date.now() < deadline) await new Promise(r => setTimeout(r, 100));
    for (const pid of pids.filter(alive)) {
      try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ }
    }
    try {
      fs.rmSync(this.home, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (error) {
      process.stderr.write(`bench: could not remove ${this.home}: ${String(error)}\n`);
    }
  }

  /** `tabwright run --task T --request-id R --wait 240` with the program on stdin (a ceiling for a busy machine; a receipt normally comes in well under a second). */
  submit(task: string, requestId: string, program: string, extraArgs: string[] = [], asInstalled = false): Promise<TimedCall> {
    return this.timed(['run', '--task', task, '--request-id', requestId, '--wait', '240', ...extraArgs], program, 300_000, asInstalled);
  }
}

/** Throws when a call did not end in a final receipt (exit 0 or 1): the bench cannot judge it. */
export function finalReceipt(call: TimedCall, what: string): Receipt {
  if ((call.code !== 0 && call.code !== 1) || !call.receipt) {
    throw new Error(`${what}: exit ${call.code}, no final receipt\nstdout: ${call.stdout.slice(0, 2000)}\nstderr: ${call.stderr.slice(0, 2000)}`);
  }
  return call.receipt;
}
