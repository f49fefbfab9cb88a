// `npm run bench:announcements -- --base DIR`: what watching what pages announce (the
// runtime's MutationObserver in each document, runtime/announcements/) costs a program, A/B
// against another build of tabwright (DIR: a checkout of the commit before, built). Two flows,
// interleaved round by round, each in its own runtime and home:
// - the form flow of bench/economy.ts (goto, six fields, a file, submit, expect the note), one
//   program per round;
// - a page that churns (each click re-renders a 200-row table and updates a status region: every
//   batch of DOM changes reaches the observer), twenty clicks each checked, one program per round.
// Timed two ways: the CLI call's wall time, and inside the program (Date.now() around the steps
// after the goto). Medians, with the machine's load beside them.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { cliResult, PACKAGE_ROOT } from '../test/harness/tabwrightCli.js';
import { FixtureServer } from '../test/harness/fixtureServer.js';
import { startEconomyServer } from './economyPages.js';
import { describeConditions, machineConditions } from './machineConditions.js';
import { markdownTable } from './markdownTable.js';
import { median } from './median.js';

const argv = process.argv.slice(2);
const option = (name: string) => { const i = argv.indexOf(name); return i >= 0 ? argv[i + 1] : undefined; };
const base = option('--base');
const rounds = Number(option('--rounds') ?? 30);
if (!base || !fs.existsSync(path.join(base, 'bin', 'tabwright.js'))) {
  process.stderr.write('usage: npm run bench:announcements -- --base DIR [--rounds N]   (DIR: another built checkout, e.g. a worktree of main)\n');
  process.exit(2);
}

interface Build { name: string; cli: string; home: string }
const builds: Build[] = [
  { name: 'base', cli: path.join(base, 'bin', 'tabwright.js'), home: fs.mkdtempSync(path.join(os.tmpdir(), 'tw-bench-said-base-')) },
  { name: 'this', cli: path.join(PACKAGE_ROOT, 'bin', 'tabwright.js'), home: fs.mkdtempSync(path.join(os.tmpdir(), 'tw-bench-said-this-')) },
];

async function cli(build: Build, args: string[], input = ''): Promise<{ wallMs: number; json: { status?: string; result?: unknown } | undefined; stdout: string }> {
  const started = performance.now();
  const child = spawn(process.execPath, [build.cli, ...args], { env: { ...process.env, TABWRIGHT_HOME: build.home }, stdio: ['pipe', 'pipe', 'pipe'] });
  const result = await cliResult(child, input);
  return { wallMs: performance.now() - started, json: result.json, stdout: result.stdout };
}

const economy = await startEconomyServer();
const churn = await FixtureServer.start();
churn.page('/churn', `<!doctype html><title>Churn</title><button id="b">Refresh</button><p role="status" id="s">0</p><table><tbody id="t"></tbody></table>
<script>let n = 0; b.onclick = () => { n++; t.innerHTML = Array.from({ length: 200 }, (_, i) => '<tr><td>' + n + '</td><td>row ' + i + '</td><td>' + (i * n) + '</td></tr>').join(''); s.textContent = 'Refreshed ' + n; };</script>`);

const APPLY = `
const t0 = Date.now();
await page.getByLabel('Full name').fill('Ada Lovelace');
await page.getByRole('textbox', { name: 'Cover letter' }).fill('I would like to join the team.');
await page.getByLabel('Country').selectOption('Portugal');
await page.getByLabel('Birth date').fill('1990-04-12');
await page.getByLabel('Email').fill('ada@example.com');
await page.getByLabel('Phone').fill('+351 912 345 678');
await page.getByLabel('CV').setInputFiles({ name: 'cv.txt', mimeType: 'text/plain', buffer: Buffer.from('Ada Lovelace') });
await page.getByRole('button', { name: 'Submit application' }).click();
await expect(page.getByRole('status')).toContainText('received');
return Date.now() - t0;`;
const CHURN = `
const t0 = Date.now();
for (let i = 1; i <= 20; i++) {
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('status')).toHaveText('Refreshed ' + i);
}
return Date.now() - t0;`;

const flows = [
  { name: 'form (economy /apply)', url: economy.server.url('/apply'), program: APPLY },
  { name: 'churn (20 re-renders of 200 rows)', url: churn.url('/churn'), program: CHURN },
];

type Samples = Record<string, { wall: number[]; inProgram: number[] }>;
const samples: Record<string, Samples> = {};
const before = machineConditions();
try {
  for (const build of builds) {
    const warm = await cli(build, ['run', '--task', 'warm', '--request-id', 'warm', '--wait', '600'], 'return 1');
    if (warm.json?.status !== 'succeeded') throw new Error(`${build.name}: the runtime did not start: ${warm.stdout}`);
  }
  for (let round = 0; round < rounds; round++) {
    for (const flow of flows) {
      // Alternate which build goes first, so neither always runs on the warmer machine.
      const order = round % 2 ? [...builds].reverse() : builds;
      for (const build of order) {
        const task = `${build.name}-${flows.indexOf(flow)}`;
        await cli(build, ['run', '--task', task, '--request-id', `goto-${round}`, '--wait', '120'], `await page.goto(${JSON.stringify(flow.url)});`);
        const timed = await cli(build, ['run', '--task', task, '--request-id', `act-${round}`, '--wait', '120'], flow.program);
        if (timed.json?.status !== 'succeeded') throw new Error(`${build.name} ${flow.name}: ${timed.stdout}`);
        const entry = ((samples[flow.name] ??= {})[build.name] ??= { wall: [], inProgram: [] });
        entry.wall.push(timed.wallMs);
        entry.inProgram.push(Number(timed.json.result));
      }
    }
  }
} finally {
  for (const build of builds) {
    await cli(build, ['runtime', 'stop']).catch(() => undefined);
    fs.rmSync(build.home, { recursive: true, force: true });
  }
  await economy.server.close();
  await churn.close();
}
const after = machineConditions();
const rows = flows.flatMap(flow => builds.map(build => {
  const s = samples[flow.name][build.name];
  return [flow.name, build.name, `${median(s.wall).toFixed(1)} ms`, `${median(s.inProgram).toFixed(1)} ms`, String(s.wall.length)];
}));
process.stdout.write(`${markdownTable(['flow', 'build', 'CLI wall (median)', 'in the program (median)', 'rounds'], rows)}\n\n${describeConditions(before, after)}\n`);
