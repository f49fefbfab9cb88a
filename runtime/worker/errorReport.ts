// A thrown value as the receipt's `error`: name, message, and what Playwright reported.
import type { ReceiptError } from '../receipt.js';
import { cutMiddle } from './consoleCapture.js';

export const MAX_ERROR_MESSAGE = 4000;

export function reportError(thrown: unknown): ReceiptError {
  if (!(thrown instanceof Error)) return { name: 'Error', message: cutMiddle(String(thrown), MAX_ERROR_MESSAGE) };
  const report: ReceiptError = { name: thrown.name, message: cutMiddle(thrown.message, MAX_ERROR_MESSAGE) };
  const position = /program\.js:(\d+):(\d+)/.exec(thrown.stack ?? '');
  if (position) {
    report.line = Number(position[1]);
    report.column = Number(position[2]);
  }
  return report;
}
