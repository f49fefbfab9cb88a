// A fault for the runtime's own process, loaded into the node processes of a test's home with
// NODE_OPTIONS=--import (the CLI's and the runtime's alike; it acts in the runtime's main
// thread only). On SIGUSR2 it throws from a timer, as a bug in the runtime would: an uncaught
// exception. The runtime reads nothing of it: whoever can preload code into a process can make
// it do anything already.
import { isMainThread } from 'node:worker_threads';

if (isMainThread && /[\\/]runtime[\\/]bundle[\\/]main\.cjs$/.test(process.argv[1] ?? '')) {
  process.on('SIGUSR2', () => {
    setImmediate(() => {
      throw new Error('injected fault: a bug in the runtime');
    });
  });
}
