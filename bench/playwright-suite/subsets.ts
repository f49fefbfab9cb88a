// Named sets of Playwright's tests/page spec files. The whole page suite (about 2,600 tests
// on Chromium) takes hours on this 2-core shared machine, so a run names the subset it ran.
// `router` holds the spec files whose behaviour crosses the router most: targets, popups,
// navigation, interception, workers, bindings and init scripts, frames, dialogs, file
// choosers, screenshots (window sizes), network events. The rest of tests/page is mostly
// in-page work (selectors, expect, evaluate) that crosses the router as plain relayed messages.

export const SUBSETS: Readonly<Record<string, readonly string[]>> = {
  // What fits about an hour of this machine in both ways (about 260 tests).
  router: [
    'page-basic', 'page-event-popup', 'workers', 'page-expose-function', 'page-add-init-script',
    'page-dialog', 'page-filechooser', 'interception', 'frame-hierarchy', 'page-focus',
    'page-history', 'page-emulate-media', 'page-set-extra-http-headers', 'page-event-network',
    'page-leaks', 'page-cache-storage', 'page-localstorage', 'page-navigation', 'frame-goto',
    'page-request-intercept', 'page-set-input-files',
  ],
  // The same ground, wider (about 900 tests).
  'router-wide': [
    'page-basic', 'page-event-popup', 'page-goto', 'page-route', 'page-request-continue',
    'page-request-fulfill', 'page-request-intercept', 'page-request-fallback', 'interception',
    'workers', 'page-expose-function', 'page-add-init-script', 'page-add-init-script-callback',
    'page-evaluate-callback', 'page-dialog', 'page-filechooser', 'page-set-input-files',
    'page-emulate-media', 'page-event-network', 'page-network-request', 'page-network-response',
    'page-network-idle', 'page-wait-for-navigation', 'page-history', 'page-focus',
    'frame-hierarchy', 'frame-goto', 'frame-evaluate', 'locator-frame', 'selectors-frame',
    'page-screenshot', 'page-set-extra-http-headers', 'page-event-console',
    'page-event-pageerror', 'page-event-request', 'page-cache-storage', 'page-localstorage',
    'page-leaks', 'page-request-gc', 'page-navigation', 'elementhandle-screenshot',
  ],
  // A quick check that both ways work at all (19 tests).
  smoke: ['page-basic'],
};

/** Spec file paths relative to the checkout, or [] for the whole of tests/page. */
export function specFiles(subset: string | undefined, files: string | undefined): string[] {
  if (files) return files.split(',').map(f => f.trim()).filter(Boolean).map(specPath);
  if (!subset || subset === 'all') return [];
  const names = SUBSETS[subset];
  if (!names) throw new Error(`unknown --subset "${subset}": use one of ${[...Object.keys(SUBSETS), 'all'].join(', ')}, or --files a,b`);
  return names.map(specPath);
}

/** A bare name is a tests/page spec; a path under tests/library (chromium/chromium) is kept as given. */
function specPath(name: string): string {
  if (name.startsWith('tests/library/')) return name.endsWith('.spec.ts') ? name : `${name}.spec.ts`;
  const base = name.replace(/^tests\/page\//, '').replace(/\.spec\.ts$/, '');
  return `tests/page/${base}.spec.ts`;
}

/** Playwright's projects that hold these spec files (chromium-page for tests/page, chromium-library for tests/library). */
export function projectsOf(files: readonly string[]): string[] {
  const library = files.some(f => f.startsWith('tests/library/'));
  const page = files.length === 0 || files.some(f => f.startsWith('tests/page/'));
  return [...(page ? ['chromium-page'] : []), ...(library ? ['chromium-library'] : [])];
}
