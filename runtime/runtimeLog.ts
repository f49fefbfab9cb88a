// The runtime's log, runtime.log: one pino logger for the whole runtime process, made first
// (main.ts) so the browser launched before anything else logs to it too. fastify's API uses it
// (runtimeServer.ts, `loggerInstance`), and the parts below the runtime get children of it with
// their own fields (`{ part: 'router', task }`, `{ part: 'cdp' }`), so every line has one
// format (one JSON object a line, an ISO time, a level, `msg`). The CLI shows the tail of it,
// as `time msg`, when the runtime fails to start. The file and its rotation: runtimeLogFile.ts.
import { pino, type Logger } from 'pino';
import { RuntimeLogFile } from './runtimeLogFile.js';

/** The runtime's logger, and each part's child of it. */
export type Log = Logger;

/** The part of the logger most of the runtime writes with. */
export type RuntimeLog = Pick<Log, 'info' | 'warn' | 'error'>;

/** runtime.log's logger, writing to `file` (the runtime's stdout). */
export function createRuntimeLog(file: string): Log {
  return pino({
    level: 'info',
    // ISO times, readable in the log and in the CLI's excerpt of it.
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
    base: { pid: process.pid },
  }, new RuntimeLogFile(file));
}

/** An error with its stack, as one log message. */
export function described(error: unknown): string {
  return error instanceof Error ? error.stack ?? error.message : String(error);
}
