// `tab` targets, for clients that auto-attach to tabs and reach pages through them
// (Puppeteer: Target.setAutoAttach with a filter that admits `tab` and excludes `page`).
// The router does not attach to Chrome's real tab targets (that would mean attaching to
// every tab of the browser to find out which page it holds); it shows one synthetic tab per
// owned page, whose only child is that page.
import type { TargetInfo } from './ownership.js';

const PREFIX = 'tab-';

export function tabIdOf(pageTargetId: string): string {
  return `${PREFIX}${pageTargetId}`;
}

/** The page a synthetic tab id stands for, or undefined for any other id. */
export function pageOfTab(targetId: unknown): string | undefined {
  return typeof targetId === 'string' && targetId.startsWith(PREFIX) ? targetId.slice(PREFIX.length) : undefined;
}

export function tabInfoOf(page: TargetInfo): TargetInfo {
  return {
    targetId: tabIdOf(page.targetId),
    type: 'tab',
    title: page.title,
    url: page.url,
    attached: true,
    canAccessOpener: false,
    ...(page.browserContextId ? { browserContextId: page.browserContextId } : {}),
  };
}
