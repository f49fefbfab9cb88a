// playwright-core's coreBundle.js as a task worker runs it: every text change of this folder,
// in the order the worker makes them. One place, so that what Playwright's own specs are run
// against (bench:playwright-suite --task-bundle) is the text a task's worker compiles.
import { retimedPlaywright } from './playwrightTiming.js';
import { withUtilityWorldReads } from './utilityWorldReads.js';
import { withStableInjectedScript } from './stableInjectedScript.js';
import { withReadyUtilityWorld } from './readyUtilityWorld.js';
import { withBlankTracePasswords } from './traceSnapshotPasswords.js';

/** `source` (coreBundle.js's text) with the task worker's changes; the names of those not made. */
export function taskCoreBundleText(source: string): { text: string; missing: string[] } {
  // First, on the stock text: a worker asks whether it was made by asking the stock text (traceSnapshotPasswords.ts).
  const passwords = withBlankTracePasswords(source);
  const injected = withStableInjectedScript(passwords.text);
  const ready = withReadyUtilityWorld(injected.text);
  const reads = withUtilityWorldReads(ready.text);
  const timed = retimedPlaywright(reads.text);
  return { text: timed.text, missing: [...passwords.missing, ...injected.missing, ...ready.missing, ...reads.missing, ...timed.missing] };
}
