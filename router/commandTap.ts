// A view onto a task's CDP traffic for whoever needs to observe it (the runtime decides
// mutationState from it, runtime/mutations/). Observation only: a tap cannot change, delay or
// stop a message. The router hands a message to the tap after forwarding it (observeCommand,
// observeEvent), and a tap that throws (a locked database under it, a bug) never reaches the
// traffic: the message went on, so does the next one, and the tap hears `unobserved`.
import type { CdpEvent } from '../transport/cdpProtocol.js';

export interface CommandTap {
  /** A command a client of the task sent to one of its targets. */
  command(method: string, params: Record<string, unknown>, targetId: string): void;
  /** An event one of the task's targets sent to a client, typed by its method. */
  event(event: CdpEvent, targetId: string): void;
  /**
   * Something the task's traffic should have shown could not be observed (a page that could not
   * be attached, a lost event stream, observing a message threw): the program running then
   * cannot be called read-only.
   */
  unobserved?(reason: string): void;
}

/** Observes a command already forwarded; a tap that throws is told `unobserved`, never rethrown. */
export function observeCommand(tap: CommandTap | undefined, method: string, params: Record<string, unknown>, targetId: string): void {
  if (!tap) return;
  try {
    tap.command(method, params, targetId);
  } catch (error) {
    observationFailed(tap, method, error);
  }
}

/** Observes an event already relayed; a tap that throws is told `unobserved`, never rethrown. */
export function observeEvent(tap: CommandTap | undefined, event: CdpEvent, targetId: string): void {
  if (!tap) return;
  try {
    tap.event(event, targetId);
  } catch (error) {
    observationFailed(tap, event.method, error);
  }
}

function observationFailed(tap: CommandTap, method: string, error: unknown): void {
  const cause = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  try {
    tap.unobserved?.(`the runtime failed to observe ${method} (${cause.slice(0, 200)})`);
  } catch {
    // Saying so failed too (the same locked database): the traffic still goes on.
  }
}

/**
 * One tap that hands every message to each of several observers, in order. One that throws
 * does not keep the message from the others; the first error is rethrown once all have seen it.
 */
export function fanOut(...taps: CommandTap[]): CommandTap {
  const each = (observe: (tap: CommandTap) => void): void => {
    let failure: { error: unknown } | undefined;
    for (const tap of taps) {
      try {
        observe(tap);
      } catch (error) {
        failure ??= { error };
      }
    }
    if (failure) throw failure.error;
  };
  return {
    command: (method, params, targetId) => each(tap => tap.command(method, params, targetId)),
    event: (event, targetId) => each(tap => tap.event(event, targetId)),
    unobserved: reason => each(tap => tap.unobserved?.(reason)),
  };
}
