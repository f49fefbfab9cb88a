// `npm run bench:controlled`: the four controlled scenarios of ../shared/brief.md ("Controlled
// tests the design was judged by"), through the real CLI and runtime. Each pair is a control
// attempt (coordinate click, first match, forced click, "the click returned") and a treatment
// attempt (locator, strict locator, normal click, expect), control first, each on a fresh
// document; verdicts come from the page's own counters and state, read back after the attempt.
// The verdicts are exact, so a reduced run is also a test (test/controlled.test.ts).
import { performance } from 'node:perf_hooks';
import type { Receipt } from '../contract/receipt.js';
import { startControlledServer } from './controlledPages.js';
import { duplicateFlow, FINAL_READ, movedFlow, overlayFlow, READ, saveFlow } from './controlledFlows.js';
import { isMainModule } from './mainModule.js';
import { startCpuBurner } from './cpuBurner.js';
import { describeConditions, machineConditions } from './machineConditions.js';
import { markdownTable } from './markdownTable.js';
import { BenchHome, finalReceipt } from './timedCli.js';

export type Scenario = 'moved button' | 'duplicate label' | 'overlay' | 'delayed save';
export const SCENARIOS: readonly Scenario[] = ['moved button', 'duplicate label', 'overlay', 'delayed save'];

/** correct: did the right thing (or reported the truth); stopped: threw and sent no wrong input; wrong: acted on the wrong thing or claimed a success that did not happen. */
export type Verdict = 'correct' | 'stopped' | 'wrong';
type Arm = 'control' | 'treatment';

export interface Attempt {
  scenario: Scenario;
  pair: number;
  arm: Arm | 'recovery';
  variant: string;
  verdict: Verdict;
  status: Receipt['status'];
  /** The page's counters read back after the attempt. */
  readBack: unknown;
  error?: Receipt['error'];
}

export interface Counts { correct: number; stopped: number; wrong: number }

export interface ScenarioRow {
  scenario: Scenario;
  pairs: number;
  firstAttempts: number;
  treatment: Counts;
  control: Counts;
  recoveries: number;
}

export interface Check { scenario: Scenario; name: string; expected: number; got: number }

export interface ControlledResult {
  reduced: boolean;
  rows: ScenarioRow[];
  expectedRows: ScenarioRow[];
  checks: Check[];
  /** Human-readable list of every cell or check that differs from the expected split; empty when all match. */
  differs: string[];
  attempts: Attempt[];
  durationMs: number;
}

export interface ControlledOptions {
  /** A quarter of the pairs (12 per scenario), same proportions: for CI. */
  reduced?: boolean;
  /** Progress lines (stderr by default when run directly). */
  log?: (line: string) => void;
  /**
   * Run the four scenarios as four concurrent tasks (default false). In sequence, a scenario's
   * deadlines measure the scenario, not how the scheduler shares two cores among four.
   */
  parallel?: boolean;
  /** The whole run gives up (and throws) after this long; default 60 min, 30 min reduced (in sequence, on a loaded machine); --budget-minutes=N when run directly. */
  budgetMs?: number;
  /**
   * The overlay scenario's click timeout (the brief's 500 ms by default). The verdicts do not
   * depend on it, only how long a covered click waits; a loaded CI machine needs more.
   */
  clickTimeoutMs?: number;
  /** The delayed save's expect deadline (the brief's 700 ms by default; saves land by 240 ms). */
  saveDeadlineMs?: number;
}

const CONTROL_NAMES: Record<Scenario, string> = {
  'moved button': 'coordinate click (box taken before the change)',
  'duplicate label': 'first match (.first())',
  'overlay': 'click({force: true})',
  'delayed save': 'the click returned',
};
const TREATMENT_NAMES: Record<Scenario, string> = {
  'moved button': 'locator click',
  'duplicate label': 'strict locator, then scoped recovery',
  'overlay': 'normal click, 500 ms timeout',
  'delayed save': "expect toHaveText('Saved', 700 ms)",
};

/** The split the brief reports, scaled to `pairs` per scenario. */
export function expectedRows(pairs: number): ScenarioRow[] {
  const half = pairs / 2;
  const unique = pairs / 3;
  const duplicated = pairs - unique;
  return [
    { scenario: 'moved button', pairs, firstAttempts: 2 * pairs, treatment: { correct: pairs, stopped: 0, wrong: 0 }, control: { correct: half, stopped: 0, wrong: half }, recoveries: 0 },
    { scenario: 'duplicate label', pairs, firstAttempts: 2 * pairs, treatment: { correct: unique, stopped: duplicated, wrong: 0 }, control: { correct: unique + duplicated / 2, stopped: 0, wrong: duplicated / 2 }, recoveries: duplicated },
    { scenario: 'overlay', pairs, firstAttempts: 2 * pairs, treatment: { correct: half, stopped: half, wrong: 0 }, control: { correct: half, stopped: 0, wrong: half }, recoveries: 0 },
    { scenario: 'delayed save', pairs, firstAttempts: 2 * pairs, treatment: { correct: half, stopped: half, wrong: 0 }, control: { correct: half, stopped: 0, wrong: half }, recoveries: 0 },
  ];
}

interface Context {
  home: BenchHome;
  origin: string;
  task: string;
  log: (line: string) => void;
  attempts: Attempt[];
  checks: Map<string, Check>;
  deadline: number;
  clickTimeoutMs: number;
  saveDeadlineMs: number;
}

/** Called before each pair: a stalled runtime must not keep the bench running for hours. */
function withinBudget(ctx: Context, scenario: Scenario, pair: number): void {
  if (performance.now() > ctx.deadline) throw new Error(`controlled suite: time budget exceeded in "${scenario}" before pair ${pair}`);
}

function check(ctx: Context, scenario: Scenario, name: string, expected: number, passed: boolean): void {
  const key = `${scenario}\u0000${name}`;
  const entry = ctx.checks.get(key) ?? { scenario, name, expected: 0, got: 0 };
  entry.expected += expected;
  if (passed) entry.got += 1;
  ctx.checks.set(key, entry);
}

async function submit(ctx: Context, requestId: string, program: string): Promise<Receipt> {
  const call = await ctx.home.submit(ctx.task, requestId, program);
  return finalReceipt(call, `${ctx.task}/${requestId}`);
}

/** Reads `window.bench` in a separate program (after an attempt that threw). */
async function readBack(ctx: Context, requestId: string, waitForFinal = false): Promise<Record<string, any>> {
  const wait = waitForFinal ? 'await page.waitForFunction(() => window.bench.final !== null, null, { timeout: 5000 });\n' : '';
  const receipt = await submit(ctx, `${requestId}-readback`, `${wait}return await page.evaluate(() => window.bench);`);
  if (receipt.status !== 'succeeded') throw new Error(`read-back ${requestId} failed: ${JSON.stringify(receipt.error)}`);
  return receipt.result as Record<string, any>;
}

/** Runs one attempt: the program ends with `return await page.evaluate(() => window.bench)`; when it throws, the counters are read by a second program. */
async function attempt(ctx: Context, requestId: string, program: string, waitForFinal = false): Promise<{ receipt: Receipt; bench: Record<string, any> }> {
  const receipt = await submit(ctx, requestId, program);
  const bench = receipt.status === 'succeeded' ? receipt.result as Record<string, any> : await readBack(ctx, requestId, waitForFinal);
  return { receipt, bench };
}

function record(ctx: Context, entry: Omit<Attempt, 'status' | 'error'>, receipt: Receipt): void {
  ctx.attempts.push({ ...entry, status: receipt.status, ...(receipt.error ? { error: receipt.error } : {}) });
}

async function movedButton(ctx: Context, pairs: number): Promise<void> {
  const scenario: Scenario = 'moved button';
  for (let pair = 0; pair < pairs; pair++) {
    withinBudget(ctx, scenario, pair);
    const flow = movedFlow(ctx.origin, pair);
    const { url, variant: change } = flow;
    const control = await attempt(ctx, `moved-${pair}-control`, `
      await page.goto(${JSON.stringify(url)});
      const box = await page.getByRole('button', { name: 'Save draft' }).boundingBox();
      await page.evaluate(() => window.applyChange());
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      ${READ}`);
    const treatment = await attempt(ctx, `moved-${pair}-treatment`, flow.program);
    for (const [arm, { receipt, bench }] of [['control', control], ['treatment', treatment]] as const) {
      const hitWrong = bench.decoy > 0 || bench.elsewhere > 0;
      const verdict: Verdict = hitWrong ? 'wrong' : receipt.status !== 'succeeded' ? 'stopped' : bench.target === 1 ? 'correct' : 'wrong';
      record(ctx, { scenario, pair, arm, variant: change, verdict, readBack: bench }, receipt);
    }
  }
}

async function duplicateLabel(ctx: Context, pairs: number): Promise<void> {
  const scenario: Scenario = 'duplicate label';
  let uniqueSeen = 0;
  let duplicatedSeen = 0;
  for (let pair = 0; pair < pairs; pair++) {
    withinBudget(ctx, scenario, pair);
    // Every third pair is unique; within each kind, the intended region alternates first/second.
    const flow = duplicateFlow(ctx.origin, pair, pair % 3 !== 0 ? duplicatedSeen++ : uniqueSeen++);
    const { url, label, duplicated, shippingFirst } = flow;
    const variant = `${duplicated ? 'duplicated' : 'unique'}, intended ${shippingFirst ? 'first' : 'second'}`;
    const judge = (receipt: Receipt, bench: Record<string, any>): Verdict =>
      bench.other > 0 ? 'wrong' : receipt.status !== 'succeeded' ? (bench.intended === 0 ? 'stopped' : 'wrong') : bench.intended === 1 ? 'correct' : 'wrong';

    const control = await attempt(ctx, `duplicate-${pair}-control`, `
      await page.goto(${JSON.stringify(url)});
      await page.getByRole('button', { name: ${JSON.stringify(label)} }).first().click();
      ${READ}`);
    record(ctx, { scenario, pair, arm: 'control', variant, verdict: judge(control.receipt, control.bench), readBack: control.bench }, control.receipt);

    const treatmentId = `duplicate-${pair}-treatment`;
    const treatment = await submit(ctx, treatmentId, flow.program);
    if (treatment.status === 'succeeded') {
      const bench = treatment.result as Record<string, any>;
      record(ctx, { scenario, pair, arm: 'treatment', variant, verdict: judge(treatment, bench), readBack: bench }, treatment);
      continue;
    }
    // Refused: the next program reads the counters (no input may have been sent), then
    // tightens the query to the intended region, as agents did after a strict-mode failure.
    const message = treatment.error?.message ?? '';
    check(ctx, scenario, 'refusals saying "strict mode violation"', duplicated ? 1 : 0, /strict mode violation/.test(message));
    check(ctx, scenario, 'refusals listing both matches in error.matches', duplicated ? 1 : 0, treatment.error?.matches?.length === 2);
    const recovery = await submit(ctx, `${treatmentId}-recovery`, `
      const before = await page.evaluate(() => ({ ...window.bench }));
      await page.getByRole('region', { name: 'Shipping address' }).getByRole('button', { name: ${JSON.stringify(label)} }).click();
      return { before, after: await page.evaluate(() => window.bench) };`);
    const { before, after } = (recovery.result ?? { before: undefined, after: undefined }) as Record<string, any>;
    record(ctx, { scenario, pair, arm: 'treatment', variant, verdict: before ? judge(treatment, before) : 'wrong', readBack: before }, treatment);
    const recovered = recovery.status === 'succeeded' && after?.intended === 1 && after?.other === 0;
    record(ctx, { scenario, pair, arm: 'recovery', variant, verdict: recovered ? 'correct' : 'wrong', readBack: after }, recovery);
  }
}

/**
 * The brief's 500 ms is how long a normal click waits for a covered control to become
 * clickable. A forced click waits for nothing, so a 500 ms timeout on it would measure only
 * the scheduler: with both cores busy, Playwright in-process also misses it about once in 150
 * clicks on a clear button (a CDP round trip stalled past 500 ms after "done scrolling").
 */
const FORCED_CLICK_TIMEOUT_MS = 5_000;

async function overlay(ctx: Context, pairs: number): Promise<void> {
  const scenario: Scenario = 'overlay';
  for (let pair = 0; pair < pairs; pair++) {
    withinBudget(ctx, scenario, pair);
    const flow = overlayFlow(ctx.origin, pair, ctx);
    const { url, covered } = flow;
    const judge = (receipt: Receipt, bench: Record<string, any>): Verdict =>
      bench.overlay > 0 ? 'wrong' : receipt.status !== 'succeeded' ? (bench.target === 0 ? 'stopped' : 'wrong') : bench.target === 1 ? 'correct' : 'wrong';
    // Both clicks start once the button is there (and Playwright's script is in the new
    // document), so the 500 ms measure the click itself, not the page load before it.
    const control = await attempt(ctx, `overlay-${pair}-control`, `
      await page.goto(${JSON.stringify(url)});
      await page.getByRole('button', { name: 'Accept terms' }).waitFor();
      await page.getByRole('button', { name: 'Accept terms' }).click({ force: true, timeout: ${FORCED_CLICK_TIMEOUT_MS} });
      ${READ}`);
    const treatment = await attempt(ctx, `overlay-${pair}-treatment`, flow.program);
    const variant = covered ? 'covered' : 'clear';
    record(ctx, { scenario, pair, arm: 'control', variant, verdict: judge(control.receipt, control.bench), readBack: control.bench }, control.receipt);
    record(ctx, { scenario, pair, arm: 'treatment', variant, verdict: judge(treatment.receipt, treatment.bench), readBack: treatment.bench }, treatment.receipt);
    if (covered) {
      const error = treatment.receipt.error;
      check(ctx, scenario, 'forced clicks on covered: target 0, overlay 1', 1, control.receipt.status === 'succeeded' && control.bench.target === 0 && control.bench.overlay === 1);
      check(ctx, scenario, 'normal clicks on covered: TimeoutError, target 0, overlay 0', 1, error?.name === 'TimeoutError' && treatment.bench.target === 0 && treatment.bench.overlay === 0);
      check(ctx, scenario, 'blocking element named in error.blockedBy', 1, /promo-overlay/.test(error?.blockedBy ?? ''));
      // Not also in error.message: since issue 10 the message keeps only what the structured
      // fields (blockedBy, call, waitingFor) do not say.
    }
  }
}

async function delayedSave(ctx: Context, pairs: number): Promise<void> {
  const scenario: Scenario = 'delayed save';
  for (let pair = 0; pair < pairs; pair++) {
    withinBudget(ctx, scenario, pair);
    const flow = saveFlow(ctx.origin, pair, ctx);
    const { url, succeeds, delay } = flow;
    const finalRead = FINAL_READ;
    const control = await attempt(ctx, `save-${pair}-control`, `
      await page.goto(${JSON.stringify(url)});
      await page.getByRole('button', { name: 'Save' }).click();
      console.log('click returned');
      ${finalRead}`, true);
    const treatment = await attempt(ctx, `save-${pair}-treatment`, flow.program, true);
    const variant = `${succeeds ? 'saved' : 'failed'} after ${delay} ms`;
    for (const [arm, { receipt, bench }] of [['control', control], ['treatment', treatment]] as const) {
      // Claiming success (the program ended normally) is right only when the page says Saved.
      const claimed = receipt.status === 'succeeded';
      const verdict: Verdict = bench.clicks !== 1 ? 'wrong' : claimed ? (bench.final === 'Saved' ? 'correct' : 'wrong') : (bench.final === 'Failed' ? 'stopped' : 'wrong');
      record(ctx, { scenario, pair, arm, variant, verdict, readBack: bench }, receipt);
      check(ctx, scenario, 'clicks that returned normally (both arms)', 1, (receipt.console ?? []).some(c => c.text === 'click returned'));
    }
    check(ctx, scenario, 'expect passing on successes', succeeds ? 1 : 0, succeeds && treatment.receipt.status === 'succeeded');
    check(ctx, scenario, 'expect failing on failures', succeeds ? 0 : 1, !succeeds && treatment.receipt.status === 'failed' && /toHaveText/.test(treatment.receipt.error?.message ?? ''));
  }
}

function tally(attempts: Attempt[], scenario: Scenario, pairs: number): ScenarioRow {
  const counts = (arm: Arm): Counts => {
    const mine = attempts.filter(a => a.scenario === scenario && a.arm === arm);
    return { correct: mine.filter(a => a.verdict === 'correct').length, stopped: mine.filter(a => a.verdict === 'stopped').length, wrong: mine.filter(a => a.verdict === 'wrong').length };
  };
  const control = counts('control');
  const treatment = counts('treatment');
  const recoveries = attempts.filter(a => a.scenario === scenario && a.arm === 'recovery' && a.verdict === 'correct').length;
  const firstAttempts = attempts.filter(a => a.scenario === scenario && a.arm !== 'recovery').length;
  return { scenario, pairs, firstAttempts, treatment, control, recoveries };
}

function compare(rows: ScenarioRow[], expected: ScenarioRow[], checks: Check[]): string[] {
  const differs: string[] = [];
  rows.forEach((row, i) => {
    const want = expected[i];
    const cells: [string, number, number][] = [
      ['pairs', row.pairs, want.pairs], ['first attempts', row.firstAttempts, want.firstAttempts],
      ['treatment correct', row.treatment.correct, want.treatment.correct], ['treatment stopped', row.treatment.stopped, want.treatment.stopped], ['treatment wrong', row.treatment.wrong, want.treatment.wrong],
      ['control correct', row.control.correct, want.control.correct], ['control stopped', row.control.stopped, want.control.stopped], ['control wrong', row.control.wrong, want.control.wrong],
      ['recoveries', row.recoveries, want.recoveries],
    ];
    for (const [name, got, exp] of cells) if (got !== exp) differs.push(`${row.scenario}: ${name} ${got}, expected ${exp}`);
  });
  for (const c of checks) if (c.got !== c.expected) differs.push(`${c.scenario}: ${c.name} ${c.got}, expected ${c.expected}`);
  return differs;
}

/**
 * Attempts whose verdict differs from the others of the same scenario, arm and variant. Every
 * variant is deterministic (same page, same program), so a minority verdict is a run-time
 * accident worth reading: status, error and the page's counters say what happened.
 */
export function outliers(attempts: Attempt[]): Attempt[] {
  const groups = new Map<string, Attempt[]>();
  for (const a of attempts) {
    const key = `${a.scenario}\u0000${a.arm}\u0000${a.variant}`;
    groups.set(key, [...(groups.get(key) ?? []), a]);
  }
  const odd: Attempt[] = [];
  for (const group of groups.values()) {
    const byVerdict = new Map<Verdict, number>();
    for (const a of group) byVerdict.set(a.verdict, (byVerdict.get(a.verdict) ?? 0) + 1);
    if (byVerdict.size < 2) continue;
    const usual = [...byVerdict.entries()].sort((x, y) => y[1] - x[1])[0][0];
    odd.push(...group.filter(a => a.verdict !== usual));
  }
  return odd;
}

export async function runControlled(options: ControlledOptions = {}): Promise<ControlledResult> {
  const reduced = options.reduced ?? false;
  const pairs = reduced ? 12 : 48;
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const home = new BenchHome('controlled');
  const server = await startControlledServer();
  const attempts: Attempt[] = [];
  const checks = new Map<string, Check>();
  const runners: [Scenario, (ctx: Context, pairs: number) => Promise<void>][] = [
    ['moved button', movedButton], ['duplicate label', duplicateLabel], ['overlay', overlay], ['delayed save', delayedSave],
  ];
  try {
    const deadline = started + (options.budgetMs ?? (reduced ? 1_800_000 : 3_600_000));
    const contextFor = (scenario: Scenario): Context => ({ home, origin: server.origin, task: `controlled-${scenario.replace(' ', '-')}`, log, attempts, checks, deadline,
      clickTimeoutMs: options.clickTimeoutMs ?? 500, saveDeadlineMs: options.saveDeadlineMs ?? 700 });
    // Start the runtime once before the tasks race to start it.
    finalReceipt(await home.submit('controlled-warmup', 'warmup', 'return 1'), 'warm-up');
    const runOne = async ([scenario, runner]: (typeof runners)[number]) => {
      const t0 = performance.now();
      await runner(contextFor(scenario), pairs);
      log(`${scenario}: ${pairs} pairs in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    };
    if (options.parallel ?? false) {
      // Let every scenario finish before cleaning up, then report the first failure.
      const settled = await Promise.allSettled(runners.map(runOne));
      const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
      if (failure) throw failure.reason;
    } else {
      for (const runner of runners) await runOne(runner);
    }
  } finally {
    await server.close();
    await home.dispose();
  }
  const rows = SCENARIOS.map(s => tally(attempts, s, pairs));
  const expected = expectedRows(pairs);
  const checkList = [...checks.values()];
  return { reduced, rows, expectedRows: expected, checks: checkList, differs: compare(rows, expected, checkList), attempts, durationMs: performance.now() - started };
}

export function controlledMarkdown(result: ControlledResult): string {
  const cell = (got: number, want: number) => (got === want ? String(got) : `${got} (differs: expected ${want})`);
  const arm = (got: Counts, want: Counts) =>
    `${cell(got.correct, want.correct)} / ${cell(got.stopped, want.stopped)} / ${cell(got.wrong, want.wrong)}`;
  const rows = result.rows.map((row, i) => {
    const want = result.expectedRows[i];
    return [row.scenario, cell(row.pairs, want.pairs), cell(row.firstAttempts, want.firstAttempts),
      `${TREATMENT_NAMES[row.scenario]}: ${arm(row.treatment, want.treatment)}`,
      `${CONTROL_NAMES[row.scenario]}: ${arm(row.control, want.control)}`,
      cell(row.recoveries, want.recoveries)];
  });
  const total = (pick: (r: ScenarioRow) => number) => [result.rows.reduce((s, r) => s + pick(r), 0), result.expectedRows.reduce((s, r) => s + pick(r), 0)] as const;
  const sum = (pick: (r: ScenarioRow) => number) => cell(...total(pick));
  const sumArm = (side: 'treatment' | 'control') =>
    `${sum(r => r[side].correct)} / ${sum(r => r[side].stopped)} / ${sum(r => r[side].wrong)}`;
  rows.push(['total', sum(r => r.pairs), sum(r => r.firstAttempts), sumArm('treatment'), sumArm('control'), sum(r => r.recoveries)]);
  const main = markdownTable(['scenario', 'pairs', 'first attempts', 'locator/expect: correct / stopped / wrong', 'coordinate/force (control): correct / stopped / wrong', 'scoped recoveries'], rows);
  const checks = markdownTable(['scenario', 'check', 'got', 'expected'], result.checks.map(c => [c.scenario, c.name, c.got, c.got === c.expected ? String(c.expected) : `${c.expected} (differs)`]));
  const odd = outliers(result.attempts).map(a =>
    `- ${a.scenario}, pair ${a.pair}, ${a.arm} (${a.variant}): ${a.verdict}, status ${a.status}` +
    `${a.error ? `, ${a.error.name}: ${a.error.message.split('\n')[0]}` : ''}; page counters ${JSON.stringify(a.readBack)}`);
  const verdict = result.differs.length === 0
    ? 'Every cell matches the expected split.'
    : `DIFFERS from the expected split:\n${result.differs.map(d => `- ${d}`).join('\n')}` +
      (odd.length > 0 ? `\n\nAttempts whose verdict differs from the rest of their variant:\n${odd.join('\n')}` : '');
  return [
    `Controlled suite${result.reduced ? ' (reduced: 12 pairs per scenario)' : ''}, ${(result.durationMs / 1000).toFixed(1)} s. ` +
      'correct = acted on the intended control (or reported the true save outcome); stopped = threw without sending input to the wrong element (strict-mode refusal, actionability timeout, failed expect); wrong = hit the decoy, the other duplicate or the overlay, or claimed a save that failed.',
    '', main, '', checks, '', verdict,
  ].join('\n');
}

if (isMainModule(import.meta.url)) {
  // --load: both cores kept busy by another process for the whole run, to show the split does not depend on an idle machine.
  const burner = process.argv.includes('--load') ? startCpuBurner() : undefined;
  const before = machineConditions();
  try {
    const budgetMinutes = Number(process.argv.find(a => a.startsWith('--budget-minutes='))?.slice('--budget-minutes='.length));
    const result = await runControlled({ reduced: process.argv.includes('--reduced'), log: line => process.stderr.write(`${line}\n`), ...(budgetMinutes > 0 ? { budgetMs: budgetMinutes * 60_000 } : {}) });
    console.log(controlledMarkdown(result));
    console.log(`\n${burner ? `Under load: ${burner.processes} busy-loop processes ran for the whole suite. ` : ''}${describeConditions(before, machineConditions())}.`);
    process.exitCode = result.differs.length === 0 ? 0 : 1;
  } finally {
    await burner?.stop();
  }
}
