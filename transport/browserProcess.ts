// Launches Chromium with the debugging pipe (no debugging port: nothing on the machine can
// connect to the browser but this process) and a persistent profile.
import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import type { Logger } from 'pino';
import { CdpConnection, pipeWire } from './cdpConnection.js';
import type { BrowserLink, BrowserVersion } from './browserLink.js';
import { BrowserUnresponsive, DEFAULT_BROWSER_ANSWER_MS } from './browserAnswer.js';

export type { BrowserVersion } from './browserLink.js';

/**
 * Playwright's own Chromium switches that matter for an automated, shared browser
 * (playwright-core server/chromium/chromiumSwitches.ts), plus the ones a closed network needs,
 * plus two features off for start-up cost: WebUIOmniboxPopup and WebUIOmniboxAimPopup. Since
 * Chromium ~149 every window (a task's page is one) preloads two omnibox-popup WebUI documents
 * (chrome://omnibox-popup.top-chrome/, in a renderer of their own) that no automated page ever
 * shows. Measured here (Chromium 156, headless): launch and settle ~1 s less CPU (3.2-4.4 s
 * against 2.2-2.5 s), each new window ~200 ms less (570-850 against 390-500).
 * And --site-per-process: the full Chromium isolates every site by default, Chromium's headless
 * shell (which a headless runtime prefers, contract/browserLocator.ts) does not; with it, cross-site
 * iframes are out-of-process frames in both, as the router and Playwright expect (~120 ms more
 * CPU for the shell's launch and first load, bench/chromiumStart.ts).
 * And WebMCP on: with it Chromium 156 (the full browser and the headless shell) gives pages
 * `document.modelContext` (registerTool, getTools, executeTool), which `webmcp` in a program
 * lists and calls; without it pages have no such API. (WebMCPTesting turns on the same; neither
 * adds navigator.modelContext or navigator.modelContextTesting, and DevToolsWebMCPSupport
 * changes nothing a page sees. Measured here, README "Site tools".) Chromium reads only the
 * last --enable-features.
 */
export const CHROMIUM_SWITCHES = [
  '--disable-field-trial-config',
  '--disable-background-networking',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-back-forward-cache',
  '--disable-breakpad',
  '--disable-component-extensions-with-background-pages',
  '--disable-component-update',
  '--no-default-browser-check',
  '--disable-default-apps',
  '--disable-dev-shm-usage',
  '--disable-extensions',
  '--disable-features=AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,HttpsUpgrades,HttpsFirstBalancedModeAutoEnable,LensOverlay,MediaRouter,PaintHolding,ThirdPartyStoragePartitioning,AvoidCorsURLLoaderRestartOnRedirect,OptimizationHints,NetworkTimeServiceQuerying,AimEnabled,PreconnectToSearch,WebUIOmniboxPopup,WebUIOmniboxAimPopup',
  '--enable-features=WebMCP',
  '--allow-pre-commit-input',
  '--disable-hang-monitor',
  '--disable-ipc-flooding-protection',
  '--disable-popup-blocking',
  '--disable-prompt-on-repost',
  '--disable-renderer-backgrounding',
  '--force-color-profile=srgb',
  '--metrics-recording-only',
  '--no-first-run',
  '--password-store=basic',
  '--use-mock-keychain',
  '--no-service-autorun',
  '--disable-search-engine-choice-screen',
  '--unsafely-disable-devtools-self-xss-warnings',
  '--enable-unsafe-swiftshader',
  '--disable-sync',
  '--disable-quic',
  '--site-per-process',
];

/**
 * Headless as Playwright launches it. Headless Chromium has no mouse: without the blink
 * settings, pages see (hover: none) and no fine pointer, unlike the same page under
 * Playwright's own launch (page-emulate-media tests). Its windows are 800×600 unless told:
 * 1280×720 is the viewport Playwright documents as its default, the one an agent writes
 * programs for (at 800×600 site 24's drop column was below the fold and site 23's grid showed
 * 6 of 25 columns). The screen is that size too; router/windows.ts sizes each task window so.
 */
export const HEADLESS_WINDOW = { width: 1280, height: 720 } as const;
export const HEADLESS_SWITCHES = ['--headless', '--hide-scrollbars', '--mute-audio', '--blink-settings=primaryHoverType=2,availableHoverTypes=2,primaryPointerType=4,availablePointerTypes=4', `--window-size=${HEADLESS_WINDOW.width},${HEADLESS_WINDOW.height}`];

export interface BrowserLaunchOptions {
  executablePath: string;
  profileDir: string;
  headless: boolean;
  extraArgs?: string[];
  /** What the browser's connection reports (runtime.log's child for it). */
  log: Logger;
  /** How long the browser may take to answer (its launch, and each of the runtime's commands): browserAnswer.ts. */
  answerLimitMs?: number;
}


export class BrowserProcess extends EventEmitter implements BrowserLink {
  readonly kind = 'launched' as const;
  readonly files = { here: true, why: 'launched' } as const;
  private constructor(
    readonly process: ChildProcess,
    readonly connection: CdpConnection,
    readonly version: BrowserVersion,
  ) {
    super();
    connection.once('close', () => this.emit('exit'));
  }

  static async launch(options: BrowserLaunchOptions): Promise<BrowserProcess> {
    const args = [
      ...CHROMIUM_SWITCHES,
      '--remote-debugging-pipe',
      `--user-data-dir=${options.profileDir}`,
      ...(options.headless ? HEADLESS_SWITCHES : []),
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
      ...(options.extraArgs ?? []),
      'about:blank',
    ];
    const child = spawn(options.executablePath, args, {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'],
      // Its own process group, so a signal to the runtime's group does not reach it first.
      detached: true,
    });
    const stderrTail: string[] = [];
    child.stderr?.on('data', (d: Buffer) => {
      stderrTail.push(d.toString());
      if (stderrTail.length > 20) stderrTail.shift();
    });
    const answerLimitMs = options.answerLimitMs ?? DEFAULT_BROWSER_ANSWER_MS;
    const connection = new CdpConnection(pipeWire(child.stdio[3] as Writable, child.stdio[4] as Readable), options.log, { answerLimitMs });
    const exited = new Promise<never>((_, reject) => {
      child.once('error', reject);
      child.once('exit', code =>
        reject(new Error(`Chromium exited (code ${code}) before it answered: ${stderrTail.join('').slice(-2000)}`)));
    });
    let version: BrowserVersion;
    try {
      // The connection bounds the answer (BrowserUnresponsive); a Chromium that exits says why at once.
      version = await Promise.race([connection.send('Browser.getVersion'), exited]);
    } catch (error) {
      // Never leave a half-started browser holding the profile.
      child.kill('SIGKILL');
      throw error;
    }
    return new BrowserProcess(child, connection, version);
  }

  get pid(): number | undefined {
    return this.process.pid;
  }

  get alive(): boolean {
    return !this.connection.closed && this.process.exitCode === null && this.process.signalCode === null;
  }

  drop(): void {
    if (this.process.exitCode === null && this.process.signalCode === null) this.process.kill('SIGKILL');
  }

  /** Closes the browser gracefully, then forcefully. */
  async close(): Promise<void> {
    if (!this.alive) return;
    const exited = new Promise<void>(resolve => this.process.once('exit', () => resolve()));
    this.connection.send('Browser.close').catch(() => {});
    const timer = setTimeout(() => this.process.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
}
