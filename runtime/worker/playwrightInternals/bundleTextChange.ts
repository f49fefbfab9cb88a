// A change to the text of one of Playwright's bundles as a task worker loads it
// (playwrightTiming.ts, actionRoundTrips.ts, utilityWorldReads.ts, stableInjectedScript.ts): made only where its text
// occurs exactly once, so an upgrade that moved the text brings stock behaviour back, never a
// change made in the wrong place.

/** A change to a bundle's text: `find` must occur exactly once. */
export interface BundleTextChange { name: string; find: string; replace: string }

/** `source` with each change made where its text occurs exactly once; the names of those that did not. */
export function changedText(source: string, changes: readonly BundleTextChange[]): { text: string; missing: string[] } {
  let text = source;
  const missing: string[] = [];
  for (const change of changes) {
    const at = text.indexOf(change.find);
    if (at < 0 || text.indexOf(change.find, at + 1) >= 0) {
      missing.push(change.name);
      continue;
    }
    text = text.slice(0, at) + change.replace + text.slice(at + change.find.length);
  }
  return { text, missing };
}
