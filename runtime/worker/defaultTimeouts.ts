// Playwright's defaults (30 s for actions and navigations) equal the CLI's default --wait of
// 30 s: a click on a control that never appears came back `running` (exit 3), and the agent
// needed a second call to read the failure. Well below the wait, a failed action comes back in
// the same call. A program sets its own with page/context.setDefaultTimeout or per call.

/** Clicks, fills, waits for a locator: 10 s is long for a control that is there at all. */
export const DEFAULT_ACTION_TIMEOUT_MS = 10_000;

/** page.goto and other navigations: slow sites get longer, still under the default wait. */
export const DEFAULT_NAVIGATION_TIMEOUT_MS = 20_000;

// `expect` keeps @playwright/test's own 5 s default: already well below the wait.
