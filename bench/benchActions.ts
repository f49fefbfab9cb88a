// The actions bench:router and bench:transport time, on one page: a click, a fill, an
// evaluate, a locator read and a navigation, the kinds whose router overhead the issues set
// targets for.
import type { Page } from 'playwright-core';

export const KINDS = ['click', 'fill', 'evaluate', 'locator read', 'navigation'] as const;
export type Kind = (typeof KINDS)[number];

export const PAGE = `<!doctype html><title>bench</title>
<form onsubmit="return false">
  <label>Name <input id="name"></label>
  <label>City <input id="city"></label>
  <button id="add" type="button" onclick="add()">Add</button>
  <p id="count">0</p>
  <ul id="items">${Array.from({ length: 40 }, (_, i) => `<li class="item">item ${i}</li>`).join('')}</ul>
</form>
<script>
  let n = 0;
  function add() { n++; document.getElementById('count').textContent = String(n); }
</script>`;

export async function action(page: Page, kind: Kind, i: number): Promise<void> {
  switch (kind) {
    case 'click':
      await page.locator('#add').click();
      return;
    case 'fill':
      await page.locator(i % 2 ? '#name' : '#city').fill(`value ${i}`);
      return;
    case 'evaluate':
      await page.evaluate(k => document.querySelectorAll('li').length + k, i);
      return;
    case 'locator read':
      await page.locator('#items li').nth(i % 40).textContent();
      return;
    case 'navigation':
      // The same page again, to its load event: a new document each time.
      await page.goto(page.url());
      return;
  }
}
