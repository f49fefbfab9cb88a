// Playwright's injected script (the code it puts in every page to find elements) as text, for
// the runtime's recorder of a person's flow (runtime/recording/): the recorder makes its own
// InjectedScript in an isolated world of the runtime's own page session and asks it for the
// locator of each element the person acted on, with `generateSelector` and `utils.asLocator`:
// the ranking Playwright's own codegen uses (a test id, role and name, label, placeholder,
// alt text, text, title, then CSS), written as `getByRole('button', { name: 'Save' })`.
//
// Why not Playwright's own recorder (`context._startRecording`, ProgrammaticRecorderApp): it
// runs in the page's main world (frame.extendInjectedScript) and reports through bindings the
// page's own scripts can call (`__pw_recorderRecordAction`), so a hostile page could forge
// recorded steps; it sends a password field's value out of the page with its fill; and it needs
// the task's Playwright to evaluate and poll (`__pw_recorderState`, every second) on pages the
// router holds for the person. The runtime's recorder has none of the three (stepRecorderInPage.ts).
//
// Relied on (listed in runtime/worker/playwrightInternals/README.md with the worker's other
// reliances; this one is here because the runtime's main thread records and may not import a
// worker's modules, scripts/bundle-runtime.ts): playwright-core keeps the script as one string literal in
// lib/coreBundle.js, assigned in the module `packages/playwright-core/src/generated/
// injectedScriptSource.ts`; evaluated after `const module = {}`, it sets
// `module.exports.InjectedScript`, a function returning the class; the class is made with
// `(window, options)` and has `generateSelector(element, { testIdAttributeName, forTextExpect })`
// returning `{ selector }`, and `utils.asLocator`, `utils.getElementAccessibleNameText`,
// `utils.isElementVisible`, `utils.generateAriaTree`, `utils.findNewElement`.
// test/recording-internals.test.ts fails by name when an upgrade changes any of it.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { parseExpressionAt } from 'acorn';

/** The module whose one assignment is the script's text. */
const MODULE_MARKER = '"packages/playwright-core/src/generated/injectedScriptSource.ts"() {';

export class InjectedScriptNotFound extends Error {
  override name = 'InjectedScriptNotFound';
}

/** The script's text in coreBundle.js's text, or why it could not be found. */
export function injectedScriptSourceIn(bundle: string): { ok: true; source: string } | { ok: false; reason: string } {
  const at = bundle.indexOf(MODULE_MARKER);
  if (at < 0 || bundle.indexOf(MODULE_MARKER, at + 1) >= 0) return { ok: false, reason: `the module ${MODULE_MARKER.slice(1, MODULE_MARKER.indexOf('"', 1))} is not in coreBundle.js exactly once` };
  // `NAME = '...';`: the first assignment in the module's body ("use strict" may come first).
  const head = /\n\s*[A-Za-z_$][\w$]* = '/.exec(bundle.slice(at, at + 300));
  if (!head) return { ok: false, reason: 'its module does not start with an assignment of a string' };
  const literalAt = at + head.index + head[0].length - 1;
  try {
    const node = parseExpressionAt(bundle, literalAt, { ecmaVersion: 'latest' });
    if (node.type !== 'Literal' || typeof node.value !== 'string') return { ok: false, reason: 'the value assigned is not one string literal' };
    if (!node.value.includes('InjectedScript')) return { ok: false, reason: 'the string does not define InjectedScript' };
    return { ok: true, source: node.value };
  } catch (error) {
    return { ok: false, reason: `its string does not parse: ${(error as Error).message}` };
  }
}

/** The installed playwright-core's coreBundle.js. */
export function coreBundlePath(): string {
  return createRequire(import.meta.url).resolve('playwright-core/lib/coreBundle');
}

let cached: string | undefined;

/** The installed Playwright's injected script, read once (3.6 MB read, 330 KB kept) when a first recording starts. */
export function injectedScriptSource(): string {
  if (cached !== undefined) return cached;
  const file = coreBundlePath();
  const found = injectedScriptSourceIn(fs.readFileSync(file, 'utf8'));
  if (!found.ok) throw new InjectedScriptNotFound(`Recording needs Playwright's injected script, and ${file} has changed: ${found.reason}. This tabwright was checked against playwright-core 1.65.1.`);
  cached = found.source;
  return cached;
}

/** The options InjectedScript's constructor reads (Playwright's own, as a frame's utility world gets them). */
export function injectedScriptOptions(testIdAttributeName: string): Record<string, unknown> {
  return {
    isUnderTest: false, sdkLanguage: 'javascript', frameSeq: 0, testIdAttributeName, stableRafCount: 1,
    browserName: 'chromium', shouldPrependErrorPrefix: false, isUtilityWorld: true, customEngines: [],
  };
}

/**
 * An expression that evaluates to the InjectedScript class, in a world of its own (a fresh
 * `module` per evaluation, as Playwright makes it).
 */
export function injectedScriptClassExpression(source: string): string {
  return `(() => {\nconst module = {};\n${source}\nreturn module.exports.InjectedScript();\n})()`;
}
