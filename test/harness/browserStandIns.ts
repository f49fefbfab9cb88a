// Browsers that misbehave on cue, for the runtime's start-up paths: each is an executable the
// runtime is given as TABWRIGHT_BROWSER, in a scratch folder of its own.
// - gated: blocks before starting the real browser until the test opens its gate (a FIFO),
//   so a task is caught while its program starts;
// - wedged once: the first launch answers Browser.getVersion on the pipe and then nothing more
//   (a hung Chromium); every later launch is the real browser.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { locateBrowser } from '../../contract/browserLocator.js';

export class BrowserStandIn {
  private constructor(readonly dir: string, readonly executable: string) {}

  /** The real browser the stand-ins start when they let go. */
  static realBrowser(): string {
    const found = locateBrowser(undefined, { headless: true }).path;
    if (!found) throw new Error('no browser on this machine');
    return found;
  }

  /** A browser that starts only once `open()` is called. */
  static gated(): BrowserStandIn & { open(): Promise<void> } {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-gated-browser-'));
    const gate = path.join(dir, 'gate');
    execFileSync('mkfifo', [gate]);
    const executable = path.join(dir, 'browser');
    fs.writeFileSync(executable, `#!/bin/sh\nread _ < '${gate}'\nexec '${BrowserStandIn.realBrowser()}' "$@"\n`, { mode: 0o755 });
    const standIn = new BrowserStandIn(dir, executable);
    // Opening the FIFO for writing waits for the browser script to be reading it.
    return Object.assign(standIn, { open: () => fs.promises.writeFile(gate, 'go\n') });
  }

  /** A browser whose first launch hangs after answering Browser.getVersion; later launches are real. */
  static wedgedOnce(): BrowserStandIn & { launches(): number } {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-wedged-browser-'));
    const wedge = path.join(dir, 'wedge.cjs');
    fs.writeFileSync(wedge, WEDGE_SCRIPT);
    const executable = path.join(dir, 'browser');
    const launched = path.join(dir, 'launched');
    fs.writeFileSync(executable, `#!/bin/sh
echo "$$" >> '${launched}'
if [ "$(wc -l < '${launched}')" -gt 1 ]; then exec '${BrowserStandIn.realBrowser()}' "$@"; fi
exec '${process.execPath}' '${wedge}'
`, { mode: 0o755 });
    const standIn = new BrowserStandIn(dir, executable);
    return Object.assign(standIn, {
      launches: () => (fs.existsSync(launched) ? fs.readFileSync(launched, 'utf8').trim().split('\n').length : 0),
    });
  }

  dispose(): void {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Speaks the debugging pipe (fd 3 in, fd 4 out, NUL-separated JSON): answers Browser.getVersion, then never again. */
const WEDGE_SCRIPT = `
const fs = require('node:fs');
const out = fs.createWriteStream(null, { fd: 4 });
let buffered = '';
fs.createReadStream(null, { fd: 3 }).on('data', chunk => {
  buffered += chunk.toString();
  let end;
  while ((end = buffered.indexOf('\\0')) !== -1) {
    const message = JSON.parse(buffered.slice(0, end));
    buffered = buffered.slice(end + 1);
    if (message.method === 'Browser.getVersion')
      out.write(JSON.stringify({ id: message.id, result: { protocolVersion: '1.3', product: 'HeadlessChrome/1.0', revision: '0', userAgent: 'HeadlessChrome', jsVersion: '0' } }) + '\\0');
  }
});
`;
