// A task's Playwright waits less (runtime/worker/playwrightInternals/playwrightTiming.ts): each change must find its
// text in the installed Playwright exactly once, or an upgrade silently brings back stock timing.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { retimedPlaywright, TIMING_CHANGES } from '../runtime/worker/playwrightInternals/playwrightTiming.js';
import { changedText, type BundleTextChange } from '../runtime/worker/playwrightInternals/bundleTextChange.js';
import { OWN_READS, UTILITY_WORLD_READS, withUtilityWorldReads } from '../runtime/worker/playwrightInternals/utilityWorldReads.js';
import { STABLE_INJECTED_SCRIPT, withStableInjectedScript } from '../runtime/worker/playwrightInternals/stableInjectedScript.js';

const require = createRequire(import.meta.url);
const coreBundle = require.resolve('playwright-core/lib/coreBundle');

describe('Playwright timing changes', () => {
  it('each finds its text in the installed Playwright exactly once', () => {
    const source = fs.readFileSync(coreBundle, 'utf8');
    const { text, missing } = retimedPlaywright(source);
    assert.deepEqual(missing, [], `playwright-core ${require('playwright-core/package.json').version} changed: update runtime/worker/playwrightInternals/playwrightTiming.ts`);
    for (const change of TIMING_CHANGES) {
      assert.ok(text.includes(change.replace), change.name);
      assert.ok(!text.includes(change.find), change.name);
    }
  });

  it('leaves a text without the changes as it is, and names what it did not change', () => {
    const { text, missing } = retimedPlaywright('const other = 1;');
    assert.equal(text, 'const other = 1;');
    assert.deepEqual(missing, TIMING_CHANGES.map(change => change.name));
  });

  it('changes nothing where a text occurs twice', () => {
    const twice = `${TIMING_CHANGES[1]!.find}\n${TIMING_CHANGES[1]!.find}`;
    assert.equal(retimedPlaywright(twice).text, twice);
  });

  it('makes a group of changes whole or not at all: one whose text moved keeps the others of its group out', () => {
    const group: BundleTextChange[] = [
      { name: 'declares', find: 'let a;', replace: 'let a, b;', group: 'pair' },
      { name: 'uses', find: 'a = 1;', replace: 'a = 1; b = 2;', group: 'pair' },
      { name: 'alone', find: 'c = 3;', replace: 'c = 4;' },
    ];
    assert.deepEqual(changedText('let a; a = 1; c = 3;', group), { text: 'let a, b; a = 1; b = 2; c = 4;', missing: [] });
    // An upgrade moved the use: the declaration alone is not made either.
    assert.deepEqual(changedText('let a; a=1; c = 3;', group), { text: 'let a; a=1; c = 4;', missing: ['declares', 'uses'] });
    // The grouped changes in the installed Playwright: each group is whole.
    const source = fs.readFileSync(coreBundle, 'utf8');
    const groups = new Set(TIMING_CHANGES.flatMap(change => (change.group ? [change.group] : [])));
    assert.deepEqual([...groups].sort(), ['failure snapshot', 'one-round-trip lookup']);
    for (const name of groups) {
      const members = TIMING_CHANGES.filter(change => change.group === name);
      const broken = TIMING_CHANGES.map(change => (change === members[1] ? { ...change, find: `${change.find} // moved` } : change));
      const { text, missing } = changedText(source, broken);
      assert.deepEqual(missing.sort(), members.map(member => member.name).sort(), name);
      for (const member of members) assert.ok(!text.includes(member.replace), `${name}: ${member.name} not made`);
    }
  });

  it('the stable check still compares two samples and calls a box that moved unstable', () => {
    const { text, missing } = retimedPlaywright(fs.readFileSync(coreBundle, 'utf8'));
    assert.deepEqual(missing, []);
    // The injected script is a string in the bundle; its stable check reads as intended.
    const at = text.indexOf('async _checkElementIsStable(node)');
    const check = text.slice(at, text.indexOf('_createAriaRefEngine', at));
    assert.match(check, /raf\(\);\\n    return result;/);
    assert.match(check, /if \(!samePosition\)\\n          return false;/, 'a box that moved between the two samples is still unstable');
  });
});

describe('Playwright reads in its utility world (utilityWorldReads.ts)', () => {
  it('finds its text in the installed Playwright exactly once, and the client sends the two functions it recognises', () => {
    const source = fs.readFileSync(coreBundle, 'utf8');
    const { text, missing } = withUtilityWorldReads(source);
    assert.deepEqual(missing, [], `playwright-core ${require('playwright-core/package.json').version} changed: update runtime/worker/playwrightInternals/utilityWorldReads.ts`);
    assert.ok(text.includes(UTILITY_WORLD_READS[0]!.replace));
    // Locator.allTextContents / allInnerTexts pass exactly these functions to $$eval.
    assert.ok(source.includes(`this._frame.$$eval(this._selector, ${OWN_READS.textContents})`), 'allTextContents');
    assert.ok(source.includes(`this._frame.$$eval(this._selector, ${OWN_READS.innerTexts})`), 'allInnerTexts');
  });
});

describe('Playwright injects one unchanging script text (stableInjectedScript.ts)', () => {
  it('finds its texts in the installed Playwright exactly once', () => {
    const source = fs.readFileSync(coreBundle, 'utf8');
    const { text, missing } = withStableInjectedScript(source);
    assert.deepEqual(missing, [], `playwright-core ${require('playwright-core/package.json').version} changed: update runtime/worker/playwrightInternals/stableInjectedScript.ts`);
    for (const change of STABLE_INJECTED_SCRIPT) assert.ok(text.includes(change.replace), change.name);
    // And along with the worker's other changes, as the worker loads the bundle.
    assert.deepEqual(retimedPlaywright(withUtilityWorldReads(text).text).missing, []);
  });

  it('the function text sent holds no option: they are its argument', () => {
    const { text } = withStableInjectedScript(fs.readFileSync(coreBundle, 'utf8'));
    const at = text.indexOf('this.delegate.rawInjectedScript(this, `function (options) {');
    assert.ok(at > 0);
    const template = text.slice(at, text.indexOf('`, options, ', at));
    assert.deepEqual(template.match(/\$\{[^}]*\}/g), ['${source5}'], 'only the script itself is interpolated');
  });
});
