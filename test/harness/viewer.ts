// A real browser looking at the live view, the way a person would: its own Chromium (not
// the runtime's), driven by playwright-core. Shared by test/view.test.ts and bench/view.ts.
import { chromium, type Browser } from 'playwright-core';
import { locateBrowser } from '../../contract/browserLocator.js';
import type { TabwrightHome } from './tabwrightCli.js';

/** On the browser the runtime would find (a full Chromium where there is one), wherever it is installed. */
export function launchViewerBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: locateBrowser(process.env.TABWRIGHT_BROWSER).path,
    args: process.getuid?.() === 0 ? ['--no-sandbox'] : [],
  });
}

/** `tabwright view --print-token`: the URL with its token, and how many viewers are connected now. */
export async function viewUrl(home: TabwrightHome): Promise<{ url: string; viewers: number }> {
  const answer = await home.run(['view', '--print-token']);
  if (answer.code !== 0 || typeof answer.json?.url !== 'string')
    throw new Error(`tabwright view failed (exit ${answer.code}): ${answer.stdout}${answer.stderr}`);
  return answer.json;
}
