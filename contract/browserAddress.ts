// A browser's address as tabwright may show it. A browser service's URL carries its secret in
// the query (`ws://host:3000?token=T`, `wss://connect.example.com?apiKey=K`) or in the user
// part (`wss://user:secret@host`): whoever reads it can spend the account's browsers. It is kept
// in start.json (mode 0600) and used to connect, and nowhere else: status, doctor, runtime.log,
// errors and receipts show this form. Every query value and any password are hidden, whatever
// their names (deny by default: a service may call its key anything); the scheme, host, port
// and path stay, which is what a person needs to tell one service from another.
// Node built-ins only: the CLI loads it.

/** The shown form of a hidden value. */
export const HIDDEN = '***';

/** `url` with its password and every query value replaced by `***`; `auto` (--auto-connect) as it is. */
export function shownBrowserUrl(url: string): string {
  if (url === 'auto') return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // Not a URL: it may still hold a secret, so none of it is shown.
    return `(not a URL: ${url.length} characters, hidden)`;
  }
  const user = parsed.username ? `${parsed.username}${parsed.password ? `:${HIDDEN}` : ''}@` : parsed.password ? `:${HIDDEN}@` : '';
  const query = [...parsed.searchParams.keys()].map(key => `${encodeURIComponent(key)}=${HIDDEN}`).join('&');
  // A path of only "/" is how the URL parser writes none: left out, as the person wrote it.
  const pathname = parsed.pathname === '/' && !url.replace(/^[a-z]+:\/\/[^/?#]*/i, '').startsWith('/') ? '' : parsed.pathname;
  return `${parsed.protocol}//${user}${parsed.host}${pathname}${query ? `?${query}` : ''}`;
}

/** `text` with every occurrence of the URL's secrets (its password and query values) replaced: for messages that quote the URL, or errors that may. */
export function withoutSecretsOf(url: string, text: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return text.split(url).join(shownBrowserUrl(url));
  }
  let shown = text.split(url).join(shownBrowserUrl(url));
  const secrets = [...parsed.searchParams.values(), decodeURIComponent(parsed.password)].filter(secret => secret.length >= 4);
  for (const secret of secrets.sort((a, b) => b.length - a.length)) {
    shown = shown.split(secret).join(HIDDEN).split(encodeURIComponent(secret)).join(HIDDEN);
  }
  return shown;
}
