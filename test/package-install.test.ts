// Issue 31: tabwright as a user installs it, and as the README's Install section says. A clean
// copy of the checkout, with the dist/ that `npm test` has just built from the same sources, is
// packed, the tarball is installed globally into a temporary prefix, and the installed copy,
// with no checkout on the PATH and an empty folder as its working directory, runs a program on
// a page (and, with the machine's browsers hidden, says how to get one), installs the skill,
// serves tools/list as an MCP server, and passes its doctor. Then
// `npx` with the tarball from an empty folder, and the tarball as a project dependency.
//
// Installs come from npm's cache (--prefer-offline). better-sqlite3's install takes the
// checkout's own build of its binary (same version, same Node) as a local prebuild
// (npm_config_better_sqlite3_local_prebuilds, prebuild-install's documented way to install
// without its download), where it would otherwise compile SQLite from source for minutes on
// a machine that cannot download it. What is measured is said on stderr, never asserted.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { TOOL_NAMES } from '../mcp/toolDefinitions.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { canHideBrowsers, withoutBrowsers } from './harness/hiddenBrowsers.js';
import { packedFileProblems } from './harness/packageContents.js';
import { cliResult, hasBrowser, PACKAGE_ROOT, TabwrightHome, type CliResult } from './harness/tabwrightCli.js';

const README = fs.readFileSync(path.join(PACKAGE_ROOT, 'README.md'), 'utf8');
const INSTALL_SECTION = README.slice(README.indexOf('\n## Install\n'), README.indexOf('\n## ', README.indexOf('\n## Install\n') + 1));
const VERSION = (JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const PROGRAM = "await page.goto(PAGE); await expect(page).toHaveTitle('Installed'); return 1;";

let work: string;
let tarball: string;
let prebuilds: string;
let server: FixtureServer;
const homes: TabwrightHome[] = [];

/** Runs a command to its end; never rejects on a non-zero exit. */
function execute(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; input?: string }): Promise<CliResult> {
  return cliResult(spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'] }), options.input);
}

function emptyFolder(name: string): string {
  const folder = path.join(work, name);
  fs.mkdirSync(folder, { recursive: true });
  return folder;
}

/**
 * A user's environment: no checkout on the PATH, none of the variables `npm test` sets
 * (npm_*, INIT_CWD), none of tabwright's but the browser a machine may name; its own home.
 */
function userEnv(binDir: string | undefined, home: TabwrightHome): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env)
    .filter(([key]) => !/^(npm_|INIT_CWD$|NODE_PATH$|NODE_OPTIONS$)/i.test(key) && (!key.startsWith('TABWRIGHT_') || key === 'TABWRIGHT_BROWSER')));
  const PATH = [...(binDir ? [binDir] : []), path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(path.delimiter);
  return {
    ...env, PATH, TABWRIGHT_HOME: home.home,
    npm_config_better_sqlite3_local_prebuilds: prebuilds,
    npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false',
  };
}

/** A home for one installed copy's runtime; stopped and removed in `after`. */
function newHome(prefix: string): TabwrightHome {
  const home = new TabwrightHome({ prefix, start: {} });
  homes.push(home);
  return home;
}

/** `npm install ...` of the tarball, timed, saying whether better-sqlite3 took the prebuilt binary or compiled. */
async function npmInstall(label: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, installedRoot: string): Promise<void> {
  const started = process.hrtime.bigint();
  const install = await execute('npm', ['install', ...args, '--prefer-offline', tarball], { cwd, env });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  assert.equal(install.code, 0, `${label} failed:\n${install.stdout}\n${install.stderr}`);
  const compiled = fs.existsSync(path.join(installedRoot, 'node_modules', 'better-sqlite3', 'build', 'Release', 'obj.target'));
  process.stderr.write(`${label}: ${Math.round(ms)} ms, better-sqlite3 ${compiled ? 'compiled from source' : 'from the prebuilt binary'}\n`);
}

/** Files a clean checkout holds: tracked ones and new ones not ignored (dist/ and node_modules/ are ignored). */
function checkoutFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: PACKAGE_ROOT, encoding: 'utf8' });
  return listed.split('\0').filter(file => file && fs.statSync(path.join(PACKAGE_ROOT, file), { throwIfNoEntry: false })?.isFile());
}

before(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-package-'));
  const source = path.join(work, 'checkout');
  for (const file of checkoutFiles()) {
    fs.mkdirSync(path.dirname(path.join(source, file)), { recursive: true });
    fs.copyFileSync(path.join(PACKAGE_ROOT, file), path.join(source, file));
  }
  fs.symlinkSync(path.join(PACKAGE_ROOT, 'node_modules'), path.join(source, 'node_modules'));
  // The checkout's own build, not the prepack's: `npm test` has just built dist/ from these
  // sources, and building them again here took 56 s of CPU while the other test files ran
  // (a third of this file), proving only what `npm run setup` on a fresh clone proves. That
  // prepack builds is package-contents' check.
  fs.cpSync(path.join(PACKAGE_ROOT, 'dist'), path.join(source, 'dist'), { recursive: true });
  const started = process.hrtime.bigint();
  const pack = await execute('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], { cwd: source, env: process.env });
  assert.equal(pack.code, 0, `npm pack failed:\n${pack.stdout}\n${pack.stderr}`);
  const [packed] = JSON.parse(pack.stdout) as { filename: string; size: number; entryCount: number }[];
  tarball = path.join(work, packed!.filename);
  process.stderr.write(`npm pack of a clean copy with the checkout's build: ${Math.round(Number(process.hrtime.bigint() - started) / 1e6)} ms; ${packed!.entryCount} files, ${packed!.size} bytes\n`);

  // better-sqlite3's prebuilt binary, as its releases name it, from the checkout's build.
  const sqlite = path.join(PACKAGE_ROOT, 'node_modules', 'better-sqlite3');
  const sqliteVersion = (JSON.parse(fs.readFileSync(path.join(sqlite, 'package.json'), 'utf8')) as { version: string }).version;
  prebuilds = emptyFolder('prebuilds');
  const name = `better-sqlite3-v${sqliteVersion}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  execFileSync('tar', ['-czf', path.join(prebuilds, name), '-C', sqlite, 'build/Release/better_sqlite3.node']);

  server = await FixtureServer.start();
  server.page('/installed', '<!doctype html><title>Installed</title><h1>Installed</h1>');
});

after(async () => {
  for (const home of homes) await home.dispose();
  await server?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
});

test('the packed tarball holds the built bundles, the view, the skill, README and LICENSE, and no sources', () => {
  const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n').filter(Boolean).map(f => f.replace(/^package\//, ''));
  assert.deepEqual(packedFileProblems(files, PACKAGE_ROOT), []);
});

test('npm install -g of the tarball: run, skill install, the MCP server and doctor work from the installed copy alone',
  { skip: !hasBrowser() && 'no browser on this machine' }, async () => {
    assert.match(INSTALL_SECTION, /^ {4}npm install -g tabwright /m);
    const prefix = emptyFolder('prefix');
    const bin = path.join(prefix, 'bin');
    const home = newHome('tw-installed-');
    const env = userEnv(bin, home);
    const cwd = emptyFolder('user');
    await npmInstall('npm install -g (a temporary prefix)', ['-g', '--prefix', prefix], cwd, env, path.join(prefix, 'lib', 'node_modules', 'tabwright'));

    const which = await execute('sh', ['-c', 'command -v tabwright'], { cwd, env });
    assert.equal(which.stdout.trim(), path.join(bin, 'tabwright'));
    assert.ok(fs.realpathSync(which.stdout.trim()).startsWith(fs.realpathSync(prefix) + path.sep), 'tabwright runs from the prefix, not the checkout');
    const version = await execute('tabwright', ['--version'], { cwd, env });
    assert.equal(version.stdout, `${VERSION}\n`, version.stderr);
    // The native client is built at install from its source and the header the package ships
    // (nothing is compiled there to generate it), wherever the checkout's build made one.
    if (fs.existsSync(path.join(PACKAGE_ROOT, 'dist', 'client', 'tabwright'))) {
      assert.ok(fs.existsSync(path.join(prefix, 'lib', 'node_modules', 'tabwright', 'dist', 'client', 'tabwright')), 'the installed copy built its native client');
    }

    // The installed copy on a machine with no browser: the first command says how to get one.
    if (canHideBrowsers) {
      const bare = emptyFolder('no-browser');
      const noBrowserEnv: NodeJS.ProcessEnv = { ...env, HOME: bare, PLAYWRIGHT_BROWSERS_PATH: bare, TABWRIGHT_HOME: path.join(bare, 'home') };
      delete noBrowserEnv['TABWRIGHT_BROWSER'];
      const first = await withoutBrowsers('tabwright', ['run', '--task', 'installed', '--request-id', 'first'], { env: noBrowserEnv, cwd, input: 'return 1;' });
      assert.equal(first.code, 2, first.stdout + first.stderr);
      assert.equal(first.json.error.name, 'BrowserNotFound');
      assert.match(first.json.error.message, /Run `tabwright install-browser`/);
      assert.doesNotMatch(first.stdout + first.stderr, /^\s+at .+:\d+:\d+\)?$/m);
    } else {
      process.stderr.write('package-install: the no-browser first run is not checked here (needs root and unshare)\n');
    }

    const run = await execute('tabwright', ['run', '--task', 'installed', '--request-id', 'first', '--wait', '240'], { cwd, env, input: PROGRAM.replace('PAGE', JSON.stringify(server.url('/installed'))) });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    assert.equal(run.json.status, 'succeeded');
    assert.equal(run.json.result, 1);
    assert.ok(server.requests.includes('GET /installed'), 'the installed runtime loaded the page');

    assert.match(INSTALL_SECTION, /^ {4}tabwright skill install /m);
    const skills = emptyFolder('skills');
    const skill = await execute('tabwright', ['skill', 'install', '--dir', skills], { cwd, env });
    assert.equal(skill.code, 0, skill.stdout + skill.stderr);
    assert.equal(fs.readFileSync(path.join(skills, 'tabwright', 'SKILL.md'), 'utf8'), fs.readFileSync(path.join(PACKAGE_ROOT, 'skill', 'SKILL.md'), 'utf8'));
    assert.deepEqual(fs.readdirSync(path.join(skills, 'tabwright', 'references')).sort(), fs.readdirSync(path.join(PACKAGE_ROOT, 'skill', 'references')).sort());

    // The MCP server as the README's Codex entry starts it; Claude Code's line names the same command.
    const toml = /\[mcp_servers\.tabwright\]\ncommand = "([^"]+)"\nargs = (\[[^\]]*\])/.exec(INSTALL_SECTION);
    assert.ok(toml, 'the Install section has a Codex mcp_servers entry');
    const [command, args] = [toml[1]!, JSON.parse(toml[2]!) as string[]];
    assert.match(INSTALL_SECTION, new RegExp(`^ {4}claude mcp add tabwright -- ${[command, ...args].join(' ')}$`, 'm'));
    const transport = new StdioClientTransport({ command, args, cwd, env: env as Record<string, string>, stderr: 'pipe' });
    const client = new Client({ name: 'tabwright-package-test', version: '0.0.0' });
    await client.connect(transport, { timeout: 3_600_000 });
    try {
      const listed = await client.listTools(undefined, { timeout: 3_600_000 });
      // The installed server lists the tools this checkout defines (a list written here went stale
      // when the webmcp tools were added).
      assert.deepEqual(listed.tools.map(tool => tool.name).sort(), [...TOOL_NAMES].sort());
    } finally {
      await client.close();
    }

    const doctor = await execute('tabwright', ['doctor'], { cwd, env });
    assert.equal(doctor.code, 0, doctor.stdout + doctor.stderr);
    assert.deepEqual(doctor.json.problems, []);
    assert.equal(doctor.json.runtime.running, true);
    assert.equal(fs.realpathSync(doctor.json.packageRoot), fs.realpathSync(path.join(prefix, 'lib', 'node_modules', 'tabwright')));
  });

test('npx with the tarball, from an empty folder, runs a program', { skip: !hasBrowser() && 'no browser on this machine' }, async () => {
  assert.match(INSTALL_SECTION, /^ {4}npx tabwright /m);
  const home = newHome('tw-npx-');
  const env = userEnv(undefined, home);
  const cwd = emptyFolder('npx');
  // npx keeps what it installs in npm's cache (_npx/): what this test adds there goes in `after`.
  const npxCache = path.join(execFileSync('npm', ['config', 'get', 'cache'], { cwd, env, encoding: 'utf8' }).trim(), '_npx');
  const earlier = new Set(fs.existsSync(npxCache) ? fs.readdirSync(npxCache) : []);
  try {
    const started = process.hrtime.bigint();
    const run = await execute('npx', ['--yes', '--prefer-offline', '--package', tarball, '--', 'tabwright', 'run', '--task', 'npx', '--request-id', 'first', '--wait', '240'],
      { cwd, env, input: PROGRAM.replace('PAGE', JSON.stringify(server.url('/installed'))) });
    process.stderr.write(`npx (install and first run): ${Math.round(Number(process.hrtime.bigint() - started) / 1e6)} ms\n`);
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    assert.equal(run.json.result, 1);
    assert.deepEqual(fs.readdirSync(cwd), [], 'npx leaves the folder as it was');
  } finally {
    for (const entry of fs.existsSync(npxCache) ? fs.readdirSync(npxCache) : []) {
      const manifest = path.join(npxCache, entry, 'package.json');
      if (!earlier.has(entry) && fs.existsSync(manifest) && fs.readFileSync(manifest, 'utf8').includes(path.basename(work))) {
        fs.rmSync(path.join(npxCache, entry), { recursive: true, force: true });
      }
    }
  }
});

test('as a project dependency, npx tabwright runs the project\'s copy', async () => {
  assert.match(INSTALL_SECTION, /^ {4}npm install tabwright /m);
  const home = newHome('tw-project-');
  const env = userEnv(undefined, home);
  const project = emptyFolder('project');
  fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'a-project', private: true }));
  await npmInstall('npm install (a project dependency)', [], project, env, path.join(project, 'node_modules', 'tabwright'));
  const doctor = await execute('npx', ['tabwright', 'doctor'], { cwd: project, env });
  assert.equal(fs.realpathSync(doctor.json.packageRoot), fs.realpathSync(path.join(project, 'node_modules', 'tabwright')), doctor.stdout + doctor.stderr);
  assert.deepEqual(Object.values(doctor.json.packages).filter(v => !/^\d+\.\d+\.\d+$/.test(String(v))), [], JSON.stringify(doctor.json.packages));
  assert.equal(doctor.code, hasBrowser() ? 0 : 1, doctor.stdout);
});
