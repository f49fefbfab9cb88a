// The runtime's log, runtime.log: fastify's own pino logger, so the API's lines and the
// runtime's share one format (one JSON object a line, an ISO time, a level, `msg`). The
// runtime's stdout and stderr are the log file (cli/runtimeLauncher.ts); the CLI shows the
// tail of it, as `time msg`, when the runtime fails to start.
import fs from 'node:fs';
import { LogController, type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';

/** The part of the logger the runtime writes with. */
export type RuntimeLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/**
 * Where the lines go: the runtime's stdout (runtime.log), each written before the call returns.
 * pino's own destination buffers and writes later, so the last lines before a hard exit
 * (SIGKILL) were lost, and a line could land after what it led to. A line that cannot be
 * written (a full disk) is dropped: logging never throws into the code that logs.
 */
const logFile = {
  write(line: string): void {
    try {
      fs.writeSync(1, line);
    } catch {
      // Nowhere left to say it.
    }
  },
};

/** Fastify's logger options for runtime.log. Requests are not logged: only what the runtime says. */
export const RUNTIME_LOG_OPTIONS = {
  logger: {
    level: 'info',
    // ISO times, readable in the log and in the CLI's excerpt of it.
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
    base: { pid: process.pid },
    stream: logFile,
  },
  logController: new LogController({ disableRequestLogging: true }),
} satisfies FastifyServerOptions;

/** An error with its stack, as one log message. */
export function described(error: unknown): string {
  return error instanceof Error ? error.stack ?? error.message : String(error);
}
