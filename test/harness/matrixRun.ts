// One test file run once more in a child `node --test` with other environment (the matrices:
// a connected browser, test/connected-matrix; a browser service, test/browserless-matrix): TAP on
// stdout, its summary counted, and only the failing tests' lines kept for a failure message.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ChildRun { code: number | null; output: string; counts: Record<string, number>; ms: number }

/** `dist/test/<file>.test.js` under node's test runner, one test at a time, with `env` added. */
export function runTestFile(file: string, env: NodeJS.ProcessEnv): Promise<ChildRun> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    // NODE_TEST_CONTEXT tells a node --test started inside a test file to run nothing itself.
    const { NODE_TEST_CONTEXT: _parent, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--test', '--test-concurrency=1', '--test-reporter=tap', path.join(here, `${file}.test.js`)], {
      env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', d => { output += d; });
    child.stderr.on('data', d => { output += d; });
    child.on('error', reject);
    child.on('close', code => {
      const counts: Record<string, number> = {};
      for (const match of output.matchAll(/^# (tests|pass|fail|cancelled|skipped|todo) (\d+)$/gm)) counts[match[1]!] = Number(match[2]);
      resolve({ code, output, counts, ms: Date.now() - started });
    });
  });
}

/** The lines a failure needs: each failing test's name and its error, not the whole TAP stream. */
export function failures(output: string): string {
  const lines = output.split('\n');
  const keep: string[] = [];
  lines.forEach((line, i) => {
    if (/^\s*not ok /.test(line)) keep.push(...lines.slice(i, i + 25));
  });
  return (keep.length ? keep.join('\n') : output).slice(-12_000);
}
