// The error answers the router gives, worded as Chrome words them where Chrome has an
// answer, so a client cannot tell "another task's" from "does not exist".
import { PAGE_HELD_BY_PERSON } from '../contract/errors.js';

export interface ProtocolError {
  code: number;
  message: string;
}

/** Chrome's answer for a targetId it does not know; the router's for one the task does not own. */
export const NO_TARGET: ProtocolError = { code: -32602, message: 'No target with given id found' };

/** A message on a session id this client was never given (or that is gone). Playwright ignores -32001. */
export const NO_SESSION: ProtocolError = { code: -32001, message: 'Session with given id not found.' };

/** Target.detachFromTarget with a session id this client does not hold. */
export const NO_SESSION_TO_DETACH: ProtocolError = { code: -32602, message: 'No session with given id' };

/** Chrome's Page.navigate answer for a string that is not a URL (Playwright's tests expect these words). */
export const INVALID_URL: ProtocolError = { code: -32000, message: 'Cannot navigate to invalid URL' };

export function noContext(id: unknown): ProtocolError {
  return { code: -32000, message: `Failed to find browser context with id ${String(id)}` };
}

/** A method outside the allow-list of the session it was sent on. */
export function notAvailable(method: string, where: 'browser' | 'page' | 'tab'): ProtocolError {
  const session = where === 'browser' ? 'a tabwright task endpoint' : where === 'page' ? 'a page session of a tabwright task' : 'a tab session of a tabwright task';
  return { code: -32601, message: `'${method}' is not available through ${session}` };
}

/** Refused by policy, with the reason a user can act on. */
export function refused(reason: string): ProtocolError {
  return { code: -32000, message: `Refused by tabwright: ${reason}` };
}

/** The task sent input or a navigation to a page a person is working on. */
export function heldByPerson(why: string): ProtocolError {
  return refused(`${PAGE_HELD_BY_PERSON}: ${why}`);
}
