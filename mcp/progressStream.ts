// Follows a program's progress route (GET .../receipts/:requestId/progress, newline-delimited
// JSON) over the runtime's Unix socket. Best effort by design: progress is news, never the
// record, so a failed or unknown route just means no notifications; the receipt is read apart.
import { request as httpRequest, type RequestOptions } from 'node:http';
import type { ProgressLine } from '../contract/api.js';
import type { ReceiptRef } from '../contract/answerDocument.js';

export interface ProgressFollow {
  /** Stops following (closes the connection); the program is not affected. */
  stop(): void;
  /** Settles when the runtime ends the stream (it does once the receipt is final) or it fails. */
  ended: Promise<void>;
}

export function followProgress(socketPath: string, ref: ReceiptRef, waitS: number, onLine: (line: ProgressLine) => void): ProgressFollow {
  const path = `/v1/tasks/${encodeURIComponent(ref.task)}/receipts/${encodeURIComponent(ref.requestId)}/progress?wait=${waitS}`;
  // No TLS server name: see runtimeClient.ts (it spares a costly regular expression).
  const options: RequestOptions & { servername: string } = {
    socketPath, method: 'GET', path, agent: false, servername: '', headers: { accept: 'application/x-ndjson' },
  };
  let markEnded: () => void = () => {};
  const ended = new Promise<void>(resolve => { markEnded = resolve; });
  const outgoing = httpRequest(options, response => {
    response.on('close', markEnded);
    if (response.statusCode !== 200) {
      response.resume();
      return;
    }
    let pending = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      pending += chunk;
      let newline = pending.indexOf('\n');
      while (newline !== -1) {
        const text = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        newline = pending.indexOf('\n');
        const line = parseLine(text);
        if (line !== undefined) onLine(line);
      }
    });
    response.on('error', () => {});
  });
  outgoing.on('error', markEnded);
  outgoing.on('close', markEnded);
  outgoing.end();
  return { stop: () => { outgoing.destroy(); }, ended };
}

function parseLine(text: string): ProgressLine | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return undefined;
    if ('status' in value && typeof value.status === 'string') return value as ProgressLine;
    if ('console' in value && typeof value.console === 'object' && value.console !== null) return value as ProgressLine;
    if ('waitingFor' in value && 'reason' in value && typeof value.reason === 'string') return value as ProgressLine;
    return undefined;
  } catch {
    return undefined;
  }
}
