// A runtime this CLI did not start, and how it ended when it ended before answering. The native
// client (client/tabwright.c) starts the runtime by a double fork and waits for it itself; when
// that runtime has not answered in time, or has ended, it hands over to this CLI with
// NATIVE_STARTED=`pid:logOffset` (contract/runtimeProcess.ts). Another CLI may be starting one too
// (the lock names it). Either way, a runtime that fails says why, and its exit code, in its last
// line (START_EXIT_FIELD, runtime/runtimeServer.ts): the launcher reports that exit as it does for
// a runtime it started, instead of starting another, which would find a corrupt receipts.db
// already moved aside, run the program, and leave nobody told. An agent's shell can set the
// variable to anything, so a line counts only when that pid is gone and wrote it after that
// offset within the last minute. Node built-ins only: the CLI loads it.
import { NATIVE_STARTED, START_EXIT_FIELD } from '../contract/runtimeProcess.js';
import { processAlive } from '../contract/processLiveness.js';
import { logLinesSince } from './runtimeLogLines.js';

/** A line older than this is no runtime that has just been started. */
const RECENT_MS = 60_000;
/** The end of the log read for the line: a runtime that could not start wrote little. */
const MAX_READ_BYTES = 256 * 1024;

/** A runtime someone else started: its pid, and where its lines begin in the log. */
export interface StartedRuntime { pid: number; logOffset: number }

/** How a started runtime ended before answering, and when. */
export interface StartExit extends StartedRuntime { code: number; at: number }

/** The runtime the native client started and handed over, if the variable names one. */
export function nativeStartedRuntime(env: NodeJS.ProcessEnv): StartedRuntime | undefined {
  const named = /^(\d{1,10}):(\d{1,15})$/.exec(env[NATIVE_STARTED] ?? '');
  if (!named) return undefined;
  const pid = Number(named[1]);
  return pid > 0 ? { pid, logOffset: Number(named[2]) } : undefined;
}

/** How `runtime` ended, as its own recent last line says; undefined while it lives or when it wrote none. */
export function startExit(runtime: StartedRuntime, log: string, now = Date.now()): StartExit | undefined {
  if (processAlive(runtime.pid)) return undefined;
  // A log rotated since is no place to find that runtime's lines by their offset.
  const read = logLinesSince(log, runtime.logOffset, MAX_READ_BYTES);
  if (!read || read.rotated) return undefined;
  for (const line of read.lines.reverse()) {
    let entry: { pid?: unknown; time?: unknown; [field: string]: unknown };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue;
    }
    const code = entry[START_EXIT_FIELD];
    if (entry.pid !== runtime.pid || typeof code !== 'number' || !Number.isInteger(code)) continue;
    const at = Date.parse(String(entry.time));
    return Number.isFinite(at) && now - at <= RECENT_MS && at <= now + RECENT_MS ? { ...runtime, code, at } : undefined;
  }
  return undefined;
}
