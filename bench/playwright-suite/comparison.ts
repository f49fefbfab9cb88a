// Compares the two ways' outcomes: the counts of each, and every test that passes in (a),
// Playwright's own launch, and does not pass in (b), through a tabwright task's endpoint.
import { markdownTable } from '../markdownTable.js';
import type { Outcome, TestOutcome } from './jsonReport.js';

export interface WayCounts { run: number; passed: number; failed: number; flaky: number; skipped: number }

export function countsOf(outcomes: Map<string, TestOutcome>): WayCounts {
  const counts: WayCounts = { run: 0, passed: 0, failed: 0, flaky: 0, skipped: 0 };
  for (const { outcome } of outcomes.values()) {
    counts[outcome]++;
    if (outcome !== 'skipped') counts.run++;
  }
  return counts;
}

export interface Regression { key: string; inB: Outcome | 'not run'; error?: string }

export function regressions(a: Map<string, TestOutcome>, b: Map<string, TestOutcome>): Regression[] {
  const found: Regression[] = [];
  for (const [key, inA] of a) {
    if (inA.outcome !== 'passed') continue;
    const inB = b.get(key);
    if (inB?.outcome === 'passed') continue;
    found.push({ key, inB: inB?.outcome ?? 'not run', error: inB?.error });
  }
  return found.sort((x, y) => x.key.localeCompare(y.key));
}

/** What each way is, in the report's table. */
export interface WayLabels { a: string; b: string }

const ROUTER_WAYS: WayLabels = { a: '(a) Playwright launches Chromium', b: '(b) connectOverCDP to a task endpoint' };

export function comparisonReport(a: Map<string, TestOutcome>, b: Map<string, TestOutcome>, labels: WayLabels = ROUTER_WAYS): string {
  const [ca, cb] = [countsOf(a), countsOf(b)];
  const lost = regressions(a, b);
  const passedInBoth = ca.passed - lost.length;
  const share = ca.passed ? (100 * passedInBoth / ca.passed).toFixed(1) : 'n/a';
  const row = (way: string, c: WayCounts) => [way, c.run, c.passed, c.failed, c.flaky, c.skipped];
  const lines = [
    markdownTable(['way', 'run', 'passed', 'failed', 'flaky', 'skipped'], [
      row(labels.a, ca),
      row(labels.b, cb),
    ]),
    '',
    `(b) passes ${passedInBoth} of the ${ca.passed} tests (a) passes: ${share}%.`,
  ];
  if (lost.length) {
    lines.push('', 'Passed in (a), not in (b):', '');
    lines.push(markdownTable(['test', '(b)', 'first error line'], lost.map(r => [r.key, r.inB, (r.error ?? '').replace(/\|/g, '\\|')])));
  }
  return lines.join('\n');
}
