// Issue 12: "A slow link must not break the router's ordering guarantees." The runtime reaches a
// connected browser through a link that holds every chunk, in each direction, for 5 to 40 ms
// (jittered, never reordered: a slow network is slow, TCP does not reorder). Two tasks type,
// click and evaluate at once over it: every key and click reaches its page in the order its
// program sent it, and every reply goes to the call that asked for it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { FixtureServer } from './harness/fixtureServer.js';
import { StandInBrowser } from './harness/standInBrowser.js';
import { hasBrowser, TabwrightHome, runtimeLog } from './harness/tabwrightCli.js';

/** One direction of the link: chunks leave in arrival order, each no sooner than its delay. */
class DelayedDirection {
  private readonly queue: { at: number; chunk: Buffer }[] = [];
  private last = 0;
  private timer?: NodeJS.Timeout;

  constructor(private readonly to: net.Socket, private readonly counted: () => void) {}

  push(chunk: Buffer): void {
    this.last = Math.max(this.last, Date.now() + 5 + Math.random() * 35);
    this.queue.push({ at: this.last, chunk });
    this.counted();
    this.pump();
  }

  private pump(): void {
    if (this.timer || this.queue.length === 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      while (this.queue.length > 0 && this.queue[0]!.at <= Date.now()) {
        const { chunk } = this.queue.shift()!;
        if (!this.to.destroyed) this.to.write(chunk);
      }
      this.pump();
    }, Math.max(0, this.queue[0]!.at - Date.now()));
  }
}

/** A TCP proxy on loopback in front of the browser's debugging port. */
class SlowLink {
  delayedChunks = 0;
  connections = 0;
  private readonly sockets = new Set<net.Socket>();

  private constructor(private readonly server: net.Server, readonly port: number) {}

  static async start(targetPort: number): Promise<SlowLink> {
    const server = net.createServer();
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    const link = new SlowLink(server, (server.address() as net.AddressInfo).port);
    server.on('connection', client => {
      link.connections++;
      const upstream = net.connect(targetPort, '127.0.0.1');
      for (const socket of [client, upstream]) {
        link.sockets.add(socket);
        socket.on('close', () => { link.sockets.delete(socket); client.destroy(); upstream.destroy(); });
        socket.on('error', () => socket.destroy());
      }
      const toBrowser = new DelayedDirection(upstream, () => link.delayedChunks++);
      const toRuntime = new DelayedDirection(client, () => link.delayedChunks++);
      client.on('data', chunk => toBrowser.push(chunk));
      upstream.on('data', chunk => toRuntime.push(chunk));
    });
    return link;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>(resolve => this.server.close(() => resolve()));
  }
}

const skip = hasBrowser() ? false : 'no browser on this machine';
let server: FixtureServer;
let browser: StandInBrowser;
let link: SlowLink;

before(async () => {
  if (skip) return;
  server = await FixtureServer.start();
  // The button keeps the focus in the box (mousedown prevented), so the second run of keys
  // continues the text instead of starting a new selection.
  server.page('/order', `<title>order</title><input id="box" aria-label="box"><button id="tap" onmousedown="event.preventDefault()">tap</button>
    <script>
      window.events = [];
      document.getElementById('box').addEventListener('keydown', e => events.push('key ' + e.key));
      let taps = 0;
      document.getElementById('tap').addEventListener('click', () => events.push('tap ' + (++taps)));
    </script>`);
  browser = StandInBrowser.start();
  link = await SlowLink.start(Number(new URL(await browser.url).port));
});

after(async () => {
  await link?.close();
  await browser?.stop();
  await server?.close();
});

/** Keys, clicks and keys again, then twenty evaluations in flight at once. */
function program(text: string): string {
  return `
    await page.goto(${JSON.stringify(server.url('/order'))});
    const box = page.getByLabel('box');
    await box.pressSequentially(${JSON.stringify(text.slice(0, 6))});
    for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'tap' }).click();
    await box.pressSequentially(${JSON.stringify(text.slice(6))});
    const doubled = await Promise.all(Array.from({ length: 20 }, (_, i) => page.evaluate(n => n * 2, i)));
    return { value: await box.inputValue(), events: await page.evaluate(() => window.events), doubled };`;
}

function expectedEvents(text: string): string[] {
  return [...[...text.slice(0, 6)].map(k => `key ${k}`), 'tap 1', 'tap 2', 'tap 3', 'tap 4', ...[...text.slice(6)].map(k => `key ${k}`)];
}

test('over a slow link to a connected browser, two tasks\' keys, clicks and replies keep their order', { skip, timeout: 900_000 }, async () => {
  const home = new TabwrightHome({ start: { connect: `http://127.0.0.1:${link.port}` } });
  try {
    const texts = { left: 'abcdefghijklmn', right: 'zyxwvutsrqponm' };
    const runs = await Promise.all(Object.entries(texts).map(([task, text]) => home.program(task, 'r1', program(text), ['--wait', '600', '--timeout', '600'])));
    for (const [i, [task, text]] of Object.entries(texts).entries()) {
      const run = runs[i]!;
      assert.equal(run.json?.status, 'succeeded', `${task}: ${run.stdout}${runtimeLog(home)}`);
      assert.equal(run.json.result.value, text, `${task}: the keys arrived in order`);
      assert.deepEqual(run.json.result.events, expectedEvents(text), `${task}: keys and clicks in the order sent`);
      assert.deepEqual(run.json.result.doubled, Array.from({ length: 20 }, (_, n) => n * 2), `${task}: each reply went to its call`);
    }
    // The link was really in the way: the runtime's connection and the pages' traffic went through it.
    assert.ok(link.connections >= 1, 'the runtime connected through the slow link');
    assert.ok(link.delayedChunks > 100, `chunks held by the link: ${link.delayedChunks}`);
  } finally {
    await home.dispose();
  }
});
