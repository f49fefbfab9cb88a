// A real runtime for router tests: started through the CLI in a private TABWRIGHT_HOME,
// task endpoints from `tabwright endpoint`, and a watcher client on another task that records
// every Target.* event it gets (to assert it saw nothing of this task's targets).
import assert from 'node:assert/strict';
import { TabwrightHome, runtimeLog } from './tabwrightCli.js';
import { RawCdpClient } from './rawCdpClient.js';
import { startFlags, type StartSettings } from '../../contract/startSettings.js';

export class RouterRuntime {
  readonly home: TabwrightHome;
  readonly watchers: RawCdpClient[] = [];

  /** `start`: the home's own start settings (a browser to connect to, or `{}` for a launched one whatever the matrix). */
  constructor(options: { start?: StartSettings } = {}) {
    this.home = new TabwrightHome({ prefix: 'tw-router-', ...options });
  }

  /** `runtime start` with this home's settings (a stand-in browser in the connected matrix) and `extra`. */
  async start(extra: StartSettings = {}): Promise<void> {
    const settings = { ...(await this.home.startSettings()), ...extra };
    // Cross-site iframes run in their own processes (as in Playwright's OOPIF tests) by the
    // runtime's own switches (transport/browserProcess.ts); a connected browser has its own.
    const flags = startFlags(settings);
    const started = await this.home.run(['runtime', 'start', ...flags]);
    assert.equal(started.code, 0, `runtime start failed: ${started.stdout} ${started.stderr} ${runtimeLog(this.home)}`);
  }

  async endpoint(task: string): Promise<string> {
    const answer = await this.home.run(['endpoint', '--task', task]);
    assert.equal(answer.code, 0, answer.stdout + answer.stderr);
    return answer.json.endpoint as string;
  }

  /** A raw client on `task` with auto-attach and discovery on, recording everything it is shown. */
  async watch(task: string): Promise<RawCdpClient> {
    const client = await RawCdpClient.connect(await this.endpoint(task));
    await client.call('Target.setDiscoverTargets', { discover: true });
    await client.call('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: true });
    this.watchers.push(client);
    return client;
  }

  async dispose(): Promise<void> {
    for (const watcher of this.watchers) watcher.close();
    await this.home.dispose();
  }
}

/** The real target id of a Playwright page (its main frame id), asked over a CDP session. */
export async function targetIdOf(page: import('playwright-core').Page): Promise<string> {
  const session = await page.context().newCDPSession(page);
  try {
    const { targetInfo } = await session.send('Target.getTargetInfo') as { targetInfo: { targetId: string } };
    return targetInfo.targetId;
  } finally {
    await session.detach().catch(() => {});
  }
}
