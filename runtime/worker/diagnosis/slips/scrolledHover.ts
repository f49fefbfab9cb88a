// A hover undone by a screenshot. locator.screenshot() scrolls its element into view first; the
// page moves under a pointer that stays where it was, and what the program hovered (a chart's
// point, whose tooltip is the answer) is no longer under it: the tooltip closes before the
// picture is taken. Site 23's agent hovered an amCharts point, took the chart's screenshot,
// saw no tooltip and spent four calls on the chart's API before it read the tooltip without one.
// Each such screenshot, in a program that moved the pointer, is told in one hint.
import type { Locator, Page } from 'playwright-core';
import { wrapLocatorMethods, wrapPrototypeMethods } from '../../playwrightInternals/locatorPrototype.js';
import { deviceOwner } from '../../effects/actionWindows.js';
import { asRuntime, inRuntimeCall } from '../../effects/pageCodeCalls.js';
import { bounded } from '../readLimit.js';

type Scroll = [number, number];
const READ_TIMEOUT_MS = 1000;

class ScrolledHover {
  /** Pages whose pointer the running program moved. */
  private pointed = new WeakSet<Page>();
  private said: string[] = [];

  begin(): void {
    this.pointed = new WeakSet<Page>();
    this.said = [];
  }

  /** Wraps Locator.hover, page.mouse.move and Locator.screenshot (shared prototypes) once. */
  watch(locator: Locator): void {
    const pointed = (page: Page | undefined) => { if (page && !inRuntimeCall()) this.pointed.add(page); };
    wrapPrototypeMethods(locator.page().mouse as object, 'scrolled hover', ['move'], original => async function (this: object, ...args: unknown[]) {
      const result = await original.apply(this, args);
      pointed(deviceOwner(this));
      return result;
    });
    const screenshotted = (locator: Locator, before: Scroll | undefined) => this.screenshotted(locator, before);
    const scrollOf = (page: Page) => this.scrollOf(page);
    const watched = (page: Page) => this.pointed.has(page) && !inRuntimeCall();
    // One wrap per purpose and prototype (locatorPrototype.ts): hover and screenshot together.
    wrapLocatorMethods(locator, 'scrolled hover', ['hover', 'screenshot'], (original, name) => name === 'hover'
      ? async function (this: Locator, ...args: unknown[]) {
        const result = await original.apply(this, args);
        pointed(this.page());
        return result;
      }
      : async function (this: Locator, ...args: unknown[]) {
        const before = watched(this.page()) ? await scrollOf(this.page()) : undefined;
        const result = await original.apply(this, args);
        if (before) await screenshotted(this, before);
        return result;
      });
  }

  /** The page's scroll, bounded: a page whose main thread never yields holds the program's screenshot no longer than this read's limit. */
  private scrollOf(page: Page): Promise<Scroll | undefined> {
    return bounded(asRuntime(() => page.evaluate((): [number, number] => [Math.round(scrollX), Math.round(scrollY)], undefined)), READ_TIMEOUT_MS);
  }

  private async screenshotted(locator: Locator, before: Scroll | undefined): Promise<void> {
    const after = await this.scrollOf(locator.page());
    if (!before || !after || (after[0] === before[0] && after[1] === before[1]) || this.said.length >= 2) return;
    this.said.push(`${String(locator)}.screenshot() scrolled the page by ${after[0] - before[0]}, ${after[1] - before[1]} px`);
  }

  /** The hint for this program's screenshots that moved the page under a pointer it had placed; undefined when none did. */
  hint(): string | undefined {
    if (!this.said.length) return undefined;
    return `${this.said.join('; ')} after the program had moved the pointer (hover, page.mouse.move): what was under the pointer moved away, and a tooltip it showed closes before the picture is taken. `
      + 'Read or screenshot a tooltip without scrolling: page.screenshot() (the viewport as it is), or bring the element into view (scrollIntoViewIfNeeded) before hovering.';
  }
}

/** The worker's one record of screenshots that scrolled a hovered page. */
export const scrolledHover = new ScrolledHover();
