// A logger for the parts a test builds itself (a CdpConnection, a RouterServer, a launched
// browser): a pino logger like the runtime's, whose lines the test keeps to assert on and that
// also go to stderr, where a failing test's output shows them.
import fs from 'node:fs';
import { pino, type Logger } from 'pino';

export interface LogLine { level: number; msg: string; [field: string]: unknown }

export function recordingLog(): { log: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const log = pino({ base: undefined }, {
    write(line: string) {
      lines.push(JSON.parse(line) as LogLine);
      fs.writeSync(2, line);
    },
  });
  return { log, lines };
}
