// The browser service the Browserless tests run against (issue 39): Browserless 2.42.0, installed
// on first use into a cached folder and started on 127.0.0.1 with a token by
// scripts/browserlessEngine.ts, one per test file (a file's tests share it). A test skips, saying
// why, only where the engine cannot be installed (no registry, no Chromium, another platform);
// an engine that installs and then fails to start fails the file.
//
// The matrix switch: TABWRIGHT_TEST_BROWSER=browserless (one Browserless browser for the whole
// runtime, `--connect`) or =browserless-service (a browser per task, `--browser-service`), with
// TABWRIGHT_TEST_BROWSERLESS_URL naming the engine test/browserless-matrix started: every
// TabwrightHome that does not choose its own browser then starts that way.
import { locateBrowser } from '../../contract/browserLocator.js';
import type { StartSettings } from '../../contract/startSettings.js';
import { BrowserlessEngine, BROWSERLESS_VERSION, installBrowserless, type EngineSettings } from '../../scripts/browserlessEngine.js';

export type BrowserlessMode = 'connect' | 'service';

export const BROWSERLESS_MATRIX: BrowserlessMode | undefined = process.env.TABWRIGHT_TEST_BROWSER === 'browserless' ? 'connect'
  : process.env.TABWRIGHT_TEST_BROWSER === 'browserless-service' ? 'service' : undefined;

/** `runtime start`'s settings for the engine at `url` in that mode. */
export function browserlessStart(mode: BrowserlessMode, url: string): StartSettings {
  return mode === 'connect' ? { connect: url } : { browserService: url };
}

/** In the Browserless matrix, the settings every home without its own gets; otherwise undefined. */
export function browserlessMatrixStart(): StartSettings | undefined {
  if (!BROWSERLESS_MATRIX) return undefined;
  const url = process.env.TABWRIGHT_TEST_BROWSERLESS_URL;
  if (!url) throw new Error('TABWRIGHT_TEST_BROWSER=browserless needs TABWRIGHT_TEST_BROWSERLESS_URL (test/browserless-matrix starts an engine and sets it)');
  return browserlessStart(BROWSERLESS_MATRIX, url);
}

export type EngineForFile = { engine: BrowserlessEngine; skip?: undefined } | { engine?: undefined; skip: string };

/** A Browserless for this test file, installed first if need be; or why it cannot be installed here. */
export async function browserlessForFile(settings: EngineSettings = {}): Promise<EngineForFile> {
  if (!locateBrowser(process.env.TABWRIGHT_BROWSER).path) return { skip: 'no browser on this machine' };
  const installed = await installBrowserless({ log: line => process.stderr.write(`# ${line}\n`) });
  if (!installed.ok) return { skip: `Browserless ${BROWSERLESS_VERSION} cannot be installed here: ${installed.reason}` };
  return { engine: await BrowserlessEngine.start(installed.install, settings) };
}

/** How long a file's `before` may take: a first install on a loaded machine, then a start. Stops a hang. */
export const ENGINE_SETUP_MS = 900_000;

/** The file's engine; or, where it cannot be installed, undefined once the test is marked skipped with the reason. */
export function engineOrSkip(service: EngineForFile | undefined, t: { skip(message?: string): void }): BrowserlessEngine | undefined {
  if (!service) throw new Error('the file\'s Browserless was not set up (its before hook failed)');
  if (service.skip !== undefined) {
    t.skip(service.skip);
    return undefined;
  }
  return service.engine;
}

/**
 * What README's "A browser service" section tells a person to run once the runtime is started:
 * the `tabwright run` arguments, the program (its heredoc) and the one line it says is printed.
 */
export function readmeServiceExample(readme: string): { args: string[]; program: string; printed: string } {
  const section = readme.slice(readme.indexOf('### A browser service'));
  const body = section.slice(0, section.indexOf('\n## '));
  const run = /^tabwright (run [^<\n]+?) <<'JS'\n([\s\S]*?)\nJS$/m.exec(body);
  const printed = /^prints `(\{.*?\})`/m.exec(body);
  if (!run || !printed) throw new Error('README has no "A browser service" section with a `tabwright run <<\'JS\'` example and the line it prints');
  return { args: run[1]!.trim().split(/\s+/), program: run[2]!, printed: printed[1]! };
}
