// A view onto a task's CDP traffic for whoever needs to observe it (the runtime decides
// mutationState from it, runtime/mutations/). Observation only: a tap cannot change or stop a message.
import type { CdpEvent } from '../transport/cdpProtocol.js';

export interface CommandTap {
  /** A command a client of the task sent to one of its targets. */
  command(method: string, params: Record<string, unknown>, targetId: string): void;
  /** An event one of the task's targets sent to a client, typed by its method. */
  event(event: CdpEvent, targetId: string): void;
  /**
   * Something the task's traffic should have shown could not be observed (a page that could not
   * be attached, a lost event stream): the program running then cannot be called read-only.
   */
  unobserved?(reason: string): void;
}

/** One tap that hands every message to each of several observers, in order. */
export function fanOut(...taps: CommandTap[]): CommandTap {
  return {
    command: (method, params, targetId) => { for (const tap of taps) tap.command(method, params, targetId); },
    event: (event, targetId) => { for (const tap of taps) tap.event(event, targetId); },
    unobserved: reason => { for (const tap of taps) tap.unobserved?.(reason); },
  };
}
