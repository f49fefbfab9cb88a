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

export async function runDoctor(home: RuntimeHome): Promise<CommandOutcome> {
  const problems: string[] = [];
  const nodeMajor = Number(process.versions.node.split('.')[0]);
  if (nodeMajor < MINIMUM_NODE_MAJOR) problems.push(`Node ${process.version} is too old: tabwright needs Node ${MINIMUM_NODE_MAJOR} or later.`);

  // A runtime that attaches to a running browser launches none: then no browser is needed here.
  const connect = savedStartSettings(home).connect;
  const lookup = locateBrowser();
  if (!lookup.path && !connect) problems.push(missingBrowserMessage(lookup));
  const browser = lookup.path === undefined ? null
    : { path: lookup.path, version: browserVersion(lookup.path) ?? 'unknown (--version failed)', source: process.env['TABWRIGHT_BROWSER'] ? 'TABWRIGHT_BROWSER' : 'found' };
  if (browser?.version.startsWith('unknown')) problems.push(`${browser.path} does not run (\`${browser.path} --version\` failed): point TABWRIGHT_BROWSER at a working Chrome or Chromium, or run \`tabwright install-browser\`.`);
  const shellPath = process.env['TABWRIGHT_BROWSER'] ? undefined : locateBrowser(undefined, { headless: true }).path;
  const headlessShell = shellPath === undefined || shellPath === lookup.path ? null
    : { path: shellPath, version: browserVersion(shellPath) ?? 'unknown (--version failed)' };

  const packages = runtimePackages(problems);

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
    ...(connect ? { connect } : {}),
    packages,
    runtime,
    home: { path: home.home, exists: existsSync(home.home), bytes: folderBytes(home.home), log: home.log },
    packageRoot,
  });
}
