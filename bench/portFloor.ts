// A task's own path with nothing in it: Playwright in a worker thread, its CDP over a
// MessagePort to the main thread, which passes each text to Chromium's pipe and back unparsed.
// bench:router --floor runs the port rows' programs here too, so the port table shows what two
// thread hops cost on this machine, and the router's share is what it costs beyond them.
//
// The floor process is the runtime's shape: its node flags and environment (memory sizing,
// contract/runtimeProcess.ts) and a worker with the runtime's resource limits, so the memory
// budget's cost (a 2 MiB young generation: more scavenges) is in the floor, not the router's.
import { fork, type ChildProcess } from 'node:child_process';
import { MessageChannel, Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { RUNTIME_PROCESS } from '../contract/runtimeProcess.js';
import { WORKER_YOUNG_GENERATION_LIMIT } from '../runtime/tasks/workerMemory.js';
import { launchFloorChromium } from './floorChromium.js';
import { isMainModule } from './mainModule.js';

/** Between the bench and the floor process, and the floor process and its worker. */
export type FloorRequest = { source: string };
export type FloorReply = { ready: true } | { result: unknown } | { error: string };

export interface PortFloor {
  /** Runs a program (an async function body of `page`) in the floor's worker; its return value. */
  run(source: string): Promise<unknown>;
  stop(): Promise<void>;
}

/** Starts the floor process with a page loaded at `url`. */
export async function startPortFloor(executablePath: string, url: string): Promise<PortFloor> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [executablePath, url], {
    execArgv: [...RUNTIME_PROCESS.nodeFlags],
    env: { ...RUNTIME_PROCESS.env, ...process.env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>(resolve => child.once('exit', () => resolve()));
  const next = () => new Promise<FloorReply>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`the port floor exited (code ${code})`));
    child.once('exit', onExit);
    child.once('message', reply => {
      child.off('exit', onExit);
      resolve(reply as FloorReply);
    });
  });
  const ready = await next();
  if ('error' in ready) {
    // Its Chromium goes down with it (floorChromium.ts), not left behind by a failed bench.
    child.kill('SIGTERM');
    await exited;
    throw new Error(`the port floor did not start: ${ready.error}`);
  }
  return {
    async run(source) {
      const reply = next();
      child.send({ source } satisfies FloorRequest);
      const answer = await reply;
      if ('error' in answer) throw new Error(`a port floor program failed: ${answer.error}`);
      return 'result' in answer ? answer.result : undefined;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function floorProcess(executablePath: string, url: string): void {
  const chrome = launchFloorChromium(executablePath);
  const { port1, port2 } = new MessageChannel();
  chrome.onMessage(text => port1.postMessage(text));
  port1.on('message', (text: string) => chrome.write(text));
  const worker = new Worker(new URL('./portFloorWorker.js', import.meta.url), {
    resourceLimits: WORKER_YOUNG_GENERATION_LIMIT, workerData: { port: port2, url }, transferList: [port2],
  });
  worker.on('message', (reply: FloorReply) => process.send!(reply));
  worker.on('error', error => process.send!({ error: error.message } satisfies FloorReply));
  process.on('message', (request: FloorRequest) => worker.postMessage(request));
  process.once('SIGTERM', () => chrome.stop(() => process.exit(0)));
  // The bench went away without stopping the floor: take Chromium down with it.
  process.once('disconnect', () => chrome.stop(() => process.exit(0)));
}

if (isMainModule(import.meta.url)) floorProcess(process.argv[2], process.argv[3]);
