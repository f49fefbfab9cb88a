// The router's ordering assumption, without a browser: CdpConnection hands a reply to its
// callback synchronously, inside the delivery of Chrome's message, and ClientWire writes it to
// the client there and then. So a reply reaches the client before any event Chrome wrote after
// it (Page.getFrameTree answered before the navigation it raced commits, then the commit).
// A promise anywhere on that path would let the event overtake the reply: this test fails then.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CdpConnection, type CdpWire } from '../transport/cdpConnection.js';
import { ClientWire } from '../router/clientWire.js';
import { SessionTable } from '../router/sessionTable.js';
import { OwnershipRegistry } from '../router/ownership.js';
import type { ClientSocket } from '../router/clientSocket.js';
import { recordingLog } from './harness/recordingLog.js';

function browserSide(): { wire: CdpWire; written: string[]; deliver: (text: string) => void } {
  const written: string[] = [];
  let listener: (text: string) => void = () => {};
  return {
    wire: { write: text => { written.push(text); }, onMessage: l => { listener = l; }, onClose: () => {}, close: () => {} },
    written,
    deliver: text => listener(text),
  };
}

function clientSide(): { socket: ClientSocket; received: string[] } {
  const received: string[] = [];
  return {
    socket: { ownWorker: false, open: true, backlog: 0, send: text => { received.push(text); }, close: () => {}, onMessage: () => {}, onClose: () => {} },
    received,
  };
}

const task = { name: 'T', urlPolicy: { allowFile: false }, headless: true };

describe('replies are handed on synchronously (clientWire.ts, cdpConnection.ts)', () => {
  for (const rewritten of [false, true]) {
    it(`a ${rewritten ? 'reply the router reads (request)' : 'reply that passes through (relay)'} reaches the client inside the delivery of Chrome's message, before the next event`, () => {
      const browser = browserSide();
      const cdp = new CdpConnection(browser.wire, recordingLog().log);
      const client = clientSide();
      const wire = new ClientWire(client.socket, cdp, new SessionTable(task, new OwnershipRegistry()));
      cdp.listenToSession('REAL', (_event, text) => wire.sendText(text));
      const respond = wire.responderFor(5, undefined);
      wire.forward('Page.getFrameTree', {}, 'REAL', reply => respond('text' in reply ? { text: reply.text } : reply), rewritten ? reply => reply : undefined);
      const sent = JSON.parse(browser.written[0]!) as { id: number };
      browser.deliver(`{"id":${sent.id},"result":{"frameTree":{}},"sessionId":"REAL"}`);
      // Nothing awaited: the reply is already with the client when delivery returns.
      assert.equal(client.received.length, 1, 'the reply was written during the delivery');
      browser.deliver('{"method":"Page.frameNavigated","params":{"frame":{"id":"F"}},"sessionId":"REAL"}');
      assert.deepEqual(client.received.map(text => Object.keys(JSON.parse(text))[0]), ['id', 'method'], 'reply first, then the event Chrome wrote after it');
      assert.equal(JSON.parse(client.received[0]!).id, 5, 'readdressed to the client\'s own id');
    });
  }
});
