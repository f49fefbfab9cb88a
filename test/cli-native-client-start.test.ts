// On a cold start the native client (client/runtimeStart.c) starts the runtime itself and waits
// for it (client/tabwright.c await_runtime), with no Node CLI at all when the runtime answers.
// It must start it as the CLI's launcher does (cli/runtimeLauncher.ts: node flags, entry,
// environment, detached), only where the Node CLI would start one too, touch nothing the Node
// CLI would refuse, and hand over to the Node CLI when the runtime it started ends.
//
// A `node` on PATH that records each call and execs the real one tells who started what: the
// native client runs node through PATH, while the Node CLI's launcher spawns its own
// process.execPath directly, so a runtime in that record was started by the native client.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { RUNTIME_PROCESS } from '../contract/runtimeProcess.js';
import { RETIRED_VARIABLES } from '../contract/startSettings.js';
import { HEADLESS_SHELL_CANDIDATES, SYSTEM_CANDIDATES } from '../contract/browserLocator.js';
import { NATIVE_CLIENT_HEADER, nativeClientHeader } from '../scripts/nativeClientHeader.js';
import { parseLock } from '../contract/runtimeLockFile.js';
import { PACKAGE_ROOT, TabwrightHome, type CliResult } from './harness/tabwrightCli.js';

const CLIENT = path.join(PACKAGE_ROOT, 'dist', 'client', 'tabwright');
const skip = fs.existsSync(CLIENT) ? false : 'no native client in dist/client (no C compiler when building): the CLI is all Node';
const RUNTIME_ENTRY = fs.realpathSync(path.join(PACKAGE_ROOT, 'dist', 'runtime', 'bundle', 'main.cjs'));

/** A browser where the native client looks (TABWRIGHT_BROWSER, else the fixed places; not Playwright's cache). */
function browserAtAFixedPlace(): boolean {
  const executable = (file: string) => { try { fs.accessSync(file, fs.constants.X_OK); return fs.statSync(file).isFile(); } catch { return false; } };
  const explicit = process.env['TABWRIGHT_BROWSER'];
  return explicit ? executable(explicit) : [...HEADLESS_SHELL_CANDIDATES, ...SYSTEM_CANDIDATES].some(executable);
}

test('the client was built with the runtime process the TypeScript sources say (no drift)', { skip }, () => {
  const built = fs.readFileSync(path.join(PACKAGE_ROOT, 'dist', 'client', NATIVE_CLIENT_HEADER), 'utf8');
  assert.equal(built, nativeClientHeader(), 'dist/client/runtimeProcess.h is stale: run npm run build');
  for (const flag of RUNTIME_PROCESS.nodeFlags) assert.ok(built.includes(`"${flag}"`), flag);
  for (const [name, value] of Object.entries(RUNTIME_PROCESS.env)) assert.ok(built.includes(`"${name}", "${value}"`), name);
});

interface NodeCall { pid: number; args: string[] }

/**
 * A folder with a `node` that appends "pid args..." to its log and execs the real node; `shim`:
 * runs it as its child instead, as Volta's shim does (the runtime is then the recorded pid's child).
 */
function recordingNode(dir: string, options: { shim?: boolean; runtimeExits?: boolean } = {}): { env: NodeJS.ProcessEnv; calls(): NodeCall[] } {
  const bin = fs.mkdtempSync(path.join(dir, 'node-bin-'));
  const log = path.join(bin, 'calls.log');
  // runtimeExits: a runtime started through PATH ends at once, as one that crashed while starting.
  const exits = options.runtimeExits ? `case "$*" in *'${RUNTIME_ENTRY}') exit 1;; esac\n` : '';
  fs.writeFileSync(path.join(bin, 'node'), `#!/bin/sh\nprintf '%s %s\\n' "$$" "$*" >> '${log}'\n${exits}${options.shim ? '' : 'exec '}'${process.execPath}' "$@"\n`, { mode: 0o755 });
  return {
    env: { PATH: `${bin}:${process.env['PATH'] ?? ''}` },
    calls: () => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '').split('\n').filter(Boolean).map(line => {
      const [pid, ...args] = line.split(' ');
      return { pid: Number(pid), args };
    }),
  };
}

const isRuntime = (call: NodeCall) => call.args.at(-1) === RUNTIME_ENTRY;

/** /proc/PID/stat's ppid and session (Linux). */
function procStat(pid: number): { ppid: number; session: number } {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
  return { ppid: Number(fields[1]), session: Number(fields[3]) };
}

function procEnviron(pid: number): Map<string, string> {
  return new Map(fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean).map(entry => {
    const at = entry.indexOf('=');
    return [entry.slice(0, at), entry.slice(at + 1)] as [string, string];
  }));
}

describe('a cold start: the native client starts the runtime', { skip: skip || (!browserAtAFixedPlace() && 'no browser where the native client looks') || (process.platform !== 'linux' && 'reads /proc') }, () => {
  let home: TabwrightHome;
  let bins: string;
  before(() => {
    home = new TabwrightHome({ prefix: 'tw-native-start-' });
    bins = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-native-start-bin-'));
  });
  after(async () => {
    await home?.dispose();
    fs.rmSync(bins, { recursive: true, force: true });
  });

  test('as the launcher starts it; the native client waits for it and submits once, with no Node CLI', async () => {
    const node = recordingNode(bins);
    // A value the user set wins over the runtime's own; a retired variable is not passed on.
    const [userSet, defaultValue] = Object.entries(RUNTIME_PROCESS.env)[0]!;
    const userValue = String(Number(defaultValue) * 2);
    const retired = Object.keys(RETIRED_VARIABLES)[0]!;
    const env = { ...node.env, [userSet]: userValue, [retired]: '' };
    const program = 'return 6 * 7';
    const first = await home.run(['run', '--task', 'cold', '--request-id', 'c1', '--wait', '240'], { input: program, asInstalled: true, env });
    assert.equal(first.code, 0, first.stdout + first.stderr);
    assert.deepEqual(first.json, { status: 'succeeded', mutationState: 'none', result: 42 });

    const calls = node.calls();
    const runtimes = calls.filter(isRuntime);
    const cli = calls.filter(call => call.args[0]?.endsWith(path.join('bin', 'tabwright.js')));
    assert.equal(runtimes.length, 1, `one runtime started through PATH, by the native client: ${JSON.stringify(calls)}`);
    assert.equal(cli.length, 0, `the native client waited and submitted itself: ${JSON.stringify(calls)}`);
    const [runtime] = runtimes;
    assert.deepEqual(runtime!.args, [...RUNTIME_PROCESS.nodeFlags, RUNTIME_ENTRY], 'the launcher\'s node flags and entry');

    // The runtime that answers is the one the native client started; it says so as the Node CLI would.
    const status = await home.run(['runtime', 'status']);
    assert.equal(status.json.pid, runtime!.pid, runtimeLogOf(home));
    assert.equal(first.stderr, `tabwright: starting the runtime (log: ${path.join(home.home, 'runtime.log')})\n`);
    // Detached by a double fork: its own session (not its leader), and nobody's child still.
    const stat = procStat(runtime!.pid);
    assert.notEqual(stat.session, runtime!.pid);
    assert.ok(!calls.some(call => call.pid === stat.ppid), 'not a child of a recorded process');
    const environ = procEnviron(runtime!.pid);
    assert.equal(environ.get('TABWRIGHT_HOME'), home.home);
    for (const [name, value] of Object.entries(RUNTIME_PROCESS.env)) assert.equal(environ.get(name), name === userSet ? userValue : value, name);
    assert.equal(environ.has(retired), false, `${retired} is not passed on`);

    // Registered once: the same request id replays it.
    const again = await home.run(['run', '--task', 'cold', '--request-id', 'c1', '--verbose'], { input: program, asInstalled: true });
    assert.equal(again.json.replayed, true, again.stdout);
  });

  test('through a `node` shim that runs node as its child, the runtime takes the lock taken for it', async () => {
    const shimmed = new TabwrightHome({ prefix: 'tw-native-shim-' });
    try {
      const node = recordingNode(bins, { shim: true });
      const first = await shimmed.run(['run', '--task', 'cold', '--request-id', 's1', '--wait', '240'], { input: 'return 1', asInstalled: true, env: node.env });
      assert.equal(first.code, 0, first.stdout + first.stderr);
      const shim = node.calls().find(isRuntime);
      assert.ok(shim, JSON.stringify(node.calls()));
      const status = await shimmed.run(['runtime', 'status']);
      assert.equal(procStat(status.json.pid).ppid, shim.pid, `the runtime that answers is the shim's child, not one the Node CLI started: ${runtimeLogOf(shimmed)}`);
      assert.equal(parseLock(fs.readFileSync(path.join(shimmed.home, 'runtime.lock'), 'utf8')).pid, status.json.pid, 'the lock names the runtime itself');
      assert.equal(node.calls().filter(call => call.args[0]?.endsWith(path.join('bin', 'tabwright.js'))).length, 0, 'no Node CLI');
    } finally {
      await shimmed.dispose();
    }
  });

  test('a runtime the native client started that ends at once: the Node CLI takes over, starts its own and submits once', async () => {
    const crashed = new TabwrightHome({ prefix: 'tw-native-crash-' });
    try {
      const node = recordingNode(bins, { runtimeExits: true });
      const first = await crashed.run(['run', '--task', 'cold', '--request-id', 'x1', '--wait', '240'], { input: 'return 2', asInstalled: true, env: node.env });
      assert.equal(first.code, 0, first.stdout + first.stderr);
      assert.deepEqual(first.json, { status: 'succeeded', mutationState: 'none', result: 2 });
      const calls = node.calls();
      assert.equal(calls.filter(isRuntime).length, 1, `the native client's runtime: ${JSON.stringify(calls)}`);
      assert.equal(calls.filter(call => call.args[0]?.endsWith(path.join('bin', 'tabwright.js'))).length, 1, `handed over to the Node CLI: ${JSON.stringify(calls)}`);
      const status = await crashed.run(['runtime', 'status']);
      assert.ok(!calls.some(call => call.pid === status.json.pid), 'the runtime that answers is the Node CLI\'s own');
      const again = await crashed.run(['run', '--task', 'cold', '--request-id', 'x1', '--verbose'], { input: 'return 2', asInstalled: true });
      assert.equal(again.json.replayed, true, again.stdout);
    } finally {
      await crashed.dispose();
    }
  });

  // Found by running the suite through the native client: a runtime it started that could not
  // open a corrupt receipts.db moved it aside and exited, the Node CLI it handed over to started
  // another on the empty home, and the program ran with exit 0: nobody was told the receipts were
  // moved (storage-failures' contract). The Node CLI now says why the native client's runtime
  // ended, from the runtime's own last line, as it does for one it started.
  test('a runtime the native client started that could not start says why, as one the Node CLI started does; nothing else is started', async () => {
    const corrupt = new TabwrightHome({ prefix: 'tw-native-corrupt-' });
    try {
      const kept = await corrupt.run(['run', '--task', 'store', '--request-id', 'keep'], { input: 'return 1', asInstalled: true });
      assert.equal(kept.code, 0, kept.stdout + kept.stderr);
      assert.equal((await corrupt.run(['runtime', 'stop'], { timeoutMs: 60_000 })).code, 0);
      const db = path.join(corrupt.home, 'receipts.db');
      for (const suffix of ['-wal', '-shm']) fs.rmSync(db + suffix, { force: true });
      const bytes = fs.readFileSync(db);
      bytes.write('this is not an SQLite file', 0);
      fs.writeFileSync(db, bytes);
      const node = recordingNode(bins);
      const first = await corrupt.run(['run', '--task', 'store', '--request-id', 'after'], { input: 'return 2', asInstalled: true, env: node.env });
      assert.equal(first.code, 5, first.stdout + first.stderr);
      assert.match(first.stdout, /"name":"RuntimeStartFailed"/, first.stdout);
      assert.match(first.stdout, /receipts\.db/, first.stdout);
      assert.match(first.stdout, /not a readable SQLite database/, first.stdout);
      assert.equal(node.calls().filter(isRuntime).length, 1, `no second runtime: ${JSON.stringify(node.calls())}`);
      const next = await corrupt.run(['run', '--task', 'store', '--request-id', 'after'], { input: 'return 2', asInstalled: true });
      assert.equal(next.code, 0, next.stdout + next.stderr);
    } finally {
      await corrupt.dispose();
    }
  });
});

function runtimeLogOf(home: TabwrightHome): string {
  try {
    return fs.readFileSync(path.join(home.home, 'runtime.log'), 'utf8').slice(-3000);
  } catch {
    return '(no runtime.log)';
  }
}

describe('where the Node CLI would not start a runtime, neither does the native client', { skip }, () => {
  let scratch: TabwrightHome;
  before(() => { scratch = new TabwrightHome({ prefix: 'tw-native-nostart-' }); });
  after(() => fs.rmSync(scratch.home, { recursive: true, force: true }));

  /** The native client's and the Node CLI's answers, and what the native client's run left in `home`. */
  async function bothIn(home: string, args: string[], input: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<{ native: CliResult; node: CliResult; calls: NodeCall[]; entries: string[] }> {
    const node = recordingNode(scratch.home);
    const env = { ...node.env, ...extraEnv, TABWRIGHT_HOME: home };
    const native = await scratch.run(args, { input, asInstalled: true, env });
    const entries = fs.existsSync(home) && fs.statSync(home).isDirectory() ? fs.readdirSync(home).sort() : [];
    const viaNode = await scratch.run(args, { input, env, asInstalled: false });
    return { native, node: viaNode, calls: node.calls(), entries };
  }

  const run = ['run', '--task', 'cold', '--request-id', 'r1'];

  test('a TABWRIGHT_HOME that is some other folder gets no file, and the same refusal', async () => {
    const foreign = fs.mkdtempSync(path.join(scratch.home, 'project-'));
    fs.writeFileSync(path.join(foreign, 'notes.txt'), 'mine\n');
    const { native, node, calls, entries } = await bothIn(foreign, run, 'return 1');
    assert.deepEqual(entries, ['notes.txt'], 'nothing created in it');
    assert.equal(native.json.error.name, 'NotATabwrightHome', native.stdout);
    assert.equal(native.stdout, node.stdout);
    assert.equal(native.code, node.code);
    assert.deepEqual(calls.filter(isRuntime), [], 'no runtime started');
  });

  test('a TABWRIGHT_HOME that is a file: no runtime, the Node CLI says why', async () => {
    const file = path.join(scratch.home, 'a-file');
    fs.writeFileSync(file, 'not a folder\n');
    const { native, node, calls } = await bothIn(file, run, 'return 1');
    assert.equal(fs.readFileSync(file, 'utf8'), 'not a folder\n');
    assert.equal(native.stdout, node.stdout);
    assert.equal(native.code, node.code);
    assert.deepEqual(calls.filter(isRuntime), []);
  });

  test('no browser to launch, or an empty program: no runtime, no runtime.log, the Node CLI answers', async () => {
    const noBrowser = fs.mkdtempSync(path.join(scratch.home, 'home-'));
    const missing = await bothIn(noBrowser, run, 'return 1', { TABWRIGHT_BROWSER: path.join(scratch.home, 'no-such-browser') });
    assert.equal(missing.native.json.error.name, 'BrowserNotFound', missing.native.stdout);
    assert.equal(missing.native.stdout, missing.node.stdout);
    assert.equal(missing.entries.includes('runtime.log'), false);
    assert.deepEqual(missing.calls.filter(isRuntime), []);

    const empty = fs.mkdtempSync(path.join(scratch.home, 'home-'));
    const blank = await bothIn(empty, run, ' \n\t');
    assert.equal(blank.native.json.error.name, 'EmptyProgram', blank.native.stdout);
    assert.equal(blank.native.stdout, blank.node.stdout);
    assert.deepEqual(blank.entries, [], 'the home is left as it was');
    assert.deepEqual(blank.calls.filter(isRuntime), []);
  });
});
