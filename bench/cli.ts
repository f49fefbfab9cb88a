// `npm run bench:cli`: what one `tabwright run` costs an agent. The median wall time of
// `tabwright run` for `return 1` on a warm runtime, beside the median of `node -e 0` measured
// in the same run (interleaved, so both see the same machine load), and the cold start: from
// `tabwright run` on a stopped runtime to its receipt.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { describeConditions, machineConditions } from './machineConditions.js';
import { isMainModule } from './mainModule.js';
import { markdownTable } from './markdownTable.js';
import { median, ms, percentile } from './median.js';
import { BenchHome, finalReceipt } from './timedCli.js';

export interface CliBenchResult {
  runs: number;
  warmRunMs: number[];
  nodeMs: number[];
  medianRunMs: number;
  medianNodeMs: number;
  ratio: number;
  /** Cold starts, the first in a fresh TABWRIGHT_HOME (profile created), the others after `runtime stop`. */
  coldMs: number[];
  coldReceiptDurationMs: number[];
  targets: { ratio: number; coldMs: number };
  conditions: string;
}

export interface CliBenchOptions { runs?: number; colds?: number; log?: (line: string) => void }

function timeNode(): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['-e', '0'], { stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdin.end();
    child.on('error', reject);
    child.on('close', () => resolve(performance.now() - started));
  });
}

async function waitForExit(pid: number | undefined, timeoutMs: number): Promise<void> {
  if (!pid) return;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise(r => setTimeout(r, 50));
  }
}

export async function runCliBench(options: CliBenchOptions = {}): Promise<CliBenchResult> {
  const runs = options.runs ?? 30;
  const colds = options.colds ?? 3;
  const log = options.log ?? (() => undefined);
  const before = machineConditions();
  const home = new BenchHome('cli');
  const coldMs: number[] = [];
  const coldReceiptDurationMs: number[] = [];
  const warmRunMs: number[] = [];
  const nodeMs: number[] = [];
  try {
    for (let i = 0; i < colds; i++) {
      if (i > 0) {
        const pid = home.runtimePid();
        await home.run(['runtime', 'stop'], { timeoutMs: 30_000 });
        await waitForExit(pid, 15_000);
      }
      const call = await home.submit('bench-cli', `cold-${i}`, 'return 1');
      const receipt = finalReceipt(call, `cold start ${i}`);
      coldMs.push(call.wallMs);
      const durationMs = await home.durationMs('bench-cli', `cold-${i}`);
      coldReceiptDurationMs.push(durationMs);
      log(`cold start ${i}: ${ms(call.wallMs)} (receipt durationMs ${durationMs})`);
    }
    for (let i = 0; i < 3; i++) finalReceipt(await home.submit('bench-cli', `warmup-${i}`, 'return 1'), 'warm-up');
    for (let i = 0; i < runs; i++) {
      nodeMs.push(await timeNode());
      const call = await home.submit('bench-cli', `warm-${i}`, 'return 1');
      const receipt = finalReceipt(call, `warm run ${i}`);
      if (receipt.status !== 'succeeded' || receipt.result !== 1) throw new Error(`warm run ${i}: ${call.stdout}`);
      warmRunMs.push(call.wallMs);
    }
  } finally {
    await home.dispose();
  }
  const medianRunMs = median(warmRunMs);
  const medianNodeMs = median(nodeMs);
  return { runs, warmRunMs, nodeMs, medianRunMs, medianNodeMs, ratio: medianRunMs / medianNodeMs, coldMs, coldReceiptDurationMs, targets: { ratio: 2.0, coldMs: 2000 }, conditions: describeConditions(before, machineConditions()) };
}

export function cliMarkdown(r: CliBenchResult): string {
  const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const rows = [
    [`tabwright run, return 1, warm runtime (median of ${r.runs})`, ms(r.medianRunMs), `p90 ${ms(percentile(r.warmRunMs, 90))}`, ''],
    [`node -e 0, same run, interleaved (median of ${r.runs})`, ms(r.medianNodeMs), `p90 ${ms(percentile(r.nodeMs, 90))}`, ''],
    ['ratio run / node', r.ratio.toFixed(2), `target <= ${r.targets.ratio.toFixed(1)}`, mark(r.ratio <= r.targets.ratio)],
    ...r.coldMs.map((c, i) => [
      `cold start ${i} (${i === 0 ? 'fresh home, new profile' : 'after runtime stop'}) to receipt`, ms(c),
      `receipt durationMs ${r.coldReceiptDurationMs[i]}`, `target < ${r.targets.coldMs} ms: ${mark(c < r.targets.coldMs)}`,
    ]),
  ];
  return `${markdownTable(['measure', 'value', 'detail', 'target'], rows)}\n\nWall time of the whole CLI process (spawn to exit). ${r.conditions}.`;
}

if (isMainModule(import.meta.url)) {
  const result = await runCliBench({ log: line => process.stderr.write(`${line}\n`) });
  console.log(cliMarkdown(result));
}
