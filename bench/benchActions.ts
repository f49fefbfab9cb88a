// The actions bench:router and bench:transport time, on one page: a click, a fill, an
// evaluate and a locator read. Navigations are not in the mix: each would hand the next action
// a just-loaded document (a click then took 120-160 ms instead of 45), so they need a loop of
// their own (one run with them mixed in: navigation 76.5 vs 66.9 ms, 1.14).
import type { Page } from 'playwright-core';

export const KINDS = ['click', 'fill', 'evaluate', 'locator read'] as const;
export type Kind = (typeof KINDS)[number];

export const PAGE = `<!doctype html><title>bench</title>
<form onsubmit="return false">
  <label>Name <input id="name"></label>
  <label>City <input id="city"></label>
  <button id="add" type="button" onclick="addOne()">Add</button>
  <p id="count">0</p>
  <ul id="items">${Array.from({ length: 40 }, (_, i) => `<li class="item">item ${i}</li>`).join('')}</ul>
</form>
<script>
  let n = 0;
  // Not add(): inside the form's inline handler, "add" names the button (id="add").
  function addOne() { n++; document.getElementById('count').textContent = String(n); }
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
  }
}
