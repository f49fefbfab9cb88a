// The task's tabs as the program sees them: stable numeric ids (the ones the CLI shows)
// mapped to Playwright pages. Ids belong to the runtime; this side only resolves them.
import type { BrowserContext, Page } from 'playwright-core';
import type { PageRecord } from '../../programs/workerProtocol.js';
import { asRuntime } from '../effects/pageCodeCalls.js';

export interface TabInfo { id: number; url: string; title: string; selected: boolean }

export class Tabs {
  private readonly targetIds = new WeakMap<Page, string>();
  selectedId: number | undefined;

  constructor(
    private readonly context: BrowserContext,
    private readonly records: () => Promise<PageRecord[]>,
  ) {}

  /** The target id of a page already asked about; never asks (for callers that must not wait). */
  knownTargetId(page: Page): string | undefined {
    return this.targetIds.get(page);
  }

  /** The target id Chrome gave the page; asked once per page over a short-lived CDP session. */
  async targetIdOf(page: Page): Promise<string> {
    const known = this.targetIds.get(page);
    if (known) return known;
    // The runtime's own session: not the program's page code (pageCodeCalls.ts).
    const session = await asRuntime(() => this.context.newCDPSession(page));
    try {
      const { targetInfo } = (await asRuntime(() => session.send('Target.getTargetInfo'))) as { targetInfo: { targetId: string } };
      this.targetIds.set(page, targetInfo.targetId);
      return targetInfo.targetId;
    } finally {
      await session.detach().catch(() => {});
    }
  }

  /** The task's tabs; a title is the page's own now (the runtime's record of it may be from its last commit). */
  async list(): Promise<TabInfo[]> {
    const records = await this.records();
    const pages = new Map<string, Page>();
    for (const page of this.context.pages()) {
      const targetId = this.targetIds.get(page);
      if (targetId && !page.isClosed()) pages.set(targetId, page);
    }
    return Promise.all(records.map(async r => ({
      id: r.id, url: r.url, title: (await pages.get(r.targetId)?.title().catch(() => undefined)) ?? r.title, selected: r.id === this.selectedId,
    })));
  }

  /** The Page for an id, or an error that says which ids exist. */
  async get(id: number): Promise<Page> {
    return this.pageIn(await this.records(), id);
  }

  private async pageIn(records: PageRecord[], id: number): Promise<Page> {
    const record = records.find(r => r.id === id);
    if (record) {
      for (const page of this.context.pages())
        if (!page.isClosed() && (await this.targetIdOf(page)) === record.targetId) return page;
    }
    const known = records.map(r => r.id).join(', ') || 'none';
    throw new UnknownTabError(id, records.map(r => r.id), `No tab ${id} in this task (its tabs: ${known}). Use tabs.list() or tabs.new(url).`);
  }

  async idOf(page: Page): Promise<number | undefined> {
    const targetId = await this.targetIdOf(page);
    return (await this.records()).find(r => r.targetId === targetId)?.id;
  }

  /** Makes the tab the task's selected page: `page` in the next program. */
  async select(id: number): Promise<Page> {
    return this.selectIn(await this.records(), id);
  }

  private async selectIn(records: PageRecord[], id: number): Promise<Page> {
    const page = await this.pageIn(records, id);
    this.selectedId = id;
    return page;
  }

  async new(url?: string): Promise<Page> {
    const page = await this.context.newPage();
    if (url) await page.goto(url);
    return page;
  }

  /**
   * The page a program starts on: the one asked for with --page (an error when it is not the
   * task's), else the remembered selection when it still exists, else the first tab, else a
   * new blank one. `records`: the task's tabs as the program starts (the run message's).
   * `needsFront`: whether it must be brought to front first (PageRecord.needsFront; a page
   * without a record, just opened, always).
   */
  async initialPage(explicit: number | undefined, remembered: number | undefined, records: PageRecord[]): Promise<{ page: Page; needsFront: boolean }> {
    const chosen = (id: number) => ({ needsFront: records.find(r => r.id === id)?.needsFront === true });
    if (explicit !== undefined) return { page: await this.selectIn(records, explicit), ...chosen(explicit) };
    if (remembered !== undefined) {
      try {
        return { page: await this.selectIn(records, remembered), ...chosen(remembered) };
      } catch (error) {
        if (!(error instanceof UnknownTabError)) throw error;
      }
    }
    // The first tab is the one with the lowest id: Playwright's own order is the order it
    // attached, which for tabs reopened or found again after a restart need not be theirs.
    const first = records[0];
    if (first) {
      try {
        return { page: await this.selectIn(records, first.id), ...chosen(first.id) };
      } catch (error) {
        if (!(error instanceof UnknownTabError)) throw error;
      }
    }
    const open = this.context.pages().filter(p => !p.isClosed());
    const page = open[0] ?? (await this.context.newPage());
    this.selectedId = await this.idOf(page);
    return { page, needsFront: true };
  }

  /** The program's `tabs` object: only the four documented calls. */
  programTabs() {
    return {
      list: () => this.list(),
      get: (id: number) => this.get(id),
      select: (id: number) => this.select(id),
      new: (url?: string) => this.new(url),
    };
  }
}

export class UnknownTabError extends Error {
  override name = 'UnknownTabError';
  constructor(readonly id: number, readonly known: number[], message: string) {
    super(message);
  }
}
