// A real browser looking at the live view, the way a person would: its own Chromium (not
// the runtime's), driven by playwright-core. Shared by test/view.test.ts, the hand-over tests
// and bench/view.ts: how the view is opened and how a person clicks its picture live here once.
import assert from 'node:assert/strict';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { expect } from '@playwright/test';
import { locateBrowser } from '../../contract/browserLocator.js';
import type { TabwrightHome } from './tabwrightCli.js';
import { explain } from './testAids.js';

/** A ceiling for what must show up, never a speed requirement: other suites may hold both cores. */
export const SEEN = { timeout: 60_000 };

/** On the browser the runtime would find (a full Chromium where there is one), wherever it is installed. */
export function launchViewerBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: locateBrowser(process.env.TABWRIGHT_BROWSER).path,
    args: process.getuid?.() === 0 ? ['--no-sandbox'] : [],
  });
}

/** `tabwright view --print-token`: the URL with its token, and how many viewers are connected now. */
export async function viewUrl(home: TabwrightHome, task?: string): Promise<{ url: string; viewers: number }> {
  const answer = await home.run(['view', '--print-token', ...(task ? ['--task', task] : [])]);
  if (answer.code !== 0 || typeof answer.json?.url !== 'string')
    throw new Error(`tabwright view failed (exit ${answer.code}): ${answer.stdout}${answer.stderr}`);
  return answer.json;
}

/** Until `tabwright tasks` says the task's program waits for a person: the task as listed. */
export async function waitingForPerson(home: TabwrightHome, task: string): Promise<any> {
  let found: any;
  await expect.poll(async () => {
    found = (await home.run(['tasks'])).json?.tasks?.find((t: any) => t.name === task);
    return found?.waitingFor;
  }, SEEN).toBe('person');
  return found;
}

/** The person: the view in their own browser, opened on the URL `tabwright view [--task T] --print-token` prints. */
export async function personOpens(home: TabwrightHome, viewer: Browser, options: { task?: string; init?: () => void } = {}): Promise<Page> {
  const answer = await home.run(['view', '--print-token', ...(options.task ? ['--task', options.task] : [])]);
  assert.equal(answer.code, 0, explain(answer, home));
  const person = await viewer.newPage({ viewport: { width: 1400, height: 1000 } });
  if (options.init) await person.addInitScript(options.init);
  await person.goto(answer.json.url);
  return person;
}

/** The live picture of the page handed over, once it shows one. */
export async function handoffPicture(person: Page): Promise<Locator> {
  const image = person.locator('#handoff-image');
  await expect(image).toBeVisible(SEEN);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete ? img.naturalWidth : 0), SEEN).toBeGreaterThan(0);
  return image;
}

/** Clicks the picture where the page shows what sits at these fractions of its viewport. */
export async function clickPicture(person: Page, [x, y]: readonly [number, number], options: { clickCount?: number } = {}): Promise<void> {
  const box = await (await handoffPicture(person)).boundingBox();
  assert.ok(box, 'the picture has a box');
  await person.mouse.click(box.x + box.width * x, box.y + box.height * y, options);
}
