// A WebSocket relay that does nothing: one client's text frames to a Chromium's debugging pipe
// and back, unparsed, in a process of its own. bench:router --floor puts it beside the router:
// what any process between a client and the browser costs on this machine (a wake-up and a
// socket each way), so the router's own share is what it costs beyond this.
//
// Run as a child: prints its ws:// URL on stdout, stops with its Chromium on SIGTERM.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { launchFloorChromium } from './floorChromium.js';
import { isMainModule } from './mainModule.js';

function relay(executablePath: string): void {
  const chrome = launchFloorChromium(executablePath);
  let client: WebSocket | undefined;
  chrome.onMessage(text => client?.send(text));
  const server = http.createServer();
  const wss = new WebSocketServer({ server, maxPayload: 256 * 1024 * 1024 });
  wss.on('connection', ws => {
    client = ws;
    ws.on('message', data => chrome.write(data.toString()));
  });
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`ws://127.0.0.1:${(server.address() as AddressInfo).port}/devtools/browser/floor\n`);
  });
  process.once('SIGTERM', () => chrome.stop(() => process.exit(0)));
}

if (isMainModule(import.meta.url)) relay(process.argv[2] ?? '/usr/bin/chromium');
