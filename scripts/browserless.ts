// The command around scripts/browserlessEngine.ts, for a person (docs/scaling.md) and the bench:
//
//   node dist/scripts/browserless.js install
//   node dist/scripts/browserless.js start [--port N] [--token T] [--concurrent N] [--queued N] [--timeout MS]
//   node dist/scripts/browserless.js status
//   node dist/scripts/browserless.js stop [--pid N]
//
// `start` leaves Browserless running on 127.0.0.1 and prints its URL, token included (it is yours:
// pass it to `tabwright runtime start --connect` or `--browser-service`); what `stop` and `status`
// need is kept in $XDG_CACHE_HOME/tabwright/browserless/run/PID.json, mode 0600.
// The tests start and stop their own engine through the module, not through this command.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BrowserlessEngine, engineRoot, installBrowserless } from './browserlessEngine.js';

interface RunState { pid: number; port: number; token: string; dir: string; url: string }

const runDir = path.join(path.dirname(engineRoot()), 'run');

function print(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

function states(): RunState[] {
  try {
    return fs.readdirSync(runDir).filter(f => f.endsWith('.json')).map(f => JSON.parse(fs.readFileSync(path.join(runDir, f), 'utf8')) as RunState);
  } catch {
    return [];
  }
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      port: { type: 'string' }, token: { type: 'string' }, concurrent: { type: 'string' }, queued: { type: 'string' },
      timeout: { type: 'string' }, pid: { type: 'string' },
    },
  });
  const number = (value: string | undefined) => (value === undefined ? undefined : Number(value));
  switch (positionals[0]) {
    case 'install': {
      const outcome = await installBrowserless({ log: line => process.stderr.write(`browserless: ${line}\n`) });
      print(outcome.ok ? { installed: outcome.installed, ms: outcome.ms, ...outcome.install } : { error: outcome.reason });
      return outcome.ok ? 0 : 1;
    }
    case 'start': {
      const outcome = await installBrowserless({ log: line => process.stderr.write(`browserless: ${line}\n`) });
      if (!outcome.ok) {
        print({ error: outcome.reason });
        return 1;
      }
      const dir = fs.mkdtempSync(path.join(path.dirname(engineRoot()), 'instance-'));
      const engine = await BrowserlessEngine.start(outcome.install, {
        port: number(values.port) ?? 0,
        ...(values.token ? { token: values.token } : {}),
        ...(values.concurrent ? { concurrent: Number(values.concurrent) } : {}),
        ...(values.queued ? { queued: Number(values.queued) } : {}),
        ...(values.timeout ? { timeoutMs: Number(values.timeout) } : {}),
        dir,
        detached: true,
      });
      const state: RunState = { pid: engine.pid, port: engine.port, token: engine.token, dir, url: engine.url };
      fs.mkdirSync(runDir, { recursive: true, mode: 0o700 });
      fs.writeFileSync(path.join(runDir, `${engine.pid}.json`), `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
      print({ ...state, pressure: await engine.pressure(), log: engine.logFile });
      return 0;
    }
    case 'status': {
      const running = await Promise.all(states().map(async state => {
        const engine = BrowserlessEngine.attach(state);
        return { pid: state.pid, port: state.port, alive: engine.alive, pressure: await engine.pressure().catch((e: Error) => e.message) };
      }));
      print({ root: engineRoot(), installed: fs.existsSync(path.join(engineRoot(), 'installed.json')), running });
      return 0;
    }
    case 'stop': {
      const wanted = number(values.pid);
      const stopped: number[] = [];
      for (const state of states()) {
        if (wanted !== undefined && state.pid !== wanted) continue;
        await BrowserlessEngine.attach(state).stop();
        fs.rmSync(state.dir, { recursive: true, force: true });
        fs.rmSync(path.join(runDir, `${state.pid}.json`), { force: true });
        stopped.push(state.pid);
      }
      print({ stopped });
      return 0;
    }
    default:
      process.stderr.write('usage: node dist/scripts/browserless.js install | start [--port N] [--token T] [--concurrent N] [--queued N] [--timeout MS] | status | stop [--pid N]\n');
      return 2;
  }
}

main().then(code => process.exit(code), error => {
  process.stderr.write(`browserless: ${(error as Error).message}\n`);
  process.exit(1);
});
