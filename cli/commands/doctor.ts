// `tabwright doctor`: the first thing to run when something is wrong. What this installation
// would launch and where it keeps its state, each checked: the browser and its version (the
// runtime's own lookup, contract/browserLocator.ts), the headless shell, the packages the
// runtime loads from node_modules (better-sqlite3's native module among them), the runtime's
// status, the state folder and its size, Node. Every problem found says what to do; exit 0
// when there is none, 1 otherwise.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, lstatSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { locateBrowser, missingBrowserMessage } from '../../contract/browserLocator.js';
import { browserVersion } from '../browserInstall.js';
import { jsonOutcome, type CommandOutcome } from '../commandOutcome.js';
import { ExitCode } from '../../contract/exitCodes.js';
import { cliVersion, packageRoot } from '../packageFiles.js';
import type { RuntimeHome } from '../runtimeHome.js';
import { probeRuntime } from '../runtimeStatus.js';
import { savedStartSettings } from '../startSettings.js';
import { shownBrowserUrl } from '../../contract/browserAddress.js';
import { pathKnob } from '../../contract/environmentKnobs.js';

const MINIMUM_NODE_MAJOR = 20;

/**
 * The packages the runtime process and its task workers load from node_modules, and how each
 * is loaded, in one child Node as they will be: a native module built for another Node, or a
 * damaged install, fails here rather than in the middle of a start.
 */
const RUNTIME_PACKAGES: Readonly<Record<string, string>> = {
  'better-sqlite3': "new (require(dir))(':memory:').close()",
  'playwright-core': 'require(dir)',
  '@playwright/test': 'require(dir)',
};

/** Loads each [name, folder, statement] in turn and prints {name: first line of its error} for those that fail. */
const LOADER = `const failed = {};
for (const [name, dir, load] of JSON.parse(process.argv[1])) {
  try { new Function('require', 'dir', load)(require, dir); } catch (error) { failed[name] = String(error && error.message || error).split('\\n')[0]; }
}
process.stdout.write(JSON.stringify(failed));`;

/** The installed version of each runtime package, or why it does not load. */
function runtimePackages(problems: string[]): Record<string, string> {
  const require = createRequire(join(packageRoot, 'package.json'));
  const versions: Record<string, string> = {};
  const installed: [string, string, string][] = [];
  for (const [name, load] of Object.entries(RUNTIME_PACKAGES)) {
    try {
      const manifest = require.resolve(`${name}/package.json`);
      versions[name] = (require(manifest) as { version?: string }).version ?? 'unknown';
      installed.push([name, dirname(manifest), load]);
    } catch {
      versions[name] = 'missing';
      problems.push(`${name} is not installed beside tabwright (${packageRoot}): reinstall tabwright (npm install -g tabwright, or npm install in a checkout).`);
    }
  }
  const check = spawnSync(process.execPath, ['-e', LOADER, JSON.stringify(installed)], { encoding: 'utf8', timeout: 60_000 });
  let failed: Record<string, string>;
  try {
    failed = JSON.parse(check.stdout) as Record<string, string>;
  } catch {
    failed = Object.fromEntries(installed.map(([name]) => [name, check.error?.message ?? `the check exited with ${check.status}`]));
  }
  for (const [name, why] of Object.entries(failed)) {
    problems.push(`${name} ${versions[name]} does not load (${why}). Reinstall tabwright with this Node (${process.version}); `
      + (name === 'better-sqlite3' ? 'without a prebuilt binary for it, its install builds from source, which needs python3, make and a C++ compiler.' : 'its files are damaged.'));
    versions[name] = `${versions[name]}: does not load`;
  }
  return versions;
}

/** Bytes under `dir`, not following links; 0 when it does not exist. */
function folderBytes(dir: string): number {
  let total = 0;
  const walk = (path: string): void => {
    let entries;
    try { entries = readdirSync(path, { withFileTypes: true }); } catch { return; }
    for (const entry of entries) {
      const full = join(path, entry.name);
      if (entry.isDirectory()) walk(full);
      else try { total += lstatSync(full).size; } catch { /* gone meanwhile */ }
    }
  };
  walk(dir);
  return total;
}

function writable(dir: string): boolean {
  try {
    accessSync(existsSync(dir) ? dir : dirname(dir), constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** Browserless's /pressure answer, the fields that say how full it is. */
interface Pressure { running?: number; queued?: number; maxConcurrent?: number; maxQueued?: number; isAvailable?: boolean; cpu?: number | null; memory?: number | null; recentlyRejected?: number }

/**
 * The browser service at `url`: its address without the token, and Browserless's /pressure (which
 * starts no browser, unlike /json/version), asked with the URL's own query (its token). A service
 * that has no /pressure is shown without it; one that refuses the token or does not answer is a problem.
 */
async function browserServiceCheck(url: string, perTask: boolean, problems: string[]): Promise<Record<string, unknown>> {
  const shown = shownBrowserUrl(url);
  const mode = perTask ? 'a browser per task (--browser-service)' : 'one browser for every task (--connect)';
  let pressureUrl: URL;
  try {
    pressureUrl = new URL(url);
    pressureUrl.protocol = pressureUrl.protocol === 'wss:' ? 'https:' : pressureUrl.protocol === 'ws:' ? 'http:' : pressureUrl.protocol;
    pressureUrl.pathname = '/pressure';
  } catch {
    problems.push(`The browser address in start.json is not a URL (${shown}): run \`tabwright runtime start\` with the right one.`);
    return { url: shown, mode };
  }
  try {
    const response = await fetch(pressureUrl, { signal: AbortSignal.timeout(10_000) });
    if (response.status === 401 || response.status === 403) {
      problems.push(`The browser service at ${shown} refuses the token in the URL (HTTP ${response.status}): \`tabwright runtime stop\`, then start the runtime with the right URL.`);
      return { url: shown, mode, pressure: `refused (HTTP ${response.status})` };
    }
    if (!response.ok) return { url: shown, mode, pressure: `not offered (HTTP ${response.status} for /pressure: not a Browserless?)` };
    const body = await response.json() as { pressure?: Pressure };
    const p = body.pressure ?? {};
    const pressure = {
      running: p.running, queued: p.queued, maxConcurrent: p.maxConcurrent, maxQueued: p.maxQueued, isAvailable: p.isAvailable,
      cpuPercent: p.cpu ?? null, memoryPercent: p.memory ?? null, recentlyRejected: p.recentlyRejected,
    };
    if (p.isAvailable === false) problems.push(`The browser service at ${shown} is full now (${p.running ?? '?'} running of ${p.maxConcurrent ?? '?'}, ${p.queued ?? '?'} queued of ${p.maxQueued ?? '?'}): new browsers are refused (HTTP 429) until sessions end.`);
    return { url: shown, mode, pressure };
  } catch (error) {
    const why = error instanceof Error && error.cause instanceof Error ? error.cause.message : (error as Error).message;
    problems.push(`Nothing answers at the browser service ${shown} (tried ${shownBrowserUrl(pressureUrl.toString())}: ${why}): start it, or fix the address with \`tabwright runtime start\`.`);
    return { url: shown, mode, pressure: `no answer (${why})` };
  }
}

export async function runDoctor(home: RuntimeHome): Promise<CommandOutcome> {
  const problems: string[] = [];
  const nodeMajor = Number(process.versions.node.split('.')[0]);
  if (nodeMajor < MINIMUM_NODE_MAJOR) problems.push(`Node ${process.version} is too old: tabwright needs Node ${MINIMUM_NODE_MAJOR} or later.`);

  // A runtime that attaches to a running browser (or takes one per task from a service)
  // launches none: then no browser is needed here.
  const saved = savedStartSettings(home);
  const connect = saved.connect;
  const lookup = locateBrowser();
  if (!lookup.path && !connect && !saved.browserService) problems.push(missingBrowserMessage(lookup));
  const browser = lookup.path === undefined ? null
    : { path: lookup.path, version: browserVersion(lookup.path) ?? 'unknown (--version failed)', source: pathKnob(process.env, 'TABWRIGHT_BROWSER') ? 'TABWRIGHT_BROWSER' : 'found' };
  if (browser?.version.startsWith('unknown')) problems.push(`${browser.path} does not run (\`${browser.path} --version\` failed): point TABWRIGHT_BROWSER at a working Chrome or Chromium, or run \`tabwright install-browser\`.`);
  const shellPath = pathKnob(process.env, 'TABWRIGHT_BROWSER') ? undefined : locateBrowser(undefined, { headless: true }).path;
  const headlessShell = shellPath === undefined || shellPath === lookup.path ? null
    : { path: shellPath, version: browserVersion(shellPath) ?? 'unknown (--version failed)' };

  const packages = runtimePackages(problems);
  // The service the runtime takes its browsers from, and how full it is now: shown without its token.
  // A --connect URL with a query is a service's (its token); a desktop browser's has none.
  const serviceUrl = saved.browserService ?? (connect && connect !== 'auto' && connect.includes('?') ? connect : undefined);
  const service = serviceUrl ? await browserServiceCheck(serviceUrl, saved.browserService !== undefined, problems) : undefined;

  const probe = await probeRuntime(home.socket);
  const runtime = probe.kind === 'running' ? { running: true, ...probe.status }
    : probe.kind === 'absent' ? { running: false, note: 'the next command starts it' }
    : { running: 'unknown', message: probe.message };
  if (probe.kind === 'unreachable') problems.push(`The runtime does not answer: ${probe.message}. Check ${home.log}; if it is hung, \`tabwright runtime stop\` (or kill its process).`);
  if (!writable(home.home)) problems.push(`${home.home} is not writable: set TABWRIGHT_HOME to a writable folder.`);

  return jsonOutcome(problems.length ? ExitCode.Failed : ExitCode.Succeeded, {
    ok: problems.length === 0,
    problems,
    version: cliVersion(),
    node: { version: process.version, path: process.execPath },
    browser,
    headlessShell,
    ...(connect ? { connect: shownBrowserUrl(connect) } : {}),
    ...(service ? { service } : {}),
    packages,
    runtime,
    home: { path: home.home, exists: existsSync(home.home), bytes: folderBytes(home.home), log: home.log },
    packageRoot,
  });
}
