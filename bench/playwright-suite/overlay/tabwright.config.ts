// Copied at run time into <playwright checkout>/tests/tabwright/ by bench/playwrightSuite.ts;
// never compiled by tabwright's tsc (tsconfig excludes this folder): it is Playwright's code's
// neighbour, typed against their tree.
//
// Way (b) of issue 17: Playwright's own config, unchanged, except that every test worker's
// `browser` is `chromium.connectOverCDP(<a tabwright task's endpoint>)` instead of a launch.
// Their `browser` fixture (packages/playwright/src/index.ts) calls `playwright.chromium.launch()`
// once per worker and no spec under tests/page launches a browser itself, so replacing
// `launch` on the client's BrowserType is the whole test mode. Playwright loads this config in
// every worker process too, which is where the replacement takes effect.
//
// One task per worker process (TEST_WORKER_INDEX is unique per process, so a worker restarted
// after a failure gets a fresh task). Each test's context is `browser.newContext()`, i.e. a
// context the task's client created: the router's isolation for created contexts applies.
import { execFileSync } from 'child_process';
import config from '../library/playwright.config';

const tabwrightBin = process.env.TABWRIGHT_PWSUITE_BIN;
if (!tabwrightBin)
  throw new Error('TABWRIGHT_PWSUITE_BIN is not set: run this config through `npm run bench:playwright-suite`');

function taskEndpoint(task: string): string {
  const out = execFileSync(process.execPath, [tabwrightBin, 'endpoint', '--task', task], { encoding: 'utf8' });
  return (JSON.parse(out) as { endpoint: string }).endpoint;
}

if (process.env.TEST_WORKER_INDEX !== undefined) {
  // The same module instance their testMode's `require('playwright-core')` returns.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { chromium } = require('playwright-core');
  const proto = Object.getPrototypeOf(chromium);
  const launch = proto.launch;
  proto.launch = async function(this: typeof chromium, options?: object) {
    if (this.name() !== 'chromium')
      return launch.call(this, options);
    const task = `pwsuite-w${process.env.TEST_WORKER_INDEX}-${process.pid}`;
    return this.connectOverCDP(taskEndpoint(task));
  };
}

config.metadata = { ...config.metadata, tabwright: 'connectOverCDP through a task endpoint' };
export default config;
