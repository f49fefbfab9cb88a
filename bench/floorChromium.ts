// The Chromium a floor relay (relayFloor.ts, portFloor.ts) talks to: launched over the
// debugging pipe with the runtime's own switches and a persistent profile, as the runtime's
// browser is, so a floor differs from the router only by what sits between client and pipe.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { CHROMIUM_SWITCHES, HEADLESS_SWITCHES } from '../transport/browserProcess.js';

export interface FloorChromium {
  /** Sends one message text (NUL-terminated on the pipe). */
  write(text: string): void;
  /** Each whole message text Chromium sends, unparsed. */
  onMessage(listener: (text: string) => void): void;
  /** Closes Chromium; its profile is removed once it exited, then `done` runs. */
  stop(done: () => void): void;
}

export function launchFloorChromium(executablePath: string): FloorChromium {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-floor-'));
  const chrome: ChildProcess = spawn(executablePath, [
    ...CHROMIUM_SWITCHES, '--remote-debugging-pipe', `--user-data-dir=${profile}`, ...HEADLESS_SWITCHES,
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), 'about:blank',
  ], { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] });
  const toChrome = chrome.stdio[3] as Writable;
  const fromChrome = chrome.stdio[4] as Readable;
  let stopped: (() => void) | undefined;
  // Chromium's helpers may still be writing the profile for a moment after the browser exits.
  chrome.once('exit', () => setTimeout(() => {
    try {
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    } catch {
      process.stderr.write(`a floor relay left ${profile}\n`);
    }
    (stopped ?? (() => process.exit(0)))();
  }, 500));
  return {
    write: text => { toChrome.write(`${text}\0`); },
    onMessage(listener) {
      let pending: Buffer[] = [];
      fromChrome.on('data', (chunk: Buffer) => {
        let start = 0;
        for (let end = chunk.indexOf(0); end !== -1; end = chunk.indexOf(0, start)) {
          pending.push(chunk.subarray(start, end));
          listener(Buffer.concat(pending).toString('utf8'));
          pending = [];
          start = end + 1;
        }
        if (start < chunk.length) pending.push(chunk.subarray(start));
      });
    },
    stop(done) {
      stopped = done;
      chrome.kill();
    },
  };
}
