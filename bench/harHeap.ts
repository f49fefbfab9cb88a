// `node dist/bench/harHeap.js [--cli PATH] [--mib N]`: the task worker's heap while `run --har`
// records a media-heavy page (issue 38, item 11). The page fetches N MiB of media in 2 MiB
// files; the program samples its worker's heap (process.memoryUsage() in a worker is its own
// isolate's) every 5 ms from before the page loads until the next program reads the peak, so
// the HAR's save after the program (where it was read whole) is in it too. Without --har as a
// baseline. `--cli` runs another checkout's CLI (`--cli /work/main/bin/tabwright.js`: before).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { FixtureServer } from '../test/harness/fixtureServer.js';
import { CLI } from '../test/harness/tabwrightCli.js';

const { values } = parseArgs({ options: { cli: { type: 'string' }, mib: { type: 'string' } } });
const cli = values.cli ?? CLI;
const FILE_MIB = 2;
const files = Math.max(1, Math.round(Number(values.mib ?? 64) / FILE_MIB));

function run(home: string, args: string[], input = ''): Promise<any> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { env: { ...process.env, TABWRIGHT_HOME: home }, stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', chunk => { out += chunk; });
    child.on('error', reject);
    child.on('close', () => { try { resolve(JSON.parse(out)); } catch { reject(new Error(out)); } });
    child.stdin.end(input);
  });
}

const SAMPLE = `globalThis.__heap = { peak: process.memoryUsage().heapUsed, start: process.memoryUsage().heapUsed };
globalThis.__heap.timer = setInterval(() => { globalThis.__heap.peak = Math.max(globalThis.__heap.peak, process.memoryUsage().heapUsed); }, 5);`;
const READ = `clearInterval(globalThis.__heap.timer); return { start: globalThis.__heap.start, peak: globalThis.__heap.peak, now: process.memoryUsage().heapUsed };`;

async function main(): Promise<void> {
  const server = await FixtureServer.start();
  const media = randomBytes(FILE_MIB * 1024 * 1024);
  for (let i = 0; i < files; i++) server.route(`/media/${i}.bin`, (_req, res) => { res.writeHead(200, { 'content-type': 'video/mp4' }).end(media); });
  server.page('/media', `<title>Media</title><script>
    window.loaded = 0;
    for (let i = 0; i < ${files}; i++) fetch('/media/' + i + '.bin').then(r => r.arrayBuffer()).then(() => window.loaded++);
  </script>`);
  const rows: string[] = [];
  for (const har of [false, true]) {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-har-heap-'));
    try {
      const task = har ? 'with-har' : 'without';
      const first = await run(home, ['run', '--task', task, '--request-id', 'load', '--wait', '600', ...(har ? ['--har'] : [])], `${SAMPLE}
await page.goto(${JSON.stringify(server.url('/media'))});
await page.waitForFunction(n => window.loaded === n, ${files}, { timeout: 300000 });
// The recorder fetches each body after its response ends: give it a moment to hold them all.
await page.waitForTimeout(3000);
return 'loaded';`);
      const read = await run(home, ['run', '--task', task, '--request-id', 'read', '--wait', '120'], READ);
      const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
      const harFile = (first.artifacts ?? []).find((a: { path: string }) => a.path.endsWith('.har'));
      const line = `| ${har ? '--har' : 'no --har'} | ${first.status}${first.error ? ` (${first.error.name})` : ''} | ${read.result ? mib(read.result.start) : '?'} | ${read.result ? mib(read.result.peak) : '?'} | ${harFile ? mib(harFile.bytes) : '-'} |`;
      console.error(line);
      rows.push(line);
      await run(home, ['runtime', 'stop']);
    } finally {
      fs.rmSync(home, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    }
  }
  await server.close();
  console.log(`Worker heap, ${files * FILE_MIB} MiB of media in ${files} fetches (${path.relative(process.cwd(), cli) || cli}):\n`);
  console.log('| run | status | heap before the page, MiB | peak heap through the HAR\'s save, MiB | HAR file, MiB |\n|---|---|---|---|---|');
  console.log(rows.join('\n'));
}

await main();
