// Who may read the live view. It shows what a task's pages show (and lets a viewer close tasks
// and drive a page handed to a person), so every request must come to the view's own loopback
// address, from no other origin, and prove it holds a session (viewSessions.ts says how a tab
// gets one, and why it is never a cookie). Only the page's own static files, which hold nothing
// of any task, and the exchange that gives a session are open without one. Pure policy: the
// server applies the verdict.

export type AccessVerdict =
  | { kind: 'allowed'; session?: string }
  | { kind: 'refused'; statusCode: 401 | 403; reason: string };

export interface ViewRequest {
  method: string;
  /** Path and query as sent. */
  url: string;
  host: string | undefined;
  origin: string | undefined;
  authorization: string | undefined;
}

/** Where a tab exchanges the token or a one-time code for its session (viewSessions.ts). */
export const SESSION_PATH = '/session';

export class ViewAccess {
  /**
   * `publicPaths`: the view's static files (view/ in the package), the same for every runtime;
   * `holds`: whether a session is live (ViewSessions.holds).
   */
  constructor(
    private readonly port: number,
    private readonly publicPaths: ReadonlySet<string>,
    private readonly holds: (session: string) => boolean,
  ) {}

  judge(request: ViewRequest): AccessVerdict {
    // DNS rebinding: a foreign name resolving to 127.0.0.1 arrives with its own Host.
    if (!this.isLoopbackHost(request.host))
      return { kind: 'refused', statusCode: 403, reason: `Host ${JSON.stringify(request.host ?? '')} is not this view's loopback address (127.0.0.1:${this.port}).` };
    // A page of another origin may not use the view, session or not (browsers send Origin with every POST and fetch).
    if (request.origin !== undefined && !this.isOwnOrigin(request.origin))
      return { kind: 'refused', statusCode: 403, reason: `Origin ${request.origin} may not use this view.` };
    const pathname = new URL(request.url, `http://127.0.0.1:${this.port}`).pathname;
    if ((request.method === 'GET' || request.method === 'HEAD') && this.publicPaths.has(pathname)) return { kind: 'allowed' };
    if (request.method === 'POST' && pathname === SESSION_PATH) return { kind: 'allowed' };
    const session = /^Bearer ([A-Za-z0-9_-]{1,100})$/.exec(request.authorization ?? '')?.[1];
    if (session !== undefined && this.holds(session)) return { kind: 'allowed', session };
    return { kind: 'refused', statusCode: 401, reason: 'This view needs a session: open the link `tabwright view --open` opens (or the URL `tabwright view --print-token` prints) in a browser.' };
  }

  private isLoopbackHost(host: string | undefined): boolean {
    return host === `127.0.0.1:${this.port}` || host === `localhost:${this.port}`;
  }

  private isOwnOrigin(origin: string): boolean {
    return origin === `http://127.0.0.1:${this.port}` || origin === `http://localhost:${this.port}`;
  }
}
