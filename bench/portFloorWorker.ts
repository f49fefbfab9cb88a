// The port floor's worker (portFloor.ts): Playwright on the MessagePort, as a task's worker
// connects (runtime/worker/portTransport.ts), running the bench's programs on one page.
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { chromium, type Page } from 'playwright-core';
import { portTransport } from '../runtime/worker/portTransport.js';
import type { FloorReply, FloorRequest } from './portFloor.js';

type Program = (page: Page) => Promise<unknown>;
const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...args: string[]) => Program;

const { port, url } = workerData as { port: MessagePort; url: string };
const reply = (message: FloorReply) => parentPort!.postMessage(message);

try {
  const browser = await chromium.connectOverCDP(portTransport(port));
  const page = await browser.contexts()[0].newPage();
  await page.goto(url);
  parentPort!.on('message', (request: FloorRequest) => {
    new AsyncFunction('page', request.source)(page).then(
      result => reply({ result }),
      (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
  reply({ ready: true });
} catch (error) {
  reply({ error: error instanceof Error ? error.message : String(error) });
}
