// The child-session table (router/childSessionPolicy.ts) and the registry's part of it: which
// children of a page a task's client is given, and that a frame showing a refused document
// belongs to nobody (router/ownership.ts). No browser: the end-to-end attacks are in
// router-children.test.ts and origin-policy-frames.test.ts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { childVerdict, framesRefusable, pageAutoAttachParams, type ChildFacts } from '../router/childSessionPolicy.js';
import { OwnershipRegistry } from '../router/ownership.js';
import { originPolicyOf } from '../router/originPolicy.js';

const open = { allowFile: false };
const allowOnly = { allowFile: false, origins: originPolicyOf([], ['a.test']) };
const facts = (over: Partial<ChildFacts> = {}): ChildFacts => ({ ownedThroughPage: true, ownContext: false, framesRefusable: false, urlPolicy: open, ...over });

describe('child sessions (childSessionPolicy.ts)', () => {
  it('gives a page\'s own iframes and dedicated workers; never what does not live in the page', () => {
    assert.deepEqual(childVerdict({ type: 'worker', url: 'https://a.test/w.js' }, facts(), true), { kind: 'deliver' });
    assert.deepEqual(childVerdict({ type: 'iframe', url: 'https://b.test/' }, facts(), true), { kind: 'deliver' });
    assert.equal(childVerdict({ type: 'worker', url: 'https://a.test/w.js' }, facts({ ownedThroughPage: false }), true).kind, 'letGo');
  });

  it('a service worker, shared worker or worklet only in the task\'s own context', () => {
    for (const type of ['service_worker', 'shared_worker', 'shared_storage_worklet', 'auction_worklet', 'page', 'other']) {
      const shared = childVerdict({ type, url: 'https://a.test/sw.js' }, facts(), true);
      assert.equal(shared.kind, 'letGo', type);
      assert.match(shared.kind === 'letGo' ? shared.reason : '', /only a task with a context of its own/);
      assert.deepEqual(childVerdict({ type, url: 'https://a.test/sw.js' }, facts({ ownContext: true }), true), { kind: 'deliver' }, type);
    }
  });

  it('a frame is held to the URL policy: refused documents let go, an uncommitted frame held where frames can be refused', () => {
    const policy = facts({ urlPolicy: allowOnly, framesRefusable: true });
    assert.deepEqual(childVerdict({ type: 'iframe', url: 'https://a.test/x' }, policy, true), { kind: 'deliver' });
    const refused = childVerdict({ type: 'iframe', url: 'https://b.test/x' }, policy, true);
    assert.match(refused.kind === 'letGo' ? refused.reason : '', /not among the runtime's allowed origins/);
    assert.deepEqual(childVerdict({ type: 'iframe', url: '' }, policy, true), { kind: 'hold' });
    assert.deepEqual(childVerdict({ type: 'iframe', url: '' }, policy, true, 'https://a.test/y'), { kind: 'deliver' }, 'its navigation\'s response decides, when seen');
    assert.equal(childVerdict({ type: 'iframe', url: '' }, policy, true, 'https://b.test/y').kind, 'letGo');
    assert.equal(childVerdict({ type: 'iframe', url: '' }, policy, false).kind, 'letGo', 'nothing is held at browser level');
    assert.deepEqual(childVerdict({ type: 'iframe', url: '' }, facts(), true), { kind: 'deliver' }, 'where no frame can be refused, none waits');
    assert.equal(childVerdict({ type: 'iframe', url: 'chrome-extension://abc/popup.html' }, facts(), true).kind, 'letGo');
  });

  it('frames can be refused with an origin policy or in a connected browser', () => {
    assert.equal(framesRefusable(open, false), false);
    assert.equal(framesRefusable({ allowFile: false, origins: originPolicyOf([], []) }, false), false);
    assert.equal(framesRefusable(allowOnly, false), true);
    assert.equal(framesRefusable(open, true), true);
  });

  it('a page session\'s auto-attach asks Chrome for frames and workers only where the context is shared', () => {
    const asked = { autoAttach: true, waitForDebuggerOnStart: true, flatten: true };
    assert.deepEqual(pageAutoAttachParams(asked, false).filter, [{ type: 'iframe', exclude: false }, { type: 'worker', exclude: false }]);
    assert.deepEqual(pageAutoAttachParams({ ...asked, filter: [{ type: 'worker', exclude: true }, {}] }, false).filter, [{ type: 'iframe', exclude: false }, { type: 'worker', exclude: true }]);
    assert.deepEqual(pageAutoAttachParams(asked, true), asked, 'the task\'s own context: as the client asked');
    assert.deepEqual(pageAutoAttachParams({ autoAttach: false, waitForDebuggerOnStart: false }, false), { autoAttach: false, waitForDebuggerOnStart: false });
  });
});

describe('frames in the ownership registry', () => {
  const page = { targetId: 'P', type: 'page', title: '', url: 'https://a.test/' };
  const frame = (url: string) => ({ targetId: 'F', type: 'iframe', title: '', url, parentId: 'P' });
  const worker = { targetId: 'W', type: 'worker', title: '', url: 'https://b.test/w.js', parentId: 'F' };

  it('a frame committing a refused document is nobody\'s, nor what lives in it, until it commits an allowed one', () => {
    const registry = new OwnershipRegistry(allowOnly);
    const refused: string[] = [];
    registry.on('frameRefused', (id: string, reason: string) => refused.push(`${id}: ${reason}`));
    registry.claim('P', 'T', 'created');
    registry.noteTarget(page);
    registry.noteTarget(frame(''));
    registry.noteTarget(worker);
    assert.equal(registry.ownerOf('W')?.task, 'T', 'before its first commit the frame is the page\'s');
    registry.noteTarget(frame('https://b.test/'));
    assert.equal(registry.ownerOf('F'), undefined);
    assert.equal(registry.ownerOf('W'), undefined, 'nor its worker');
    assert.ok(registry.within('W', 'F'));
    assert.deepEqual(refused, ['F: a frame committed https://b.test/: https://b.test is not among the runtime\'s allowed origins (--allow-origin a.test)']);
    registry.noteTarget(frame('https://b.test/again'));
    assert.equal(refused.length, 1, 'told once');
    registry.noteTarget(frame('https://a.test/back'));
    assert.equal(registry.ownerOf('W')?.task, 'T');
  });

  it('links only frames and dedicated workers to a page: a service worker names no parent page', () => {
    const registry = new OwnershipRegistry();
    registry.claim('P', 'T', 'created');
    registry.noteTarget({ targetId: 'S', type: 'service_worker', title: '', url: 'https://a.test/sw.js', parentId: 'P' });
    assert.equal(registry.ownerOf('S'), undefined);
    assert.equal(registry.resolve({ targetId: 'S', type: 'service_worker', title: '', url: 'https://a.test/sw.js', parentId: 'P' }), undefined);
  });
});

describe('the page-session table names every method of a boundary domain (pageMethodTable.ts)', () => {
  it('each domain that can cross a boundary lists exactly the methods devtools-protocol has; each whole domain exists', async () => {
    const { BOUNDARY_DOMAINS, TARGET_DOMAINS } = await import('../router/pageMethodTable.js');
    const { createRequire } = await import('node:module');
    const require = createRequire(import.meta.url);
    type Protocol = { domains: { domain: string; commands?: { name: string }[] }[] };
    const protocol = [require('devtools-protocol/json/js_protocol.json') as Protocol, require('devtools-protocol/json/browser_protocol.json') as Protocol];
    const commands = new Map(protocol.flatMap(p => p.domains).map(d => [d.domain, (d.commands ?? []).map(c => c.name).sort()]));
    for (const [domain, methods] of Object.entries(BOUNDARY_DOMAINS))
      assert.deepEqual(Object.keys(methods).sort(), commands.get(domain), `${domain}: read the new or gone methods and place each`);
    for (const domain of TARGET_DOMAINS) assert.ok(commands.has(domain), domain);
  });
});
