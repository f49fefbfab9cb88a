// Which playbooks apply to a site: `@site` host patterns against what `playbook list --site`
// was given (a URL or a host). Pure.

/** The host (lowercase, with :port when one was given) of a URL or of a bare host name. */
export function hostOf(urlOrHost: string): string | undefined {
  const text = urlOrHost.trim().toLowerCase();
  if (!text) return undefined;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//.test(text) ? text : `http://${text}`);
    return url.host || undefined;
  } catch {
    return undefined;
  }
}

/**
 * `shop.example` matches that host on any port; `*.shop.example` matches its subdomains
 * (not shop.example itself: list both when both are meant); `host:8080` matches that port only.
 */
export function siteMatches(pattern: string, host: string): boolean {
  const [patternHost, patternPort] = splitPort(pattern.toLowerCase());
  const [hostName, hostPort] = splitPort(host.toLowerCase());
  if (patternPort !== undefined && patternPort !== hostPort) return false;
  if (patternHost.startsWith('*.')) return hostName.endsWith(patternHost.slice(1));
  return hostName === patternHost;
}

function splitPort(host: string): [string, string | undefined] {
  const m = /^(.*?)(?::(\d+))?$/.exec(host)!;
  return [m[1], m[2]];
}
