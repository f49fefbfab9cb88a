// Who may read the live view. It shows what a task's pages show (and lets a viewer close
// tasks), so every request must prove it came from someone given the URL, from a page the
// view served itself. Pure policy: the server applies the verdict.
import { randomBytes, timingSafeEqual } from 'node:crypto';

export type AccessVerdict =
  | { kind: 'allowed' }
  /** First visit with ?token=: set the cookie, then redirect to the same path without it. */
  | { kind: 'adopt-token'; location: string }
  | { kind: 'refused'; statusCode: 401 | 403; reason: string };

export interface ViewRequest {
  method: string;
  /** Path and query as sent. */
  url: string;
  host: string | undefined;
  origin: string | undefined;
  /** The value of this view's cookie (cookieName), as @fastify/cookie read it from the request. */
  cookie: string | undefined;
}

/** How the token is kept (set by @fastify/cookie): HttpOnly, page script never sees it; Strict, no other site's page can send it. */
export const VIEW_COOKIE_OPTIONS = { path: '/', httpOnly: true, sameSite: 'strict' } as const;

/** One token per runtime process: a restart rotates it, so old URLs stop working. */
export class ViewAccess {
  readonly token = randomBytes(24).toString('base64url');

  constructor(private readonly port: number) {}

  /** Cookies are shared by every port of a host: the port in the name keeps two runtimes apart. */
  get cookieName(): string {
    return `tabwright_view_${this.port}`;
  }

  judge(request: ViewRequest): AccessVerdict {
    // DNS rebinding: a foreign name resolving to 127.0.0.1 arrives with its own Host.
    if (!this.isLoopbackHost(request.host))
      return { kind: 'refused', statusCode: 403, reason: `Host ${JSON.stringify(request.host ?? '')} is not this view's loopback address (127.0.0.1:${this.port}).` };
    // A page of another origin may not post to the view (release/close), cookie or not.
    if (request.origin !== undefined && !this.isOwnOrigin(request.origin))
      return { kind: 'refused', statusCode: 403, reason: `Origin ${request.origin} may not use this view.` };
    const url = new URL(request.url, `http://127.0.0.1:${this.port}`);
    const offered = url.searchParams.get('token');
    if (offered !== null) {
      if (!this.matches(offered)) return { kind: 'refused', statusCode: 401, reason: 'The token in the URL is wrong or from an earlier runtime: run `tabwright view` for the current URL.' };
      if (request.method !== 'GET') return { kind: 'allowed' };
      url.searchParams.delete('token');
      return { kind: 'adopt-token', location: `${url.pathname}${url.search}` };
    }
    if (this.matches(request.cookie)) return { kind: 'allowed' };
    return { kind: 'refused', statusCode: 401, reason: 'This view needs its token: open the URL `tabwright view` prints.' };
  }

  private isLoopbackHost(host: string | undefined): boolean {
    return host === `127.0.0.1:${this.port}` || host === `localhost:${this.port}`;
  }

  private isOwnOrigin(origin: string): boolean {
    return origin === `http://127.0.0.1:${this.port}` || origin === `http://localhost:${this.port}`;
  }

  private matches(candidate: string | undefined): boolean {
    if (candidate === undefined) return false;
    const given = Buffer.from(candidate);
    const expected = Buffer.from(this.token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
