// A task's Playwright waits less (runtime/worker/playwrightInternals/coreBundleText/playwrightTiming.ts): each change must find its
// text in the installed Playwright exactly once, or an upgrade silently brings back stock timing.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { retimedPlaywright, TIMING_CHANGES } from '../runtime/worker/playwrightInternals/coreBundleText/playwrightTiming.js';
import { changedText, type BundleTextChange } from '../runtime/worker/playwrightInternals/coreBundleText/bundleTextChange.js';
import { OWN_READS, UTILITY_WORLD_READS, withUtilityWorldReads } from '../runtime/worker/playwrightInternals/coreBundleText/utilityWorldReads.js';
import { STABLE_INJECTED_SCRIPT, withStableInjectedScript } from '../runtime/worker/playwrightInternals/coreBundleText/stableInjectedScript.js';
import { READY_UTILITY_WORLD, withReadyUtilityWorld } from '../runtime/worker/playwrightInternals/coreBundleText/readyUtilityWorld.js';
import { taskCoreBundleText } from '../runtime/worker/playwrightInternals/coreBundleText/taskCoreBundle.js';
import { snapshotsBlankPasswords, TRACE_SNAPSHOT_PASSWORDS, withBlankTracePasswords } from '../runtime/worker/playwrightInternals/coreBundleText/traceSnapshotPasswords.js';
import { actionLookup, type LookupArg } from '../runtime/worker/playwrightInternals/coreBundleText/actionLookup.js';
import { preparePointer, stopPrepared } from '../runtime/worker/playwrightInternals/coreBundleText/pointerInLookup.js';
import { domChanges } from '../runtime/worker/playwrightInternals/coreBundleText/playwrightTiming.js';

const require = createRequire(import.meta.url);
const coreBundle = require.resolve('playwright-core/lib/coreBundle');

describe('Playwright timing changes', () => {
  it('each finds its text in the installed Playwright exactly once', () => {
    const source = fs.readFileSync(coreBundle, 'utf8');
    const { text, missing } = retimedPlaywright(source);
    assert.deepEqual(missing, [], `playwright-core ${require('playwright-core/package.json').version} changed: update runtime/worker/playwrightInternals/coreBundleText/playwrightTiming.ts`);
    for (const change of TIMING_CHANGES) {
      assert.ok(text.includes(change.replace), change.name);
      // A change that only pins stock's text (find === replace) leaves it in place.
      if (change.find !== change.replace) assert.ok(!text.includes(change.find), change.name);
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
    assert.deepEqual([...groups].sort(), ['expect polls in the page', 'failure snapshot', 'first attempt in the lookup', 'one-round-trip lookup', 'stable check']);
    for (const name of groups) {
      const members = TIMING_CHANGES.filter(change => change.group === name);
      const broken = TIMING_CHANGES.map(change => (change === members[1] ? { ...change, find: `${change.find} // moved` } : change));
      const { text, missing } = changedText(source, broken);
      assert.deepEqual(missing.sort(), members.map(member => member.name).sort(), name);
      // A member that only pins stock's text (find === replace) leaves it there either way.
      for (const member of members) if (member.find !== member.replace) assert.ok(!text.includes(member.replace), `${name}: ${member.name} not made`);
    }
  });

  it('an expect\'s poll in the page is made only while Playwright\'s lookup page function is the one it copies', () => {
    const source = fs.readFileSync(coreBundle, 'utf8');
    const line = '                throw injected2.strictModeViolationError(params2.info.parsed, elements);';
    assert.equal(source.split(line).length, 2, 'the stock lookup\'s strict mode line occurs once');
    const members = TIMING_CHANGES.filter(change => change.group === 'expect polls in the page').map(change => change.name);
    // An upgrade that changed the copied page function (here: its strict mode check) keeps the whole group out.
    const { text, missing } = changedText(source.replace(line, line.replace('elements);', 'elements, "changed");')), TIMING_CHANGES);
    assert.deepEqual(missing.sort(), [...members].sort());
    assert.ok(!text.includes('_tabwrightPolledCall'));
    assert.deepEqual(changedText(source, TIMING_CHANGES).missing, []);
  });

  it('an expect\'s poll in the page waits, then counts and checks in a task of its own, in one evaluate, keeping strict mode; other polls keep the wait in the loop', () => {
    const { text, missing } = retimedPlaywright(fs.readFileSync(coreBundle, 'utf8'));
    assert.deepEqual(missing, []);
    const at = text.indexOf('async _tabwrightPolledCall(target, pageFunction, arg2) {');
    assert.ok(at > 0);
    const method = text.slice(at, text.indexOf('async callOnSelector(target, pageFunction, arg2) {', at));
    // The wait comes before the count, the count before the lookup, all in one page function.
    const page = method.slice(method.indexOf('injected.evaluate(async (injected2, params2) => {'));
    // The check is a task of its own after the wait (never in the middle of the page's task, its microtasks).
    const order = ['await domChanges(params2.wait);', 'globalThis.scheduler.postTask(f, { priority: "user-blocking" });', 'channel.port2.postMessage(void 0);', 'const count = domChanges();', 'injected2.querySelectorAll(params2.info.parsed, document);',
      'throw injected2.strictModeViolationError(params2.info.parsed, elements);', 'await func('];
    const places = order.map(part => page.indexOf(part));
    assert.ok(places.every(place => place > 0), JSON.stringify(places));
    assert.deepEqual([...places].sort((a, b) => a - b), places);
    // Only expect hands its polls to the page; the loop still sleeps for every other wait.
    assert.equal(text.split('tabwrightPollsInPage: true').length - 1, 1);
    assert.match(text, /if \(timeout && !poll\) \{/);
  });

  it('the stable check still compares two samples and calls a box that moved unstable', () => {
    const { text, missing } = retimedPlaywright(fs.readFileSync(coreBundle, 'utf8'));
    assert.deepEqual(missing, []);
    // The injected script is a string in the bundle; its stable check reads as intended.
    const at = text.indexOf('async _checkElementIsStable(node)');
    const check = text.slice(at, text.indexOf('_createAriaRefEngine', at));
    assert.match(check, /if \(tabwrightAnimating\(\)\) this\.utils\.builtins\.requestAnimationFrame\(raf\); else \{ sampledNow = true; raf\(\); \}\\n    return result;/);
    // A first sample taken at once is compared only if no animation runs then and at the next frame's sample.
    assert.match(check, /if \(lastRect && sampledNow\) \{\\n        sampledNow = false;\\n        if \(animations\.some\(\(a\) => a\.pending \|\| a\.playState === "running"\)\) \{\\n          lastRect = rect;/);
    // Nor a pair of one animation time, or whose first was taken while an animation was pending (a few times at most).
    assert.match(check, /\} else if \(lastRect && \(lastPending \|\| tabwrightSameTime\(clock, lastClock\)\) && unpaired\+\+ < \d\) \{\\n        lastRect = rect;/);
    assert.match(check, /doc\.getAnimations\(\)/);
    assert.match(check, /tabwrightAnimating = \(\) => tabwrightAnimations\(\)\.some\(\(a\) => a\.pending \|\| a\.playState === "running"\)/);
    assert.match(check, /if \(!samePosition\)\\n          return false;/, 'a box that moved between the two samples is still unstable');
  });
});

describe('Trace snapshots (traceSnapshotPasswords.ts)', () => {
  it('a password field is copied blank, its value and its value attribute: the change finds its texts in the installed Playwright once, first of the worker\'s changes', () => {
    const source = fs.readFileSync(coreBundle, 'utf8');
    const { text, missing } = withBlankTracePasswords(source);
    assert.deepEqual(missing, [], `playwright-core ${require('playwright-core/package.json').version} changed: update runtime/worker/playwrightInternals/coreBundleText/traceSnapshotPasswords.ts`);
    assert.ok(snapshotsBlankPasswords(source));
    for (const change of TRACE_SNAPSHOT_PASSWORDS) assert.ok(text.includes(change.replace), change.name);
    // In the snapshotter's own function, which is injected into pages as its text.
    const streamer = text.slice(text.indexOf('function frameSnapshotStreamer('), text.indexOf('// packages/', text.indexOf('function frameSnapshotStreamer(')));
    assert.match(streamer, /const value2 = element3\.type === "password" \? "" : element3\.value;/);
    assert.match(streamer, /else if \(name === "value" && nodeName === "INPUT" && element3\.type === "password"\)\n\s+value2 = "";/);
    assert.deepEqual(taskCoreBundleText(source).missing.filter(name => TRACE_SNAPSHOT_PASSWORDS.some(c => c.name === name)), []);
  });

  it('where the text moved, no change is made and the worker knows: its traces then take no DOM snapshots', () => {
    assert.equal(snapshotsBlankPasswords('function frameSnapshotStreamer() {}'), false);
  });
});

describe('An action\'s lookup (actionLookup.ts)', () => {
  const retimed = () => retimedPlaywright(fs.readFileSync(coreBundle, 'utf8')).text;
  const count = (text: string, part: string) => text.split(part).length - 1;

  it('the DOM change counter\'s text is in the bundle once, read and waited on through one constant', () => {
    const text = retimed();
    assert.equal(count(text, String(domChanges)), 1);
    assert.equal(count(text, 'evaluate(tabwrightDomChanges'), 2);
  });

  it('only pointer actions ask their lookup to start the stable check and prepare them, with stock\'s action type and states; fill, select and check ask for their first attempt', () => {
    const text = retimed();
    for (const [method, actionType, enabled] of [['_click', 'mouse', true], ['_dblclick', 'mouse', true], ['_hover', 'hover', false], ['_tap', 'tap', true]] as const)
      assert.equal(count(text, `tabwrightAction: { pointer: { actionType: "${actionType}", waitForEnabled: ${enabled}, options } } }, (progress3, handle, box, frameVisible) => handle.${method}(`), 1, method);
    // Stock's own: hover waits for visible and stable, the others also for enabled (_hover, _click, _dblclick, _tap).
    for (const [name, enabled] of [['hover', false], ['click', true], ['dblclick', true], ['tap', true]] as const)
      assert.match(text, new RegExp(`name: "${name}",\\n\\s*waitForEnabled: ${enabled},`), name);
    for (const state of [true, false])
      assert.equal(count(text, `tabwrightAction: { pointer: { actionType: "mouse", waitForEnabled: true, options, checked: ${state} }, first: { kind: "checked" } } }, (progress3, handle, box, frameVisible) => handle._setChecked(progress3, ${state}, `), 1);
    assert.equal(count(text, 'tabwrightAction: { first: { kind: "fill", input: true, value: value2'), 1);
    assert.equal(count(text, 'tabwrightAction: elements.length ? void 0 : { first: { kind: "select", input: true'), 1);
    // Everything else (type, press, focus, setInputFiles, drag and drop...) asks for neither.
    assert.equal(count(text, 'tabwrightAction:'), 8);
    // No attempt in the main world or in more than one frame; each consumer takes it once.
    assert.equal(count(text, 'arg: target.takeKey !== void 0 && (noStall || world !== "utility") ? { ...arg2, first: void 0, prepare: void 0 } : arg2'), 1);
    assert.equal(count(text, 'this._tabwrightFirstAttempt()'), 3);
  });

  it('the private fields the fold reads are where Playwright sets them (a renamed one would turn the fold on while tracing)', () => {
    const source = fs.readFileSync(coreBundle, 'utf8');
    for (const text of [
      'this._locatorHandlers = /* @__PURE__ */ new Map();', // Page
      'this.tracing = new Tracing(this, browser.options.tracesDir);', // BrowserContext
      'this._debugger = new Debugger(this);',
      'this.screencast = new Screencast(this);', // Page
      '      setPauseAt(at = {}) {\n        this._enabled = true;', // Debugger
      '        if (!this._actions)\n          return;', // Screencast.onBeforeInputAction
      '        if (!this._state?.callsInProgress.has(metadata.id))\n          return Promise.resolve();\n        const event = createInputActionTraceEvent(', // Tracing.onBeforeInputAction
      'frame._currentDocument = { documentId, request: void 0 };',
      '        this._page = context.frame._page;\n        this._frame = context.frame;', // ElementHandle
    ]) assert.ok(source.includes(text), text);
  });

  /** A stand-in for the injected script that records what the lookup asked of it. */
  function fakeInjected(calls: string[], refused?: unknown, fillThrows = false) {
    const element = { getBoundingClientRect: () => ({ x: 1, y: 2, width: 3, height: 4, top: 2, left: 1, bottom: 6, right: 4 }) } as unknown as Element;
    const injected = {
      previewNode: () => '<input>',
      window: { innerWidth: 100, innerHeight: 100 },
      utils: { builtins: { performance: { now: () => 5 } } },
      checkElementStates: async (_node: Element, states: string[], frameVisible: boolean) => { calls.push(`states ${states.join(',')} ${frameVisible}`); return refused; },
      fill: (_node: Element, value: string) => { calls.push(`fill ${value}`); if (fillThrows) throw new Error('Malformed value'); return 'needsinput'; },
      selectOptions: () => { calls.push('select'); return ['GB']; },
      elementState: () => { calls.push('checked'); return { matches: false, received: 'unchecked' }; },
      _checkElementIsStable: () => { calls.push('stable'); return Promise.resolve(true); },
    };
    return { element, injected };
  }
  const lookup = async (arg: Omit<LookupArg, 'takeKey'>, frameVisible = true, refused?: unknown, fillThrows = false) => {
    const calls: string[] = [];
    const { element, injected } = fakeInjected(calls, refused, fillThrows);
    const answer = await actionLookup({ injected: injected as never, elements: [element], frameVisible }, { takeKey: 1, ...arg });
    return { answer, calls, taken: (injected as { __tabwrightTaken?: Map<number, Element> }).__tabwrightTaken?.get(1) === element };
  };

  it('a fill\'s lookup checks the states and fills, and starts no stable check', async () => {
    const { answer, calls, taken } = await lookup({ pointer: false, waitForFrameVisible: true, first: { kind: 'fill', input: true, value: 'Ada', force: false } });
    assert.deepEqual(calls, ['states visible,enabled,editable,non-inert true', 'fill Ada']);
    assert.deepEqual(answer, { log: '  locator resolved to <input>', success: true, box: { x: 1, y: 2, width: 3, height: 4 }, first: { result: 'needsinput', final: true } });
    // The attempt ended the action's: the frame finishes it, and the handle asked behind the lookup gets no element.
    assert.ok(!taken);
  });

  it('a select\'s lookup that chose its options ends the attempt; one refused keeps the element for the action\'s handle', async () => {
    const chosen = await lookup({ pointer: false, waitForFrameVisible: true, first: { kind: 'select', input: true, options: [{ label: 'x' }], force: false } });
    assert.deepEqual(chosen.answer.first, { result: ['GB'], final: true });
    assert.ok(!chosen.taken);
    const refused = await lookup({ pointer: false, waitForFrameVisible: true, first: { kind: 'select', input: true, options: [{ label: 'x' }], force: false } }, true, { missingState: 'enabled' });
    assert.ok(refused.taken);
    const check = await lookup({ pointer: true, waitForFrameVisible: true, first: { kind: 'checked' } });
    assert.ok(check.taken);
  });

  it('a refused state is the attempt\'s result (the action retries it); force skips the states; a throw leaves the attempt to the action', async () => {
    const refused = await lookup({ pointer: false, waitForFrameVisible: true, first: { kind: 'select', input: true, options: [{ label: 'x' }], force: false } }, true, { missingState: 'enabled' });
    assert.deepEqual(refused.calls, ['states visible,enabled,non-inert true']);
    assert.deepEqual(refused.answer.first, { result: { missingState: 'enabled' } });
    const forced = await lookup({ pointer: false, waitForFrameVisible: false, first: { kind: 'fill', input: true, value: 'x', force: true } });
    assert.deepEqual(forced.calls, ['fill x']);
    const threw = await lookup({ pointer: false, waitForFrameVisible: true, first: { kind: 'fill', input: true, value: 'x', force: false } }, true, undefined, true);
    assert.equal(threw.answer.first, undefined);
    assert.equal(threw.answer.success, true);
    assert.ok(threw.taken);
  });

  it('a pointer action\'s lookup prepares it only in view, in a visible frame and within its wait; a check\'s only when it will click; a refusal is the action\'s', async () => {
    const box = { x: 1, y: 2, width: 3, height: 4 };
    const prepareLookup = async (arg: Omit<LookupArg, 'takeKey' | 'waitForFrameVisible' | 'pointer'>, options: { frameVisible?: boolean; refused?: unknown; never?: boolean; width?: number } = {}) => {
      const calls: string[] = [];
      const { element, injected } = fakeInjected(calls, options.refused);
      const stub = Object.assign(injected, {
        window: { innerWidth: options.width ?? 100, innerHeight: 100 },
        setupHitTargetInterceptor: (_node: Element, action: string, point: { x: number; y: number }, trial: boolean) => { calls.push(`setup ${action} ${point.x},${point.y} ${trial}`); return { stop: () => 'done' }; },
      });
      if (options.never) stub.checkElementStates = () => new Promise(() => {});
      const helpers = { preparePointer, pointerGeometry: () => ({ point: { x: 2.5, y: 4 }, hitPoint: { x: 2.5, y: 4 }, box }), prepareWaitMs: 30 };
      const answer = await actionLookup({ injected: stub as never, elements: [element], frameVisible: options.frameVisible ?? true }, { takeKey: 1, pointer: true, waitForFrameVisible: true, ...arg }, helpers);
      return { answer, calls, injected: stub as unknown as Parameters<typeof stopPrepared>[0] };
    };
    const prepare = { actionType: 'mouse' as const, states: ['visible', 'enabled', 'stable', 'non-inert'], trial: false };
    const click = await prepareLookup({ prepare });
    assert.deepEqual(click.calls, ['stable', 'states visible,enabled,stable,non-inert true', 'setup mouse 2.5,4 false']);
    assert.deepEqual(click.answer.prepared, { point: { x: 2.5, y: 4 }, box, interceptor: 'set' });
    // Kept for the action under the lookup's key, stopped once.
    assert.equal(stopPrepared(click.injected, 1), 'done');
    assert.equal(click.injected.__tabwrightInterceptors?.size, 0);
    // A check of an unchecked box clicks: prepared; an uncheck of it does not click: nothing set up.
    const check = await prepareLookup({ prepare: { ...prepare, checked: true }, first: { kind: 'checked' } });
    assert.equal((check.answer.prepared as { interceptor?: string }).interceptor, 'set');
    const uncheck = await prepareLookup({ prepare: { ...prepare, checked: false }, first: { kind: 'checked' } });
    assert.deepEqual(uncheck.calls, ['stable', 'checked']);
    assert.equal(uncheck.answer.prepared, undefined);
    // A refused state is answered for the action to return (and retry); nothing is set up.
    const refused = await prepareLookup({ prepare }, { refused: { missingState: 'enabled' } });
    assert.deepEqual(refused.answer.prepared, { refused: { missingState: 'enabled' } });
    assert.ok(!refused.calls.some(call => call.startsWith('setup')));
    // No frame within the wait, a hidden frame, an element not in view: nothing prepared, the action asks itself.
    for (const options of [{ never: true }, { frameVisible: false }, { width: 2 }]) {
      const declined = await prepareLookup({ prepare }, options);
      assert.equal(declined.answer.prepared, undefined, JSON.stringify(options));
      assert.ok(!declined.calls.some(call => call.startsWith('setup')), JSON.stringify(options));
    }
  });

  it('a lookup in a hidden frame makes no attempt; a check\'s starts its stable check and reads the state', async () => {
    const hidden = await lookup({ pointer: false, waitForFrameVisible: true, first: { kind: 'fill', input: true, value: 'x', force: false } }, false);
    assert.deepEqual(hidden.calls, []);
    assert.equal(hidden.answer.first, undefined);
    const check = await lookup({ pointer: true, waitForFrameVisible: true, first: { kind: 'checked' } });
    assert.deepEqual(check.calls, ['stable', 'checked']);
    assert.deepEqual(check.answer.first, { result: { matches: false, received: 'unchecked' } });
    const plain = await lookup({ pointer: false, waitForFrameVisible: true });
    assert.deepEqual(plain.calls, []);
  });
});

describe('Playwright reads in its utility world (utilityWorldReads.ts)', () => {
  it('finds its text in the installed Playwright exactly once, and the client sends the two functions it recognises', () => {
    const source = fs.readFileSync(coreBundle, 'utf8');
    const { text, missing } = withUtilityWorldReads(source);
    assert.deepEqual(missing, [], `playwright-core ${require('playwright-core/package.json').version} changed: update runtime/worker/playwrightInternals/coreBundleText/utilityWorldReads.ts`);
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
    assert.deepEqual(missing, [], `playwright-core ${require('playwright-core/package.json').version} changed: update runtime/worker/playwrightInternals/coreBundleText/stableInjectedScript.ts`);
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

describe('A page\'s utility world made ready as it is created (readyUtilityWorld.ts)', () => {
  it('finds its texts in the installed Playwright exactly once, and with every other change the worker makes', () => {
    const source = fs.readFileSync(coreBundle, 'utf8');
    const { text, missing } = withReadyUtilityWorld(withStableInjectedScript(source).text);
    assert.deepEqual(missing, [], `playwright-core ${require('playwright-core/package.json').version} changed: update runtime/worker/playwrightInternals/coreBundleText/readyUtilityWorld.ts`);
    for (const change of READY_UTILITY_WORLD) assert.ok(text.includes(change.replace), change.name);
    assert.deepEqual(taskCoreBundleText(source).missing, []);
  });

  it('asks only where the injected script is a small call: the state stableInjectedScript.ts names "registered"', () => {
    const { text } = withStableInjectedScript(fs.readFileSync(coreBundle, 'utf8'));
    assert.ok(text.includes('worlds.set(worldName, seen + 1 >= 2 ? "registered" : seen + 1);'), 'stableInjectedScript.ts still names that state');
    assert.ok(READY_UTILITY_WORLD[0]!.replace.includes('__tabwrightInjectedScriptWorlds?.get(this._crPage.utilityWorldName) === "registered"'));
  });
});
