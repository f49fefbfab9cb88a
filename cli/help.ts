// The text `tabwright --help` prints (plain text for people; every other output is JSON).
import { USAGES } from './arguments.js';

/** What each command does, next to its usage line (the usage itself is said once, in USAGES). */
const SUMMARIES: Readonly<Record<string, string>> = {
  run: 'program on stdin (heredoc) or --file; --trace/--har save a Playwright trace/a HAR in its artifacts;\n      --close closes the task (its tabs, its worker) once the receipt is final: a job\'s last step',
  tasks: 'active and idle tasks, their pages, queue state',
  pages: '--all also lists tabs no task owns',
  adopt: 'hand a tab the user opened to a task',
  release: 'stop the task\'s worker; its tabs stay open, unowned',
  close: 'stop the task and close its tabs',
  endpoint: 'the task\'s scoped CDP WebSocket URL',
  view: 'the live view (tasks, pages, receipts; --task T opens on that task, where a person takes a\n      hand-over): --open opens it in a browser here; its token is printed only with --print-token\n      (standard output lands in agent transcripts)',
  'runtime start': 'start is implicit on first use; --connect/--auto-connect attach to a running browser,\n      --allow-adopt lets tasks adopt its tabs, --allow-file-urls lets pages load file: URLs and inputs\n      take local paths, --browser-arg=SWITCH adds a Chromium switch, --block-origin/--allow-origin HOST\n      limit every task\'s pages (kept for later starts; `runtime start` alone forgets them)',
  skill: 'print the agent skill, or install it for agent hosts',
  'playbook save': 'check a playbook file and store it as a new version',
  'playbook list': 'name, description, parameters and earned status of each playbook',
  'playbook run': 'run a saved playbook: an ordinary receipt',
  mcp: 'serve the same runtime as an MCP server on stdin/stdout (for agent hosts)',
  'install-browser': 'find a Chrome/Chromium, else install one (apt-get as root, else Playwright\'s download)',
  doctor: 'what is wrong, if anything: browser, headless shell, runtime, state folder, Node',
};

function usageSection(): string {
  return Object.entries(USAGES)
    .map(([name, usage]) => `  ${usage}${SUMMARIES[name] ? `\n      ${SUMMARIES[name]}` : ''}`)
    .join('\n');
}

const OVERVIEW = () => `tabwright: run Playwright programs in a shared browser and get a durable receipt.

Usage:
${usageSection()}

Example:
  tabwright run --task inspect --request-id inspect-01 <<'EOF'
  await page.goto('https://example.com');
  return await page.title();
  EOF

Options:
  --wait S      seconds to wait for a final receipt (run: 30, receipt: 0); never limits the program
  --timeout S   seconds the program may run (default 300); past it the receipt ends interrupted
  --verbose     run, receipt: print the whole stored receipt (times, pages, call log); by default they
                print what a model acts on
  --pretty      indent the JSON output
  --help        this text
  --version     the version, as text

Task names and request ids: 1 to 128 characters of A-Z a-z 0-9 . _ : - (not . or ..)
Every command prints one JSON document on stdout; progress goes to stderr.

Exit codes:
  0 succeeded   1 failed (the program threw)   2 usage or input error (nothing submitted)
  3 not final within --wait (query the receipt, do not resubmit)   4 interrupted
  5 runtime unreachable or connection lost after submitting (query the receipt)
  6 request id already used for a different program in this task

Environment:
  TABWRIGHT_HOME     runtime home, socket and log (default ~/.tabwright)
  TABWRIGHT_BROWSER  browser executable the runtime starts
  TABWRIGHT_USER_DATA_DIR  the browser profile folder --auto-connect looks in (default: the usual ones)
  TABWRIGHT_REMOTE_BROWSER=1  the connected browser's files are on another machine (a tunnel, a container)
  Switches that widen what tasks reach (--connect, --allow-adopt, --allow-file-urls, --browser-arg)
  are runtime start flags only, kept in $TABWRIGHT_HOME/start.json; no variable sets them.
`;

export function helpText(topic: string | undefined): string {
  if (topic === undefined) return OVERVIEW();
  const usages = Object.entries(USAGES).filter(([name]) => name === topic || name.startsWith(`${topic} `));
  if (usages.length === 0) return OVERVIEW();
  return `${usages.map(([, usage]) => `Usage: ${usage}`).join('\n')}\n\nRun \`tabwright --help\` for options, exit codes and environment.\n`;
}
