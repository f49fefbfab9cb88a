// A program that never started because of its browser, said in the browser's own terms: the
// browser stopped answering (transport/browserAnswer.ts), or a browser service gave no browser
// (full, refused the token, nothing there: contract/errors.ts). Nothing ran either way.
import type { Receipt } from '../../contract/receipt.js';
import { BrowserServiceError } from '../../contract/errors.js';
import { BrowserUnresponsive } from '../../transport/browserAnswer.js';
import type { Stop } from './task.js';

/** The receipt's fields for such a start, or undefined when the start failed otherwise (or was stopped: its stop says why). */
export function browserStartFailure(error: unknown, stop: Stop | undefined): Partial<Receipt> | undefined {
  // Dropping a browser that stopped answering interrupts what was in flight (browserLost), but
  // for the program starting that is the failure itself.
  if (error instanceof BrowserUnresponsive && (!stop || stop.reason === 'browserLost')) {
    return {
      status: 'failed',
      error: { name: error.name, message: error.message },
      hints: ['Nothing ran. The runtime ended the browser that stopped answering; submit the program again under a new request id: it gets a new browser (a connected one is connected to again).'],
    };
  }
  if (error instanceof BrowserServiceError && !stop) {
    return {
      status: 'failed',
      error: { name: error.errorName, message: error.message, ...error.fields },
      hints: [error.errorName === 'BrowserServiceBusy'
        ? `Nothing ran. Submit the program again under a new request id in ${error.fields.retryAfterS} s or later: the service gives a browser once one of its sessions ends.`
        : 'Nothing ran. Submit the program again under a new request id once the service answers: each program asks it for a browser again.'],
    };
  }
  return undefined;
}
