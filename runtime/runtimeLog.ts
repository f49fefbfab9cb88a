// The runtime's log, runtime.log: fastify's own pino logger, so the API's lines and the
// runtime's share one format (one JSON object a line, an ISO time, a level, `msg`). The
// runtime's stdout and stderr are the log file (cli/runtimeLauncher.ts); the CLI shows the
// tail of it, as `time msg`, when the runtime fails to start.
import { LogController, type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';

/** The part of the logger the runtime writes with. */
export type RuntimeLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** Fastify's logger options for runtime.log. Requests are not logged: only what the runtime says. */
export const RUNTIME_LOG_OPTIONS = {
  logger: {
    level: 'info',
    // ISO times, readable in the log and in the CLI's excerpt of it.
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
    base: { pid: process.pid },
  },
  logController: new LogController({ disableRequestLogging: true }),
} satisfies FastifyServerOptions;

/** An error with its stack, as one log message. */
export function described(error: unknown): string {
  return error instanceof Error ? error.stack ?? error.message : String(error);
}
