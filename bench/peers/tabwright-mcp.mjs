// Peer: tabwright over MCP (`tabwright mcp`), the same two programs per flow as the
// `tabwright` peer, each sent as one MCP tools/call to the `run` tool, driven with the MCP
// SDK client as an agent host would. Bytes = the text content of each result (the receipt),
// as for playwright-mcp.
//
// TABWRIGHT_CHECKOUT names the tabwright checkout (after npm run setup); its
// bin/tabwright.js mcp is spawned with this Node, with its own TABWRIGHT_HOME under PEERS_TMP.
// Drop this file into the harness's peers/ and register it in peers/index.mjs
// (see bench/peers/README.md in the tabwright repository).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { observe, ACT, SEES, PAGES } from '../lib/programs.mjs';
import { median, round } from '../lib/harness.mjs';

const CHECKOUT = process.env.TABWRIGHT_CHECKOUT;
const TMP = process.env.PEERS_TMP || '/tmp/peers-bench';

export function tabwrightMcpPeer() {
  if (!CHECKOUT) throw new Error('set TABWRIGHT_CHECKOUT to the tabwright checkout');
  const bin = join(CHECKOUT, 'bin', 'tabwright.js');
  const home = join(TMP, 'tw-mcp-home');
  let seq = 0;
  let lastTask = null;
  let session = null;
  const rid = () => `peers-mcp-${process.pid}-${++seq}`;

  async function connect(homeDir) {
    const transport = new StdioClientTransport({
      command: process.execPath, args: [bin, 'mcp'], stderr: 'pipe',
      env: { ...process.env, TABWRIGHT_HOME: homeDir },
    });
    let tail = '';
    transport.stderr?.on('data', (b) => { tail = (tail + b).slice(-4000); });
    const client = new Client({ name: 'peers-bench', version: '0.0.0' });
    await client.connect(transport);
    return { client, transport, stderrTail: () => tail };
  }
  /** Stops the runtime of a home with the CLI (the MCP server has no tool for that on purpose). */
  function stopRuntime(homeDir) {
    spawnSync(process.execPath, [bin, 'runtime', 'stop'], { env: { ...process.env, TABWRIGHT_HOME: homeDir }, stdio: 'ignore' });
  }
  const textOf = (res) => (res.content || []).filter((c) => c.type === 'text').map((c) => c.text).join('\n');

  async function raw(client, task, source, requestId = rid()) {
    const t = performance.now();
    const res = await client.callTool({ name: 'run', arguments: { task, requestId, program: source } }, undefined, { timeout: 120000 });
    const text = textOf(res);
    return { text, bytes: Buffer.byteLength(text, 'utf8'), isError: !!res.isError, ms: performance.now() - t };
  }
  async function program(run, task, label, source) {
    lastTask = task;
    const requestId = rid();
    let r = await raw(session.client, task, source, requestId);
    run.record({ tool: 'run', label, args: label, ms: r.ms, bytes: r.bytes, ok: !r.isError,
      note: r.isError ? r.text.slice(0, 300) : undefined });
    let receipt = JSON.parse(r.text.split('\n')[0]);
    // Not final within the wait (a loaded machine): ask again, as the receipt says; each ask is a counted call.
    while (!r.isError && (receipt.status === 'queued' || receipt.status === 'running')) {
      const t = performance.now();
      const res = await session.client.callTool({ name: 'receipt', arguments: { task, requestId, waitSeconds: 30 } }, undefined, { timeout: 120000 });
      const text = textOf(res);
      r = { text, bytes: Buffer.byteLength(text, 'utf8'), isError: !!res.isError, ms: performance.now() - t };
      run.record({ tool: 'receipt', label, args: label, ms: r.ms, bytes: r.bytes, ok: !r.isError });
      receipt = JSON.parse(text.split('\n')[0]);
    }
    if (r.isError || receipt.status !== 'succeeded') throw new Error(`tabwright mcp run (${label}): ${r.text.slice(0, 600)}`);
    return receipt.result;
  }
  const flow = (name, task) => async (run, ctx) => {
    const snap = await program(run, task, 'observe', observe(ctx.url(PAGES[name])));
    if (!SEES[name].test(snap)) throw new Error('snapshot lacks what the flow needs');
    return await program(run, task, 'act+verify', ACT[name]());
  };

  const version = JSON.parse(readFileSync(join(CHECKOUT, 'package.json'), 'utf8')).version;
  return {
    name: 'tabwright-mcp', version,
    description: `tabwright ${version} as an MCP server (\`tabwright mcp\`, MCP SDK client over stdio): the same two programs per flow as \`tabwright\`, one tools/call each`,
    async setup(ctx) {
      mkdirSync(home, { recursive: true });
      stopRuntime(home);
      const t0 = performance.now();
      session = await connect(home);
      const connectMs = performance.now() - t0;
      const tools = await session.client.listTools();
      const t1 = performance.now();
      const r = await raw(session.client, 'cold', `await page.goto(${JSON.stringify(ctx.url('index.html'))}); return 1;`);
      const firstCallMs = performance.now() - t1;
      if (r.isError) throw new Error('tabwright mcp cold run failed: ' + r.text + session.stderrTail());
      return {
        coldStartMs: round(connectMs + firstCallMs),
        coldStartWhat: 'spawn `tabwright mcp` + MCP initialize + first `run` with no runtime (runtime + Chromium launch + worker + navigation)',
        connectMs: round(connectMs), firstCallMs: round(firstCallMs),
        toolCount: tools.tools.length,
        toolsListBytes: Buffer.byteLength(JSON.stringify(tools.tools), 'utf8'),
        toolsListResultBytes: Buffer.byteLength(JSON.stringify(tools), 'utf8'),
        instructionsBytes: Buffer.byteLength(session.client.getInstructions() ?? '', 'utf8'),
        serverPid: session.transport.pid,
      };
    },
    flows: { datepicker: flow('datepicker', 'dp'), table: flow('table', 'tb'), form: flow('form', 'fm') },
    async coldStart(ctx) {
      const coldHome = join(TMP, 'tw-mcp-cold-' + (++seq));
      mkdirSync(coldHome, { recursive: true });
      const t0 = performance.now();
      const c = await connect(coldHome);
      const connectMs = performance.now() - t0;
      const t1 = performance.now();
      const r = await raw(c.client, 'cold', `await page.goto(${JSON.stringify(ctx.url('index.html'))}); return 1;`);
      const firstCallMs = performance.now() - t1;
      try { await c.client.close(); } catch {}
      stopRuntime(coldHome);
      if (r.isError) throw new Error('cold run failed: ' + r.text);
      return { ms: round(connectMs + firstCallMs), connectMs: round(connectMs), firstCallMs: round(firstCallMs) };
    },
    async inspect(expr) {
      const r = await raw(session.client, lastTask, `return await page.evaluate(() => ${expr});`);
      if (r.isError) throw new Error('inspect failed: ' + r.text);
      return JSON.parse(r.text.split('\n')[0]).result;
    },
    async extras(ctx, n = 20) {
      const ms = [];
      for (let i = 0; i < n; i++) {
        const r = await raw(session.client, 'lat', 'return 1');
        if (r.isError) throw new Error('warm run failed: ' + r.text);
        ms.push(r.ms);
      }
      return {
        [`warm \`run\` tools/call of \`return 1\` ms (median of ${n})`]: round(median(ms)),
        'server instructions bytes (sent once, at initialize)': Buffer.byteLength(session.client.getInstructions() ?? '', 'utf8'),
      };
    },
    async teardown() {
      const pid = session?.transport.pid;
      try { await session?.client.close(); } catch {}
      stopRuntime(home);
      return { serverPid: pid };
    },
  };
}
