// A change to the text of one of Playwright's bundles as a task worker loads it
// (playwrightTiming.ts, actionRoundTrips.ts, utilityWorldReads.ts, stableInjectedScript.ts): made only where its text
// occurs exactly once, so an upgrade that moved the text brings stock behaviour back, never a
// change made in the wrong place. Changes that only work together (one declares what another
// uses) share a group, made whole or not at all: package.json allows a later playwright-core,
// whose text may keep one of them and move the other.

/** A change to a bundle's text: `find` must occur exactly once; a `group` is made whole or not at all. */
export interface BundleTextChange { name: string; find: string; replace: string; group?: string }

/** `text` with the change made, or undefined where its text does not occur exactly once. */
function changed(text: string, change: BundleTextChange): string | undefined {
  const at = text.indexOf(change.find);
  if (at < 0 || text.indexOf(change.find, at + 1) >= 0) return undefined;
  return text.slice(0, at) + change.replace + text.slice(at + change.find.length);
}

/**
 * `source` with each change made where its text occurs exactly once, a group's changes together
 * (where its first one is listed) or none of them; the names of those not made.
 */
export function changedText(source: string, changes: readonly BundleTextChange[]): { text: string; missing: string[] } {
  let text = source;
  const missing: string[] = [];
  const groupsDone = new Set<string>();
  for (const change of changes) {
    if (change.group === undefined) {
      const next = changed(text, change);
      if (next === undefined) missing.push(change.name);
      else text = next;
      continue;
    }
    if (groupsDone.has(change.group)) continue;
    groupsDone.add(change.group);
    const members = changes.filter(other => other.group === change.group);
    let next: string | undefined = text;
    for (const member of members) next = next === undefined ? undefined : changed(next, member);
    if (next === undefined) missing.push(...members.map(member => member.name));
    else text = next;
  }
  return { text, missing };
}
