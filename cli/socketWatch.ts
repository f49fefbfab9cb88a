// Wakes the CLI when the runtime's socket appears, so a cold start is answered as soon as the
// runtime listens instead of at the next poll (polls were up to 200 ms apart). The polls stay,
// as the fallback for a directory whose changes are not reported (some network file systems).
import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';

export interface SocketWatch {
  /** Resolves when the socket file is created or removed, or after `ms`, whichever is first. */
  wait(ms: number): Promise<void>;
  close(): void;
}

export function watchSocket(socket: string): SocketWatch {
  const name = basename(socket);
  let wake: (() => void) | undefined;
  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(dirname(socket), { persistent: false }, (_event, file) => {
      if (file === name) wake?.();
    });
    // An error after start (the directory removed) leaves the polls to do the waiting.
    watcher.on('error', () => watcher?.close());
  } catch {
    watcher = undefined;
  }
  return {
    wait(ms) {
      return new Promise(resolve => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wake = undefined;
          resolve();
        }
        wake = done;
      });
    },
    close() {
      watcher?.close();
    },
  };
}
