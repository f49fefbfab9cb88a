// Where a task's Playwright reads text in its utility world instead of the page's own.
// `locator.allTextContents()` and `locator.allInnerTexts()` are `$$eval`s of Playwright's own two
// functions (client Locator), and a `$$eval` runs in the page's main world, so the first one on a
// new document makes Playwright inject its script into a second world of that document: 25-40 ms
// here (a 330 KB script compiled and run), on top of the utility world that every action,
// expect and observe() already use. These two functions only read DOM properties, which are
// the same in every world, so the server runs them where the element lookup already ran: the
// same elements (the selector is resolved as for any action), the same strings. In the utility
// world a page's own overrides of Array.prototype.map or of the textContent getter do not
// apply: the page cannot change what the program reads, which is what a read should be.
// Any other $$eval, and these functions with an argument, run as stock does, in the main world.
// Applied to the text of playwright-core's lib/coreBundle.js as a task worker loads it, like
// playwrightTiming.ts; test/unit-playwright-timing.test.ts fails if an upgrade moved the text.
import { changedText, type BundleTextChange } from './bundleTextChange.js';

/** The client's function texts (Locator.allTextContents / allInnerTexts), as the server receives them. */
export const OWN_READS = {
  textContents: '(ee) => ee.map((e) => e.textContent || "")',
  innerTexts: '(ee) => ee.map((e) => e.innerText)',
} as const;

export const UTILITY_WORLD_READS: readonly BundleTextChange[] = [
  {
    name: 'allTextContents and allInnerTexts read in the utility world',
    find: 'async _evalOnSelectorAll(selector, expression2, isFunction2, arg2, scope) {\n',
    replace: 'async _evalOnSelectorAll(selector, expression2, isFunction2, arg2, scope) {\n'
      + `        if (isFunction2 && arg2 === void 0 && (expression2 === ${JSON.stringify(OWN_READS.textContents)} || expression2 === ${JSON.stringify(OWN_READS.innerTexts)})) {\n`
      + '          const read = await this.selectors.callOnSelector({ selector, strict: false, scope }, `({ elements }) => (${expression2})(elements)`, {});\n'
      + '          return read ? read.result : [];\n'
      + '        }\n',
  },
];

/** The bundle's text with the change made where its text occurs exactly once; the names of those that did not. */
export function withUtilityWorldReads(source: string): { text: string; missing: string[] } {
  return changedText(source, UTILITY_WORLD_READS);
}
