// `npm run setup`'s last step: one program in a throwaway runtime, so that a checkout's first
// real cold start finds the task worker's V8 code caches already made
// (runtime/worker/playwrightInternals/codeCache.ts), and the runtime's own (runtime/codeCache/bundleCodeCache.ts,
// written once the program was answered). Only a task worker can make its caches (V8
// rejects a cache made under other flags), and a worker writes them after connecting and after
// loading expect, so the program uses expect. Nothing here can fail setup: without the caches
// the first cold start makes them itself, a little slower.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'tabwright.js');
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'tabwright-warm-'));
const env = { ...process.env, TABWRIGHT_HOME: home };
try {
  const run = spawnSync(process.execPath, [cli, 'run', '--task', 'warm', '--request-id', 'warm-code-cache'], {
    env, input: 'expect(1).toBe(1); return 1;', encoding: 'utf8', timeout: 120_000,
  });
  const log = fs.existsSync(path.join(home, 'runtime.log')) ? fs.readFileSync(path.join(home, 'runtime.log'), 'utf8') : '';
  const said = [...log.matchAll(/"msg":"((?:task worker|runtime)'s code cache: [^"]*)"/g)].map(match => match[1]).join('; ');
  console.log(run.status === 0
    ? `warm-code-cache: ${said || 'the worker said nothing of its code cache'}`
    : `warm-code-cache: skipped (the program exited ${run.status ?? run.error?.message}; the first cold start makes the caches instead)`);
} finally {
  spawnSync(process.execPath, [cli, 'runtime', 'stop'], { env, stdio: 'ignore', timeout: 60_000 });
  fs.rmSync(home, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
}
