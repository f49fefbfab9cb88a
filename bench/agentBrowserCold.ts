// agent-browser's cold start, timed in the same run as tabwright's (bench/cli.ts), when
// TABWRIGHT_BENCH_AGENT_BROWSER names its binary (it is not a dependency: shared/peers installs
// it). Measured as the peers harness does: `open URL` with no daemon running, on a fresh
// session, with the same Chromium as the runtime; then `close`, and the daemon waited for.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

export class AgentBrowserCold {
  private readonly root = fs.mkdtempSync(path.join(os.tmpdir(), 'tabwright-bench-ab-'));
  private sessions = 0;

  constructor(private readonly binary: string, private readonly chromium: string) {}

  static fromEnvironment(chromium: string): AgentBrowserCold | undefined {
    const binary = process.env.TABWRIGHT_BENCH_AGENT_BROWSER;
    return binary ? new AgentBrowserCold(binary, chromium) : undefined;
  }

  private run(session: string, args: string[]): Promise<{ code: number | null; wallMs: number; output: string }> {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      // Its dotfiles and Chromium's stay in this bench's folder.
      HOME: this.root,
      AGENT_BROWSER_SOCKET_DIR: path.join(this.root, 'sockets'),
      AGENT_BROWSER_SESSION: session,
      AGENT_BROWSER_EXECUTABLE_PATH: this.chromium,
      AGENT_BROWSER_NO_VERSION_CHECK: '1',
      NO_COLOR: '1',
      ...(process.getuid?.() === 0 ? { AGENT_BROWSER_ARGS: '--no-sandbox' } : {}),
    };
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const child = spawn(this.binary, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', d => { output += d; });
      child.stderr.on('data', d => { output += d; });
      child.on('error', reject);
      child.on('close', code => resolve({ code, wallMs: performance.now() - started, output }));
    });
  }

  /** One cold `open url`, in ms; the session's daemon and browser are gone when this resolves. */
  async coldOpen(url: string): Promise<number> {
    const session = `cold-${++this.sessions}`;
    const opened = await this.run(session, ['open', url]);
    const pidFile = path.join(this.root, 'sockets', `${session}.pid`);
    const pid = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8').trim()) : undefined;
    await this.run(session, ['close']);
    const alive = () => { try { process.kill(pid!, 0); return true; } catch { return false; } };
    for (let i = 0; i < 100 && pid && alive(); i++) await new Promise(r => setTimeout(r, 100));
    if (pid && alive()) process.kill(pid, 'SIGKILL');
    if (opened.code !== 0) throw new Error(`agent-browser open exited ${opened.code}: ${opened.output.slice(0, 500)}`);
    return opened.wallMs;
  }

  dispose(): void {
    fs.rmSync(this.root, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}
