// The switches that widen what tasks reach (--allow-adopt, --allow-file-urls, --browser-arg,
// --connect) are the decision of the person who ran `tabwright runtime start`, kept in
// start.json: the runtime is restarted by whichever command finds it down, and that command
// inherits an agent's shell, where a page's text can get any variable set. Issue 25.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TabwrightHome, hasBrowser } from './harness/tabwrightCli.js';
import { explain } from './harness/testAids.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
let folder: string;
let secretFile: string;

before(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-switches-'));
  secretFile = path.join(folder, 'secret.html');
  fs.writeFileSync(secretFile, '<title>secret</title><p>SECRET-FILE-CONTENT</p>');
});

after(() => {
  fs.rmSync(folder, { recursive: true, force: true });
});

/** A program that tries to read a local file through a page: the text, or the refusal. */
const readsFile = (file: string) => `
  return await page.goto(${JSON.stringify(`file://${file}`)}).then(() => page.locator('p').textContent(), e => 'refused: ' + e.message);`;

/** The command line the runtime launched its browser with. */
async function browserCommandLine(home: TabwrightHome): Promise<string[]> {
  const status = await home.run(['runtime', 'status']);
  const pid = Number(status.json?.browser?.pid);
  assert.ok(pid > 0, `no browser pid: ${status.stdout}`);
  return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
}

test('variables in the environment of the command that starts the runtime switch nothing on', { skip, timeout: 600_000 }, async () => {
  // An agent's shell, told by a page to set them.
  const home = new TabwrightHome({
    prefix: 'tw-switches-env-',
    start: {},
    env: {
      TABWRIGHT_ALLOW_FILE_URLS: '1',
      TABWRIGHT_ALLOW_ADOPT: '1',
      TABWRIGHT_BROWSER_ARGS: '--remote-debugging-port=0 --disable-web-security',
      // A browser to attach to instead of launching one (nothing listens there).
      TABWRIGHT_CDP_URL: 'http://127.0.0.1:9',
    },
  });
  try {
    const run = await home.program('env', 'r1', readsFile(secretFile));
    assert.equal(run.code, 0, explain(run, home));
    assert.match(run.json.result, /^refused: .*file: URLs are refused/, explain(run, home));
    assert.match(run.stderr, /TABWRIGHT_ALLOW_FILE_URLS is ignored: .*runtime start --allow-file-urls/, run.stderr);
    const status = await home.run(['runtime', 'status']);
    assert.equal(status.json.policy.connect, undefined, status.stdout);
    assert.equal(status.json.policy.allowFileUrls, false, status.stdout);
    assert.equal(status.json.policy.allowAdopt, false, status.stdout);
    assert.deepEqual(status.json.policy.browserArgs, [], status.stdout);
    const args = await browserCommandLine(home);
    assert.ok(!args.some(arg => arg.startsWith('--remote-debugging-port') || arg === '--disable-web-security'), `the browser got the variable's switches: ${args.join(' ')}`);
    // `runtime start` itself reads only its flags: the same environment asks for nothing else.
    const again = await home.run(['runtime', 'start']);
    assert.equal(again.code, 0, explain(again, home));
  } finally {
    await home.dispose();
  }
});

test('runtime start --allow-file-urls and --browser-arg are kept for later starts, and a start asking otherwise refuses', { skip, timeout: 600_000 }, async () => {
  const home = new TabwrightHome({ prefix: 'tw-switches-flags-', start: {} });
  try {
    const start = await home.run(['runtime', 'start', '--allow-file-urls', '--browser-arg=--site-per-process']);
    assert.equal(start.code, 0, explain(start, home));
    assert.equal(start.json.policy.allowFileUrls, true, start.stdout);
    assert.deepEqual(start.json.policy.browserArgs, ['--site-per-process']);
    assert.ok((await browserCommandLine(home)).includes('--site-per-process'));
    const read = await home.program('flags', 'r1', readsFile(secretFile));
    assert.equal(read.json.result, 'SECRET-FILE-CONTENT', explain(read, home));

    for (const [args, named] of [
      [['runtime', 'start'], /--allow-file-urls on/],
      [['runtime', 'start', '--allow-file-urls'], /--browser-arg --site-per-process/],
      [['runtime', 'start', '--browser-arg=--site-per-process'], /--allow-file-urls on/],
    ] as const) {
      const other = await home.run([...args]);
      assert.equal(other.code, 2, `${args.join(' ')}: ${other.stdout}`);
      assert.equal(other.json.error.name, 'RuntimeStartedOtherwise', other.stdout);
      assert.match(other.json.error.message, named, other.stdout);
    }
    const same = await home.run(['runtime', 'start', '--allow-file-urls', '--browser-arg=--site-per-process']);
    assert.equal(same.code, 0, same.stdout);

    // Stopped, then started again by an ordinary command in a shell with none of the flags.
    assert.equal((await home.run(['runtime', 'stop'], { timeoutMs: 60_000 })).code, 0);
    const later = await home.program('flags', 'r2', readsFile(secretFile));
    assert.equal(later.json.result, 'SECRET-FILE-CONTENT', explain(later, home));
    assert.ok((await browserCommandLine(home)).includes('--site-per-process'));
  } finally {
    await home.dispose();
  }
});
