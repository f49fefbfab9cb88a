// The text `tabwright --help` prints (plain text for people; every other output is JSON).
import { USAGES } from './arguments.js';

/** What each command does, next to its usage line (the usage itself is said once, in USAGES). */
const SUMMARIES: Readonly<Record<string, string>> = {
  run: 'program on stdin (heredoc) or --file; --trace/--har save a Playwright trace/a HAR in its artifacts\n      (0600: they hold the pages\' requests, bodies and DOM; their cookies, Authorization headers and\n      form bodies are redacted unless --keep-secrets, password fields blank; nothing is recorded while a person drives a handoff);\n      --close closes the task (its tabs, its worker) once the receipt is final, whether the program\n      succeeded or not: a job\'s last step',
  tasks: 'active and idle tasks, their pages, queue state',
  pages: '--all also lists tabs no task owns',
  adopt: 'hand a tab the user opened to a task',
  release: 'stop the task\'s worker; its tabs stay open, unowned',
  close: 'stop the task and close its tabs; several --task close several, each answered',
  endpoint: 'the task\'s scoped CDP WebSocket URL',
  view: 'the live view (tasks, pages, receipts; --task T opens on that task, where a person takes a\n      hand-over): --open opens it in a browser here (with a one-time link); its token is printed only\n      with --print-token (standard output lands in agent transcripts)',
  'runtime start': 'start is implicit on first use; --connect/--auto-connect attach to a running browser,\n      --browser-service URL takes a browser per task from a service (Browserless: ws://HOST:PORT?token=T),\n      --allow-adopt lets tasks adopt its tabs, --allow-file-urls lets pages load file: URLs and inputs\n      take local paths, --browser-arg=SWITCH adds a Chromium switch, --block-origin/--allow-origin HOST\n      limit every task\'s pages (kept for later starts; `runtime start` alone forgets them)',
  skill: 'print the agent skill (it lists its references), or install it for agent hosts',
  'skill show': 'print one reference of the skill: NAME as the skill lists it (receipts-and-recovery, widgets, ...)',
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

/** What a playbook file is, for `playbook save --help`: an agent writes one from this alone. */
const PLAYBOOK_FORMAT = `
A playbook is one .js file: an opening comment that says what it does, where and what it takes,
then a program body that reads its parameters as params.NAME and ends on an awaited expect.

  /**
   * @playbook shop.example.add-to-cart
   * @site shop.example, *.shop.example
   * @description Adds products to the cart and checks the cart count.
   * @param {string[]} items  Product names. e.g. ["Green tea"]
   * @param {integer} [quantity=1]  How many of each. e.g. 2
   * @returns {object} { count }: the cart count
   */
  await page.goto('https://shop.example/cart');
  for (const item of params.items)
    await page.getByRole('row', { name: item }).getByRole('button', { name: 'Add' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText(String(params.items.length));
  return { count: params.items.length };

@playbook  its name: site.action, lowercase letters, digits, hyphens, joined by dots
@site      hosts it is for; *.host for subdomains
@param     {TYPE} name  What it is. e.g. EXAMPLE (JSON); [name=DEFAULT] makes it optional.
           TYPE: string, number, integer, boolean, object, array, string[], number[],
           integer[], boolean[], a choice "lunch"|"dinner", or secret (a password or code:
           no example; \`playbook run\` keeps its value out of the stored program)
The last statement (before an optional final return) must be an awaited expect that proves
the outcome, and no earlier return may skip it; a file that breaks a rule is refused with why.
Run it: tabwright playbook run NAME --task T --request-id R --params '{"items":["Green tea"]}'
(a missing or mistyped parameter exits 2 and nothing runs), or in a program:
await playbooks.run('shop.example.add-to-cart', { items: ['Green tea'] }). Saving a changed
file makes a new version, untried until it runs.
`;

export function helpText(topic: string | undefined): string {
  if (topic === undefined) return OVERVIEW();
  const usages = Object.entries(USAGES).filter(([name]) => name === topic || name.startsWith(`${topic} `));
  if (usages.length === 0) return OVERVIEW();
  const format = topic === 'playbook save' ? PLAYBOOK_FORMAT : '';
  return `${usages.map(([, usage]) => `Usage: ${usage}`).join('\n')}\n${format}\nRun \`tabwright --help\` for options, exit codes and environment.\n`;
}
