// A password field's value is never written into a trace (`run --trace`). Playwright's DOM
// snapshotter, injected into every page while a trace records, copies every <input>'s value
// (and its attributes, `value` included) into the trace: whoever filled a password field, the
// program or a connected profile's password manager (Chrome gives a page its saved password
// after any input event, a program's click included), the trace would hold it. Here the
// snapshotter's text is changed to copy a password field as blank. What a person types during
// a hand-over is kept out otherwise: recording stops while they drive (debugBundle.ts).
// Applied to the text of playwright-core's lib/coreBundle.js as a task worker loads it; if an
// upgrade moved the text, the change is not made and `run --trace` records no DOM snapshots at
// all (debugBundle.ts asks `snapshotsBlankPasswords`), never snapshots with passwords in them.
// test/unit-playwright-timing.test.ts fails if the change does not apply to the installed bundle.
import { changedText, type BundleTextChange } from './bundleTextChange.js';

const GROUP = 'trace snapshots blank password fields';
/** The snapshotter's copy of a form control's value (snapshotterInjected.ts, `visitNode`). */
const VALUE_COPIED = '          if (nodeName === "INPUT" || nodeName === "TEXTAREA") {\n'
  + '            const value2 = element3.value;\n';
/** Its copy of an element's attributes: the last case before the attribute is kept. */
const ATTRIBUTE_CASE = '            else if (name.startsWith("on"))\n'
  + '              value2 = "";\n';

export const TRACE_SNAPSHOT_PASSWORDS: readonly BundleTextChange[] = [
  {
    name: 'a trace snapshot copies a password field\'s value as blank',
    group: GROUP,
    find: VALUE_COPIED,
    replace: '          if (nodeName === "INPUT" || nodeName === "TEXTAREA") {\n'
      + '            // tabwright: a password field is copied blank (traceSnapshotPasswords.ts).\n'
      + '            const value2 = element3.type === "password" ? "" : element3.value;\n',
  },
  {
    name: 'a trace snapshot copies a password field\'s value attribute as blank',
    group: GROUP,
    find: ATTRIBUTE_CASE,
    replace: ATTRIBUTE_CASE
      + '            else if (name === "value" && nodeName === "INPUT" && element3.type === "password")\n'
      + '              value2 = "";\n',
  },
];

/** The bundle's text with the change made where its text occurs exactly once; the names of those that did not. */
export function withBlankTracePasswords(source: string): { text: string; missing: string[] } {
  return changedText(source, TRACE_SNAPSHOT_PASSWORDS);
}

/** Whether a worker that loaded the bundle of this text copies password fields blank into its traces. */
export function snapshotsBlankPasswords(source: string): boolean {
  return withBlankTracePasswords(source).missing.length === 0;
}
