// `observe()` in a program's scope: the compact view of a page (or of one locator's part of it)
// from Playwright's own ai-mode snapshot, so its refs work with `page.getByRef('e12')` and
// `page.locator('aria-ref=e12')`. The worker remembers each page's last view (per scope) for
// `observe({ since: 'last' })`; a new worker (after a timeout or an idle stop) starts without.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { renderView, DEFAULT_MAX_CHARS, renderCapped, withoutUrl, type AriaNode, type ViewLine } from './compactView.js';
import { factsQuery, pageFactsFor, type FactsAnswer, type FactsQuery } from './pageFacts.js';
import type { ProgramGotos } from './programGotos.js';
import { diffLines, diffViews } from './viewDiff.js';
import { ownedRefs } from './questions/ownedElements.js';
import { withLibraries, withSiteTools } from './viewHeader.js';
import { unsettledText, type Unsettled } from './pageActivity.js';
import { popupsOutsideLine } from './questions/scopePopups.js';

/** The names of the tools a page offers (WebMCP), or undefined when it offers none or cannot say. */
export type SiteToolNames = (page: Page) => Promise<readonly string[] | undefined>;
/** Asks the page of its tables and file inputs what the snapshot does not say (pageFacts.ts), in tabwright's own world of it. */
export type AskTables = (page: Page, query: FactsQuery) => Promise<FactsAnswer>;
/**
 * What observe() waits for in a page (pageActivity.ts). `settle`: a busy page, before it is read;
 * says what was still in flight at its limit. `tipAfterHover`: a tooltip a hover just now may
 * still bring, when the view came out as the last one; false when no hover was that recent.
 */
export interface PageWaits {
  settle(page: Page): Promise<Unsettled | undefined>;
  tipAfterHover(page: Page): Promise<boolean>;
}

export interface ObserveOptions {
  /** `'last'`: only what changed since this task's previous observation of the same page and scope. */
  since?: 'last';
  /** Cap on the returned text; what does not fit is named in a last line. */
  maxChars?: number;
}

export class ObserveArgumentError extends Error {
  override name = 'ObserveArgumentError';
  constructor(message: string, readonly argument: string) {
    super(message);
  }
}

/** A scoped observation whose locator matches nothing (ai-mode snapshots do not wait for it): observeFor gives the whole page instead. */
class ObserveTargetMissing extends Error {
  override name = 'ObserveTargetMissing';
  constructor(readonly locator: string) {
    super(`observe(${locator}) matched no element: the whole page instead`);
  }
}

export type Observe = (target?: Page | Locator | ObserveOptions, options?: ObserveOptions) => Promise<string>;

/** The last view of each page, per scope ('' for the whole page). */
const lastViews = new WeakMap<Page, Map<string, ViewLine[]>>();
/** The tasks (their contexts) whose views have said once what a ref's `fN` prefix is. */
const prefixSaid = new WeakSet<BrowserContext>();
/** A ref of a later document of a tab or of a frame (`f3e12`), and one of a tab's first document (`e12`). */
const PREFIXED_REF = /(?:^|[\s[])f\d+e\d+\b/m;
const FIRST_DOCUMENT_REF = /(?:^|[\s[])e\d+\b/m;
const PREFIX_NOTE = '(refs such as f1e4: this tab\'s document since it last loaded, by a reload or a navigation; refs seen before it no longer work)';

const isLocator = (x: object): x is Locator => typeof (x as Locator).ariaSnapshotJSON === 'function' && typeof (x as Locator).page === 'function';
const isPage = (x: object): x is Page => typeof (x as Page).ariaSnapshotJSON === 'function' && typeof (x as Page).goto === 'function';

function checkOptions(options: unknown): ObserveOptions {
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new ObserveArgumentError('observe(target, options): options must be an object such as { since: \'last\', maxChars: 4000 }', 'options');
  }
  const { since, maxChars, ...unknown } = options as Record<string, unknown>;
  const extra = Object.keys(unknown);
  // observe({ page: popup }) means observe(popup): the page (or a locator) is the first argument.
  const target = extra.find(key => key === 'page' || key === 'locator');
  if (target) throw new ObserveArgumentError(`observe: unknown option ${target}; pass the ${target} itself first: observe(${target === 'page' ? 'popup' : 'page.getByRole(\'dialog\')'}), or observe(${target === 'page' ? 'popup' : 'locator'}, { since: 'last' })`, target);
  if (extra.length) throw new ObserveArgumentError(`observe: unknown option ${extra.join(', ')}; the options are since ('last') and maxChars (a number)`, extra[0]);
  if (since !== undefined && since !== 'last') throw new ObserveArgumentError(`observe: since must be 'last', not ${JSON.stringify(since)}`, 'since');
  if (maxChars !== undefined && !(typeof maxChars === 'number' && Number.isInteger(maxChars) && maxChars >= 200)) {
    throw new ObserveArgumentError(`observe: maxChars must be a whole number of at least 200, not ${JSON.stringify(maxChars)}`, 'maxChars');
  }
  return { since, maxChars } as ObserveOptions;
}

/**
 * The `observe` a program gets: without a target it observes the program's `page`. Given the
 * program's gotos, a whole view leaves out a URL the program asked for (a `since: 'last'` view
 * keeps it: it says where the page is now against where it was).
 */
export function observeFor(defaultPage: Page, gotos?: ProgramGotos, siteTools?: SiteToolNames, tableFacts?: AskTables, waits?: PageWaits): Observe {
  const observe = scopedObserveFor(defaultPage, gotos, siteTools, tableFacts, waits);
  // A part that matches nothing: the whole page, its first line saying so, not a failed program
  // (site 28's agent lost the rows it had computed beside a scope the grid did not have).
  return async (target, options) => {
    try {
      return await observe(target, options);
    } catch (error) {
      if (!(error instanceof ObserveTargetMissing)) throw error;
      return `${error.message}\n${await observe((target as Locator).page(), options)}`;
    }
  };
}

function scopedObserveFor(defaultPage: Page, gotos?: ProgramGotos, siteTools?: SiteToolNames, tableFacts?: AskTables, waits?: PageWaits): Observe {
  return async (target, options) => {
    let locator: Locator | undefined;
    let page = defaultPage;
    if (target !== undefined && target !== null && typeof target === 'object' && (isLocator(target) || isPage(target))) {
      if (isLocator(target)) { locator = target; page = target.page(); } else page = target;
    } else {
      if (options !== undefined) throw new ObserveArgumentError('observe(target, options): target must be a page or a locator', 'target');
      options = target as ObserveOptions | undefined;
    }
    const { since, maxChars = DEFAULT_MAX_CHARS } = checkOptions(options);
    // ai mode never waits for the locator: a missing element fails at once instead of after the timeout.
    const scope = locator ? String(locator) : '';
    // A page just routed or waiting for its data is read once it has drawn (pageActivity.ts).
    const unsettled = await waits?.settle(page).catch(() => undefined);
    let views = lastViews.get(page);
    if (!views) lastViews.set(page, views = new Map());
    const previous = views.get(scope);
    let lines = await look(page, locator, scope, unsettled);
    // A tooltip shown some time after the pointer came (picasso.js waits 500 ms: site 36's agent
    // hovered five points, observed after each, and read "no changes" five times): a view the same
    // as the last one, a hover just before, is taken again once the page changes or the wait ends.
    if (previous && sameView(previous, lines) && await waits?.tipAfterHover(page).catch(() => false)) lines = await look(page, locator, scope, unsettled);
    views.set(scope, lines);
    // Site 36's agent read a reference to learn what `f1e4` was after a reload: a whole view says it, once a task.
    const text = lines.map(line => line.text).join('\n');
    const prefix = !prefixSaid.has(page.context()) && PREFIXED_REF.test(text) && !FIRST_DOCUMENT_REF.test(text);
    if (prefix && (since !== 'last' || !previous)) prefixSaid.add(page.context());
    const whole = prefix ? [lines[0], { depth: 0, key: 'prefix', text: PREFIX_NOTE }, ...lines.slice(1)] : lines;
    if (since !== 'last') return renderCapped(gotos?.asked(page.url()) ? withoutUrl(whole, page.url()) : whole, maxChars);
    if (!previous) {
      return renderCapped([whole[0], { depth: 0, key: 'since', text: '(no earlier observation of this page in this task: the whole view)' }, ...whole.slice(1)], maxChars);
    }
    return renderCapped(diffLines(diffViews(previous, lines), lines[0]), maxChars);
  };

  /** The page's view as lines: one snapshot, with what the page says beside it. */
  async function look(page: Page, locator: Locator | undefined, scope: string, unsettled: Unsettled | undefined): Promise<ViewLine[]> {
    // The title and the site tools (a whole-page view says when the page offers them; a failed
    // look says nothing) do not depend on the snapshots: asked for at once, they take no time
    // of their own. The tools first: their look takes two round trips (the world, then the
    // listing), and its first must reach the renderer before the snapshot's long task does.
    const toolsLook = scope ? undefined : siteTools?.(page).catch(() => undefined);
    // What the page says of its tables, file inputs and widget libraries needs nothing from the
    // view: asked beside the snapshot too, instead of in turn after it (pageFacts.ts).
    const factsLook = tableFacts?.(page, factsQuery(!scope)).catch(() => undefined);
    const besides = Promise.all([page.title(), toolsLook]);
    besides.catch(() => {});
    const snapshot = () => (locator ?? page).ariaSnapshotJSON({ mode: 'ai' }).catch((error: Error) => {
      throw locator && /does not match any element/.test(error.message) ? new ObserveTargetMissing(scope) : error;
    }) as Promise<AriaNode[] | AriaNode>;
    // The view's snapshot is asked together with whether any element owns another (most pages:
    // none, and it is the view); where some do, their snapshots come first and the view's is
    // taken again after them (questions/ownedElements.ts: refs resolve against a frame's last snapshot).
    const first = snapshot();
    first.catch(() => {});
    const owned = await ownedRefs(page);
    const { elsewhere, tree } = owned.looked ? { elsewhere: owned.refs, tree: await snapshot() } : { elsewhere: owned.refs, tree: await first };
    const [title, tools] = await besides;
    const url = page.url();
    const viewOptions = { title, url, scope: scope || undefined, elsewhere };
    let view = renderView(tree, viewOptions);
    // Tables that may hold only part of their rows and columns, look-alikes all named the same,
    // buttons that may be file inputs: the page says more (its answer asked above; look-alikes'
    // titles asked now, only when there are any), and the view is made again with it.
    // A whole-page view also names the widget libraries it recognises (widgetLibraries.ts).
    let libraries: readonly string[] | undefined;
    if (factsLook && (!scope || view.needs.tables.length || view.needs.alike.length || view.needs.operable || view.needs.textRows || view.needs.marks.length || view.needs.dialogs.length)) {
      const facts = await pageFactsFor(page, view.needs, await factsLook);
      view = renderView(tree, { ...viewOptions, facts });
      libraries = facts.libraries;
    }
    const header = withSiteTools(withLibraries(view.lines, libraries), tools);
    const outside = locator && await popupsOutsideLine(locator);
    return [
      header[0],
      ...(unsettled ? [{ depth: 0, key: 'busy', text: unsettledText(unsettled) }] : []),
      ...(outside ? [{ depth: 0, key: 'outside', text: outside }] : []),
      ...header.slice(1),
    ];
  }
}

function sameView(a: readonly ViewLine[], b: readonly ViewLine[]): boolean {
  return a.length === b.length && a.every((line, i) => line.text === b[i].text && line.depth === b[i].depth);
}
