// Reads Playwright's JSON reporter output into one outcome per test, keyed so that the same
// test in the two ways compares: "file:line title path".

export type Outcome = 'passed' | 'failed' | 'skipped' | 'flaky';

export interface TestOutcome {
  key: string;
  outcome: Outcome;
  /** The first line of the first error, when the test failed. */
  error?: string;
  durationMs: number;
}

// The subset of the JSON reporter's shape this reads (playwright/types/testReporter JSONReport).
interface ReportError { message?: string }
interface ReportResult { status: string; duration: number; errors?: ReportError[]; error?: ReportError }
interface ReportTest { status: 'expected' | 'unexpected' | 'flaky' | 'skipped'; results: ReportResult[] }
interface ReportSpec { title: string; file: string; line: number; tests: ReportTest[] }
interface ReportSuite { title: string; specs?: ReportSpec[]; suites?: ReportSuite[] }
export interface JsonReport { suites: ReportSuite[]; stats?: { duration: number } }

const ANSI = /\u001b\[[0-9;]*m/g;

function outcomeOf(test: ReportTest): Outcome {
  switch (test.status) {
    case 'expected': return test.results.some(r => r.status === 'skipped') ? 'skipped' : 'passed';
    case 'unexpected': return 'failed';
    case 'flaky': return 'flaky';
    case 'skipped': return 'skipped';
  }
}

function firstError(test: ReportTest): string | undefined {
  for (const result of test.results) {
    const message = result.error?.message ?? result.errors?.[0]?.message;
    if (message) return message.replace(ANSI, '').split('\n').find(line => line.trim())?.trim().slice(0, 200);
  }
  return undefined;
}

export function testOutcomes(report: JsonReport): Map<string, TestOutcome> {
  const outcomes = new Map<string, TestOutcome>();
  const walk = (suite: ReportSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const key = `${spec.file}:${spec.line} ${[...titles, spec.title].join(' > ')}`;
        outcomes.set(key, {
          key,
          outcome: outcomeOf(test),
          error: test.status === 'unexpected' ? firstError(test) : undefined,
          durationMs: test.results.reduce((sum, r) => sum + r.duration, 0),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  // Top-level suites are files; their title is the file name, already in the key.
  for (const file of report.suites) {
    for (const spec of file.specs ?? []) walk({ title: '', specs: [spec] }, []);
    for (const child of file.suites ?? []) walk(child, [child.title]);
  }
  return outcomes;
}
