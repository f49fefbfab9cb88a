// runtime.log's lines written since a byte offset, read from its end: the launcher's excerpt of a
// runtime that failed to start (runtimeLauncher.ts) and the line that says how a runtime someone
// else started ended (startedRuntime.ts). Node built-ins only: the CLI loads it.
import { closeSync, openSync, readSync, statSync } from 'node:fs';

export interface LogLines {
  /** The whole lines written after the offset, the last `maxBytes` of them at most. */
  lines: string[];
  /** The log is smaller than the offset: the runtime rotated it (runtime/runtimeLogFile.ts), and all of it is new. */
  rotated: boolean;
}

/** The lines of `log` after `offset`; undefined when it cannot be read. */
export function logLinesSince(log: string, offset: number, maxBytes: number): LogLines | undefined {
  try {
    const size = statSync(log).size;
    const rotated = size < offset;
    const from = rotated ? 0 : offset;
    const start = Math.max(from, size - maxBytes);
    const buffer = Buffer.alloc(size - start);
    const fd = openSync(log, 'r');
    try {
      readSync(fd, buffer, 0, buffer.length, start);
    } finally {
      closeSync(fd);
    }
    const lines = buffer.toString('utf8').split('\n');
    // Started inside a line: that line is not whole.
    return { lines: start > from ? lines.slice(1) : lines, rotated };
  } catch {
    return undefined;
  }
}
