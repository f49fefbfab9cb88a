// Where a navigation was redirected from. A goto('/account') that lands on /login is, to the
// frame, a plain commit of /login; the request behind it remembers its hops. Each page's latest
// main-frame navigation request is kept, and a commit of its URL reads the chain back.
import type { Page, Request } from 'playwright-core';

/** Hops listed at most (a redirect loop stops at Chrome's own limit of 20). */
const MAX_HOPS = 10;
/** How long a failed load's line waits for Chrome to say why. */
const FAILURE_WAIT_MS = 1000;

export class Redirects {
  private readonly latest = new WeakMap<Page, Request>();

  watch(page: Page): void {
    page.on('request', request => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) this.latest.set(page, request);
    });
  }

  /** The hops that led to `url` on this page, first first: `http://x/account (302)`; empty when it was asked for directly. */
  async before(page: Page, url: string): Promise<string[]> {
    const request = this.latest.get(page);
    if (!request || request.url() !== url) return [];
    const hops: Request[] = [];
    for (let hop = request.redirectedFrom(); hop && hops.length < MAX_HOPS; hop = hop.redirectedFrom()) hops.unshift(hop);
    return Promise.all(hops.map(async hop => {
      const status = (await hop.response().catch(() => null))?.status();
      return `${hop.url()}${status ? ` (${status})` : ''}`;
    }));
  }

  /**
   * A load that failed: Chrome commits its error page (chrome-error://chromewebdata/) in the
   * tab, which names neither the URL asked for nor why; the navigation request does. Chrome may
   * tell the request's failure after the commit, so the failure is read once the request has
   * ended (Playwright resolves response() with null when it failed, after it has told the
   * failure), waiting at most FAILURE_WAIT_MS: a request that never ends still gets its line.
   */
  failedLoad(page: Page): { url: string; failure: () => Promise<string> } | undefined {
    const request = this.latest.get(page);
    return request && {
      url: request.url(),
      failure: async () => {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          request.response().catch(() => null),
          new Promise<void>(resolve => { timer = setTimeout(resolve, FAILURE_WAIT_MS); }),
        ]);
        clearTimeout(timer);
        return request.failure()?.errorText ?? 'the page could not load';
      },
    };
  }
}
