// `read()` in a program's scope: a page's main content (or one locator's part) as Markdown,
// made in tabwright's isolated world by the bundled Readability + Turndown script
// (markdownInPage.ts), capped, with a note of what the cap left out.
import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { PageScriptError, type IsolatedWorlds, type PageLibrary } from './isolatedWorld.js';
import { elementHtmlRead } from '../../programs/elementHtmlRead.js';
import type { ReadAnswer, ReadRequest } from './markdownInPage.js';
import { asRuntime } from '../effects/pageCodeCalls.js';

export const DEFAULT_READ_CHARS = 20_000;
const MIN_READ_CHARS = 500;

export interface ReadOptions { maxChars?: number }
export type Read = (target?: Page | Locator | ReadOptions, options?: ReadOptions) => Promise<string>;

export class ReadArgumentError extends Error {
  override name = 'ReadArgumentError';
  constructor(message: string, readonly argument: string) {
    super(message);
  }
}

/** The converter failed on this page: the program can still read it another way. */
export class ReadFailed extends Error {
  override name = 'ReadFailed';
  constructor(readonly pageError: string) {
    super(`read() could not convert this page to Markdown (${pageError}). Read it with observe() or a locator's innerText() instead.`);
  }
}

let source: string | undefined;
const READ_LIBRARY: PageLibrary = {
  global: '__tabwrightRead',
  // Read once per worker, when a program first reads.
  source: () => (source ??= fs.readFileSync(new URL('./markdownInPage.bundle.js', import.meta.url), 'utf8')),
};
const READ_CALL = '(request) => globalThis.__tabwrightRead(request)';

const isLocator = (x: object): x is Locator => typeof (x as Locator).evaluate === 'function' && typeof (x as Locator).page === 'function' && typeof (x as Page).goto !== 'function';
const isPage = (x: object): x is Page => typeof (x as Page).goto === 'function';

function checkOptions(options: unknown): ReadOptions {
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null || Array.isArray(options)) throw new ReadArgumentError('read(target, options): options must be an object such as { maxChars: 40000 }', 'options');
  const { maxChars, ...unknown } = options as Record<string, unknown>;
  const extra = Object.keys(unknown);
  // read({ page: popup }) means read(popup): the page (or a locator) is the first argument.
  const target = extra.find(key => key === 'page' || key === 'locator');
  if (target) throw new ReadArgumentError(`read: unknown option ${target}; pass the ${target} itself first: read(${target === 'page' ? 'popup' : 'locator'}), or read(${target === 'page' ? 'popup' : 'locator'}, { maxChars: 40000 })`, target);
  if (extra.length) throw new ReadArgumentError(`read: unknown option ${extra.join(', ')}; the only option is maxChars (a number)`, extra[0]);
  if (maxChars !== undefined && !(typeof maxChars === 'number' && Number.isInteger(maxChars) && maxChars >= MIN_READ_CHARS)) {
    throw new ReadArgumentError(`read: maxChars must be a whole number of at least ${MIN_READ_CHARS}, not ${JSON.stringify(maxChars)}`, 'maxChars');
  }
  return { maxChars: maxChars as number | undefined };
}

/** What the cap left out, said where the text stops. */
function cutNote(answer: ReadAnswer, shown: number, scoped: boolean): string {
  const sections = answer.cutHeadings.length ? `, among them ${answer.cutHeadings.map(h => JSON.stringify(h.length > 60 ? `${h.slice(0, 59)}…` : h)).join(', ')}` : '';
  return `\n\n[read() stopped at ${shown.toLocaleString('en')} of ${answer.chars.toLocaleString('en')} characters: ${(answer.chars - shown).toLocaleString('en')} more${sections}. read({ maxChars }) returns more${scoped ? '' : '; read(locator) reads one part'}.]`;
}

export function readFor(defaultPage: Page, worlds: IsolatedWorlds, settle?: (page: Page) => Promise<unknown>): Read {
  return async (target, options) => {
    let locator: Locator | undefined;
    let page = defaultPage;
    if (target !== undefined && target !== null && typeof target === 'object' && (isLocator(target) || isPage(target))) {
      if (isPage(target)) page = target; else { locator = target; page = target.page(); }
    } else {
      if (options !== undefined) throw new ReadArgumentError('read(target, options): target must be a page or a locator', 'target');
      options = target as ReadOptions | undefined;
    }
    const { maxChars = DEFAULT_READ_CHARS } = checkOptions(options);
    const request: ReadRequest = { maxChars };
    // Like observe(), a page that has just routed or waits for its data is read once it has drawn.
    await settle?.(page).catch(() => undefined);
    if (locator) {
      const element = await asRuntime(() => locator.evaluate(elementHtmlRead));
      request.html = element.html;
      request.baseUrl = element.base;
    }
    const answer = await worlds.call<ReadAnswer>(page, READ_CALL, request, READ_LIBRARY).catch((error: unknown) => {
      throw error instanceof PageScriptError ? new ReadFailed(error.message) : error;
    });
    return answer.markdown.length < answer.chars ? answer.markdown + cutNote(answer, answer.markdown.length, !!locator) : answer.markdown;
  };
}
