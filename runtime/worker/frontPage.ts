// Brings a program's page to front, only when something may have put another tab over it.
// A tab behind another renders no frames (headless), so every click on it would wait for one;
// but each task page has a window of its own (the router opens them so), and bringing one to
// front activates that window: 10-20 ms a program on this machine when tasks take turns, for
// nothing. A tab can only be covered by one opened in its window (a link's target=_blank, a
// popup), and every such tab is a `page` event of the context.
import type { BrowserContext, Page } from 'playwright-core';

export class FrontPage {
  /** The page last brought to front, while no tab has opened since. */
  private front?: Page;

  constructor(context: BrowserContext) {
    context.on('page', () => { this.front = undefined; });
  }

  async show(page: Page): Promise<void> {
    if (page === this.front && !page.isClosed()) return;
    await page.bringToFront();
    this.front = page;
  }
}
