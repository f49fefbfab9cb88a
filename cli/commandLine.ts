// What each command takes on its command line, as data, and the reading of argv against it
// with Node's own util.parseArgs (no package on the CLI's start-up path). parseArgs finds the
// options and their values; what it lets through (an unknown flag, a missing value, a flag
// given twice, a value on a switch, a stray word) is refused here as a value that names the
// bad part and says what to write instead (exit 2).
import { parseArgs } from 'node:util';
import type { ArgumentError, ArgumentErrorName } from './argumentError.js';

/** `list`: a value flag that may be given more than once. */
export type FlagKind = 'value' | 'switch' | 'list';

interface CommandSpec {
  flags: Readonly<Record<string, FlagKind>>;
  /** The one word the command takes besides its flags (`playbook run NAME`), if any. */
  positional?: string;
}

/** Flags each command accepts; `--pretty` and `--help` are global. */
export const COMMANDS: Readonly<Record<string, CommandSpec>> = {
  run: {
    flags: {
      task: 'value', 'request-id': 'value', wait: 'value', timeout: 'value', page: 'value', file: 'value', isolated: 'switch',
      'max-inline': 'value', verbose: 'switch', trace: 'switch', har: 'switch', 'keep-secrets': 'switch', close: 'switch',
    },
  },
  receipt: { flags: { task: 'value', 'request-id': 'value', wait: 'value', verbose: 'switch' } },
  receipts: { flags: { task: 'value', limit: 'value' } },
  tasks: { flags: {} },
  pages: { flags: { task: 'value', all: 'switch' } },
  adopt: { flags: { task: 'value', page: 'value' } },
  release: { flags: { task: 'value' } },
  close: { flags: { task: 'list' } },
  endpoint: { flags: { task: 'value' } },
  view: { flags: { open: 'switch', 'print-token': 'switch', task: 'value' } },
  'runtime start': {
    flags: {
      browser: 'value', connect: 'value', 'browser-service': 'value', 'auto-connect': 'switch', 'allow-adopt': 'switch',
      'allow-file-urls': 'switch', 'browser-arg': 'list', 'block-origin': 'list', 'allow-origin': 'list',
    },
  },
  'runtime stop': { flags: {} },
  'runtime status': { flags: {} },
  skill: { flags: {} },
  'skill install': { flags: { dir: 'value' } },
  'skill show': { positional: "the reference's name (`tabwright skill` lists them)", flags: {} },
  'install-browser': { flags: {} },
  doctor: { flags: {} },
  'playbook save': { positional: 'FILE', flags: {} },
  'playbook list': { flags: { site: 'value' } },
  'playbook show': { positional: 'NAME', flags: {} },
  'playbook run': {
    positional: 'NAME',
    flags: {
      task: 'value', 'request-id': 'value', params: 'value', wait: 'value', timeout: 'value', page: 'value', isolated: 'switch',
      'max-inline': 'value', verbose: 'switch',
    },
  },
  'playbook export': { positional: 'DIR', flags: {} },
  'playbook import': { positional: 'DIR', flags: {} },
};

export const COMMAND_NAMES = ['run', 'receipt', 'receipts', 'tasks', 'pages', 'adopt', 'release', 'close',
  'endpoint', 'view', 'runtime', 'skill', 'playbook', 'mcp', 'install-browser', 'doctor'] as const;

export const PLAYBOOK_SUBCOMMANDS = ['save', 'list', 'show', 'run', 'export', 'import'] as const;

export const USAGES: Readonly<Record<string, string>> = {
  run: 'tabwright run --task T --request-id R [--wait S] [--timeout S] [--page N] [--file PATH] [--isolated] [--max-inline BYTES] [--trace] [--har] [--keep-secrets] [--close] [--verbose] <<\'EOF\' ... EOF',
  receipt: 'tabwright receipt --task T --request-id R [--wait S] [--verbose]',
  receipts: 'tabwright receipts --task T [--limit N]',
  tasks: 'tabwright tasks',
  pages: 'tabwright pages [--task T | --all]',
  adopt: 'tabwright adopt --task T --page N',
  release: 'tabwright release --task T',
  close: 'tabwright close --task T [--task T2]...',
  endpoint: 'tabwright endpoint --task T',
  view: 'tabwright view [--task T] [--open] [--print-token]',
  'runtime start': 'tabwright runtime start [--browser PATH | --connect URL | --auto-connect | --browser-service URL] [--allow-adopt] [--allow-file-urls] [--browser-arg=SWITCH]... [--block-origin HOST]... [--allow-origin HOST]...',
  'runtime stop': 'tabwright runtime stop',
  'runtime status': 'tabwright runtime status',
  skill: 'tabwright skill [show NAME | install [--dir DIR]]',
  'skill show': 'tabwright skill show NAME',
  'skill install': 'tabwright skill install [--dir DIR]',
  'playbook save': "tabwright playbook save FILE   (FILE - reads stdin: <<'JS' ... JS)",
  'playbook list': 'tabwright playbook list [--site URL|HOST]',
  'playbook show': 'tabwright playbook show NAME',
  'playbook run': "tabwright playbook run NAME --task T --request-id R [--params JSON] [--wait S] [--timeout S] [--page N] [--isolated] [--max-inline BYTES] [--verbose]",
  'playbook export': 'tabwright playbook export DIR',
  'playbook import': 'tabwright playbook import DIR',
  mcp: 'tabwright mcp',
  'install-browser': 'tabwright install-browser',
  doctor: 'tabwright doctor',
};

export const HELP_HINT = 'Run `tabwright --help` for usage.';

/** One-line usage of a command, for error messages. */
export function usageOf(commandName: string): string {
  const usage = USAGES[commandName];
  return usage === undefined ? HELP_HINT : `Usage: ${usage}`;
}

export class ArgumentProblem extends Error {
  constructor(readonly problem: ArgumentError) { super(problem.message); }
}

export function fail(name: ArgumentErrorName, message: string, field?: string): never {
  throw new ArgumentProblem({ name, message, ...(field ? { field } : {}) });
}

export type FlagValues = ReadonlyMap<string, string | true | string[]>;

export interface CommandLine { flags: FlagValues; positional?: string }

/** The flags (and the positional word) of one command, read by util.parseArgs against COMMANDS. */
export function readCommandLine(commandName: string, args: readonly string[]): CommandLine {
  const spec = COMMANDS[commandName]!;
  const usage = usageOf(commandName);
  const options = Object.fromEntries(Object.entries(spec.flags).map(([flag, kind]) =>
    [flag, kind === 'switch' ? { type: 'boolean' as const } : { type: 'string' as const, multiple: kind === 'list' }]));
  // strict: false, so that each refusal below is worded here and names what to do.
  const { tokens } = parseArgs({ args: [...args], options, strict: false, allowPositionals: true, tokens: true });
  const flags = new Map<string, string | true | string[]>();
  let positional: string | undefined;
  for (const token of tokens) {
    if (token.kind === 'positional' || token.kind === 'option-terminator' || !token.rawName.startsWith('--')) {
      const word = token.kind === 'positional' ? token.value : token.kind === 'option' ? token.rawName : '--';
      if (token.kind === 'positional' && spec.positional && positional === undefined) {
        positional = word;
        continue;
      }
      fail('UnexpectedArgument', `Unexpected argument ${JSON.stringify(word)} for \`tabwright ${commandName}\`. ${usage}`);
    }
    const flag = token.name;
    const kind = spec.flags[flag];
    if (kind === undefined) fail('UnknownFlag', `Unknown flag --${flag} for \`tabwright ${commandName}\`. ${usage}`);
    if (flags.has(flag) && kind !== 'list') fail('DuplicateFlag', `--${flag} is given more than once; give it once.`);
    if (kind === 'switch') {
      if (token.value !== undefined) fail('UnexpectedArgument', `--${flag} takes no value; write just --${flag}.`);
      flags.set(flag, true);
      continue;
    }
    // parseArgs takes the next word as the value whatever it is: a flag there means this one had none.
    const value = token.value;
    if (value === undefined || (!token.inlineValue && value.startsWith('--') && value.length > 2)) {
      fail('MissingValue', `--${flag} needs a value (write --${flag}=VALUE if the value starts with --). ${usage}`);
    }
    const earlier = flags.get(flag);
    flags.set(flag, kind === 'list' ? [...(Array.isArray(earlier) ? earlier : []), value] : value);
  }
  if (spec.positional && !positional) fail('MissingValue', `\`tabwright ${commandName}\` needs ${spec.positional}. ${usage}`);
  return { flags, ...(positional === undefined ? {} : { positional }) };
}
