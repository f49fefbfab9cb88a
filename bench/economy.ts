// `npm run bench:economy`: what an agent pays for three flows, (a) as tabwright programs the way
// the skill teaches (look at the unfamiliar page once, then one program that does the known
// steps and their checks) and (b) per action, one CLI call per step with an AI-mode aria
// snapshot after each page-changing step, the way per-action browser tools work.
// (c) For the date picker and the form, a third mode: the flow saved as a playbook (saved
// once before the bench, not counted), run with one `tabwright playbook run` call and no
// observation, as an agent does once a flow is known.
// Model input is estimated with the brief's formula: sum over calls k of (S + H_k + O_k).
import { performance } from 'node:perf_hooks';
import type { Receipt } from '../contract/receipt.js';
import { BOOKING, LEDGER, formatCents, ledgerTotalCents, startEconomyServer, type EconomyServer } from './economyPages.js';
import { describeConditions, machineConditions } from './machineConditions.js';
import { isMainModule } from './mainModule.js';
import { markdownTable } from './markdownTable.js';
import { median } from './median.js';
import { BenchHome, finalReceipt } from './timedCli.js';

/** Fixed instructions re-sent on every round trip (system prompt, tools, skill), in tokens. */
export const S_TOKENS = 8000;
/** Bytes per token for turning what the model reads and writes into tokens. */
export const BYTES_PER_TOKEN = 4;

/** Both modes run in one task (one tab), one after the other: the same page, the same worker. */
const TASK = 'economy';

/** What per-action tools return after each step: Playwright's full ai-mode tree. */
const SNAPSHOT = `return await page.locator('body').ariaSnapshot({ mode: 'ai' });`;
/** How tabwright looks at an unfamiliar page (the skill's first example): the compact view. */
const OBSERVE = `return await observe();`;

export type Flow = 'date picker' | 'rich form' | 'paginated table';
export const FLOWS: readonly Flow[] = ['date picker', 'rich form', 'paginated table'];
type Mode = 'tabwright' | 'per-action' | 'playbook';
/** The flows that also run through a saved playbook. */
export const PLAYBOOK_FLOWS: readonly Flow[] = ['date picker', 'rich form'];

export interface CallRecord {
  label: string;
  wallMs: number;
  durationMs: number;
  /** What the model wrote: the program, or for per-action the one action (a tool call's worth). */
  commandBytes: number;
  /** What the model reads back. tabwright: the whole receipt on stdout. per-action: only the snapshot or value (no receipt envelope), the most favourable count for per-action. */
  observationBytes: number;
  stdoutBytes: number;
  status: Receipt['status'];
}

export interface ModeRun {
  flow: Flow;
  mode: Mode;
  calls: CallRecord[];
  wallMs: number;
  programMs: number;
  bytesToModel: number;
  modelInputTokens: number;
  answer: unknown;
  /** The answer checked against the server's records or the ledger's known total. */
  correct: boolean;
  note: string;
}

export interface FlowSummary {
  flow: Flow;
  tabwright: ModeRun;
  perAction: ModeRun;
  /** Medians over repeats of the timing fields; bytes and tokens are the same in every repeat. */
  repeats: number;
  ratios: { calls: number; wallTime: number; bytes: number; modelInput: number };
  /** The flow through a saved playbook, and per-action / playbook ratios (PLAYBOOK_FLOWS only). */
  playbook?: ModeRun;
  playbookRatios?: { calls: number; wallTime: number; bytes: number; modelInput: number };
}

export interface EconomyResult {
  flows: FlowSummary[];
  datePickerProgramMs: number;
  conditions: string;
  snapshotMode: string;
  observeMode: string;
  targets: { bytesRatio: number; modelInputRatio: number; datePickerProgramMs: number };
}

export interface EconomyOptions { repeats?: number; log?: (line: string) => void }

const tokens = (bytes: number) => Math.ceil(bytes / BYTES_PER_TOKEN);

/** sum over k of (S + H_k + O_k), H_k = every earlier command and observation plus the command of call k. */
export function modelInput(calls: readonly { commandBytes: number; observationBytes: number }[]): number {
  let history = 0;
  let total = 0;
  for (const call of calls) {
    history += tokens(call.commandBytes);
    const observation = tokens(call.observationBytes);
    total += S_TOKENS + history + observation;
    history += observation;
  }
  return total;
}

interface Step { label: string; program: string; command: string; observe: (receipt: Receipt, stdoutBytes: number) => number }

/** A tabwright submission: the model reads the whole receipt. */
function programStep(label: string, program: string): Step {
  return { label, program, command: program, observe: (_receipt, stdoutBytes) => stdoutBytes };
}

/** A per-action step: the action, then (unless it returns a value) the page's snapshot; the model is charged only for the snapshot or value. */
function actionStep(label: string, action: string, returnsValue = false): Step {
  return {
    label,
    program: returnsValue ? action : `${action}\n${SNAPSHOT}`,
    command: action,
    observe: receipt => Buffer.byteLength(typeof receipt.result === 'string' ? receipt.result : JSON.stringify(receipt.result ?? null)),
  };
}

async function runSteps(home: BenchHome, task: string, tag: string, steps: Step[]): Promise<{ calls: CallRecord[]; receipts: Receipt[] }> {
  const calls: CallRecord[] = [];
  const receipts: Receipt[] = [];
  for (const [i, step] of steps.entries()) {
    const call = await home.submit(task, `${tag}-${i}`, step.program);
    const receipt = finalReceipt(call, `${task} ${tag} ${step.label}`);
    if (receipt.status !== 'succeeded') throw new Error(`${task} ${step.label}: ${receipt.status} ${JSON.stringify(receipt.error)}`);
    receipts.push(receipt);
    calls.push({
      label: step.label, wallMs: call.wallMs, durationMs: await home.durationMs(task, `${tag}-${i}`), commandBytes: Buffer.byteLength(step.command),
      observationBytes: step.observe(receipt, call.bytes), stdoutBytes: call.bytes, status: receipt.status,
    });
  }
  return { calls, receipts };
}

function modeRun(flow: Flow, mode: Mode, calls: CallRecord[], answer: unknown, correct: boolean, note: string): ModeRun {
  return {
    flow, mode, calls, answer, correct, note,
    wallMs: calls.reduce((s, c) => s + c.wallMs, 0),
    programMs: calls.reduce((s, c) => s + c.durationMs, 0),
    bytesToModel: calls.reduce((s, c) => s + c.observationBytes, 0),
    modelInputTokens: modelInput(calls),
  };
}

// ---- date picker ----

const DATE_PROGRAM = `const next = page.getByRole('button', { name: 'Next month' });
for (let i = 0; i < 6; i++) await next.click();
await expect(page.getByText(${JSON.stringify(BOOKING.targetMonthLabel)}, { exact: true })).toBeVisible();
await page.getByRole('button', { name: ${JSON.stringify(BOOKING.dayLabel)}, exact: true }).click();
await expect(page.getByRole('status', { name: 'Check-in' })).toHaveText(${JSON.stringify(BOOKING.dayLabel)});
const more = page.getByRole('button', { name: 'More guests' });
for (let i = 1; i < ${BOOKING.guests}; i++) await more.click();
await expect(page.getByRole('status', { name: 'Guests' })).toHaveText('${BOOKING.guests}');
await page.getByRole('button', { name: 'Book', exact: true }).click();
const confirmation = page.getByRole('status').filter({ hasText: 'Confirmation' });
await expect(confirmation).toBeVisible();
return await confirmation.textContent();`;

/** The date-picker flow as a playbook: the same steps and checks as DATE_PROGRAM, with parameters. */
function datePickerPlaybook(url: string): string {
  return `/**
 * @playbook harbour-inn.book-stay
 * @site 127.0.0.1
 * @description Books a stay at Harbour Inn for a check-in day and a number of guests; checks the confirmation.
 * @param {string} month  The check-in month as the picker shows it. e.g. "June 2027"
 * @param {integer} day  The day of that month. e.g. 14
 * @param {integer} guests  How many guests, 1 to 8. e.g. 5
 * @returns {string} the confirmation text
 */
await page.goto(${JSON.stringify(url)});
const month = page.getByText(params.month, { exact: true });
for (let i = 0; i < 24 && !(await month.isVisible()); i++) await page.getByRole('button', { name: 'Next month' }).click();
await expect(month).toBeVisible();
const day = \`\${params.day} \${params.month}\`;
await page.getByRole('button', { name: day, exact: true }).click();
await expect(page.getByRole('status', { name: 'Check-in' })).toHaveText(day);
const more = page.getByRole('button', { name: 'More guests' });
for (let i = 1; i < params.guests; i++) await more.click();
await expect(page.getByRole('status', { name: 'Guests' })).toHaveText(String(params.guests));
await page.getByRole('button', { name: 'Book', exact: true }).click();
const confirmation = page.getByRole('status').filter({ hasText: 'Confirmation' });
await expect(confirmation).toContainText(\`Booked \${day} for \${params.guests} guests\`);
return await confirmation.textContent();
`;
}

/** One `tabwright playbook run` call: the model writes the command line and reads the receipt. */
async function playbookStep(home: BenchHome, task: string, requestId: string, name: string, params: unknown): Promise<{ call: CallRecord; receipt: Receipt }> {
  const args = ['playbook', 'run', name, '--task', task, '--request-id', requestId, '--wait', '60', '--params', JSON.stringify(params)];
  const call = await home.timed(args);
  const receipt = finalReceipt(call, `${task} playbook ${name}`);
  if (receipt.status !== 'succeeded') throw new Error(`${task} playbook ${name}: ${receipt.status} ${JSON.stringify(receipt.error)}`);
  const command = `tabwright ${args.slice(0, -1).join(' ')} '${args[args.length - 1]}'`;
  return {
    receipt,
    call: { label: `playbook run ${name}`, wallMs: call.wallMs, durationMs: await home.durationMs(task, requestId), commandBytes: Buffer.byteLength(command), observationBytes: call.bytes, stdoutBytes: call.bytes, status: receipt.status },
  };
}

async function datePicker(home: BenchHome, site: EconomyServer, mode: Mode, tag: string): Promise<ModeRun> {
  const url = JSON.stringify(site.server.url('/booking'));
  const before = site.bookings.length;
  const expected = (text: string) => text.includes(`Booked ${BOOKING.dayLabel} for ${BOOKING.guests} guests`);
  const booked = () => site.bookings.length === before + 1 && site.bookings[before].date === BOOKING.dayLabel && site.bookings[before].guests === BOOKING.guests;
  if (mode === 'playbook') {
    const { call, receipt } = await playbookStep(home, TASK, tag, 'harbour-inn.book-stay', { month: BOOKING.targetMonthLabel, day: BOOKING.day, guests: BOOKING.guests });
    const answer = receipt.result as string;
    return modeRun('date picker', mode, [call], answer, expected(answer) && booked(), `program durationMs ${call.durationMs}`);
  }
  if (mode === 'tabwright') {
    const { calls, receipts } = await runSteps(home, TASK, tag, [
      programStep('look at the page', `await page.goto(${url});\n${OBSERVE}`),
      programStep('book with checks', DATE_PROGRAM),
    ]);
    const answer = receipts[1].result as string;
    return modeRun('date picker', mode, calls, answer, expected(answer) && booked(), `program durationMs ${calls[1].durationMs}`);
  }
  const steps: Step[] = [actionStep('navigate', `await page.goto(${url});`)];
  for (let i = 0; i < 6; i++) steps.push(actionStep('click Next month', `await page.getByRole('button', { name: 'Next month' }).click();`));
  steps.push(actionStep('click day', `await page.getByRole('button', { name: ${JSON.stringify(BOOKING.dayLabel)}, exact: true }).click();`));
  for (let i = 1; i < BOOKING.guests; i++) steps.push(actionStep('click More guests', `await page.getByRole('button', { name: 'More guests' }).click();`));
  // Per-action tools wait for the requests an action started; here, for the confirmation.
  steps.push(actionStep('click Book', `await page.getByRole('button', { name: 'Book', exact: true }).click();\nawait page.getByRole('status').filter({ hasText: 'Confirmation' }).waitFor();`));
  const { calls, receipts } = await runSteps(home, TASK, tag, steps);
  const monthSeen = (receipts[6].result as string).includes(BOOKING.targetMonthLabel);
  const last = receipts[receipts.length - 1].result as string;
  const answer = /Booked[^"\n]*Confirmation [A-Z0-9-]+/.exec(last)?.[0] ?? null;
  return modeRun('date picker', mode, calls, answer, monthSeen && !!answer && expected(answer) && booked(), 'month checked in the 7th snapshot');
}

// ---- rich form ----

const APPLICANT = { name: 'Ada Lovelace', letter: 'I would like to join the team: I have written programs for the Analytical Engine.', country: 'Portugal', birth: '1990-04-12', email: 'ada@example.com', phone: '+351 912 345 678' };
const CV = 'Ada Lovelace\nExperience: notes on the Analytical Engine (1843).\n';

function formActions(): { label: string; action: string }[] {
  return [
    { label: 'fill name', action: `await page.getByLabel('Full name').fill(${JSON.stringify(APPLICANT.name)});` },
    { label: 'type cover letter', action: `await page.getByRole('textbox', { name: 'Cover letter' }).fill(${JSON.stringify(APPLICANT.letter)});` },
    { label: 'select country', action: `await page.getByLabel('Country').selectOption(${JSON.stringify(APPLICANT.country)});` },
    { label: 'fill birth date', action: `await page.getByLabel('Birth date').fill(${JSON.stringify(APPLICANT.birth)});` },
    { label: 'fill email', action: `await page.getByLabel('Email').fill(${JSON.stringify(APPLICANT.email)});` },
    { label: 'fill phone', action: `await page.getByLabel('Phone').fill(${JSON.stringify(APPLICANT.phone)});` },
    { label: 'upload CV', action: `await page.getByLabel('CV').setInputFiles({ name: 'cv.txt', mimeType: 'text/plain', buffer: Buffer.from(${JSON.stringify(CV)}) });` },
  ];
}

/** The form flow as a playbook: the applicant's fields are parameters. */
function richFormPlaybook(url: string): string {
  return `/**
 * @playbook careers.apply
 * @site 127.0.0.1
 * @description Fills and submits the job application with a CV; checks the form is valid and the receipt note.
 * @param {string} name  Full name. e.g. "Ada Lovelace"
 * @param {string} letter  Cover letter text. e.g. "I would like to join the team."
 * @param {"France"|"Germany"|"Portugal"|"Spain"} country  Country. e.g. "Portugal"
 * @param {string} birth  Birth date, YYYY-MM-DD. e.g. "1990-04-12"
 * @param {string} email  Email. e.g. "ada@example.com"
 * @param {string} phone  Phone. e.g. "+351 912 345 678"
 * @param {string} cv  The CV as plain text (uploaded as cv.txt). e.g. "Ada Lovelace. Experience: ..."
 * @returns {object} { valid, note }
 */
await page.goto(${JSON.stringify(url)});
await page.getByLabel('Full name').fill(params.name);
await page.getByRole('textbox', { name: 'Cover letter' }).fill(params.letter);
await page.getByLabel('Country').selectOption(params.country);
await page.getByLabel('Birth date').fill(params.birth);
await page.getByLabel('Email').fill(params.email);
await page.getByLabel('Phone').fill(params.phone);
await page.getByLabel('CV').setInputFiles({ name: 'cv.txt', mimeType: 'text/plain', buffer: Buffer.from(params.cv) });
const valid = await page.locator('form').evaluate(form => form.checkValidity());
if (!valid) throw new Error('form is not valid: ' + await page.locator('form :invalid').evaluateAll(els => els.map(e => e.name).join(', ')));
await page.getByRole('button', { name: 'Submit application' }).click();
const note = page.getByRole('status');
await expect(note).toContainText(\`received for \${params.name}\`);
return { valid, note: await note.textContent() };
`;
}

async function richForm(home: BenchHome, site: EconomyServer, mode: Mode, tag: string): Promise<ModeRun> {
  const url = JSON.stringify(site.server.url('/apply'));
  const before = site.applications.length;
  const stored = () => {
    const a = site.applications[before];
    return site.applications.length === before + 1 && a.fields.name === APPLICANT.name && a.fields.letter === APPLICANT.letter && a.fields.country === APPLICANT.country &&
      a.fields.birth === APPLICANT.birth && a.fields.email === APPLICANT.email && a.fields.phone === APPLICANT.phone && a.fileName === 'cv.txt' && a.fileBytes === Buffer.byteLength(CV);
  };
  const validity = `await page.locator('form').evaluate(form => form.checkValidity())`;
  if (mode === 'playbook') {
    const { call, receipt } = await playbookStep(home, TASK, tag, 'careers.apply', { ...APPLICANT, cv: CV });
    const answer = receipt.result as { valid: boolean; note: string };
    return modeRun('rich form', mode, [call], answer, answer.valid && /received for Ada Lovelace/.test(answer.note) && stored(), '');
  }
  if (mode === 'tabwright') {
    const program = [
      ...formActions().map(a => a.action),
      `const valid = ${validity};`,
      `if (!valid) throw new Error('form is not valid: ' + await page.locator('form :invalid').evaluateAll(els => els.map(e => e.name).join(', ')));`,
      `await page.getByRole('button', { name: 'Submit application' }).click();`,
      `const note = page.getByRole('status');`,
      `await expect(note).toContainText('received');`,
      `return { valid, note: await note.textContent() };`,
    ].join('\n');
    const { calls, receipts } = await runSteps(home, TASK, tag, [
      programStep('look at the page', `await page.goto(${url});\n${OBSERVE}`),
      programStep('fill, validate, submit, read the note', program),
    ]);
    const answer = receipts[1].result as { valid: boolean; note: string };
    return modeRun('rich form', mode, calls, answer, answer.valid && /received for Ada Lovelace/.test(answer.note) && stored(), '');
  }
  const steps: Step[] = [
    actionStep('navigate', `await page.goto(${url});`),
    ...formActions().map(a => actionStep(a.label, a.action)),
    actionStep('evaluate checkValidity', `return ${validity};`, true),
    actionStep('click Submit', `await page.getByRole('button', { name: 'Submit application' }).click();\nawait page.getByRole('status').filter({ hasText: 'received' }).waitFor();`),
  ];
  const { calls, receipts } = await runSteps(home, TASK, tag, steps);
  const valid = receipts[steps.length - 2].result === true;
  const note = /Application [^"\n]*received for [^"\n.]*/.exec(receipts[steps.length - 1].result as string)?.[0] ?? null;
  return modeRun('rich form', mode, calls, { valid, note }, valid && !!note && stored(), '');
}

// ---- paginated table ----

const LEDGER_PROGRAM = `const cents = text => Math.round(Number(text.replace(/[$,]/g, '')) * 100);
let total = 0, rows = 0;
for (let p = 1; p <= ${LEDGER.pages}; p++) {
  await expect(page.getByText(\`Page \${p} of ${LEDGER.pages}\`)).toBeVisible();
  const amounts = await page.locator('tbody tr td:nth-child(4)').allTextContents();
  rows += amounts.length;
  total += amounts.reduce((sum, t) => sum + cents(t), 0);
  if (p < ${LEDGER.pages}) await page.getByRole('link', { name: 'Next' }).click();
}
return { pages: ${LEDGER.pages}, rows, total: (total / 100).toFixed(2) };`;

/** What a model reading the snapshots would add up: every amount cell, page by page. */
function sumFromSnapshot(snapshot: string): { rows: number; cents: number } {
  const amounts = [...snapshot.matchAll(/cell "(-?\$[\d,]+\.\d\d)"/g)].map(m => Math.round(Number(m[1].replace(/[$,]/g, '')) * 100));
  return { rows: amounts.length, cents: amounts.reduce((s, c) => s + c, 0) };
}

async function paginatedTable(home: BenchHome, site: EconomyServer, mode: Mode, tag: string): Promise<ModeRun> {
  const url = JSON.stringify(site.server.url('/ledger?page=1'));
  const expectedTotal = (ledgerTotalCents() / 100).toFixed(2);
  const allRows = LEDGER.pages * LEDGER.rowsPerPage;
  if (mode === 'tabwright') {
    const { calls, receipts } = await runSteps(home, TASK, tag, [
      programStep('look at the page', `await page.goto(${url});\n${OBSERVE}`),
      programStep('sum all pages', LEDGER_PROGRAM),
    ]);
    const answer = receipts[1].result as { rows: number; total: string };
    return modeRun('paginated table', mode, calls, answer, answer.rows === allRows && answer.total === expectedTotal, `expected ${formatCents(ledgerTotalCents())}`);
  }
  const steps: Step[] = [actionStep('navigate', `await page.goto(${url});`)];
  for (let p = 2; p <= LEDGER.pages; p++) steps.push(actionStep('click Next', `await page.getByRole('link', { name: 'Next' }).click();\nawait page.getByText('Page ${p} of ${LEDGER.pages}').waitFor();`));
  const { calls, receipts } = await runSteps(home, TASK, tag, steps);
  const sums = receipts.map(r => sumFromSnapshot(r.result as string));
  const rows = sums.reduce((s, x) => s + x.rows, 0);
  const total = (sums.reduce((s, x) => s + x.cents, 0) / 100).toFixed(2);
  return modeRun('paginated table', mode, calls, { rows, total }, rows === allRows && total === expectedTotal, 'the model adds up the snapshots (done here by the bench)');
}

/** Saves the flows' playbooks once, before anything is measured (an agent saved them on an earlier day). */
async function savePlaybooks(home: BenchHome, site: EconomyServer): Promise<void> {
  for (const source of [datePickerPlaybook(site.server.url('/booking')), richFormPlaybook(site.server.url('/apply'))]) {
    const saved = await home.timed(['playbook', 'save', '-'], source);
    if (saved.code !== 0) throw new Error(`could not save a playbook: ${saved.stdout.slice(0, 2000)}`);
  }
}

const RUNNERS: Record<Flow, (home: BenchHome, site: EconomyServer, mode: Mode, tag: string) => Promise<ModeRun>> = {
  'date picker': datePicker, 'rich form': richForm, 'paginated table': paginatedTable,
};

/** The repeat whose wall time is the median, so a row's numbers come from one real run. */
function medianRun(runs: ModeRun[]): ModeRun {
  const m = median(runs.map(r => r.wallMs));
  return runs.reduce((best, r) => (Math.abs(r.wallMs - m) < Math.abs(best.wallMs - m) ? r : best));
}

export async function runEconomy(options: EconomyOptions = {}): Promise<EconomyResult> {
  const repeats = options.repeats ?? 3;
  const log = options.log ?? (() => undefined);
  const before = machineConditions();
  const home = new BenchHome('economy');
  const site = await startEconomyServer();
  const flows: FlowSummary[] = [];
  const datePickerProgram: number[] = [];
  try {
    // Start the runtime and the task's worker, so no flow pays a cold start.
    finalReceipt(await home.submit(TASK, 'warm-up', 'return 1'), 'warm-up');
    await savePlaybooks(home, site);
    for (const flow of FLOWS) {
      const runs: Record<Mode, ModeRun[]> = { 'tabwright': [], 'per-action': [], 'playbook': [] };
      const modes: Mode[] = PLAYBOOK_FLOWS.includes(flow) ? ['per-action', 'tabwright', 'playbook'] : ['per-action', 'tabwright'];
      for (let r = 0; r < repeats; r++) {
        for (const mode of modes) {
          const t0 = performance.now();
          const run = await RUNNERS[flow](home, site, mode, `${mode}-${flow.replace(" ", "-")}-${r}`);
          runs[mode].push(run);
          log(`${flow}, ${mode}, repeat ${r}: ${run.calls.length} calls, ${(performance.now() - t0).toFixed(0)} ms, ${run.bytesToModel} bytes, correct ${run.correct}`);
          if (flow === 'date picker' && mode === 'tabwright') datePickerProgram.push(run.calls[1].durationMs);
        }
      }
      const tabwright = medianRun(runs['tabwright']);
      const perAction = medianRun(runs['per-action']);
      const allCorrect = [...runs['tabwright'], ...runs['per-action'], ...runs['playbook']].every(r => r.correct);
      if (!allCorrect) tabwright.note += ' (SOME REPEAT GAVE A WRONG ANSWER)';
      const ratiosTo = (base: Mode, run: ModeRun) => ({
        calls: perAction.calls.length / run.calls.length,
        wallTime: median(runs['per-action'].map(r => r.wallMs)) / median(runs[base].map(r => r.wallMs)),
        bytes: perAction.bytesToModel / run.bytesToModel,
        modelInput: perAction.modelInputTokens / run.modelInputTokens,
      });
      const playbook = runs['playbook'].length ? medianRun(runs['playbook']) : undefined;
      flows.push({
        flow, tabwright, perAction, repeats,
        ratios: ratiosTo('tabwright', tabwright),
        ...(playbook ? { playbook, playbookRatios: ratiosTo('playbook', playbook) } : {}),
      });
    }
  } finally {
    await site.server.close();
    await home.dispose();
  }
  return {
    flows, datePickerProgramMs: median(datePickerProgram), conditions: describeConditions(before, machineConditions()),
    snapshotMode: "page.locator('body').ariaSnapshot({ mode: 'ai' })", observeMode: 'observe()',
    targets: { bytesRatio: 3, modelInputRatio: 3, datePickerProgramMs: 366 },
  };
}

export function economyMarkdown(r: EconomyResult): string {
  const seconds = (x: number) => `${(x / 1000).toFixed(2)} s`;
  const rows: string[][] = [];
  for (const f of r.flows) {
    for (const run of [f.perAction, f.tabwright, ...(f.playbook ? [f.playbook] : [])]) {
      rows.push([f.flow, run.mode, String(run.calls.length), seconds(run.wallMs), `${run.programMs.toFixed(0)} ms`, String(run.bytesToModel),
        run.modelInputTokens.toLocaleString('en-US'), run.correct ? 'yes' : 'NO', run.note]);
    }
    const met = (x: number, target: number) => `${x.toFixed(1)}x${x >= target ? '' : ' (MISSED: target 3x)'}`;
    rows.push([f.flow, 'per-action / tabwright', `${f.ratios.calls.toFixed(1)}x`, `${f.ratios.wallTime.toFixed(1)}x`, '', met(f.ratios.bytes, r.targets.bytesRatio),
      met(f.ratios.modelInput, r.targets.modelInputRatio), '', `model input ${(100 * (1 - 1 / f.ratios.modelInput)).toFixed(1)}% lower with tabwright`]);
    if (f.playbookRatios) {
      const p = f.playbookRatios;
      rows.push([f.flow, 'per-action / playbook', `${p.calls.toFixed(1)}x`, `${p.wallTime.toFixed(1)}x`, '', `${p.bytes.toFixed(1)}x`, `${p.modelInput.toFixed(1)}x`, '',
        `model input ${(100 * (1 - 1 / p.modelInput)).toFixed(1)}% lower with the playbook`]);
    }
  }
  const table = markdownTable(['flow', 'mode', 'calls', 'wall time', 'program time', 'bytes to model', 'est. model input (tokens)', 'answer right', 'note'], rows);
  const dp = r.datePickerProgramMs;
  return [
    table, '',
    `Date picker program (the second submission), receipt durationMs: ${dp.toFixed(0)} ms (median of repeats; target < ${r.targets.datePickerProgramMs} ms: ${dp < r.targets.datePickerProgramMs ? 'met' : 'MISSED'}).`,
    `Model input = sum over calls k of (S + H_k + O_k), S = ${S_TOKENS} tokens; O_k = what call k returned; H_k = every earlier command and observation plus the command of call k; tokens = ceil(bytes / ${BYTES_PER_TOKEN}).`,
    `Playbook: the flow saved once beforehand (not counted) and run with one \`tabwright playbook run NAME --params JSON\` call, no observation; the command is what the model writes, the receipt what it reads.`,
    `Bytes to model: tabwright counts the whole receipt printed on stdout (its look at the page is ${r.observeMode}); per-action counts only the snapshot (${r.snapshotMode}) or the value a step returned, no envelope, which favours per-action.`,
    ...r.flows.map(f => `${f.flow}: tabwright's look at the page returned ${f.tabwright.calls[0].stdoutBytes} bytes of receipt, its answer ${f.tabwright.calls[1].stdoutBytes}; per-action's first snapshot ${f.perAction.calls[0].observationBytes} bytes.`),
    `Wall time is the sum of the CLI calls (a process per call for both modes) and excludes the model's own time between calls, which per-action pays once per step. ${r.flows[0]?.repeats ?? 0} repeats per flow and mode; the row shown is the repeat with the median wall time. ${r.conditions}.`,
  ].join('\n');
}

if (isMainModule(import.meta.url)) {
  const result = await runEconomy({ log: line => process.stderr.write(`${line}\n`) });
  console.log(economyMarkdown(result));
}
