// A WebSocket relay that does nothing: one client's text frames to a Chromium's debugging pipe
// and back, unparsed, in a process of its own. bench:router --floor puts it beside the router:
// what any process between a client and the browser costs on this machine (a wake-up and a
// socket each way), so the router's own share is what it costs beyond this.
//
// Run as a child: prints its ws:// URL on stdout, stops with its Chromium on SIGTERM.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable, Writable } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { CHROMIUM_SWITCHES, HEADLESS_SWITCHES } from '../transport/browserProcess.js';
import { isMainModule } from './mainModule.js';

function relay(executablePath: string): void {
  // A persistent profile and default context, as the runtime's browser has.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-relay-floor-'));
  const chrome = spawn(executablePath, [
    ...CHROMIUM_SWITCHES, '--remote-debugging-pipe', `--user-data-dir=${profile}`, ...HEADLESS_SWITCHES,
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), 'about:blank',
  ], { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] });
  const toChrome = chrome.stdio[3] as Writable;
  const fromChrome = chrome.stdio[4] as Readable;
  let client: WebSocket | undefined;
  let pending: Buffer[] = [];
  fromChrome.on('data', (chunk: Buffer) => {
    let start = 0;
    for (let end = chunk.indexOf(0); end !== -1; end = chunk.indexOf(0, start)) {
      pending.push(chunk.subarray(start, end));
      client?.send(Buffer.concat(pending).toString('utf8'));
      pending = [];
      start = end + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  });
  const server = http.createServer();
  const wss = new WebSocketServer({ server, maxPayload: 256 * 1024 * 1024 });
  wss.on('connection', ws => {
    client = ws;
    ws.on('message', data => toChrome.write(`${data.toString()}\0`));
  });
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`ws://127.0.0.1:${(server.address() as AddressInfo).port}/devtools/browser/floor\n`);
  });
  // Chromium's helpers may still be writing the profile for a moment after the browser exits.
  chrome.once('exit', () => setTimeout(() => {
    try {
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    } catch {
      process.stderr.write(`the no-op relay left ${profile}\n`);
    }
    process.exit(0);
  }, 500));
  process.once('SIGTERM', () => chrome.kill());
}

if (isMainModule(import.meta.url)) relay(process.argv[2] ?? '/usr/bin/chromium');
