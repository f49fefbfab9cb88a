// A pointer sent where the page shows nothing. A program that reads coordinates off an element
// (a range's box inside an editor, a boundingBox) and sends page.mouse there reaches no element
// when that point is below the fold: Chromium drops input outside the viewport, nothing fails,
// and the program goes on as if it had clicked. On site 10 an agent double-clicked a word of an
// editor 300 px below the viewport, typed, and lost its call to a program that changed nothing.
// Each such call is told in one hint, with the viewport, and what brings the target into view.
// A page with no emulated viewport (every tabwright page unless the program set one) is measured
// once the program ended: its window's inner size, read once per page.
import type { Page } from 'playwright-core';
import { wrapPrototypeMethods } from '../../playwrightInternals/locatorPrototype.js';
import { deviceOwner } from '../../effects/actionWindows.js';
import { asRuntime, inRuntimeCall } from '../../effects/pageCodeCalls.js';
import { programPosition } from '../errorReport.js';
import { bounded } from '../readLimit.js';

/** Mouse calls that act at a point. */
const POINTED = ['click', 'dblclick', 'down', 'move'] as const;
/** Calls told at most: the first say it. */
const TOLD = 3;

interface Outside { said: string }
/** A call at a point on a page whose size its window sets (no emulated viewport): measured once the program ended. */
interface Unmeasured { page: Page; name: string; x: number; y: number; line?: number }
const MEASURE_TIMEOUT_MS = 1000;

class OffscreenPointer {
  private outside: Outside[] = [];
  private unmeasured: Unmeasured[] = [];
  private more = 0;

  begin(): void {
    this.outside = [];
    this.unmeasured = [];
    this.more = 0;
  }

  /** Wraps the page's Mouse class (shared by every page's mouse) once. */
  watch(page: Page): void {
    wrapPrototypeMethods(page.mouse as object, 'offscreen pointer', POINTED, (original, name) => {
      const check = (device: object, args: unknown[]) => this.check(device, name, args);
      return function (this: object, ...args: unknown[]) {
        check(this, args);
        return original.apply(this, args);
      };
    });
  }

  private check(device: object, name: string, args: unknown[]): void {
    const [x, y] = args;
    if (typeof x !== 'number' || typeof y !== 'number' || inRuntimeCall()) return;
    const page = deviceOwner(device);
    if (!page) return;
    const line = programPosition(new Error().stack)?.line;
    // A tabwright page emulates no viewport (viewportSize() is null): its window's size is read once the program ended.
    const viewport = page.viewportSize();
    if (viewport) this.told({ name, x, y, line }, viewport);
    else if (this.unmeasured.length < 20) this.unmeasured.push({ page, name, x, y, line });
  }

  private told(call: Omit<Unmeasured, 'page'>, viewport: { width: number; height: number }): void {
    const { name, x, y, line } = call;
    if (x >= 0 && y >= 0 && x < viewport.width && y < viewport.height) return;
    if (this.outside.length >= TOLD) return void this.more++;
    this.outside.push({ said: `${line ? `line ${line}: ` : ''}page.mouse.${name}(${Math.round(x)}, ${Math.round(y)}) was outside the viewport (${viewport.width}×${viewport.height})` });
  }

  /** The program ended: the calls on pages whose window sets their size, against that size (read once a page, in the runtime's name). */
  async measure(): Promise<void> {
    const calls = this.unmeasured;
    this.unmeasured = [];
    const sizes = new Map<Page, Promise<{ width: number; height: number } | undefined>>();
    for (const call of calls) {
      if (call.page.isClosed()) continue;
      if (!sizes.has(call.page)) sizes.set(call.page, bounded(asRuntime(() => call.page.evaluate(() => ({ width: innerWidth, height: innerHeight }))), MEASURE_TIMEOUT_MS));
      const size = await sizes.get(call.page);
      if (size) this.told(call, size);
    }
  }

  /** The hint for this program's pointer calls outside the viewport; undefined when there were none. */
  hint(): string | undefined {
    if (!this.outside.length) return undefined;
    const said = this.outside.map(o => o.said).join('; ') + (this.more ? `; ${this.more} more` : '');
    return `${said}: the page has no element there, so ${this.outside.length + this.more === 1 ? 'it' : 'they'} reached nothing and nothing failed. Bring the target into view first (await locator.scrollIntoViewIfNeeded(), then read its boundingBox() again), or act on the locator itself.`;
  }
}

/** The worker's one record of the running program's pointer calls outside the viewport. */
export const offscreenPointer = new OffscreenPointer();
