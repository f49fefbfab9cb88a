// The suite's matrix switch: with TABWRIGHT_TEST_BROWSER=connected, every TabwrightHome that
// does not choose its own browser gets a Chromium started here with --remote-debugging-port=0
// and its own profile, and its runtime attaches to it (`runtime start --connect`, start.json) instead of launching
// one. The same test files then run against a connected browser: a matrix, not copies.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_SWITCHES, HEADLESS_SWITCHES } from '../../transport/browserProcess.js';
import { locateBrowser } from '../../contract/browserLocator.js';

export const CONNECTED_MATRIX = process.env.TABWRIGHT_TEST_BROWSER === 'connected';

export class StandInBrowser {
  private constructor(private readonly child: ChildProcess, private readonly profile: string, readonly url: Promise<string>) {}

  /** `display`: a headed browser on that X display (the user's desktop browser), opening `url`. */
  static start(options: { display?: string; url?: string } = {}): StandInBrowser {
    const executable = locateBrowser().path;
    if (!executable) throw new Error('TABWRIGHT_TEST_BROWSER=connected needs a Chromium (set TABWRIGHT_BROWSER)');
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-stand-in-'));
    // The user's downloads folder is the stand-in's own, not this machine's ~/Downloads: a
    // connected browser's downloads land where it puts them (router/downloadRelay.ts).
    fs.mkdirSync(path.join(profile, 'Default'), { recursive: true });
    fs.writeFileSync(path.join(profile, 'Default', 'Preferences'), JSON.stringify({
      download: { default_directory: StandInBrowser.downloadsDir(profile), prompt_for_download: false },
    }));
    const child = spawn(executable, [
      // Headless as the runtime launches it (a user's desktop browser has a mouse; a headless one
      // is told it has one), so a page sees the same media features either way.
      ...CHROMIUM_SWITCHES, ...(options.display ? [] : HEADLESS_SWITCHES), '--remote-debugging-port=0', `--user-data-dir=${profile}`,
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), options.url ?? 'about:blank',
    ], { stdio: 'ignore', detached: true, ...(options.display ? { env: { ...process.env, DISPLAY: options.display } } : {}) });
    return new StandInBrowser(child, profile, StandInBrowser.portOf(child, profile));
  }

  /** Where the stand-in saves downloads (its "user's" Downloads folder). */
  static downloadsDir(profile: string): string {
    return path.join(profile, 'Downloads');
  }

  get downloads(): string {
    return StandInBrowser.downloadsDir(this.profile);
  }

  /** Chromium writes the port it picked once it listens; a cap so a broken start fails, bounding nothing else. */
  private static async portOf(child: ChildProcess, profile: string): Promise<string> {
    const deadline = Date.now() + 180_000;
    for (;;) {
      try {
        const port = Number(fs.readFileSync(path.join(profile, 'DevToolsActivePort'), 'utf8').split('\n')[0]);
        if (port > 0) return `http://127.0.0.1:${port}`;
      } catch { /* not yet */ }
      if (child.exitCode !== null) throw new Error('the stand-in Chromium exited before it listened');
      if (Date.now() > deadline) throw new Error('the stand-in Chromium wrote no DevToolsActivePort');
      await new Promise(resolve => setTimeout(resolve, 100));
    }
  }

  async stop(): Promise<void> {
    if (this.child.pid && this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise(resolve => this.child.once('exit', resolve));
      try { process.kill(-this.child.pid, 'SIGKILL'); } catch { /* gone */ }
      await exited;
    }
    fs.rmSync(this.profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}
