// A client that stops reading is closed with a reason once the router has a bounded backlog
// for it (router/clientWire.ts CLIENT_BACKLOG_LIMIT), instead of the runtime buffering every
// reply and event for it without end; the task's other clients go on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { hasBrowser, testTimeout } from './harness/tabwrightCli.js';
import { RawCdpClient } from './harness/rawCdpClient.js';
import { RouterRuntime } from './harness/routerRuntime.js';
import { until } from './harness/testAids.js';

const skip = hasBrowser() ? false : 'no browser on this machine';

test('a client that does not read is closed with a reason once its backlog passes the bound; the task\'s other clients go on', { skip, timeout: testTimeout(4) }, async () => {
  const runtime = new RouterRuntime();
  try {
    await runtime.start();
    const endpoint = await runtime.endpoint('backlog');
    const client = await RawCdpClient.connect(endpoint);
    const { targetId } = await client.call('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await client.call('Target.attachToTarget', { targetId, flatten: true });
    client.pauseReading();
    // 24 replies of 8 MB each: 192 MB for a client that reads none of it, over the 128 MiB bound.
    for (let i = 0; i < 24; i++) client.post('Runtime.evaluate', { expression: "'x'.repeat(8e6)", returnByValue: true }, sessionId);
    const log = path.join(runtime.home.home, 'runtime.log');
    const line = await until('the router to close the client that does not read', () =>
      fs.readFileSync(log, 'utf8').split('\n').find(l => /closed a client of task backlog: the client did not read/.test(l)));
    assert.match(line, /MiB waited to be sent to it/);
    client.resumeReading();
    const code = await client.closed;
    // The close reaches a client that reads again before the WebSocket's close timeout; the socket is gone either way.
    if (code === 1008) assert.match(client.closeReason ?? '', /the client did not read/);
    else assert.equal(code, 1006, `closed with ${code} ${client.closeReason}`);
    // The task and the router are fine: another client on the same endpoint works.
    const other = await RawCdpClient.connect(endpoint);
    const { targetInfos } = await other.call('Target.getTargets');
    assert.ok(targetInfos.some((t: { targetId: string }) => t.targetId === targetId));
    other.close();
  } finally {
    await runtime.dispose();
  }
});
