// What a program does while it runs, announced as it happens so a caller can follow it
// (the progress route). Announcing is fire-and-forget: no listener, no cost, and a slow
// listener cannot hold a program back. The receipt stays the record; these are only news.
import { EventEmitter } from 'node:events';
import type { ConsoleEntry } from '../../contract/receipt.js';
import type { WorkerHost } from '../tasks/workerHost.js';
import type { FromWorker } from './workerProtocol.js';

export type ProgramEvent =
  | { kind: 'started' }
  | { kind: 'console'; entry: ConsoleEntry };

export class ProgramEvents {
  private readonly emitter = new EventEmitter();

  constructor() {
    // Any number of callers may follow one program.
    this.emitter.setMaxListeners(0);
  }

  announce(task: string, requestId: string, event: ProgramEvent): void {
    this.emitter.emit(keyOf(task, requestId), event);
  }

  /** Announces the console lines `worker` reports for this program, until the returned function is called. */
  relayConsole(worker: WorkerHost, task: string, requestId: string): () => void {
    const onProgress = (message: Extract<FromWorker, { type: 'progress' }>): void => {
      if (message.requestId === requestId && message.console) this.announce(task, requestId, { kind: 'console', entry: message.console });
    };
    worker.on('progress', onProgress);
    return () => { worker.off('progress', onProgress); };
  }

  /** Calls `listener` for each event of this program until the returned function is called. */
  follow(task: string, requestId: string, listener: (event: ProgramEvent) => void): () => void {
    const key = keyOf(task, requestId);
    this.emitter.on(key, listener);
    return () => { this.emitter.off(key, listener); };
  }
}

function keyOf(task: string, requestId: string): string {
  return `${task}\u0000${requestId}`;
}
