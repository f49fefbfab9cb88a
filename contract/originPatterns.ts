// The host patterns of the runtime's origin policy (`runtime start --block-origin/--allow-origin`,
// kept in start.json). Pure: the CLI checks a pattern with it
// before anything starts, and the router matches URLs with it.
//
// A pattern is `[scheme://]host[:port]`:
//   example.com        that host, any port, any scheme
//   *.example.com      example.com and every subdomain of it
//   localhost:8080     that host on that port only
//   https://example.com  that host over https only
//   *                  every host

export interface OriginPattern {
  /** As the person wrote it, for messages. */
  readonly text: string;
  readonly scheme?: 'http:' | 'https:';
  /** Lower case; without the leading `*.` of a wildcard. Empty for `*`. */
  readonly host: string;
  readonly subdomains: boolean;
  readonly port?: string;
}

export type ParsedOriginPattern = { ok: true; pattern: OriginPattern } | { ok: false; reason: string };

const HOST = /^(\*|(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/;

export function parseOriginPattern(text: string): ParsedOriginPattern {
  const bad = (why: string): ParsedOriginPattern =>
    ({ ok: false, reason: `origin pattern ${JSON.stringify(text)} ${why}; write a host pattern such as example.com, *.example.com, localhost:8080 or https://example.com` });
  let rest = text.trim().toLowerCase();
  if (rest === '') return bad('is empty');
  let scheme: OriginPattern['scheme'];
  const schemeMatch = /^([a-z]+):\/\//.exec(rest);
  if (schemeMatch) {
    if (schemeMatch[1] !== 'http' && schemeMatch[1] !== 'https') return bad('has a scheme other than http or https');
    scheme = `${schemeMatch[1]}:` as OriginPattern['scheme'];
    rest = rest.slice(schemeMatch[0].length);
  }
  if (rest.endsWith('/')) rest = rest.slice(0, -1);
  if (rest.includes('/')) return bad('has a path (only a host and port are matched)');
  let port: string | undefined;
  const portMatch = /:(\d{1,5})$/.exec(rest);
  if (portMatch && !rest.endsWith(']')) {
    port = portMatch[1];
    rest = rest.slice(0, -portMatch[0].length);
  }
  if (!HOST.test(rest)) return bad('is not a host');
  const subdomains = rest.startsWith('*.');
  const host = rest === '*' ? '' : subdomains ? rest.slice(2) : rest;
  return { ok: true, pattern: { text, host, subdomains, ...(scheme ? { scheme } : {}), ...(port ? { port } : {}) } };
}

/** Whether a URL (already parsed) is one of the pattern's origins. */
export function originMatches(pattern: OriginPattern, url: URL): boolean {
  if (pattern.scheme && url.protocol !== pattern.scheme) return false;
  if (pattern.port !== undefined) {
    const port = url.port || (url.protocol === 'https:' ? '443' : url.protocol === 'http:' ? '80' : '');
    if (port !== pattern.port) return false;
  }
  if (pattern.host === '') return true;
  const host = url.hostname.toLowerCase();
  return host === pattern.host || (pattern.subdomains && host.endsWith(`.${pattern.host}`));
}

/** The list form of the environment variables: comma-separated patterns. */
export function splitOriginList(value: string | undefined): string[] {
  return (value ?? '').split(',').map(s => s.trim()).filter(Boolean);
}
