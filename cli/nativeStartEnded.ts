// The native client (client/tabwright.c) starts the runtime by a double fork and waits for it
// itself; when that runtime ends before answering, it hands over to this CLI with
// NATIVE_START_ENDED=`pid:logOffset` (contract/runtimeProcess.ts). The runtime said why, and its
// exit code, in its last line (START_EXIT_FIELD, runtime/runtimeServer.ts): the launcher reports
// that exit as it does for a runtime it started, instead of starting another. An agent's shell
// can set the variable to anything, so it counts only when that pid is gone and wrote such a line
// after that offset within the last minute; else the launcher starts a runtime as usual. Node
// built-ins only: the CLI loads it.
import { NATIVE_START_ENDED, START_EXIT_FIELD } from '../contract/runtimeProcess.js';
import { processAlive } from '../contract/processLiveness.js';
import { logLinesSince } from './runtimeLogLines.js';

/** A line older than this is no runtime the native client has just started. */
const RECENT_MS = 60_000;
/** The end of the log read for the line: a runtime that could not start wrote little. */
const MAX_READ_BYTES = 256 * 1024;

/** The runtime the native client started, how it ended and when, and where its lines begin in the log. */
export interface EndedStart { pid: number; code: number; at: number; logOffset: number }

/** The native client's runtime that ended before answering, as its log says, if the variable names one. */
export function nativeStartEnded(env: NodeJS.ProcessEnv, log: string, now = Date.now()): EndedStart | undefined {
  const named = /^(\d{1,10}):(\d{1,15})$/.exec(env[NATIVE_START_ENDED] ?? '');
  if (!named) return undefined;
  const pid = Number(named[1]);
  const logOffset = Number(named[2]);
  if (pid <= 0 || processAlive(pid)) return undefined;
  // A log rotated since is no place to find that runtime's lines by their offset.
  const read = logLinesSince(log, logOffset, MAX_READ_BYTES);
  if (!read || read.rotated) return undefined;
  for (const line of read.lines.reverse()) {
    let entry: { pid?: unknown; time?: unknown; [field: string]: unknown };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue;
    }
    const code = entry[START_EXIT_FIELD];
    if (entry.pid !== pid || typeof code !== 'number' || !Number.isInteger(code)) continue;
    const at = Date.parse(String(entry.time));
    return Number.isFinite(at) && now - at <= RECENT_MS && at <= now + RECENT_MS ? { pid, code, at, logOffset } : undefined;
  }
  return undefined;
}
