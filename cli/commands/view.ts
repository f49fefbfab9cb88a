// `tabwright view [--task T] [--open] [--print-token]`: asks the runtime for the live view (the
// runtime starts the view server on first ask), opening on task T when given (where a person
// takes a program's hand-over). The view's URL carries its token, and whoever has the token
// watches every task's pages, may close tasks and drives a page handed over to a person;
// standard output lands in agent transcripts and tool logs, so the token is printed only with
// --print-token. --open hands the URL with its token to the desktop's browser and prints it without.
import { spawn } from 'node:child_process';
import type { Command } from '../arguments.js';
import { jsonOutcome, type CommandOutcome } from '../commandOutcome.js';
import type { RuntimeHome } from '../runtimeHome.js';
import { passThrough } from './passThrough.js';

type ViewCommand = Extract<Command, { kind: 'view' }>;

const HOW_TO_OPEN = 'The token is left out (standard output lands in agent transcripts): run `tabwright view --open` '
  + 'to open the view in a browser here, or `tabwright view --print-token` in your own terminal for the whole URL.';

export async function showView(command: ViewCommand, home: RuntimeHome): Promise<CommandOutcome> {
  const answer = await passThrough(home, { method: 'POST', path: '/v1/view', ...(command.task !== undefined ? { body: { task: command.task } } : {}) });
  if (answer.kind !== 'json' || answer.exitCode !== 0) return answer;
  const { url, ...rest } = answer.document as { url: string; viewers?: number };
  const shown = command.printToken ? url : withoutToken(url);
  if (!command.open) return jsonOutcome(answer.exitCode, { url: shown, ...rest, ...(command.printToken ? {} : { hint: HOW_TO_OPEN }) });
  const opened = await openInBrowser(url);
  return jsonOutcome(answer.exitCode, {
    url: shown, opened: opened.ok,
    ...(opened.ok ? {} : { reason: command.printToken ? opened.reason : `${opened.reason} (\`tabwright view --print-token\` prints the URL with its token)` }),
  });
}

/** The view's address with its `token` parameter removed. */
export function withoutToken(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.delete('token');
  return parsed.toString();
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
