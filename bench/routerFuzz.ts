// `npm run bench:fuzz`: a hostile client on a task's router endpoint. Task "victim" has a page
// on a loopback server that counts requests; task "fuzz" sends messages derived from
// Playwright's real traffic (recorded through a proxy as Playwright drives the fuzz task),
// mutated: wrong and guessed sessionIds, targetIds and contexts, the victim's own ids, every
// Target.*, Browser.*, Storage.*, SystemInfo.* and Tracing.* command of the protocol, malformed
// JSON, big and oversize frames, floods. Invariants checked:
//   - the victim's page is never listed, read, navigated or closed: the fuzz client never
//     receives the victim's secret, URL or ids (beyond echoing what it sent), the server counts
//     no request to the victim's path after set-up, and the victim's own programs keep seeing
//     their page unchanged;
//   - a command naming the victim's target, session or context gets the same error as the same
//     command naming an id that does not exist, and every error has CDP's shape;
//   - the runtime keeps serving both tasks, and its memory stays bounded.
// test/router-fuzz.test.ts runs 1,000 messages; the bench runs 10,000.
import net from 'node:net';
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import WebSocket, { WebSocketServer } from 'ws';
import { chromium } from 'playwright-core';
import { FixtureServer } from '../test/harness/fixtureServer.js';
import { BenchHome, finalReceipt } from './timedCli.js';
import { isMainModule } from './mainModule.js';
import { markdownTable } from './markdownTable.js';

interface ProtocolCommand { name: string; parameters?: ProtocolParam[] }
interface ProtocolParam { name: string; type?: string; $ref?: string; optional?: boolean; items?: { type?: string; $ref?: string } }
interface ProtocolDomain { domain: string; commands: ProtocolCommand[] }

/** The domains whose every command the fuzzer sends at browser level (and Target.exposeDevToolsProtocol among them). */
const BROWSER_WIDE_DOMAINS = ['Target', 'Browser', 'Storage', 'SystemInfo', 'Tracing'];

export interface FuzzOptions {
  messages: number;
  seed?: number;
  log?: (line: string) => void;
}

export interface FuzzResult {
  seed: number;
  sent: number;
  replies: number;
  errorReplies: number;
  /** Commands naming the victim's ids, each paired with the same command naming a missing id. */
  foreignPairs: number;
  malformed: number;
  floods: number;
  bigFrames: number;
  oversizeFrames: number;
  reconnects: number;
  victimChecks: number;
  victimRequestsDuringFuzz: number;
  runtimeRssMiB: { before: number; after: number };
  durationMs: number;
  /** Every broken invariant, worded; empty when all held. */
  violations: string[];
}

/** A small seeded generator (mulberry32), so a failing run can be replayed with its seed. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function rssMiB(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024);
  } catch {
    return NaN;
  }
}

/** Records what a real Playwright sends: a loopback proxy between it and the endpoint. */
async function recordPlaywrightTraffic(endpoint: string, pageUrl: string): Promise<Record<string, unknown>[]> {
  const recorded: Record<string, unknown>[] = [];
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>(resolve => wss.once('listening', () => resolve()));
  wss.on('connection', client => {
    const upstream = new WebSocket(endpoint);
    const queue: string[] = [];
    upstream.on('open', () => { for (const text of queue.splice(0)) upstream.send(text); });
    client.on('message', data => {
      const text = data.toString();
      try { recorded.push(JSON.parse(text) as Record<string, unknown>); } catch { /* Playwright sends JSON */ }
      if (upstream.readyState === WebSocket.OPEN) upstream.send(text); else queue.push(text);
    });
    upstream.on('message', data => client.send(data.toString()));
    client.on('close', () => upstream.close());
    upstream.on('close', () => client.close());
  });
  const port = (wss.address() as { port: number }).port;
  const path = new URL(endpoint).pathname;
  const browser = await chromium.connectOverCDP(`ws://127.0.0.1:${port}${path}`, { timeout: 120_000 });
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    await page.goto(pageUrl);
    await page.getByRole('button', { name: 'Go' }).click();
    await page.evaluate(() => document.title);
    await page.getByRole('heading').textContent();
    await context.cookies();
    const own = await browser.newContext();
    const other = await own.newPage();
    await other.goto(pageUrl);
    await own.close();
  } finally {
    await browser.close();
    wss.close();
  }
  return recorded;
}

/** A raw client that records every message it is shown and pairs replies with requests. */
class FuzzClient {
  private nextId = 1;
  readonly waiters = new Map<number, (reply: Record<string, unknown>) => void>();
  readonly received: { text: string; request?: string }[] = [];
  private readonly sentText = new Map<number, string>();
  closed = false;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', data => {
      const text = data.toString();
      let message: Record<string, unknown> | undefined;
      try { message = JSON.parse(text) as Record<string, unknown>; } catch { /* recorded below as is */ }
      const id = typeof message?.id === 'number' ? message.id : undefined;
      this.received.push({ text, ...(id !== undefined ? { request: this.sentText.get(id) } : {}) });
      if (id !== undefined) {
        this.sentText.delete(id);
        const waiter = this.waiters.get(id);
        this.waiters.delete(id);
        waiter?.(message!);
      }
    });
    ws.on('close', () => {
      this.closed = true;
      for (const waiter of this.waiters.values()) waiter({ closed: true });
      this.waiters.clear();
    });
  }

  static connect(endpoint: string): Promise<FuzzClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(endpoint, { maxPayload: 256 * 1024 * 1024 });
      ws.once('open', () => resolve(new FuzzClient(ws)));
      ws.once('error', reject);
    });
  }

  /** Sends a command; resolves with its reply, or {closed: true} if the connection went, or {noReply: true} after `ceilingMs`. */
  send(method: string, params: unknown, sessionId?: string, ceilingMs = 60_000): Promise<Record<string, unknown>> {
    const id = this.nextId++;
    const text = JSON.stringify({ id, method, params, ...(sessionId !== undefined ? { sessionId } : {}) });
    return this.sendText(text, id, ceilingMs);
  }

  sendText(text: string, id: number | undefined, ceilingMs = 60_000): Promise<Record<string, unknown>> {
    if (this.closed) return Promise.resolve({ closed: true });
    this.ws.send(text);
    if (id === undefined) return Promise.resolve({});
    this.sentText.set(id, text);
    return new Promise(resolve => {
      const timer = setTimeout(() => { this.waiters.delete(id); resolve({ noReply: true }); }, ceilingMs);
      this.waiters.set(id, reply => { clearTimeout(timer); resolve(reply); });
    });
  }

  takeId(): number {
    return this.nextId++;
  }

  close(): void {
    this.ws.close();
  }
}

/** Sends a WebSocket frame header announcing `bytes` of payload over a raw upgrade, then a little of it: ws must refuse it before buffering. */
async function oversizeFrame(endpoint: string, bytes: number): Promise<'closed' | 'open'> {
  const url = new URL(endpoint);
  const socket = net.connect(Number(url.port), url.hostname);
  await new Promise<void>((resolve, reject) => { socket.once('connect', () => resolve()); socket.once('error', reject); });
  socket.write(`GET ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
    `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`);
  await new Promise<void>(resolve => socket.once('data', () => resolve()));
  const header = Buffer.alloc(14);
  header[0] = 0x81; // FIN, text
  header[1] = 0x80 | 127; // masked, 64-bit length
  header.writeBigUInt64BE(BigInt(bytes), 2);
  randomBytes(4).copy(header, 10);
  socket.write(header);
  socket.write(Buffer.alloc(64 * 1024, 0x20));
  const outcome = await new Promise<'closed' | 'open'>(resolve => {
    const timer = setTimeout(() => resolve('open'), 30_000);
    socket.once('close', () => { clearTimeout(timer); resolve('closed'); });
    socket.on('error', () => undefined);
  });
  socket.destroy();
  return outcome;
}

/** Replaces every occurrence of `id` in an error message with a placeholder, so two errors can be compared. */
function normalizedError(reply: Record<string, unknown>, id: string): string {
  return JSON.stringify(reply.error ?? { result: reply.result !== undefined ? 'a result' : 'no reply' }).split(id).join('<id>');
}

function isCdpError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const keys = Object.keys(error).sort();
  const e = error as { code?: unknown; message?: unknown };
  return typeof e.code === 'number' && typeof e.message === 'string' && keys.every(k => ['code', 'message', 'data'].includes(k));
}

export async function runRouterFuzz(options: FuzzOptions): Promise<FuzzResult> {
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const random = generator(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const violations: string[] = [];
  const violate = (what: string) => { if (violations.length < 200) violations.push(what); };

  const secret = `victim-secret-${randomBytes(6).toString('hex')}`;
  const server = await FixtureServer.start();
  let victimRequests = 0;
  server.route('/victim', (_req, res) => {
    victimRequests++;
    res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-store' }).end(`<title>${secret}</title><h1>${secret}</h1><button>Go</button>`);
  });
  server.route('/fuzz', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-store' }).end('<title>fuzz</title><h1>Fuzz</h1><button>Go</button>');
  });
  const victimUrl = server.url('/victim');
  const fuzzUrl = server.url('/fuzz');
  const home = new BenchHome('fuzz');
  const result: FuzzResult = {
    seed, sent: 0, replies: 0, errorReplies: 0, foreignPairs: 0, malformed: 0, floods: 0, bigFrames: 0, oversizeFrames: 0,
    reconnects: 0, victimChecks: 0, victimRequestsDuringFuzz: 0, runtimeRssMiB: { before: NaN, after: NaN }, durationMs: 0, violations,
  };
  const clients: FuzzClient[] = [];
  try {
    // The victim: a page of its own, a context of its own, a session of its own.
    const opened = finalReceipt(await home.submit('victim', 'open', `await page.goto(${JSON.stringify(victimUrl)}); return page.url();`), 'victim open');
    if (opened.status !== 'succeeded') throw new Error(`victim set-up failed: ${JSON.stringify(opened.error)}`);
    const endpointOf = async (task: string) => {
      const answer = await home.run(['endpoint', '--task', task]);
      if (answer.code !== 0) throw new Error(`endpoint ${task}: ${answer.stdout}${answer.stderr}`);
      return answer.json.endpoint as string;
    };
    const victimEndpoint = await endpointOf('victim');
    const victim = await FuzzClient.connect(victimEndpoint);
    clients.push(victim);
    const victimTargets = ((await victim.send('Target.getTargets', {})).result as { targetInfos: { targetId: string; type: string; url: string; browserContextId?: string }[] }).targetInfos;
    const victimPage = victimTargets.find(t => t.type === 'page' && t.url === victimUrl);
    if (!victimPage) throw new Error(`the victim's page is not listed to the victim: ${JSON.stringify(victimTargets)}`);
    const victimTarget = victimPage.targetId;
    const victimSession = (await victim.send('Target.attachToTarget', { targetId: victimTarget, flatten: true })).result as { sessionId: string };
    const victimContext = ((await victim.send('Target.createBrowserContext', {})).result as { browserContextId: string }).browserContextId;
    const victimIds = [victimTarget, victimSession.sessionId, victimContext, `tabwright-browser-victim`, `tab-${victimTarget}`];
    const victimRequestsAfterSetup = victimRequests;

    const checkVictim = async (label: string) => {
      result.victimChecks++;
      const id = `check-${result.victimChecks}`;
      const receipt = finalReceipt(await home.submit('victim', id, 'return { url: page.url(), title: await page.title(), pages: context.pages().length };'), `victim ${id}`);
      const seen = receipt.result as { url?: string; title?: string } | undefined;
      if (receipt.status !== 'succeeded' || seen?.url !== victimUrl || seen?.title !== secret)
        violate(`${label}: the victim's program saw ${JSON.stringify(receipt.result ?? receipt.error)}`);
      const listed = await victim.send('Target.getTargets', {});
      const infos = (listed.result as { targetInfos?: { targetId: string }[] } | undefined)?.targetInfos ?? [];
      if (!infos.some(t => t.targetId === victimTarget)) violate(`${label}: the victim's page is gone from the victim's own list`);
    };
    await checkVictim('before the fuzz');

    // The fuzz task's real traffic, recorded from Playwright.
    const fuzzEndpoint = await endpointOf('fuzz');
    const recorded = (await recordPlaywrightTraffic(fuzzEndpoint, fuzzUrl)).filter(m => typeof m.method === 'string');
    log(`recorded ${recorded.length} messages of Playwright's traffic`);

    const require = createRequire(import.meta.url);
    const protocol = require('devtools-protocol/json/browser_protocol.json') as { domains: ProtocolDomain[] };
    const browserWide = protocol.domains.filter(d => BROWSER_WIDE_DOMAINS.includes(d.domain))
      .flatMap(d => d.commands.map(c => ({ method: `${d.domain}.${c.name}`, parameters: c.parameters ?? [] })));

    let client = await FuzzClient.connect(fuzzEndpoint);
    clients.push(client);
    const reconnect = async () => {
      result.reconnects++;
      client = await FuzzClient.connect(fuzzEndpoint);
      clients.push(client);
      await setUpOwn();
    };
    // The fuzz task's own ids, learnt as a client would.
    const own = { target: '', session: '', browserSession: '', context: '' };
    const setUpOwn = async () => {
      await client.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: true });
      const created = await client.send('Target.createTarget', { url: fuzzUrl });
      own.target = (created.result as { targetId?: string } | undefined)?.targetId ?? own.target;
      const attached = await client.send('Target.attachToTarget', { targetId: own.target, flatten: true });
      own.session = (attached.result as { sessionId?: string } | undefined)?.sessionId ?? own.session;
      const browserSession = await client.send('Target.attachToBrowserTarget', {});
      own.browserSession = (browserSession.result as { sessionId?: string } | undefined)?.sessionId ?? own.browserSession;
      const context = await client.send('Target.createBrowserContext', {});
      own.context = (context.result as { browserContextId?: string } | undefined)?.browserContextId ?? own.context;
    };
    await setUpOwn();

    const missing = () => randomBytes(16).toString('hex').toUpperCase();
    const guessedSessions = () => [`fuzz-page-${Math.floor(random() * 50)}`, `victim-page-${Math.floor(random() * 50)}`, `victim-browser-${Math.floor(random() * 5)}`,
      `fuzz-tab-${Math.floor(random() * 20)}`, victimSession.sessionId, own.session, own.browserSession, missing(), ''];
    const idPool = () => [own.target, own.context, missing(), victimTarget, victimContext, '', 0, -1, null, {}, [], 'x'.repeat(5000), `tab-${victimTarget}`, 'tabwright-browser-victim'];
    const ID_FIELD = /^(targetId|sessionId|browserContextId|frameId|openerId|windowId|guid|backendNodeId|nodeId|executionContextId|contextId|uniqueContextId|objectId|requestId|interceptionId|handle|loaderId)$/;

    /** Replaces id-like fields anywhere in params with values from the pool. */
    const mutate = (value: unknown, depth = 0): unknown => {
      if (depth > 6 || value === null || typeof value !== 'object') return value;
      if (Array.isArray(value)) return value.map(v => mutate(v, depth + 1));
      const out: Record<string, unknown> = {};
      for (const [key, v] of Object.entries(value)) out[key] = ID_FIELD.test(key) && random() < 0.7 ? pick(idPool()) : mutate(v, depth + 1);
      if (random() < 0.1) out[pick(['targetId', 'browserContextId', 'sessionId', 'frameId'])] = pick(idPool());
      return out;
    };

    const valueFor = (param: ProtocolParam): unknown => {
      if (ID_FIELD.test(param.name) || /Id$/.test(param.name)) return pick(idPool());
      if (param.name === 'url') return pick([fuzzUrl, 'about:blank', 'file:///etc/passwd', 'chrome://settings', 'javascript:alert(1)', victimUrl.replace('/victim', '/fuzz')]);
      switch (param.type) {
        case 'string': return pick(['', 'a', 'x'.repeat(2000), '../../etc', '*']);
        case 'integer': case 'number': return pick([0, 1, -1, 2 ** 31, 1e308, 0.5]);
        case 'boolean': return random() < 0.5;
        case 'array': return [pick(idPool())];
        case 'object': return pick([{}, { a: 1 }]);
        default: return pick([undefined, 'x', 1, {}, []]);
      }
    };
    const schemaParams = (parameters: ProtocolParam[]): Record<string, unknown> => {
      const params: Record<string, unknown> = {};
      for (const p of parameters) if (!p.optional || random() < 0.5) params[p.name] = valueFor(p);
      return params;
    };

    /** The same command with the victim's id and with a missing id of the same kind: the answers must not tell them apart. */
    const foreignPair = async () => {
      type IdKind = 'target' | 'context' | 'session';
      const cases: [string, IdKind, (id: string) => Record<string, unknown>][] = [
        ['Target.attachToTarget', 'target', id => ({ targetId: id, flatten: true })],
        ['Target.closeTarget', 'target', id => ({ targetId: id })],
        ['Target.activateTarget', 'target', id => ({ targetId: id })],
        ['Target.getTargetInfo', 'target', id => ({ targetId: id })],
        ['Target.autoAttachRelated', 'target', id => ({ targetId: id, waitForDebuggerOnStart: false })],
        ['Target.exposeDevToolsProtocol', 'target', id => ({ targetId: id })],
        ['Browser.getWindowForTarget', 'target', id => ({ targetId: id })],
        ['Target.detachFromTarget', 'target', id => ({ targetId: id })],
        ['Target.createTarget', 'context', id => ({ url: fuzzUrl, browserContextId: id })],
        ['Target.disposeBrowserContext', 'context', id => ({ browserContextId: id })],
        ['Storage.getCookies', 'context', id => ({ browserContextId: id })],
        ['Storage.setCookies', 'context', id => ({ browserContextId: id, cookies: [{ name: 'fuzz', value: '1', domain: '127.0.0.1', path: '/' }] })],
        ['Storage.clearCookies', 'context', id => ({ browserContextId: id })],
        ['Browser.grantPermissions', 'context', id => ({ permissions: ['geolocation'], browserContextId: id })],
        ['Browser.resetPermissions', 'context', id => ({ browserContextId: id })],
        ['Browser.setDownloadBehavior', 'context', id => ({ behavior: 'allow', downloadPath: '/tmp', browserContextId: id })],
        ['Target.detachFromTarget', 'session', id => ({ sessionId: id })],
      ];
      const [method, kind, params] = pick(cases);
      const foreignId = kind === 'context' ? victimContext : kind === 'session' ? victimSession.sessionId : victimTarget;
      // A missing session id looks like the victim's (synthetic ids are guessable), a missing target or context like Chrome's.
      const missingId = kind === 'session' ? `victim-page-${900 + Math.floor(random() * 99)}` : missing();
      const on = pick([undefined, own.browserSession]);
      const foreign = await client.send(method, params(foreignId), on);
      const absent = await client.send(method, params(missingId), on);
      result.foreignPairs++;
      result.sent += 2;
      if (foreign.closed || absent.closed) return;
      const a = normalizedError(foreign, foreignId);
      const b = normalizedError(absent, missingId);
      if (!foreign.error) violate(`${method} naming the victim's ${kind} succeeded: ${JSON.stringify(foreign).slice(0, 300)}`);
      else if (a !== b) violate(`${method}: the victim's id is answered ${a}, a missing one ${b}`);
    };

    /** A message sent on a page session the fuzzer holds, or guessed. */
    const sessionFor = () => pick([undefined, undefined, own.session, own.session, own.browserSession, ...guessedSessions()]);

    // Floods and big frames are rarer: one flood is 50 messages, one big frame several MiB.
    const kinds = ['replay', 'replay', 'replay', 'schema', 'schema', 'pair', 'pair', 'malformed'] as const;
    const checkEvery = Math.max(100, Math.floor(options.messages / 8));
    let nextCheck = checkEvery;
    result.runtimeRssMiB.before = rssMiB(home.runtimePid());
    const pending: Promise<void>[] = [];
    const judge = (reply: Record<string, unknown>, what: string) => {
      if (reply.closed || reply.noReply) return;
      result.replies++;
      if (reply.error !== undefined) {
        result.errorReplies++;
        if (!isCdpError(reply.error)) violate(`${what}: an error without CDP's shape: ${JSON.stringify(reply.error).slice(0, 200)}`);
      }
    };
    while (result.sent < options.messages) {
      if (client.closed) await reconnect();
      const roll = random();
      const kind = roll < 0.02 ? 'flood' : roll < 0.04 ? 'big' : pick(kinds);
      if (kind === 'pair') {
        await foreignPair();
      } else if (kind === 'replay' && recorded.length) {
        const base = pick(recorded);
        const params = mutate(base.params ?? {});
        const method = random() < 0.15 ? pick(browserWide).method : String(base.method);
        pending.push(client.send(method, params, random() < 0.8 ? sessionFor() : base.sessionId as string | undefined).then(r => judge(r, method)));
        result.sent++;
      } else if (kind === 'schema' || kind === 'replay') {
        const command = pick(browserWide);
        pending.push(client.send(command.method, schemaParams(command.parameters), pick([undefined, undefined, own.browserSession, own.session, ...guessedSessions()])).then(r => judge(r, command.method)));
        result.sent++;
      } else if (kind === 'malformed') {
        const id = client.takeId();
        const texts = [
          '{', 'null', '[]', '"text"', '{"id":"1","method":"Target.getTargets"}', `{"id":${id}}`, `{"id":${id},"method":1}`,
          `{"id":${id},"method":"Target.getTargets","params":"x"}`, `{"id":${id},"method":"Target.getTargets","sessionId":7}`,
          '['.repeat(5000), `{"id":${id},"method":"${'Target.'.repeat(1000)}"}`, '\u0000\u0001', `{"id":1e400,"method":"Browser.getVersion"}`,
          `{"id":-1,"method":"Browser.getVersion"}`, `{"id":${id},"method":"Browser.getVersion","params":null}`,
        ];
        const text = pick(texts);
        // Only a well-formed command with a numeric id can be answered; the others must just not hurt.
        const answerable = /^\{"id":\d+,"method":"(Target\.getTargets|Browser\.getVersion)"/.test(text) && !text.includes('"params":"x"') && !text.includes('"sessionId":7');
        pending.push(client.sendText(text, answerable ? id : undefined, 20_000).then(r => judge(r, 'malformed')));
        result.malformed++;
        result.sent++;
      } else if (kind === 'flood') {
        const burst = 50;
        const method = pick(['Target.getTargets', 'Browser.getVersion', 'Target.getBrowserContexts', 'Target.attachToTarget', 'Runtime.evaluate']);
        const replies: Promise<Record<string, unknown>>[] = [];
        for (let i = 0; i < burst; i++) {
          const params = method === 'Target.attachToTarget' ? { targetId: pick([victimTarget, own.target, missing()]), flatten: true }
            : method === 'Runtime.evaluate' ? { expression: 'document.title' } : {};
          replies.push(client.send(method, params, method === 'Runtime.evaluate' ? own.session : undefined));
        }
        for (const reply of await Promise.all(replies)) judge(reply, `flood of ${method}`);
        result.floods++;
        result.sent += burst;
      } else {
        // A big but allowed frame: a 2 to 8 MiB expression on the fuzz task's own page.
        const size = (2 + Math.floor(random() * 7)) * 1024 * 1024;
        const reply = await client.send('Runtime.evaluate', { expression: `'${'a'.repeat(size)}'.length`, returnByValue: true }, own.session);
        judge(reply, 'a big frame');
        result.bigFrames++;
        result.sent++;
      }
      if (pending.length > 500) await Promise.all(pending.splice(0));
      if (result.sent >= nextCheck) {
        nextCheck += checkEvery;
        await Promise.all(pending.splice(0));
        await checkVictim(`after ${result.sent} messages`);
        log(`${result.sent} messages sent, ${violations.length} violations`);
      }
    }
    await Promise.all(pending.splice(0));
    // Two frames over the endpoint's 256 MiB limit: refused from the header, without buffering.
    for (let i = 0; i < 2; i++) {
      const outcome = await oversizeFrame(fuzzEndpoint, 300 * 1024 * 1024);
      result.oversizeFrames++;
      if (outcome !== 'closed') violate('an oversize frame was not refused');
    }
    await checkVictim('after the fuzz');
    result.runtimeRssMiB.after = rssMiB(home.runtimePid());
    result.victimRequestsDuringFuzz = victimRequests - victimRequestsAfterSetup;
    if (result.victimRequestsDuringFuzz !== 0) violate(`the victim's page was requested ${result.victimRequestsDuringFuzz} times during the fuzz (reloaded or navigated)`);

    // What the fuzz clients were shown: never the victim's secret or URL; the victim's ids only as an echo of a request naming them.
    for (const c of clients.slice(1)) {
      for (const { text, request } of c.received) {
        if (text.includes(secret) || text.includes(victimUrl)) violate(`the fuzz client was shown the victim's page: ${text.slice(0, 300)}`);
        for (const id of victimIds) if (text.includes(id) && !(request?.includes(id))) violate(`the fuzz client was shown the victim's id ${id}: ${text.slice(0, 300)}`);
      }
    }
    // The runtime still serves both tasks.
    const after = finalReceipt(await home.submit('fuzz', 'after', `await page.goto(${JSON.stringify(fuzzUrl)}); return await page.title();`), 'fuzz task after');
    if (after.status !== 'succeeded' || after.result !== 'fuzz') violate(`the fuzz task's own program failed afterwards: ${JSON.stringify(after.error)}`);
    if (home.runtimePid() === undefined) violate('the runtime is gone');
  } finally {
    for (const c of clients) c.close();
    await home.dispose();
    await server.close();
  }
  result.durationMs = performance.now() - started;
  return result;
}

export function fuzzMarkdown(r: FuzzResult): string {
  const rows: [string, string | number][] = [
    ['messages sent', r.sent], ['replies', r.replies], ['error replies (all in CDP shape unless listed)', r.errorReplies],
    ['victim-id / missing-id pairs', r.foreignPairs], ['malformed messages', r.malformed], ['floods (50 each)', r.floods],
    ['big frames (2-8 MiB)', r.bigFrames], ['oversize frames (300 MiB announced)', r.oversizeFrames], ['reconnects', r.reconnects],
    ['victim checks (its own program and list)', r.victimChecks], ['requests to the victim page during the fuzz', r.victimRequestsDuringFuzz],
    ['runtime RSS before / after (MiB)', `${r.runtimeRssMiB.before} / ${r.runtimeRssMiB.after}`], ['seed', r.seed],
    ['duration', `${(r.durationMs / 1000).toFixed(1)} s`],
  ];
  const verdict = r.violations.length ? `VIOLATIONS:\n${r.violations.map(v => `- ${v}`).join('\n')}` : 'Every invariant held.';
  return `Router fuzz\n\n${markdownTable(['measure', 'value'], rows)}\n\n${verdict}`;
}

if (isMainModule(import.meta.url)) {
  const count = Number(process.argv.find(a => a.startsWith('--messages='))?.slice('--messages='.length) ?? 10_000);
  const seedArg = process.argv.find(a => a.startsWith('--seed='))?.slice('--seed='.length);
  const result = await runRouterFuzz({ messages: count, ...(seedArg ? { seed: Number(seedArg) } : {}), log: line => process.stderr.write(`${line}\n`) });
  console.log(fuzzMarkdown(result));
  process.exitCode = result.violations.length ? 1 : 0;
}
