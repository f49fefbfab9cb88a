// `tabwright view [--open]`: asks the runtime for the live view's URL (the runtime starts
// the view server on first ask) and, with --open, hands it to the desktop's browser.
import { spawn } from 'node:child_process';
import type { Command } from '../arguments.js';
import { jsonOutcome, type CommandOutcome } from '../commandOutcome.js';
import type { RuntimeHome } from '../runtimeHome.js';
import { passThrough } from './passThrough.js';

type ViewCommand = Extract<Command, { kind: 'view' }>;

export async function showView(command: ViewCommand, home: RuntimeHome): Promise<CommandOutcome> {
  const answer = await passThrough(home, { method: 'POST', path: '/v1/view' });
  if (!command.open || answer.kind !== 'json' || answer.exitCode !== 0) return answer;
  const url = (answer.document as { url: string }).url;
  const opened = await openInBrowser(url);
  return jsonOutcome(answer.exitCode, { url, opened: opened.ok, ...(opened.ok ? {} : { reason: opened.reason }) });
}

type Opener = { command: string; args: string[] } | { none: string };

/** How this platform opens a URL in the user's browser, or why it cannot here. */
export function openerFor(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, url: string): Opener {
  if (platform === 'darwin') return { command: 'open', args: [url] };
  if (platform === 'win32') return { command: 'cmd', args: ['/c', 'start', '""', url] };
  // Without a display there is no desktop browser to open (an SSH session, a container).
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY)
    return { none: 'no desktop session here (DISPLAY and WAYLAND_DISPLAY are unset): open the URL in a browser on this machine' };
  return { command: 'xdg-open', args: [url] };
}

function openInBrowser(url: string): Promise<{ ok: true } | { ok: false; reason: string }> {
  const opener = openerFor(process.platform, process.env, url);
  if ('none' in opener) return Promise.resolve({ ok: false, reason: opener.none });
  return new Promise(resolve => {
    const child = spawn(opener.command, opener.args, { detached: true, stdio: 'ignore' });
    child.once('error', error => resolve({ ok: false, reason: `${opener.command} could not run (${error.message}): open the URL yourself` }));
    child.once('spawn', () => {
      child.unref();
      resolve({ ok: true });
    });
  });
}
