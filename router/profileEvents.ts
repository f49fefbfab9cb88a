// What the events of a page in a connected browser's own profile may show of cookies: the
// values of the task's pages' sites, never another site's. Chrome's network events carry
// cookies whatever was asked: a frame of another site in a task's page (or a request to one)
// brings `requestWillBeSentExtraInfo.associatedCookies` (every cookie the jar holds for that
// URL, with its value, HttpOnly and blocked ones included), raw `Cookie` and `Set-Cookie`
// headers (ExtraInfo, WebSocket handshakes, Fetch interception) and Set-Cookie lines Chrome
// refused. Each of those is cut here to the task's sites (userProfilePolicy.ts decides what a
// site's cookie is); every other event passes as Chrome wrote it, unparsed again. A request's
// site is its URL's host, or, for an ExtraInfo event that names none, the cookies it lists, or
// the URL its requestWillBeSent named. A request whose URL is unknown shows no cookie header.
// A task page's own top-level navigation counts as its site before it commits: the task opens
// that site (the URL policy allowed it), and Playwright reads its response's Set-Cookie.
import type { Protocol } from 'devtools-protocol';
import type { CdpEvent } from '../transport/cdpProtocol.js';
import type { TargetSession } from './sessionTable.js';
import { cookieOfSites, sitesOf, type TaskSites } from './userProfilePolicy.js';

/** The methods that can carry a cookie's value (every other event is relayed untouched). */
const COOKIE_CARRIERS = new Set<string>([
  'Network.requestWillBeSent', 'Network.requestWillBeSentExtraInfo', 'Network.responseReceived',
  'Network.responseReceivedExtraInfo', 'Network.responseReceivedEarlyHints', 'Network.signedExchangeReceived',
  'Network.webSocketCreated', 'Network.webSocketWillSendHandshakeRequest', 'Network.webSocketHandshakeResponseReceived',
  'Network.loadingFinished', 'Network.loadingFailed', 'Network.webSocketClosed',
  'Fetch.requestPaused', 'Fetch.authRequired', 'Audits.issueAdded', 'Preload.prerenderStatusUpdated',
]);

/** Header names whose values are cookies. */
const COOKIE_HEADER = /^(?:set-)?cookie2?$/i;
/** A header line of raw header text (`headersText`) that holds cookies. */
const COOKIE_LINE = /^(?:set-)?cookie2?[ \t]*:/i;
const COOKIE_IN_TEXT = /(?:^|\n)(?:set-)?cookie2?[ \t]*:/i;

/** What the router knows of a request of one session: its URL, and whether it is its page's own navigation. */
interface KnownRequest { url: string; navigation: boolean }

/** How many requests of a session are remembered (a request that never ends is let go oldest first). */
const REMEMBERED = 2048;

export class ProfileEvents {
  private readonly requests = new WeakMap<TargetSession, Map<string, KnownRequest>>();
  private lastSites?: { key: string; sites: TaskSites };

  constructor(
    /** The URLs of the task's pages now (what Chrome last said of each). */
    private readonly pageUrls: () => Iterable<string>,
    /** Whether a top-level URL is one the task may open (the URL policy). */
    private readonly allowedUrl: (url: string) => boolean,
    /** Whether a session of this context is on the user's profile (userProfile.ts). */
    private readonly guards: (contextId: string | undefined) => boolean,
  ) {}

  /** The event as the task may see it: undefined when it passes as Chrome wrote it (every event but the few above, or off the user's profile). */
  rewrite(session: TargetSession, event: CdpEvent): CdpEvent | undefined {
    if (!COOKIE_CARRIERS.has(event.method) || !this.guards(session.contextId)) return undefined;
    switch (event.method) {
      case 'Network.requestWillBeSent': {
        const { requestId, request, redirectResponse, type, frameId } = event.params;
        this.remember(session, requestId, { url: request.url, navigation: this.isNavigation(session, type, frameId, request.url) });
        const sites = () => this.sites(session, requestId);
        const shownRequest = requestOf(request, sites);
        const shownRedirect = redirectResponse && responseOf(redirectResponse, () => hostIsSite(sites(), redirectResponse.url));
        if (shownRequest === request && shownRedirect === redirectResponse) return undefined;
        return { method: event.method, params: { ...event.params, request: shownRequest, ...(shownRedirect ? { redirectResponse: shownRedirect } : {}) } };
      }
      case 'Network.requestWillBeSentExtraInfo': {
        const { requestId, associatedCookies, headers } = event.params;
        if (associatedCookies.length === 0 && !hasCookies(headers)) return undefined;
        const sites = this.sites(session, requestId);
        const kept = associatedCookies.filter(entry => cookieOfSites(entry.cookie, sites));
        const shownHeaders = cookieHeaderOf(headers, kept);
        if (kept.length === associatedCookies.length && shownHeaders === headers) return undefined;
        return { method: event.method, params: { ...event.params, associatedCookies: kept, headers: shownHeaders } };
      }
      case 'Network.responseReceived': {
        const { response, requestId } = event.params;
        const shown = responseOf(response, () => hostIsSite(this.sites(session, requestId), response.url));
        return shown === response ? undefined : { method: event.method, params: { ...event.params, response: shown } };
      }
      case 'Network.responseReceivedExtraInfo': {
        const { requestId, blockedCookies, exemptedCookies = [], headers, headersText } = event.params;
        if (blockedCookies.length === 0 && exemptedCookies.length === 0 && !hasCookies(headers) && !(headersText && COOKIE_IN_TEXT.test(headersText))) return undefined;
        const sites = this.sites(session, requestId);
        const own = this.requestIsSite(session, requestId, sites);
        // A line Chrome could not parse names no cookie: it is the response's, shown when the response is of a task's site.
        const ofSites = (entry: { cookie?: Protocol.Network.Cookie }) => (entry.cookie ? cookieOfSites(entry.cookie, sites) : own);
        const shownBlocked = blockedCookies.filter(ofSites);
        const shownExempted = exemptedCookies.filter(ofSites);
        if (own && shownBlocked.length === blockedCookies.length && shownExempted.length === exemptedCookies.length) return undefined;
        return {
          method: event.method,
          params: {
            ...event.params,
            blockedCookies: shownBlocked,
            ...(event.params.exemptedCookies ? { exemptedCookies: shownExempted } : {}),
            headers: own ? headers : withoutCookies(headers),
            ...(headersText !== undefined ? { headersText: own ? headersText : textWithoutCookies(headersText) } : {}),
          },
        };
      }
      case 'Network.responseReceivedEarlyHints': {
        const { requestId, headers } = event.params;
        if (!hasCookies(headers) || this.requestIsSite(session, requestId, this.sites(session, requestId))) return undefined;
        return { method: event.method, params: { ...event.params, headers: withoutCookies(headers) } };
      }
      case 'Network.signedExchangeReceived': {
        const outer = event.params.info.outerResponse;
        const shown = responseOf(outer, () => hostIsSite(this.sites(session, event.params.requestId), outer.url));
        return shown === outer ? undefined : { method: event.method, params: { ...event.params, info: { ...event.params.info, outerResponse: shown } } };
      }
      case 'Network.webSocketCreated':
        this.remember(session, event.params.requestId, { url: event.params.url, navigation: false });
        return undefined;
      case 'Network.webSocketWillSendHandshakeRequest': {
        const { requestId, request } = event.params;
        if (!hasCookies(request.headers) || this.requestIsSite(session, requestId, this.pageSites())) return undefined;
        return { method: event.method, params: { ...event.params, request: { ...request, headers: withoutCookies(request.headers) } } };
      }
      case 'Network.webSocketHandshakeResponseReceived': {
        const { requestId, response } = event.params;
        const shown = responseOf(response, () => this.requestIsSite(session, requestId, this.pageSites()));
        return shown === response ? undefined : { method: event.method, params: { ...event.params, response: shown } };
      }
      case 'Network.loadingFinished':
      case 'Network.loadingFailed':
      case 'Network.webSocketClosed':
        this.requests.get(session)?.delete(event.params.requestId);
        return undefined;
      case 'Fetch.requestPaused': {
        const { request, responseHeaders, resourceType, frameId } = event.params;
        const sites = () => (this.isNavigation(session, resourceType, frameId, request.url) ? withHost(this.pageSites(), request.url) : this.pageSites());
        const shownRequest = requestOf(request, sites);
        const shownHeaders = responseHeaders?.some(entry => COOKIE_HEADER.test(entry.name)) && !hostIsSite(sites(), request.url)
          ? responseHeaders.filter(entry => !COOKIE_HEADER.test(entry.name)) : responseHeaders;
        if (shownRequest === request && shownHeaders === responseHeaders) return undefined;
        return { method: event.method, params: { ...event.params, request: shownRequest, ...(shownHeaders ? { responseHeaders: shownHeaders } : {}) } };
      }
      case 'Fetch.authRequired': {
        const { request } = event.params;
        const shown = requestOf(request, () => this.pageSites());
        return shown === request ? undefined : { method: event.method, params: { ...event.params, request: shown } };
      }
      case 'Audits.issueAdded': {
        // A Set-Cookie line Chrome could not parse comes back whole, value and all.
        const details = event.params.issue.details.cookieIssueDetails;
        if (details?.rawCookieLine === undefined) return undefined;
        const sites = this.pageSites();
        if (details.cookie ? cookieOfSites(details.cookie, sites) : hostIsSite(sites, details.cookieUrl ?? '')) return undefined;
        const { rawCookieLine: _line, ...shown } = details;
        const issue = event.params.issue;
        return { method: event.method, params: { ...event.params, issue: { ...issue, details: { ...issue.details, cookieIssueDetails: shown } } } };
      }
      case 'Preload.prerenderStatusUpdated': {
        const { mismatchedHeaders, key } = event.params;
        if (!mismatchedHeaders?.some(header => COOKIE_HEADER.test(header.headerName)) || hostIsSite(this.pageSites(), key.url)) return undefined;
        return { method: event.method, params: { ...event.params, mismatchedHeaders: mismatchedHeaders.filter(header => !COOKIE_HEADER.test(header.headerName)) } };
      }
      default:
        return undefined;
    }
  }

  /** The page's own main-frame document request (a frame's id is its target's for a page's main frame). */
  private isNavigation(session: TargetSession, type: string | undefined, frameId: string | undefined, url: string): boolean {
    return session.parent === undefined && session.type === 'page' && type === 'Document' && frameId === session.targetId && this.allowedUrl(url);
  }

  private remember(session: TargetSession, requestId: string, request: KnownRequest): void {
    let known = this.requests.get(session);
    if (!known) this.requests.set(session, known = new Map());
    known.delete(requestId);
    known.set(requestId, request);
    if (known.size > REMEMBERED) known.delete(known.keys().next().value!);
  }

  /** The sites of the task's pages now; parsed again only when a page's URL changed. */
  private pageSites(): TaskSites {
    const urls = [...this.pageUrls()];
    const key = urls.join('\n');
    if (this.lastSites?.key !== key) this.lastSites = { key, sites: sitesOf(urls) };
    return this.lastSites.sites;
  }

  /** The task's sites, with the host of this request when it is the page's own navigation. */
  private sites(session: TargetSession, requestId: string): TaskSites {
    const known = this.requests.get(session)?.get(requestId);
    return known?.navigation ? withHost(this.pageSites(), known.url) : this.pageSites();
  }

  /** Whether the request (known by its requestWillBeSent or webSocketCreated) is to a site of the task's. */
  private requestIsSite(session: TargetSession, requestId: string, sites: TaskSites): boolean {
    const known = this.requests.get(session)?.get(requestId);
    return known !== undefined && hostIsSite(sites, known.url);
  }

}

/** A request as shown: its cookie headers only when its URL is a task site's (the same object when it has none). */
function requestOf<R extends { url: string; headers: Protocol.Network.Headers }>(request: R, sites: () => TaskSites): R {
  if (!hasCookies(request.headers)) return request;
  const host = hostOf(request.url);
  if (host !== undefined && sites().hosts.has(host)) return request;
  return { ...request, headers: withoutCookies(request.headers) };
}

/** A response (or a WebSocket's) as shown: cookie headers, raw or not, only when `own` (the same object when it has none). */
function responseOf<R extends Protocol.Network.Response | Protocol.Network.WebSocketResponse>(response: R, own: () => boolean): R {
  const { headers, requestHeaders, headersText, requestHeadersText } = response;
  const carries = hasCookies(headers) || (requestHeaders !== undefined && hasCookies(requestHeaders))
    || (headersText !== undefined && COOKIE_IN_TEXT.test(headersText)) || (requestHeadersText !== undefined && COOKIE_IN_TEXT.test(requestHeadersText));
  if (!carries || own()) return response;
  return {
    ...response,
    headers: withoutCookies(headers),
    ...(requestHeaders !== undefined ? { requestHeaders: withoutCookies(requestHeaders) } : {}),
    ...(headersText !== undefined ? { headersText: textWithoutCookies(headersText) } : {}),
    ...(requestHeadersText !== undefined ? { requestHeadersText: textWithoutCookies(requestHeadersText) } : {}),
  };
}

function hasCookies(headers: Protocol.Network.Headers): boolean {
  for (const name in headers) if (COOKIE_HEADER.test(name)) return true;
  return false;
}

/** Headers without their cookie headers (the same object when it has none). */
function withoutCookies(headers: Protocol.Network.Headers): Protocol.Network.Headers {
  if (!hasCookies(headers)) return headers;
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !COOKIE_HEADER.test(name)));
}

function textWithoutCookies(text: string): string {
  return text.split('\r\n').filter(line => !COOKIE_LINE.test(line)).join('\r\n');
}

/**
 * A request's Cookie header holding only the pairs of the cookies kept (those of the task's
 * sites, as listed beside it): any other pair goes, whatever it is.
 */
function cookieHeaderOf(headers: Protocol.Network.Headers, kept: Protocol.Network.AssociatedCookie[]): Protocol.Network.Headers {
  const name = Object.keys(headers).find(header => COOKIE_HEADER.test(header));
  if (name === undefined) return headers;
  const allowed = new Set(kept.map(({ cookie }) => (cookie.name === '' ? cookie.value : `${cookie.name}=${cookie.value}`)));
  const value = String(headers[name]);
  const pairs = value.split(/;\s*/).filter(pair => allowed.has(pair));
  const shown = pairs.join('; ');
  if (shown === value) return headers;
  const rest = withoutCookies(headers);
  return pairs.length ? { ...rest, [name]: shown } : rest;
}

function hostIsSite(sites: TaskSites, url: string): boolean {
  const host = hostOf(url);
  return host !== undefined && sites.hosts.has(host);
}

function withHost(sites: TaskSites, url: string): TaskSites {
  const host = hostOf(url);
  return host === undefined || sites.hosts.has(host) ? sites : { origins: sites.origins, hosts: new Set([...sites.hosts, host]) };
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}
