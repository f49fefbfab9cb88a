// A `run` receipt on a site with saved playbooks says so, once per task and site: an agent
// learns of them for free instead of asking `tabwright playbook list` on every site it visits.

/**
 * Hints for the sites of `pages` not yet `named` in this task (each is named now, whether it
 * has playbooks or not); `countFor` says how many saved playbooks apply to a page's URL.
 */
export function playbookHints(pages: readonly { url: string }[], named: Set<string>, countFor: ((url: string) => number) | undefined): string[] {
  if (!countFor) return [];
  const hints: string[] = [];
  for (const { url } of pages) {
    let host: string;
    try {
      const parsed = new URL(url);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') continue;
      host = parsed.host;
    } catch {
      continue;
    }
    if (named.has(host)) continue;
    let count: number;
    try {
      count = countFor(url);
    } catch {
      continue; // a locked database: said by a later receipt on this site
    }
    named.add(host);
    if (count) hints.push(`${host} has ${count} saved playbook${count === 1 ? '' : 's'}: \`tabwright playbook list --site ${host}\` lists ${count === 1 ? 'it' : 'them'}; a verified one does its flow in one call.`);
  }
  return hints;
}
