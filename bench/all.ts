// `npm run bench`: the fast parts of every bench, one after another (never two at once: the
// timings would measure each other), written to bench/results/latest.json and latest.md so two
// commits can be compared. `--full` runs the full sizes (192 controlled pairs, 8 x 50 tasks).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { cliMarkdown, runCliBench } from './cli.js';
import { controlledMarkdown, runControlled } from './controlled.js';
import { economyMarkdown, runEconomy } from './economy.js';
import { describeConditions, machineConditions } from './machineConditions.js';
import { markdownTable } from './markdownTable.js';
import { runTasksBench, tasksMarkdown } from './tasks.js';
import type { RouterBenchOptions } from './router.js';

const full = process.argv.includes('--full');
const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const resultsDir = path.join(packageRoot, 'bench', 'results');
const log = (line: string) => process.stderr.write(`${line}\n`);

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: packageRoot, encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

interface Section { name: string; ok: boolean; seconds: number; result?: unknown; markdown: string; error?: string }

async function section(name: string, run: () => Promise<{ result: unknown; markdown: string }>): Promise<Section> {
  log(`\n== ${name} ==`);
  const t0 = performance.now();
  try {
    const { result, markdown } = await run();
    const seconds = (performance.now() - t0) / 1000;
    process.stdout.write(`\n## ${name}\n\n${markdown}\n`);
    return { name, ok: true, seconds, result, markdown };
  } catch (error) {
    const message = error instanceof Error ? error.stack ?? error.message : String(error);
    log(`${name} failed: ${message}`);
    return { name, ok: false, seconds: (performance.now() - t0) / 1000, markdown: `FAILED: ${message.split('\n')[0]}`, error: message };
  }
}

/** bench/router.ts belongs to the router; run it when it exists (its tables go to the log and the results file). */
async function routerSection(): Promise<{ result: unknown; markdown: string }> {
  const specifier = './router.js';
  let module: { runRouterBench?: (options?: RouterBenchOptions) => Promise<Record<string, number>> };
  try {
    module = await import(specifier);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND') return { result: null, markdown: 'bench/router.ts is not there yet: skipped.' };
    throw error;
  }
  if (typeof module.runRouterBench !== 'function') return { result: null, markdown: 'bench/router.ts exports no runRouterBench(): skipped.' };
  // With the floors: each run shows beside the router what a relay that does nothing costs then.
  let tables = '';
  const result = await module.runRouterBench({ floor: true, report: text => { tables = text; log(text); } });
  const rows = Object.entries(result).map(([key, value]) => [key, Number.isInteger(value) ? String(value) : value.toFixed(3)]);
  return { result, markdown: `${tables.trim()}\n\n${markdownTable(['measure', 'value'], rows)}` };
}

const before = machineConditions();
// BENCH_COMMIT names the commit when the bench runs from an exported tree (git archive) with no .git.
const gitCommit = git(['rev-parse', '--short', 'HEAD']);
const commit = gitCommit || process.env.BENCH_COMMIT || '';
const dirty = gitCommit !== '' && git(['status', '--porcelain', '--untracked-files=no']) !== '';
const started = performance.now();
const sections: Section[] = [];
sections.push(await section('CLI', async () => {
  const result = await runCliBench({ runs: 30, colds: full ? 3 : 2, log });
  return { result, markdown: cliMarkdown(result) };
}));
sections.push(await section('Router', routerSection));
sections.push(await section('Tasks', async () => {
  const result = await runTasksBench({ tasks: 8, programsPerTask: full ? 50 : 10, phaseBudgetMs: full ? 180_000 : 60_000, log });
  return { result, markdown: tasksMarkdown(result) };
}));
sections.push(await section('Controlled suite', async () => {
  const result = await runControlled({ reduced: !full, log });
  // The per-attempt log is long; the JSON keeps the tallies and the differences.
  const { attempts: _attempts, ...summary } = result;
  return { result: summary, markdown: controlledMarkdown(result) };
}));
sections.push(await section('Economy', async () => {
  const result = await runEconomy({ repeats: 3, log });
  return { result, markdown: economyMarkdown(result) };
}));

const conditions = describeConditions(before, machineConditions());
const header = [
  `# tabwright bench${full ? ' (full)' : ' (fast parts)'}`,
  '',
  `Commit ${commit || 'unknown'}${dirty ? ' with uncommitted changes' : ''}, ${new Date().toISOString()}, ${((performance.now() - started) / 1000).toFixed(0)} s in all. ${conditions}.`,
  '',
  markdownTable(['bench', 'ran', 'seconds'], sections.map(s => [s.name, s.ok ? 'ok' : 'FAILED', s.seconds.toFixed(0)])),
].join('\n');
const markdown = `${header}\n${sections.map(s => `\n## ${s.name}\n\n${s.markdown}\n`).join('')}`;
fs.mkdirSync(resultsDir, { recursive: true });
fs.writeFileSync(path.join(resultsDir, 'latest.md'), markdown);
fs.writeFileSync(path.join(resultsDir, 'latest.json'), `${JSON.stringify({ commit, dirty, full, conditions, at: new Date().toISOString(), sections }, null, 2)}\n`);
log(`\nwrote ${path.join(resultsDir, 'latest.md')} and latest.json`);
process.exitCode = sections.every(s => s.ok) ? 0 : 1;
