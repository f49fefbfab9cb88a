// The live view's secrets, and how a browser tab comes to hold one. Whoever holds one watches
// every task's pages, reads receipts and files, closes tasks and drives a page handed to a
// person, so none is ever a cookie: cookies ignore ports, and a cookie of 127.0.0.1 goes to
// every server on it (a dev server an agent builds) and, in a connected browser, to a task's
// page on 127.0.0.1 through context.cookies(). Instead:
// - the runtime's `token` (made at start, rotated by a restart) travels only in a URL's
//   fragment (`#token=`), which a browser never sends to any server;
// - a one-time `code` (`#code=`, for `tabwright view --open`) is good once and for a short
//   while: the opener's command line, readable by other users in /proc, holds nothing useful
//   after the browser used it. If it is used twice, two parties had it: the session the first
//   use made is ended too, and the second is told so;
// - either is exchanged (POST /session) for a `session`, which the view's page keeps in its
//   tab's sessionStorage (bound to the view's exact origin, port included, and to that one tab)
//   and sends in an Authorization header, never in a URL or a cookie.
import { randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a one-time link waits for its browser (a cold desktop browser starts slowly). */
export const ONE_TIME_CODE_MS = 120_000;
/** Sessions kept at most: the oldest goes first (its tab is asked for a new link). */
const MAX_SESSIONS = 64;

export type Redeemed =
  | { ok: true; session: string }
  | { ok: false; reason: string; /** A session this refusal ended (a link used twice). */ ended?: string };

const secret = () => randomBytes(24).toString('base64url');

/** Equal, in time independent of where they differ. */
function same(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export class ViewSessions {
  /** One token per runtime process: a restart rotates it, so old URLs stop working. */
  readonly token = secret();
  private readonly sessions = new Set<string>();
  /** Codes not used yet, by code: when each expires. */
  private readonly codes = new Map<string, number>();
  /** Codes used, by code: the session each made, until the code would have expired. */
  private readonly usedCodes = new Map<string, { session: string; expires: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A one-time code for a link handed to a program (the desktop's opener). */
  oneTimeCode(): string {
    this.forgetExpired();
    const code = secret();
    this.codes.set(code, this.now() + ONE_TIME_CODE_MS);
    return code;
  }

  /** The token or a code, exchanged for a new session. */
  redeem(offered: { token?: string; code?: string }): Redeemed {
    this.forgetExpired();
    if (offered.token !== undefined) {
      if (!same(offered.token, this.token)) return { ok: false, reason: 'The link\'s token is wrong or from an earlier runtime: run `tabwright view --open` (or `tabwright view --print-token`) for the current one.' };
      return { ok: true, session: this.open() };
    }
    const code = offered.code ?? '';
    if (this.codes.delete(code)) {
      const session = this.open();
      this.usedCodes.set(code, { session, expires: this.now() + ONE_TIME_CODE_MS });
      return { ok: true, session };
    }
    const used = this.usedCodes.get(code);
    if (used) {
      // Either use may be the person's: neither keeps the view.
      this.usedCodes.delete(code);
      this.sessions.delete(used.session);
      return { ok: false, ended: used.session, reason: 'This link was already used, so someone else on this machine may have opened the view with it; that session is ended. Run `tabwright view --open` again for a new link.' };
    }
    return { ok: false, reason: 'This link has expired (it is good once, for two minutes): run `tabwright view --open` again for a new one.' };
  }

  /** Whether `session` is one this runtime gave and has not ended. */
  holds(session: string | undefined): boolean {
    return session !== undefined && this.sessions.has(session);
  }

  private open(): string {
    const session = secret();
    this.sessions.add(session);
    if (this.sessions.size > MAX_SESSIONS) this.sessions.delete(this.sessions.values().next().value!);
    return session;
  }

  private forgetExpired(): void {
    const now = this.now();
    for (const [code, expires] of this.codes) if (expires <= now) this.codes.delete(code);
    for (const [code, used] of this.usedCodes) if (used.expires <= now) this.usedCodes.delete(code);
  }
}
