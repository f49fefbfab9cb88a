// The treatment arm of each controlled scenario (../shared/brief.md, "Controlled tests") as one
// program on one page: the locator click on a moved button, the strict locator on a label, the
// normal click on a maybe-covered button, the web-first expect on a delayed save. Each ends by
// reading the page's own counters. bench/controlled.ts judges them against the control arms;
// bench/browserless.ts runs them as the load agents put on a browser service.
import { MOVED_CASES } from './controlledPages.js';

/** Every program ends by returning the page's counters. */
export const READ = 'return await page.evaluate(() => window.bench);';

export const LABELS = ['Edit', 'Verify', 'Remove', 'Copy'];
export const DELAYS = [120, 180, 240];

/** The overlay's click timeout and the save's expect deadline (the brief's 500 and 700 ms by default). */
export interface FlowTiming { clickTimeoutMs: number; saveDeadlineMs: number }

export function movedFlow(origin: string, pair: number): { url: string; variant: string; program: string } {
  const change = MOVED_CASES[pair % MOVED_CASES.length];
  const url = `${origin}/moved?case=${change}&pair=${pair}`;
  return { url, variant: change, program: `
      await page.goto(${JSON.stringify(url)});
      const target = page.getByRole('button', { name: 'Save draft' });
      await target.waitFor();
      await page.evaluate(() => window.applyChange());
      await target.click();
      ${READ}` };
}

/** Every third pair is unique; within each kind, the intended region alternates first/second (`seen` counts the pairs of that kind so far). */
export function duplicateFlow(origin: string, pair: number, seen: number): { url: string; label: string; duplicated: boolean; shippingFirst: boolean; program: string } {
  const duplicated = pair % 3 !== 0;
  const shippingFirst = seen % 2 === 0;
  const label = LABELS[pair % LABELS.length];
  const url = `${origin}/duplicate?label=${encodeURIComponent(label)}&duplicated=${duplicated ? 1 : 0}&shippingFirst=${shippingFirst ? 1 : 0}`;
  return { url, label, duplicated, shippingFirst, program: `
      await page.goto(${JSON.stringify(url)});
      await page.getByRole('button', { name: ${JSON.stringify(label)} }).click();
      ${READ}` };
}

/** Both clicks start once the button is there, so the timeout measures the click, not the page load. */
export function overlayFlow(origin: string, pair: number, timing: FlowTiming): { url: string; covered: boolean; program: string } {
  const covered = pair % 2 === 1;
  const url = `${origin}/overlay?covered=${covered ? 1 : 0}&pair=${pair}`;
  return { url, covered, program: `
      await page.goto(${JSON.stringify(url)});
      await page.getByRole('button', { name: 'Accept terms' }).waitFor();
      await page.getByRole('button', { name: 'Accept terms' }).click({ timeout: ${timing.clickTimeoutMs} });
      ${READ}` };
}

/** The read-back waits for the page's final state, whatever the attempt concluded. */
export const FINAL_READ = `await page.waitForFunction(() => window.bench.final !== null, null, { timeout: 5000 });\n      ${READ}`;

export function saveFlow(origin: string, pair: number, timing: FlowTiming): { url: string; succeeds: boolean; delay: number; program: string } {
  const succeeds = pair % 2 === 0;
  const delay = DELAYS[Math.floor(pair / 2) % DELAYS.length];
  const url = `${origin}/save?succeeds=${succeeds ? 1 : 0}&delay=${delay}`;
  return { url, succeeds, delay, program: `
      await page.goto(${JSON.stringify(url)});
      await page.getByRole('button', { name: 'Save' }).click();
      console.log('click returned');
      await expect(page.getByRole('status')).toHaveText('Saved', { timeout: ${timing.saveDeadlineMs} });
      ${FINAL_READ}` };
}

/** The four flows in turn, the n-th program of a task: what an agent's task does on a browser service, in the bench's load. */
export function flowNumber(origin: string, n: number, timing: FlowTiming): string {
  const pair = Math.floor(n / 4);
  switch (n % 4) {
    case 0: return movedFlow(origin, pair).program;
    case 1: return duplicateFlow(origin, pair, Math.floor(pair / 3)).program;
    case 2: return overlayFlow(origin, pair, timing).program;
    default: return saveFlow(origin, pair, timing).program;
  }
}
