// Hand-overs without a browser: where a person's input lands on the page (fractions of the
// picture times the page's size in CSS pixels), what a key types, which of a task's commands
// wait while a person works, the registry that ends each hand-over once, the program's
// timeout that stops while a person works, and what receipts say about it.
import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { commandFor, commandsFor, PersonInputError } from '../runtime/view/personInput.js';
import { heldForPerson } from '../router/pageSessionPolicy.js';
import { isHeldCall } from '../runtime/worker/playwrightInternals/inputGuard.js';
import { Handoffs, personHold } from '../runtime/handoff/handoffs.js';
import { PausableTimer } from '../runtime/programs/pausableTimer.js';
import { withProgressHint } from '../runtime/receipts/receiptAssembly.js';
import { compactReceipt } from '../runtime/receipts/receiptView.js';
import { recoveredReceipt } from '../runtime/receipts/recovery.js';
import type { HandoffEnd, Receipt } from '../contract/receipt.js';

describe('a person\'s input', () => {
  // A page 900 CSS pixels wide at a device scale factor of 2: its picture is 1800 device pixels
  // (scaled to fit), and Chrome's frame metadata says 900 (DIP). The view sends fractions.
  const size = { width: 900, height: 600 };

  it('lands where the person pointed on the picture, in the page\'s CSS pixels, whatever the picture\'s own size', () => {
    assert.deepEqual(commandFor({ type: 'mouse', action: 'down', x: 0.25, y: 0.5, button: 'left', buttons: 1, clickCount: 1 }, size), {
      method: 'Input.dispatchMouseEvent',
      params: { type: 'mousePressed', x: 225, y: 300, button: 'left', buttons: 1, clickCount: 1, modifiers: 0 },
    });
    assert.deepEqual(commandFor({ type: 'mouse', action: 'move', x: 1, y: 0 }, size).params, { type: 'mouseMoved', x: 900, y: 0, button: 'none', buttons: 0, clickCount: 0, modifiers: 0 });
    assert.deepEqual(commandFor({ type: 'wheel', x: 0.5, y: 0.5, deltaY: 120 }, size).params, { type: 'mouseWheel', x: 450, y: 300, deltaX: 0, deltaY: 120, modifiers: 0 });
  });

  it('a pointer cannot be placed before the page showed a picture; nothing of the batch is sent then', () => {
    assert.throws(() => commandsFor([{ type: 'text', text: 'a' }, { type: 'mouse', action: 'down', x: 0.1, y: 0.1 }], undefined), PersonInputError);
    assert.deepEqual(commandsFor([{ type: 'text', text: '424242' }], undefined), [{ method: 'Input.insertText', params: { text: '424242' } }]);
  });

  it('a key types its character (Enter a carriage return) unless Ctrl or Meta makes it a shortcut; its release types nothing', () => {
    const keyParams = (command: ReturnType<typeof commandFor>) => {
      assert.equal(command.method, 'Input.dispatchKeyEvent');
      return command.params as { type: string; text?: string; windowsVirtualKeyCode?: number };
    };
    const down = (key: string, modifiers = 0) => keyParams(commandFor({ type: 'key', action: 'down', key, code: '', keyCode: 0, modifiers }, undefined));
    assert.equal(down('a').type, 'keyDown');
    assert.equal(down('a').text, 'a');
    assert.equal(down('A', 8).text, 'A');
    assert.equal(down('é').text, 'é');
    assert.equal(down('Enter').text, '\r');
    assert.equal(down('a', 2).type, 'rawKeyDown');
    assert.equal(down('a', 2).text, undefined);
    assert.equal(down('Tab').type, 'rawKeyDown');
    assert.equal(down('ArrowLeft').text, undefined);
    const up = keyParams(commandFor({ type: 'key', action: 'up', key: 'a', code: 'KeyA', keyCode: 65 }, undefined));
    assert.equal(up.type, 'keyUp');
    assert.equal(up.text, undefined);
    assert.equal(up.windowsVirtualKeyCode, 65);
  });
});

describe('while a person works on a task\'s pages', () => {
  it('the router holds all but watching: input, navigations, reads and code; the task\'s own worker may run its until watch', () => {
    const held = (method: string, params: Record<string, unknown> = {}, ownWorker = false) => heldForPerson(method, params, ownWorker);
    for (const method of ['Input.dispatchMouseEvent', 'Input.dispatchKeyEvent', 'Input.insertText', 'Page.navigate', 'Page.reload', 'Page.navigateToHistoryEntry',
      'DOM.setFileInputFiles', 'Runtime.evaluate', 'Runtime.callFunctionOn', 'Runtime.getProperties', 'DOM.getDocument', 'DOM.getOuterHTML',
      'DOMSnapshot.captureSnapshot', 'Page.captureScreenshot', 'Page.startScreencast', 'Accessibility.getFullAXTree', 'Network.getRequestPostData',
      'Debugger.enable', 'Page.handleJavaScriptDialog', 'Fetch.fulfillRequest', 'Some.unknownMethod'])
      assert.equal(held(method), true, method);
    for (const method of ['Runtime.runIfWaitingForDebugger', 'Runtime.enable', 'Page.enable', 'Page.getFrameTree', 'Network.enable', 'Target.setAutoAttach',
      'Runtime.releaseObject', 'Page.createIsolatedWorld', 'Emulation.setFocusEmulationEnabled', 'Fetch.failRequest'])
      assert.equal(held(method), false, method);
    assert.equal(held('Runtime.evaluate', {}, true), false, 'the worker\'s locator watch');
    assert.equal(held('Runtime.callFunctionOn', {}, true), false);
    assert.equal(held('Input.insertText', {}, true), true, 'the worker acts no more than any client');
    assert.equal(held('Page.addScriptToEvaluateOnNewDocument', { source: '', worldName: 'w' }), false, 'Playwright\'s utility-world marker');
    assert.equal(held('Page.addScriptToEvaluateOnNewDocument', { source: 'document.onkeyup = k => k' }), true, 'a script for the person\'s next document');
    assert.equal(held('Fetch.continueRequest', { requestId: 'r' }), false, 'a route letting the request go on as it is');
    assert.equal(held('Fetch.continueRequest', { requestId: 'r', postData: 'eA==' }), true, 'one changing it');
  });

  it('the worker refuses Playwright\'s page actions and reads, not its waits', () => {
    for (const [type, method] of [['Frame', 'click'], ['Frame', 'fill'], ['Frame', 'goto'], ['ElementHandle', 'press'], ['Page', 'mouseMove'], ['Page', 'keyboardType'], ['Page', 'reload'],
      ['Frame', 'evaluateExpression'], ['Frame', 'inputValue'], ['Frame', 'textContent'], ['ElementHandle', 'evaluateExpression'], ['JSHandle', 'jsonValue'],
      ['Page', 'screenshot'], ['CDPSession', 'send'], ['BrowserContext', 'addInitScript']])
      assert.equal(isHeldCall(type!, method!), true, `${type}.${method}`);
    for (const [type, method] of [['Frame', 'waitForSelector'], ['Frame', 'isVisible'], ['Frame', 'title'], ['Page', '__waitInfo__'], ['Dialog', 'dismiss']])
      assert.equal(isHeldCall(type!, method!), false, `${type}.${method}`);
  });
});

describe('the hand-over registry', () => {
  const request = { task: 't', requestId: 'r', page: 3, targetId: 'T3', reason: 'Enter the code', timeoutS: 600 };

  it('ends a hand-over once, only with its key, and hears the person\'s first input once', () => {
    const handoffs = new Handoffs();
    const ends: [HandoffEnd, string | undefined][] = [];
    let inputs = 0;
    const open = handoffs.open(request, ending => ends.push([ending.ended, ending.note]), () => inputs++);
    assert.equal(handoffs.waiting('t'), open);
    assert.match(personHold(open)!, /a person is working on this task's pages \(handoff: Enter the code\)/);
    assert.equal(handoffs.withKey('t', 'not-it'), undefined);
    assert.equal(handoffs.withKey('t', open.key), open);
    handoffs.personInput('t');
    handoffs.personInput('t');
    assert.equal(inputs, 1);
    assert.equal(handoffs.end('t', { ended: 'declined', note: 'no phone' }), true);
    assert.equal(handoffs.end('t', { ended: 'done' }), false);
    assert.deepEqual(ends, [['declined', 'no phone']]);
    assert.equal(handoffs.waiting('t'), undefined);
    assert.equal(personHold(handoffs.waiting('t')), undefined);
  });

  it('ends one by itself when its cap passes', () => {
    mock.timers.enable({ apis: ['setTimeout', 'Date'] });
    try {
      const handoffs = new Handoffs();
      const ends: [HandoffEnd, number][] = [];
      handoffs.open({ ...request, timeoutS: 5 }, (ending, personMs) => ends.push([ending.ended, personMs]), () => {});
      mock.timers.tick(4999);
      assert.deepEqual(ends, []);
      mock.timers.tick(1);
      assert.deepEqual(ends, [['timedOut', 5000]]);
    } finally {
      mock.timers.reset();
    }
  });
});

describe('the program\'s timeout', () => {
  it('stops counting while paused and goes on with the time that was left', () => {
    mock.timers.enable({ apis: ['setTimeout', 'Date'] });
    try {
      let fired = 0;
      const timer = new PausableTimer(1000, () => fired++);
      mock.timers.tick(600);
      timer.pause();
      mock.timers.tick(60_000);
      assert.equal(fired, 0);
      timer.resume();
      mock.timers.tick(399);
      assert.equal(fired, 0);
      mock.timers.tick(1);
      assert.equal(fired, 1);
      timer.clear();
    } finally {
      mock.timers.reset();
    }
  });
});

describe('receipts of a program that waits for a person', () => {
  const waiting: Receipt = {
    task: 'shop', requestId: 'login-1', status: 'running', mutationState: 'possible', queuedAt: '2026-01-01T00:00:00.000Z',
    waitingFor: 'person', handoffs: [{ reason: 'Enter the code from your phone', page: 4, since: '2026-01-01T00:00:01.000Z', inputKept: false }],
  };

  it('the answer\'s hint says a person is asked, on which page, and how to pick the receipt up', () => {
    const [hint] = withProgressHint(waiting)!.hints!;
    assert.match(hint!, /A person is being asked in the live view to: Enter the code from your phone \(page 4\)/);
    assert.match(hint!, /`tabwright view --task shop --open`/);
    assert.match(hint!, /`tabwright receipt --task shop --request-id login-1 --wait 300`/);
  });

  it('the compact view keeps waitingFor and the hand-overs', () => {
    const view = compactReceipt(waiting);
    assert.equal(view.waitingFor, 'person');
    assert.deepEqual(view.handoffs, waiting.handoffs);
  });

  it('a receipt a dead runtime left waiting for a person ends interrupted, its hand-over too', () => {
    const recovered = recoveredReceipt(waiting, { machineRestarted: false, now: new Date('2026-01-01T00:01:00.000Z') });
    assert.equal(recovered.status, 'interrupted');
    assert.equal(recovered.waitingFor, undefined);
    assert.equal(recovered.handoffs![0]!.ended, 'interrupted');
  });
});
