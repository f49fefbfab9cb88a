// What many test files need besides the CLI: waiting for a condition the test cannot be told
// of by an event, and an assertion message that shows what the CLI and the runtime said.
import type { CliResult, TabwrightHome } from './tabwrightCli.js';
import { runtimeLog } from './tabwrightCli.js';

export interface UntilOptions {
  /** A generous cap only so a broken run fails instead of hanging; it bounds no behaviour. */
  timeoutMs?: number;
  /** How often to ask again. */
  everyMs?: number;
  /** Why waiting is pointless (say, the browser under test exited): asked before each try. */
  stopIf?: () => string | undefined;
}

/** The probe's first value other than undefined, asked again until there is one. */
export async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, options: UntilOptions = {}): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    const stop = options.stopIf?.();
    if (stop !== undefined) throw new Error(`${stop} while waiting for ${what}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise(resolve => setTimeout(resolve, options.everyMs ?? 100));
  }
}

/** An assertion message for a CLI call: its exit code, what it printed, and the runtime's log. */
export function explain(result: Pick<CliResult, 'stdout' | 'stderr'> & { code?: number | null }, home: TabwrightHome | undefined): string {
  const exit = result.code === undefined ? '' : `exit ${result.code}\n`;
  return `${exit}${result.stdout.slice(0, 4000)}\n${result.stderr}\n${home ? runtimeLog(home) : ''}`;
}
