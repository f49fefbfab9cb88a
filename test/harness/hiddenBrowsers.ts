// A machine with no browser, for the first-run message (issue 31): a command runs in a mount
// namespace of its own where every browser the locator would find (contract/browserLocator.ts)
// is /dev/null, so not a file. Needs root and unshare; `canHideBrowsers` says whether it can.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { locateBrowser } from '../../contract/browserLocator.js';
import { cliResult, type CliResult } from './tabwrightCli.js';

export const canHideBrowsers = process.getuid?.() === 0 && spawnSync('unshare', ['--mount', 'true']).status === 0;

/** Runs `command ...args` with the machine's browsers hidden. Give it a HOME and PLAYWRIGHT_BROWSERS_PATH with no browsers in them. */
export function withoutBrowsers(command: string, args: string[], options: { env: NodeJS.ProcessEnv; cwd?: string; input?: string }): Promise<CliResult> {
  const candidates = new Set([...locateBrowser(undefined).tried, ...locateBrowser(undefined, { headless: true }).tried]);
  const masks = [...candidates].filter(file => fs.existsSync(file)).map(file => `mount --bind /dev/null ${JSON.stringify(file)}`);
  const script = `set -e; ${masks.join('; ')}${masks.length ? '; ' : ''}exec "$@"`;
  const child = spawn('unshare', ['--mount', 'sh', '-c', script, 'sh', command, ...args], { env: options.env, cwd: options.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  return cliResult(child, options.input);
}
