// `npm run bench:soak` (not part of npm test: CPU heavy): a long run of the real CLI and
// runtime. N programs (2,000 by default, `--programs=N`) over 8 tasks from 8 concurrent
// clients; a tenth of the CLI calls are SIGKILLed at a random moment and the same request is
// submitted again. A loopback server counts each program's execution. Checked at the end:
//   - zero receipts lost (every request id has a final receipt) or doubled (no program ran twice);
//   - SQLite integrity_check ok;
//   - the runtime's RSS after the last program within 10% of its RSS after the 200th;
//   - after retention (the runtime restarted with a tiny TABWRIGHT_RECEIPT_DAYS) the artifacts
//     folder and the database are smaller than before it.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { FixtureServer } from '../test/harness/fixtureServer.js';
import { CLI } from '../test/harness/tabwrightCli.js';
import { BenchHome } from './timedCli.js';
import { isMainModule } from './mainModule.js';
import { markdownTable } from './markdownTable.js';
import { describeConditions, machineConditions } from './machineConditions.js';

export interface SoakOptions { programs: number; tasks?: number; clients?: number; killRate?: number; log?: (line: string) => void }

export interface SoakResult {
  programs: number;
  tasks: number;
  cliKills: number;
  resubmissions: number;
  lost: number;
  doubled: number;
  neverRan: number;
  integrity: string;
  rssAfter200MiB: number;
  rssAfterLastMiB: number;
  artifactsBytes: { before: number; after: number };
  databaseBytes: { before: number; after: number };
  durationMs: number;
  violations: string[];
}

function rssMiB(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024);
  } catch {
    return NaN;
  }
}

function bytesUnder(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    try { total += fs.statSync(path.join(entry.parentPath ?? (entry as { path: string }).path, entry.name)).size; } catch { /* gone */ }
  }
  return total;
}

function databaseBytes(db: string): number {
  return ['', '-wal', '-shm'].reduce((sum, suffix) => sum + (fs.existsSync(db + suffix) ? fs.statSync(db + suffix).size : 0), 0);
}

/** One CLI call; `killAfterMs` SIGKILLs it at that moment. Resolves with its exit code (null when killed) and stdout. */
function cliCall(home: BenchHome, args: string[], input: string, killAfterMs?: number): Promise<{ code: number | null; stdout: string }> {
  return new Promise(resolve => {
    const child = spawn(process.execPath, [CLI, ...args], { env: home.env(), stdio: ['pipe', 'pipe', 'ignore'] });
    let stdout = '';
    child.stdout.on('data', chunk => { stdout += chunk; });
    const killer = killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    const ceiling = setTimeout(() => child.kill('SIGKILL'), 300_000);
    child.on('close', code => { clearTimeout(killer); clearTimeout(ceiling); resolve({ code, stdout }); });
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}

export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const total = options.programs;
  const tasks = options.tasks ?? 8;
  const clients = options.clients ?? 8;
  const killRate = options.killRate ?? 0.1;
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const violations: string[] = [];
  const server = await FixtureServer.start();
  const executions = new Map<string, number>();
  server.route('/exec', (req, res) => {
    const rid = new URL(req.url ?? '/', server.origin).searchParams.get('rid') ?? '';
    executions.set(rid, (executions.get(rid) ?? 0) + 1);
    res.writeHead(200).end('ok');
  });
  const home = new BenchHome('soak');
  const result: SoakResult = {
    programs: total, tasks, cliKills: 0, resubmissions: 0, lost: 0, doubled: 0, neverRan: 0, integrity: '',
    rssAfter200MiB: NaN, rssAfterLastMiB: NaN, artifactsBytes: { before: 0, after: 0 }, databaseBytes: { before: 0, after: 0 }, durationMs: 0, violations,
  };
  try {
    const finals = new Map<string, number>();
    let next = 0;
    let done = 0;
    const programFor = (i: number, rid: string) =>
      `await fetch(${JSON.stringify(`${server.origin}/exec?rid=${encodeURIComponent(rid)}`)});\n` +
      // Every tenth program returns 64 KiB of bytes: a file artifact, so retention has files to delete.
      (i % 10 === 0 ? `return new Uint8Array(65536).fill(${i % 251});` : `return ${i};`);
    const lane = async () => {
      for (;;) {
        const i = next++;
        if (i >= total) return;
        const task = `soak-${i % tasks}`;
        const requestId = `p-${i}`;
        const rid = `${task}/${requestId}`;
        const program = programFor(i, rid);
        const args = ['run', '--task', task, '--request-id', requestId, '--wait', '240'];
        let attempt = 0;
        for (;;) {
          const kill = attempt === 0 && Math.random() < killRate ? Math.floor(Math.random() * 400) : undefined;
          const call = await cliCall(home, args, program, kill);
          if (call.code === 0 || call.code === 1) {
            finals.set(rid, (finals.get(rid) ?? 0) + 1);
            break;
          }
          if (call.code === null) result.cliKills++;
          else if (call.code !== 3) violations.push(`${rid}: exit ${call.code}: ${call.stdout.slice(0, 300)}`);
          // Killed (or still running at the wait's end): the same request again, as an agent would.
          result.resubmissions++;
          if (++attempt > 5) { violations.push(`${rid}: no final receipt after 5 resubmissions`); break; }
        }
        done++;
        if (done === 200) result.rssAfter200MiB = rssMiB(home.runtimePid());
        if (done % 100 === 0) log(`${done}/${total} programs (${result.cliKills} CLI kills)`);
      }
    };
    // The runtime first, so the clients do not race to start it; in one of the 8 tasks (a ninth would be refused).
    await cliCall(home, ['run', '--task', 'soak-0', '--request-id', 'warmup', '--wait', '240'], 'return 1');
    await Promise.all(Array.from({ length: clients }, lane));
    result.rssAfterLastMiB = rssMiB(home.runtimePid());

    for (let i = 0; i < total; i++) {
      const rid = `soak-${i % tasks}/p-${i}`;
      const ran = executions.get(rid) ?? 0;
      if (ran > 1) { result.doubled++; violations.push(`${rid} ran ${ran} times`); }
      if (ran === 0) { result.neverRan++; violations.push(`${rid} never ran`); }
    }
    const paths = { db: path.join(home.home, 'receipts.db'), artifacts: path.join(home.home, 'artifacts') };
    {
      const db = new Database(paths.db, { readonly: true });
      const rows = db.prepare("SELECT task, request_id AS requestId, status FROM receipts WHERE task LIKE 'soak-%' AND request_id != 'warmup'").all() as { task: string; requestId: string; status: string }[];
      const stored = new Set(rows.map(r => `${r.task}/${r.requestId}`));
      for (let i = 0; i < total; i++) {
        const rid = `soak-${i % tasks}/p-${i}`;
        if (!stored.has(rid) || !finals.has(rid)) { result.lost++; violations.push(`${rid}: receipt lost`); }
      }
      const unfinished = rows.filter(r => r.status !== 'succeeded');
      if (unfinished.length) violations.push(`${unfinished.length} receipts not succeeded, e.g. ${JSON.stringify(unfinished.slice(0, 3))}`);
      result.integrity = String(db.pragma('integrity_check', { simple: true }));
      if (result.integrity !== 'ok') violations.push(`integrity_check: ${result.integrity}`);
      db.close();
    }
    if (!(Math.abs(result.rssAfterLastMiB - result.rssAfter200MiB) <= result.rssAfter200MiB * 0.1))
      violations.push(`runtime RSS ${result.rssAfterLastMiB} MiB after the last program vs ${result.rssAfter200MiB} MiB after the 200th (more than 10% apart)`);

    // Retention: restart with a period every receipt is past.
    await home.run(['runtime', 'stop'], { timeoutMs: 60_000 });
    result.artifactsBytes.before = bytesUnder(paths.artifacts);
    result.databaseBytes.before = databaseBytes(paths.db);
    const restarted = await home.run(['runtime', 'start'], { env: { TABWRIGHT_RECEIPT_DAYS: '0.000001' }, timeoutMs: 120_000 });
    if (restarted.code !== 0) violations.push(`restart for retention failed: ${restarted.stdout}${restarted.stderr}`);
    await home.run(['runtime', 'stop'], { timeoutMs: 60_000 });
    result.artifactsBytes.after = bytesUnder(paths.artifacts);
    result.databaseBytes.after = databaseBytes(paths.db);
    if (!(result.artifactsBytes.after < result.artifactsBytes.before)) violations.push(`artifacts did not shrink: ${result.artifactsBytes.before} -> ${result.artifactsBytes.after} bytes`);
    if (!(result.databaseBytes.after < result.databaseBytes.before)) violations.push(`the database did not shrink: ${result.databaseBytes.before} -> ${result.databaseBytes.after} bytes`);
  } finally {
    await home.dispose();
    await server.close();
  }
  result.durationMs = performance.now() - started;
  return result;
}

export function soakMarkdown(r: SoakResult): string {
  const rows: [string, string | number][] = [
    ['programs / tasks', `${r.programs} / ${r.tasks}`], ['CLI calls SIGKILLed', r.cliKills], ['resubmissions of the same request', r.resubmissions],
    ['receipts lost', r.lost], ['programs run twice', r.doubled], ['programs never run', r.neverRan], ['integrity_check', r.integrity],
    ['runtime RSS after the 200th / the last program (MiB)', `${r.rssAfter200MiB} / ${r.rssAfterLastMiB}`],
    ['artifacts before / after retention (bytes)', `${r.artifactsBytes.before} / ${r.artifactsBytes.after}`],
    ['database before / after retention (bytes, with -wal and -shm)', `${r.databaseBytes.before} / ${r.databaseBytes.after}`],
    ['duration', `${(r.durationMs / 1000).toFixed(0)} s`],
  ];
  const verdict = r.violations.length ? `VIOLATIONS:\n${r.violations.slice(0, 40).map(v => `- ${v}`).join('\n')}` : 'Every check held.';
  return `Soak\n\n${markdownTable(['measure', 'value'], rows)}\n\n${verdict}`;
}

if (isMainModule(import.meta.url)) {
  const programs = Number(process.argv.find(a => a.startsWith('--programs='))?.slice('--programs='.length) ?? 2000);
  const before = machineConditions();
  const result = await runSoak({ programs, log: line => process.stderr.write(`${line}\n`) });
  console.log(soakMarkdown(result));
  console.log(`\n${describeConditions(before, machineConditions())}.`);
  process.exitCode = result.violations.length ? 1 : 0;
}
