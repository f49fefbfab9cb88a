// What a task may touch of a connected browser's own profile (the user's cookies, storage
// and site permissions), as one pure table. In a browser the runtime connected to, the
// default context is the user's profile: every cookie of every site they are logged in to.
// A task there reads and changes only what belongs to the sites of its own pages: cookies
// whose domain its pages' hosts match, storage of its pages' origins, permissions for its
// pages' origins. Everything else is refused with the reason, never silently dropped, except
// the cookie list Storage.getCookies answers, which is filtered (Playwright's
// context.cookies() and storageState() then show the task's sites). Why per site and not
// nothing: a task on a site acts as the user there anyway (it shares the login), so its
// cookies give it nothing more; what it must not get is the rest of the profile in one call.
// router/README.md has the table in words; userProfile.ts carries it out.

/** The sites of a task's pages: their origins (`https://a.example:8443`) and hosts (`a.example`). */
export interface TaskSites {
  readonly origins: ReadonlySet<string>;
  readonly hosts: ReadonlySet<string>;
}

/** The http(s) origins and hosts of these page URLs (about:blank, data: and the like have none). */
export function sitesOf(urls: Iterable<string>): TaskSites {
  const origins = new Set<string>();
  const hosts = new Set<string>();
  for (const url of urls) {
    const parsed = parsedUrl(url);
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) continue;
    origins.add(parsed.origin);
    hosts.add(parsed.hostname);
  }
  return { origins, hosts };
}

export type ProfileVerdict =
  | { kind: 'forward' }
  | { kind: 'refuse'; reason: string }
  /** Forwarded; the reply's cookies are cut to those of the task's sites. */
  | { kind: 'filterCookies' };

/** The domains whose methods on a page session name a storage origin or key. */
const STORAGE_DOMAINS = new Set(['DOMStorage', 'IndexedDB', 'CacheStorage']);

/** Methods of those domains that name nothing: they act on the page's own frames. */
const NAMING_NOTHING = new Set(['DOMStorage.enable', 'DOMStorage.disable', 'IndexedDB.enable', 'IndexedDB.disable']);

/** Whether `method` is decided by this table (the connection then asks profileVerdict). */
export function touchesProfile(method: string): boolean {
  return Object.hasOwn(COOKIE_AND_PERMISSION_METHODS, method) || STORAGE_DOMAINS.has(method.slice(0, method.indexOf('.')));
}

type Check = (params: Record<string, unknown>, sites: TaskSites) => ProfileVerdict;

const COOKIE_AND_PERMISSION_METHODS: Readonly<Record<string, Check>> = {
  // Browser level (Playwright's context.cookies(), addCookies(), grantPermissions()).
  'Storage.getCookies': () => FILTER_COOKIES,
  'Storage.setCookies': (params, sites) => eachCookie(params.cookies, sites),
  'Browser.grantPermissions': (params, sites) => permissionFor(params.origin, sites),
  'Browser.setPermission': (params, sites) => permissionFor(params.origin, sites),
  // Page sessions: the Network domain's cookie jar is the profile's too.
  // Without urls Chrome answers the cookies of every frame's URL: another site's in an <iframe>.
  'Network.getCookies': (params, sites) => (params.urls === undefined ? FILTER_COOKIES : eachUrl(params.urls, sites, 'cookies of')),
  'Network.setCookie': (params, sites) => cookieParam(params, sites),
  'Network.setCookies': (params, sites) => eachCookie(params.cookies, sites),
  'Network.deleteCookies': (params, sites) => cookieParam(params, sites),
  // A request with the profile's cookies and no CORS check: another site's pages, as the user.
  'Network.loadNetworkResource': (params, sites) => eachUrl([params.url], sites, 'a credentialed load of'),
};

const FORWARD: ProfileVerdict = { kind: 'forward' };
const FILTER_COOKIES: ProfileVerdict = { kind: 'filterCookies' };

export function profileVerdict(method: string, params: Record<string, unknown>, sites: TaskSites): ProfileVerdict {
  const check = Object.hasOwn(COOKIE_AND_PERMISSION_METHODS, method) ? COOKIE_AND_PERMISSION_METHODS[method] : undefined;
  if (check) return check(params, sites);
  if (NAMING_NOTHING.has(method)) return FORWARD;
  return storageNamed(method, params, sites);
}

/** A cookie as Chrome lists it: `.example.com` for a domain cookie, `example.com` for a host-only one. */
export function cookieOfSites(cookie: unknown, sites: TaskSites): boolean {
  const domain = typeof cookie === 'object' && cookie !== null ? (cookie as { domain?: unknown }).domain : undefined;
  if (typeof domain !== 'string') return false;
  return domain.startsWith('.') ? domainMatchesSome(domain.slice(1), sites) : sites.hosts.has(domain.toLowerCase());
}

/** A host matches a domain when it is the domain or a subdomain of it (RFC 6265 domain-match). */
function domainMatchesSome(domain: string, sites: TaskSites): boolean {
  const d = domain.toLowerCase();
  if (d === '') return false;
  for (const host of sites.hosts) if (host === d || host.endsWith(`.${d}`)) return true;
  return false;
}

function eachCookie(cookies: unknown, sites: TaskSites): ProfileVerdict {
  if (!Array.isArray(cookies)) return FORWARD;
  for (const cookie of cookies) {
    const verdict = cookieParam(typeof cookie === 'object' && cookie !== null ? cookie as Record<string, unknown> : {}, sites);
    if (verdict.kind === 'refuse') return verdict;
  }
  return FORWARD;
}

/** Network.CookieParam (or deleteCookies' params): its `url` and its `domain` must be the task's sites. */
function cookieParam(param: Record<string, unknown>, sites: TaskSites): ProfileVerdict {
  const { url, domain } = param;
  if (url === undefined && domain === undefined)
    return refuse(`a cookie needs a url or a domain of this task's pages here (${shown(sites.hosts)})`);
  if (url !== undefined) {
    const host = typeof url === 'string' ? parsedUrl(url)?.hostname : undefined;
    if (host === undefined || !sites.hosts.has(host)) return refuse(`a cookie for ${JSON.stringify(url)} is not for a site of this task's pages (${shown(sites.hosts)})`);
  }
  if (domain !== undefined && (typeof domain !== 'string' || !domainMatchesSome(domain.replace(/^\./, ''), sites)))
    return refuse(`a cookie for domain ${JSON.stringify(domain)} is not for a site of this task's pages (${shown(sites.hosts)})`);
  return FORWARD;
}

function eachUrl(urls: unknown, sites: TaskSites, what: string): ProfileVerdict {
  if (!Array.isArray(urls)) return refuse(`${what} a URL needs the URL`);
  for (const url of urls) {
    const host = typeof url === 'string' ? parsedUrl(url)?.hostname : undefined;
    if (host === undefined || !sites.hosts.has(host)) return refuse(`${what} ${JSON.stringify(url)}: not a site of this task's pages (${shown(sites.hosts)})`);
  }
  return FORWARD;
}

function permissionFor(origin: unknown, sites: TaskSites): ProfileVerdict {
  if (origin === undefined)
    return refuse(`a permission for every origin would change the user's whole profile; pass { origin } of one of this task's pages (${shown(sites.origins)})`);
  if (typeof origin !== 'string' || !sites.origins.has(originOf(origin) ?? ''))
    return refuse(`a permission for ${JSON.stringify(origin)}: not the origin of one of this task's pages (${shown(sites.origins)})`);
  return FORWARD;
}

/**
 * DOMStorage, IndexedDB and CacheStorage name their storage by security origin, storage key,
 * storage bucket (its key), DOM storage id, or cache id (`<storage key>|[bucket|]name`). Each
 * one given must be a task page's origin, or that origin's first-party key (`https://a.example/`).
 */
function storageNamed(method: string, params: Record<string, unknown>, sites: TaskSites): ProfileVerdict {
  const named: { what: string; value: unknown; key: boolean }[] = [];
  const add = (what: string, value: unknown, key: boolean) => { if (value !== undefined) named.push({ what, value, key }); };
  add('securityOrigin', params.securityOrigin, false);
  add('storageKey', params.storageKey, true);
  add('storageBucket', objectField(params.storageBucket, 'storageKey'), true);
  add('storageId', objectField(params.storageId, 'securityOrigin'), false);
  add('storageId', objectField(params.storageId, 'storageKey'), true);
  if (typeof params.cacheId === 'string') add('cacheId', params.cacheId.slice(0, params.cacheId.includes('|') ? params.cacheId.indexOf('|') : undefined), true);
  else add('cacheId', params.cacheId, true);
  if (named.length === 0) return refuse(`${method} names no storage of this task's pages (${shown(sites.origins)})`);
  for (const { what, value, key } of named) {
    const origin = typeof value !== 'string' ? undefined : key ? originOfKey(value) : originOf(value);
    if (origin === undefined || !sites.origins.has(origin))
      return refuse(`${method}: ${what} ${JSON.stringify(value)} is not the storage of one of this task's pages (${shown(sites.origins)})`);
  }
  return FORWARD;
}

/** The origin of a first-party storage key (`https://a.example/`); partitioned keys (`^`) have none here. */
function originOfKey(key: string): string | undefined {
  if (!key.endsWith('/') || key.includes('^')) return undefined;
  const origin = originOf(key.slice(0, -1));
  return origin !== undefined && `${origin}/` === key ? origin : undefined;
}

function originOf(text: string): string | undefined {
  const parsed = parsedUrl(text);
  return parsed && parsed.origin !== 'null' ? parsed.origin : undefined;
}

function objectField(value: unknown, field: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[field] : undefined;
}

function parsedUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

function shown(set: ReadonlySet<string>): string {
  return set.size ? [...set].join(', ') : 'it has none open';
}

function refuse(why: string): ProfileVerdict {
  return {
    kind: 'refuse',
    reason: `in a browser the runtime connected to, a task reads and changes only what belongs to its own pages' sites: ${why}. `
      + 'An --isolated task has a profile of its own',
  };
}
