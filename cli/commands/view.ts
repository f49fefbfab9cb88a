// `tabwright view [--task T] [--open] [--print-token]`: asks the runtime for the live view (the
// runtime starts the view server on first ask), opening on task T when given (where a person
// takes a program's hand-over). Whoever holds the view's token watches every task's pages, may
// close tasks and drives a page handed over to a person. The token rides in the URL's fragment
// (`#token=`), and standard output lands in agent transcripts and tool logs, so it is printed
// only with --print-token. --open hands the desktop's opener a link with a one-time code in its
// place (`#code=`), good once and for two minutes: an opener's command line, and a browser's it
// starts, can be read by other users of the machine (/proc/PID/cmdline, ps), and that code is
// worth nothing once the browser used it (runtime/view/viewSessions.ts).
import { spawn } from 'node:child_process';
import type { Command } from '../arguments.js';
import { jsonOutcome, type CommandOutcome } from '../commandOutcome.js';
import type { RuntimeHome } from '../runtimeHome.js';
import { passThrough } from './passThrough.js';

type ViewCommand = Extract<Command, { kind: 'view' }>;

const HOW_TO_OPEN = 'The token is left out (standard output lands in agent transcripts): run `tabwright view --open` '
  + 'to open the view in a browser here, or `tabwright view --print-token` in your own terminal for the whole URL.';

export async function showView(command: ViewCommand, home: RuntimeHome): Promise<CommandOutcome> {
  const ask = (once: boolean) => passThrough(home, {
    method: 'POST', path: '/v1/view',
    body: { ...(command.task !== undefined ? { task: command.task } : {}), ...(once ? { once: true } : {}) },
  });
  const answer = await ask(false);
  if (answer.kind !== 'json' || answer.exitCode !== 0) return answer;
  const { url, ...rest } = answer.document as { url: string; viewers?: number };
  const shown = command.printToken ? url : withoutSecret(url);
  if (!command.open) return jsonOutcome(answer.exitCode, { url: shown, ...rest, ...(command.printToken ? {} : { hint: HOW_TO_OPEN }) });
  const link = await ask(true);
  if (link.kind !== 'json' || link.exitCode !== 0) return link;
  const opened = await openInBrowser((link.document as { url: string }).url);
  return jsonOutcome(answer.exitCode, {
    url: shown, ...rest, opened: opened.ok,
    ...(opened.ok ? {} : { reason: command.printToken ? opened.reason : `${opened.reason} (\`tabwright view --print-token\` prints the URL with its token)` }),
  });
}

/** The view's address without its fragment (the token or a one-time code). */
export function withoutSecret(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.toString();
}

type Opener = { command: string; args: string[]; windowsVerbatimArguments?: true } | { none: string };

/** Characters cmd.exe reads even between double quotes (`%VAR%`), or that end the quotes. */
const CMD_UNSAFE = /["%\r\n]/;

/** How this platform opens a URL in the user's browser, or why it cannot here. */
export function openerFor(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, url: string): Opener {
  if (platform === 'darwin') return { command: 'open', args: [url] };
  if (platform === 'win32') {
    // `start` is a command of cmd.exe, whose parser splits a line at an unquoted `&` (a URL's
    // query): the URL goes in double quotes, the first quoted word is start's window title, and
    // the whole line is passed as it is written (Node would otherwise quote it again).
    if (CMD_UNSAFE.test(url)) return { none: `the URL ${JSON.stringify(url)} cannot be handed to cmd.exe safely: open it yourself` };
    return { command: 'cmd.exe', args: ['/d', '/s', '/c', `"start "" "${url}""`], windowsVerbatimArguments: true };
  }
  // Without a display there is no desktop browser to open (an SSH session, a container).
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY)
    return { none: 'no desktop session here (DISPLAY and WAYLAND_DISPLAY are unset): open the URL in a browser on this machine' };
  return { command: 'xdg-open', args: [url] };
}

function openInBrowser(url: string): Promise<{ ok: true } | { ok: false; reason: string }> {
  const opener = openerFor(process.platform, process.env, url);
  if ('none' in opener) return Promise.resolve({ ok: false, reason: opener.none });
  return new Promise(resolve => {
    const child = spawn(opener.command, opener.args, { detached: true, stdio: 'ignore', ...(opener.windowsVerbatimArguments ? { windowsVerbatimArguments: true } : {}) });
    child.once('error', error => resolve({ ok: false, reason: `${opener.command} could not run (${error.message}): open the URL yourself` }));
    child.once('spawn', () => {
      child.unref();
      resolve({ ok: true });
    });
  });
}
