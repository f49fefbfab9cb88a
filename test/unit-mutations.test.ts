// mutationState and `mutations` from the evidence, without a browser: the CDP evidence fed
// the events Chrome sends (each page heard on two sessions), the naming of input by the
// program's actions, and the list's folding and cap.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cdpEvent } from '../transport/cdpProtocol.js';
import { MutationLog } from '../runtime/mutations/mutationLog.js';
import { CdpEvidence, inputText } from '../runtime/mutations/cdpEvidence.js';
import { causeTexts, MAX_MUTATIONS, namedCauses, type ActionWindow } from '../runtime/mutations/causeList.js';
import { shortUrl } from '../runtime/mutations/mutationCause.js';

const page = (target: string) => (target === 'IFRAME' ? 'P1' : target);

function observed(): { log: MutationLog; evidence: CdpEvidence } {
  const log = new MutationLog();
  const evidence = new CdpEvidence(log, page);
  log.begin();
  evidence.begin();
  return { log, evidence };
}

const request = (requestId: string, method: string, url: string, extra: Record<string, unknown> = {}) =>
  cdpEvent('Network.requestWillBeSent', { requestId, documentURL: 'https://app.example/tickets/new', request: { method, url }, ...extra });

describe('CDP evidence', () => {
  it('a page that only GETs, reads and is looked at leaves mutationState none', () => {
    const { log, evidence } = observed();
    evidence.command('Page.navigate', { url: 'https://app.example/' }, 'P1');
    evidence.command('Runtime.callFunctionOn', { functionDeclaration: '() => fetch("/x", { method: "POST" })' }, 'P1');
    evidence.command('DOM.getDocument', {}, 'P1');
    evidence.command('Input.setIgnoreInputEvents', { ignore: false }, 'P1');
    evidence.event(request('1', 'GET', 'https://app.example/api/tickets'), 'P1');
    evidence.event(request('2', 'OPTIONS', 'https://api.example/x'), 'P1');
    assert.equal(log.state, 'none');
    assert.deepEqual(log.texts(), []);
  });

  it('a POST heard on two sessions is one cause, then its status; one still open at the end says so', () => {
    const { log, evidence } = observed();
    evidence.event(request('1', 'POST', 'https://app.example/api/tickets'), 'P1');
    evidence.event(request('1', 'POST', 'https://app.example/api/tickets'), 'P1');
    assert.equal(log.state, 'possible');
    assert.deepEqual(log.texts(), ['POST /api/tickets (in flight)']);
    evidence.event(cdpEvent('Network.responseReceived', { requestId: '1', type: 'Fetch', response: { status: 201, url: 'https://app.example/api/tickets' } }), 'P1');
    evidence.event(cdpEvent('Network.responseReceived', { requestId: '1', type: 'Fetch', response: { status: 201, url: 'https://app.example/api/tickets' } }), 'P1');
    evidence.event(request('2', 'DELETE', 'https://other.example/api/tickets/7'), 'IFRAME');
    assert.deepEqual(log.texts(), ['POST /api/tickets 201', 'DELETE https://other.example/api/tickets/7 (in flight)']);
  });

  it('a form POST answered 303 shows its status, and the GET it leads to is no cause', () => {
    const { log, evidence } = observed();
    evidence.event(request('L', 'POST', 'https://app.example/login', { type: 'Document' }), 'P1');
    evidence.event(request('L', 'GET', 'https://app.example/tickets', { type: 'Document', redirectResponse: { status: 303, url: 'https://app.example/login' } }), 'P1');
    evidence.event(request('L', 'GET', 'https://app.example/tickets', { type: 'Document', redirectResponse: { status: 303, url: 'https://app.example/login' } }), 'P1');
    evidence.event(cdpEvent('Network.responseReceived', { requestId: 'L', type: 'Document', response: { status: 200, url: 'https://app.example/tickets' } }), 'P1');
    assert.deepEqual(log.texts(), ['POST /login 303']);
  });

  it('beacons, WebSocket frames, uploads, accepted dialogs and profile writes are causes', () => {
    const { log, evidence } = observed();
    evidence.event(request('B', 'POST', 'https://app.example/collect', { type: 'Ping' }), 'P1');
    evidence.event(cdpEvent('Network.webSocketCreated', { requestId: 'W', url: 'wss://app.example/live' }), 'P1');
    evidence.event(cdpEvent('Network.webSocketFrameSent', { requestId: 'W', timestamp: 1, response: { opcode: 1, mask: true, payloadData: 'x' } }), 'P1');
    evidence.event(cdpEvent('Network.webSocketFrameSent', { requestId: 'W', timestamp: 1.0001, response: { opcode: 1, mask: true, payloadData: 'x' } }), 'P1');
    evidence.command('DOM.setFileInputFiles', { files: ['/tmp/a.csv'] }, 'P1');
    evidence.command('Page.handleJavaScriptDialog', { accept: false }, 'P1');
    evidence.command('Page.handleJavaScriptDialog', { accept: true }, 'P1');
    evidence.command('Storage.clearCookies', {}, 'P1');
    assert.deepEqual(log.texts(), [
      'POST /collect (in flight) (beacon)', 'WebSocket wss://app.example/live frames sent', 'set 1 file on a file input', 'accepted a dialog', 'cleared cookies',
    ]);
  });

  it('what was not observed between programs is said by the next program; requests open from before are not its own', () => {
    const log = new MutationLog();
    const evidence = new CdpEvidence(log, page);
    log.begin();
    evidence.begin();
    evidence.event(request('1', 'POST', 'https://app.example/api/slow'), 'P1');
    log.end();
    evidence.unobserved('the runtime could not watch a page\'s requests (Target closed)');
    evidence.event(request('2', 'POST', 'https://app.example/api/heartbeat'), 'P1');
    log.begin();
    evidence.begin();
    evidence.event(cdpEvent('Network.responseReceived', { requestId: '1', type: 'Fetch', response: { status: 200, url: 'https://app.example/api/slow' } }), 'P1');
    assert.deepEqual(log.texts(), ['the runtime could not watch a page\'s requests (Target closed)']);
    log.end();
    log.begin();
    evidence.begin();
    assert.equal(log.state, 'none', 'said once');
  });

  it('what the pages send after a receipt is final follows that receipt: amended as it comes, its answer too, told once in the next receipt', () => {
    const log = new MutationLog();
    const evidence = new CdpEvidence(log, page);
    const amended: [string, string[]][] = [];
    log.begin();
    evidence.begin();
    evidence.event(request('1', 'POST', 'https://app.example/api/during'), 'P1');
    log.end('click-1');
    log.onLater = (since, texts) => amended.push([since, texts]);
    // A debounced Save posts after the receipt, and a socket sends twice.
    evidence.event(request('2', 'POST', 'https://app.example/api/save'), 'P1');
    evidence.event(request('2', 'POST', 'https://app.example/api/save'), 'P1');
    evidence.event(cdpEvent('Network.webSocketCreated', { requestId: 'W', url: 'wss://app.example/live' }), 'P1');
    evidence.event(cdpEvent('Network.webSocketFrameSent', { requestId: 'W', timestamp: 1, response: { opcode: 1, mask: true, payloadData: 'x' } }), 'P1');
    evidence.event(cdpEvent('Network.webSocketFrameSent', { requestId: 'W', timestamp: 2, response: { opcode: 1, mask: true, payloadData: 'x' } }), 'P1');
    // The program's own POST is answered: its receipt said it was in flight; that is no later mutation.
    evidence.event(cdpEvent('Network.responseReceived', { requestId: '1', type: 'Fetch', response: { status: 200, url: 'https://app.example/api/during' } }), 'P1');
    assert.deepEqual(amended.at(-1), ['click-1', ['POST /api/save (in flight)', 'WebSocket wss://app.example/live frames sent']]);
    // The next program starts before the Save is answered: the answer still goes to what followed click-1.
    log.begin();
    evidence.begin();
    evidence.event(cdpEvent('Network.responseReceived', { requestId: '2', type: 'Fetch', response: { status: 201, url: 'https://app.example/api/save' } }), 'P1');
    assert.equal(log.state, 'none', 'not the new program\'s doing');
    assert.deepEqual(amended.at(-1), ['click-1', ['POST /api/save 201', 'WebSocket wss://app.example/live frames sent']]);
    assert.deepEqual(log.takeDeferred(), [
      { since: 'click-1', text: 'POST /api/save 201' }, { since: 'click-1', text: 'WebSocket wss://app.example/live frames sent' },
    ]);
    log.end('look-1');
    assert.deepEqual(log.takeDeferred(), [], 'told once');
  });

  it('before any receipt, what a page sends follows none and is not kept', () => {
    const log = new MutationLog();
    const evidence = new CdpEvidence(log, page);
    evidence.event(request('1', 'POST', 'https://app.example/api/analytics'), 'P1');
    log.begin();
    evidence.begin();
    assert.deepEqual(log.takeDeferred(), []);
    assert.equal(log.state, 'none');
  });

  it('input reads as the protocol says it, with no typed character shown', () => {
    assert.equal(inputText('Input.dispatchMouseEvent', { type: 'mousePressed', x: 10.4, y: 20.6, button: 'left' }), 'mouse click at (10, 21)');
    assert.equal(inputText('Input.dispatchMouseEvent', { type: 'mouseReleased', x: 10, y: 20 }), '');
    assert.equal(inputText('Input.dispatchKeyEvent', { type: 'keyDown', key: 'Enter' }), 'key Enter');
    assert.equal(inputText('Input.dispatchKeyEvent', { type: 'keyDown', key: 'p', text: 'p' }), 'typed a character');
    assert.equal(inputText('Input.insertText', { text: 'hunter2' }), 'inserted text');
    assert.equal(inputText('Input.setInterceptDrags', { enabled: true }), null);
  });
});

describe('naming input by the program\'s actions', () => {
  const click: ActionWindow = { id: 1, label: "click getByRole('button', { name: 'Create ticket' })", begin: 100, end: 160, page: 'P1', countsOnCompletion: false, completed: true };

  it('input inside an action is that action; an action with none (a click that timed out) is nothing', () => {
    const waited: ActionWindow = { id: 2, label: "click getByRole('button', { name: 'Delete' })", begin: 200, end: 2200, page: 'P1', countsOnCompletion: false, completed: false };
    const inputs = [{ at: 150, page: 'P1', kind: 'input' as const, text: 'mouse move' }, { at: 151, page: 'P1', kind: 'input' as const, text: 'mouse click at (5, 5)' }];
    assert.deepEqual(causeTexts(namedCauses([], inputs, [click, waited])), ["click getByRole('button', { name: 'Create ticket' })"]);
  });

  it('of two actions running on one page, input goes to the one that ended soonest after it', () => {
    const waiting: ActionWindow = { id: 2, label: "click getByText('Later')", begin: 120, end: 3000, page: 'P1', countsOnCompletion: false, completed: false };
    const inputs = [{ at: 150, page: 'P1', kind: 'input' as const, text: 'mouse click at (5, 5)' }];
    assert.deepEqual(causeTexts(namedCauses([], inputs, [click, waiting])), [click.label]);
  });

  it('a value set without input counts once the action completed; input outside any action reads as the protocol says', () => {
    const select: ActionWindow = { id: 3, label: "selectOption getByLabel('Plan')", begin: 300, end: 320, countsOnCompletion: true, completed: true };
    const failed: ActionWindow = { id: 4, label: "fill getByLabel('Due')", begin: 400, end: 500, countsOnCompletion: true, completed: false };
    const stray = [{ at: 600, page: 'P1', kind: 'input' as const, text: 'key Tab' }, { at: 601, page: 'P1', kind: 'input' as const }];
    const request = { kind: 'request' as const, text: 'POST /api/plan 200', at: 330 };
    assert.deepEqual(causeTexts(namedCauses([request], stray, [select, failed])), ["selectOption getByLabel('Plan')", 'POST /api/plan 200', 'key Tab']);
  });

  it('a cause with a key keeps its place and takes the later text; the list folds repeats and is capped', () => {
    const log = new MutationLog();
    log.begin();
    log.record({ kind: 'request', key: 'r', text: 'POST /a (in flight)', at: 1 });
    log.record({ kind: 'input', text: 'key Tab', at: 2 });
    log.record({ kind: 'request', key: 'r', text: 'POST /a 200', at: 3 });
    assert.deepEqual(log.texts(), ['POST /a 200', 'key Tab']);
    const many = Array.from({ length: 40 }, (_, i) => ({ kind: 'request' as const, text: `POST /item/${i} 200`, at: i }));
    const texts = causeTexts([{ kind: 'input', text: 'mouse move', at: -2 }, { kind: 'input', text: 'mouse move', at: -1 }, ...many]);
    assert.equal(texts.length, MAX_MUTATIONS);
    assert.equal(texts[0], 'mouse move ×2');
    assert.equal(texts[MAX_MUTATIONS - 1], `… ${41 - MAX_MUTATIONS + 1} more`);
  });

  it('a URL on the page\'s own origin shows as its path; a long one is cut in the middle', () => {
    assert.equal(shortUrl('https://app.example/api/tickets?x=1', 'https://app.example/new'), '/api/tickets?x=1');
    assert.equal(shortUrl('https://cdn.example/a', 'https://app.example/new'), 'https://cdn.example/a');
    assert.equal(shortUrl(`https://app.example/${'x'.repeat(300)}`).length, 120);
  });
});
