// Parses argv into a typed Command. Pure: reads no files and contacts nothing. A bad
// argument comes back as a value (an ArgumentError with a name), never as an exception.
import { NAME_PATTERN, NAME_RULE } from '../contract/submissionLimits.js';
import { parseOriginPattern } from '../contract/originPatterns.js';
import { parsePlaybookCommand, PLAYBOOK_USAGES, type PlaybookCommand } from './playbookArguments.js';
import type { StartSettings } from './startSettings.js';
import type { ArgumentError, ArgumentErrorName } from './argumentError.js';

export type { ArgumentError, ArgumentErrorName } from './argumentError.js';

export type Command =
  | {
      kind: 'run'; task: string; requestId: string; waitS: number; timeoutS: number;
      page?: number; file?: string; isolated: boolean; maxInline?: number; verbose: boolean;
      trace?: true; har?: true; close?: true;
    }
  | { kind: 'receipt'; task: string; requestId: string; waitS: number; verbose: boolean }
  | { kind: 'receipts'; task: string; limit?: number }
  | { kind: 'tasks' }
  | { kind: 'pages'; task?: string; all: boolean }
  | { kind: 'adopt'; task: string; page: number }
  | { kind: 'release'; task: string }
  | { kind: 'close'; task: string }
  | { kind: 'endpoint'; task: string }
  | { kind: 'view'; open: boolean; printToken: boolean; task?: string }
  | { kind: 'runtimeStart'; browser?: string; settings: StartSettings }
  | { kind: 'runtimeStop' }
  | { kind: 'runtimeStatus' }
  | { kind: 'skillPrint' }
  | { kind: 'skillInstall'; dir?: string }
  | { kind: 'skillShow'; name: string }
  | { kind: 'installBrowser' }
  | { kind: 'doctor' }
  | { kind: 'version' }
  | { kind: 'help'; topic?: string }
  | PlaybookCommand;

export interface Invocation { command: Command; pretty: boolean }


export type ParsedArguments =
  | { ok: true; invocation: Invocation }
  | { ok: false; error: ArgumentError; pretty: boolean };

export const DEFAULT_RUN_WAIT_S = 30;
export const DEFAULT_RECEIPT_WAIT_S = 0;
export const DEFAULT_TIMEOUT_S = 300;

const NON_NEGATIVE_NUMBER = /^(\d+(\.\d*)?|\.\d+)$/;
const NON_NEGATIVE_INTEGER = /^\d+$/;

/** `list`: a value flag that may be given more than once. */
type FlagKind = 'value' | 'switch' | 'list';
type FlagSpec = Readonly<Record<string, FlagKind>>;

/** Flags each command accepts; `--pretty` and `--help` are global. */
const COMMAND_FLAGS: Readonly<Record<string, FlagSpec>> = {
  run: {
    task: 'value', 'request-id': 'value', wait: 'value', timeout: 'value', page: 'value',
    file: 'value', isolated: 'switch', 'max-inline': 'value', verbose: 'switch', trace: 'switch', har: 'switch', close: 'switch',
  },
  receipt: { task: 'value', 'request-id': 'value', wait: 'value', verbose: 'switch' },
  receipts: { task: 'value', limit: 'value' },
  tasks: {},
  pages: { task: 'value', all: 'switch' },
  adopt: { task: 'value', page: 'value' },
  release: { task: 'value' },
  close: { task: 'value' },
  endpoint: { task: 'value' },
  view: { open: 'switch', 'print-token': 'switch', task: 'value' },
  'runtime start': {
    browser: 'value', connect: 'value', 'auto-connect': 'switch', 'allow-adopt': 'switch',
    'allow-file-urls': 'switch', 'browser-arg': 'list', 'block-origin': 'list', 'allow-origin': 'list',
  },
  'runtime stop': {},
  'runtime status': {},
  skill: {},
  'skill install': { dir: 'value' },
  'skill show': {},
  'install-browser': {},
  doctor: {},
};

export const COMMAND_NAMES = ['run', 'receipt', 'receipts', 'tasks', 'pages', 'adopt', 'release', 'close',
  'endpoint', 'view', 'runtime', 'skill', 'playbook', 'mcp', 'install-browser', 'doctor'] as const;

const HELP_HINT = 'Run `tabwright --help` for usage.';

class ArgumentProblem extends Error {
  constructor(readonly problem: ArgumentError) { super(problem.message); }
}

function fail(name: ArgumentErrorName, message: string): never {
  throw new ArgumentProblem({ name, message });
}

export function parseArguments(argv: readonly string[]): ParsedArguments {
  const pretty = argv.includes('--pretty');
  try {
    return { ok: true, invocation: { command: parseCommand(argv), pretty } };
  } catch (error) {
    if (error instanceof ArgumentProblem) return { ok: false, error: error.problem, pretty };
    throw error;
  }
}

function parseCommand(argv: readonly string[]): Command {
  const tokens = argv.filter((token) => token !== '--pretty');
  const wantsHelp = tokens.some((token) => token === '--help' || token === '-h');
  if (tokens.length === 1 && tokens[0] === '--version') return { kind: 'version' };
  // `skill show NAME`: the one command whose third word is a value (a reference's name).
  if (tokens[0] === 'skill' && tokens[1] === 'show' && !wantsHelp) {
    const name = tokens[2];
    if (name === undefined || name.startsWith('-')) fail('MissingValue', `\`tabwright skill show\` needs the reference's name (\`tabwright skill\` lists them). ${usageOf('skill show')}`);
    if (tokens.length > 3) fail('UnexpectedArgument', `Unexpected argument "${tokens[3]}" for \`tabwright skill show\`. ${usageOf('skill show')}`);
    return { kind: 'skillShow', name };
  }
  if (tokens[0] === 'playbook' && !wantsHelp) {
    const parsed = parsePlaybookCommand(tokens.slice(1));
    if (!parsed.ok) throw new ArgumentProblem(parsed.error);
    return parsed.command;
  }
  const words: string[] = [];
  let index = 0;
  while (index < tokens.length && !tokens[index]!.startsWith('-') && words.length < 2) {
    words.push(tokens[index]!);
    index += 1;
  }
  const commandName = commandNameOf(words, wantsHelp);
  // `playbook save --help` is about saving (the file's format), not every playbook command.
  if (wantsHelp) return { kind: 'help', topic: words.length >= 2 && `${words[0]} ${words[1]}` in USAGES ? `${words[0]} ${words[1]}` : commandName ?? words[0] };
  if (commandName === undefined) {
    fail('MissingCommand', `No command given. Commands: ${COMMAND_NAMES.join(', ')}. ${HELP_HINT}`);
  }
  const consumedWords = commandName.split(' ').length;
  const rest = [...words.slice(consumedWords), ...tokens.slice(index)];
  const flags = parseFlags(commandName, rest);
  return buildCommand(commandName, flags);
}

/** The key into COMMAND_FLAGS for the leading words, or undefined when there are none. */
function commandNameOf(words: readonly string[], wantsHelp: boolean): string | undefined {
  const [first, second] = words;
  if (first === undefined) return undefined;
  if (first === 'runtime') {
    if (second === undefined) {
      if (wantsHelp) return undefined;
      fail('MissingCommand', `\`tabwright runtime\` needs one of: start, stop, status. ${HELP_HINT}`);
    }
    if (second === 'start' || second === 'stop' || second === 'status') return `runtime ${second}`;
    if (wantsHelp) return undefined;
    fail('UnknownCommand', `Unknown runtime command "${second}": use start, stop or status. ${HELP_HINT}`);
  }
  if (first === 'skill') {
    if (second === 'install') return 'skill install';
    if (second === 'show') return 'skill show';
    return 'skill';
  }
  if (Object.hasOwn(COMMAND_FLAGS, first)) return first;
  if (wantsHelp) return undefined;
  fail('UnknownCommand', `Unknown command "${first}". Commands: ${COMMAND_NAMES.join(', ')}. ${HELP_HINT}`);
}

type FlagValues = Map<string, string | true | string[]>;

function parseFlags(commandName: string, tokens: readonly string[]): FlagValues {
  const spec = COMMAND_FLAGS[commandName]!;
  const values: FlagValues = new Map();
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    if (!token.startsWith('--') || token === '--') {
      fail('UnexpectedArgument', `Unexpected argument "${token}" for \`tabwright ${commandName}\`. ${usageOf(commandName)}`);
    }
    const equals = token.indexOf('=');
    const flag = token.slice(2, equals === -1 ? undefined : equals);
    const kind = spec[flag];
    if (kind === undefined) {
      fail('UnknownFlag', `Unknown flag --${flag} for \`tabwright ${commandName}\`. ${usageOf(commandName)}`);
    }
    if (values.has(flag) && kind !== 'list') fail('DuplicateFlag', `--${flag} is given more than once; give it once.`);
    if (kind === 'switch') {
      if (equals !== -1) fail('UnexpectedArgument', `--${flag} takes no value; write just --${flag}.`);
      values.set(flag, true);
      continue;
    }
    let value: string;
    if (equals !== -1) {
      value = token.slice(equals + 1);
    } else {
      const next = tokens[i + 1];
      if (next === undefined || (next.startsWith('--') && next.length > 2)) {
        fail('MissingValue', `--${flag} needs a value (write --${flag}=VALUE if the value starts with --). ${usageOf(commandName)}`);
      }
      value = next;
      i += 1;
    }
    if (kind === 'list') {
      const earlier = values.get(flag);
      values.set(flag, [...(Array.isArray(earlier) ? earlier : []), value]);
    } else {
      values.set(flag, value);
    }
  }
  return values;
}

function buildCommand(commandName: string, flags: FlagValues): Command {
  const text = (flag: string): string | undefined => {
    const value = flags.get(flag);
    return typeof value === 'string' ? value : undefined;
  };
  const required = (flag: string): string => {
    const value = text(flag);
    if (value === undefined) fail('MissingFlag', `\`tabwright ${commandName}\` needs --${flag}. ${usageOf(commandName)}`);
    return value;
  };
  const task = (): string => taskName(required('task'));
  const requestId = (): string => requestIdOf(required('request-id'));
  switch (commandName) {
    case 'run': {
      const file = text('file');
      const page = optional(text('page'), (v) => integer('page', v, 0));
      const maxInline = optional(text('max-inline'), (v) => integer('max-inline', v, 0));
      return {
        kind: 'run', task: task(), requestId: requestId(),
        waitS: optional(text('wait'), (v) => seconds('wait', v)) ?? DEFAULT_RUN_WAIT_S,
        timeoutS: optional(text('timeout'), (v) => seconds('timeout', v)) ?? DEFAULT_TIMEOUT_S,
        isolated: flags.get('isolated') === true,
        verbose: flags.get('verbose') === true,
        ...(flags.get('trace') === true ? { trace: true as const } : {}),
        ...(flags.get('har') === true ? { har: true as const } : {}),
        ...(flags.get('close') === true ? { close: true as const } : {}),
        ...(page === undefined ? {} : { page }),
        ...(file === undefined ? {} : { file: nonEmptyPath('file', file) }),
        ...(maxInline === undefined ? {} : { maxInline }),
      };
    }
    case 'receipt':
      return {
        kind: 'receipt', task: task(), requestId: requestId(),
        waitS: optional(text('wait'), (v) => seconds('wait', v)) ?? DEFAULT_RECEIPT_WAIT_S,
        verbose: flags.get('verbose') === true,
      };
    case 'receipts': {
      const limit = optional(text('limit'), (v) => integer('limit', v, 1));
      return { kind: 'receipts', task: task(), ...(limit === undefined ? {} : { limit }) };
    }
    case 'tasks':
      return { kind: 'tasks' };
    case 'pages': {
      const all = flags.get('all') === true;
      const taskValue = text('task');
      if (all && taskValue !== undefined) {
        fail('ConflictingFlags', 'Give either --task T (that task\'s pages) or --all (every tab), not both.');
      }
      return { kind: 'pages', all, ...(taskValue === undefined ? {} : { task: taskName(taskValue) }) };
    }
    case 'adopt':
      return { kind: 'adopt', task: task(), page: integer('page', required('page'), 0) };
    case 'release':
      return { kind: 'release', task: task() };
    case 'close':
      return { kind: 'close', task: task() };
    case 'endpoint':
      return { kind: 'endpoint', task: task() };
    case 'view': {
      const taskValue = text('task');
      return { kind: 'view', open: flags.get('open') === true, printToken: flags.get('print-token') === true, ...(taskValue === undefined ? {} : { task: taskName(taskValue) }) };
    }
    case 'runtime start': {
      const browser = text('browser');
      const connect = text('connect');
      const autoConnect = flags.get('auto-connect') === true;
      if (connect !== undefined && autoConnect) fail('ConflictingFlags', 'Give either --connect URL or --auto-connect, not both.');
      if (browser !== undefined && (connect !== undefined || autoConnect)) {
        fail('ConflictingFlags', '--browser names a browser to launch; --connect/--auto-connect attach to a running one. Give one of them.');
      }
      if (flags.has('browser-arg') && (connect !== undefined || autoConnect)) {
        fail('ConflictingFlags', '--browser-arg adds a switch to a browser the runtime launches; a browser it connects to keeps its own. Give one of them.');
      }
      if (connect === '') fail('MissingValue', '--connect needs a URL: http://HOST:PORT or ws://HOST:PORT/devtools/browser/ID.');
      const settings: StartSettings = {
        ...(connect !== undefined ? { connect } : autoConnect ? { connect: 'auto' } : {}),
        ...(flags.get('allow-adopt') === true ? { allowAdopt: true } : {}),
        ...(flags.get('allow-file-urls') === true ? { allowFileUrls: true } : {}),
        ...browserArgs(flags),
        ...originList(flags, 'block-origin', 'blockOrigins'),
        ...originList(flags, 'allow-origin', 'allowOrigins'),
      };
      return { kind: 'runtimeStart', settings, ...(browser === undefined ? {} : { browser: nonEmptyPath('browser', browser) }) };
    }
    case 'runtime stop':
      return { kind: 'runtimeStop' };
    case 'runtime status':
      return { kind: 'runtimeStatus' };
    case 'skill':
      return { kind: 'skillPrint' };
    case 'skill install': {
      const dir = text('dir');
      return { kind: 'skillInstall', ...(dir === undefined ? {} : { dir: nonEmptyPath('dir', dir) }) };
    }
    case 'install-browser':
      return { kind: 'installBrowser' };
    case 'doctor':
      return { kind: 'doctor' };
    default:
      return fail('UnknownCommand', `Unknown command "${commandName}". ${HELP_HINT}`);
  }
}

/** --browser-arg=SWITCH, repeatable: each one Chromium switch, as Chromium spells them. */
function browserArgs(flags: FlagValues): Partial<StartSettings> {
  const values = flags.get('browser-arg');
  if (!Array.isArray(values)) return {};
  for (const value of values) {
    if (!/^--[a-z0-9]/i.test(value) || /\s/.test(value)) fail('InvalidBrowserArg', `--browser-arg ${JSON.stringify(value)}: give one Chromium switch, e.g. --browser-arg=--site-per-process.`);
  }
  return { browserArgs: values };
}

/** A repeatable origin flag, each pattern checked here so a typo never starts a runtime. */
function originList(flags: FlagValues, flag: string, key: 'blockOrigins' | 'allowOrigins'): Partial<StartSettings> {
  const values = flags.get(flag);
  if (!Array.isArray(values)) return {};
  for (const value of values) {
    const parsed = parseOriginPattern(value);
    if (!parsed.ok) fail('InvalidOrigin', `--${flag}: ${parsed.reason}.`);
  }
  return { [key]: values };
}

function optional<T>(value: string | undefined, convert: (value: string) => T): T | undefined {
  return value === undefined ? undefined : convert(value);
}

export function isValidName(value: string): boolean {
  return NAME_PATTERN.test(value);
}

export function taskName(value: string): string {
  if (!isValidName(value)) {
    fail('InvalidTaskName', `Invalid task name ${JSON.stringify(value)}: use ${NAME_RULE} (e.g. --task checkout-flow).`);
  }
  return value;
}

export function requestIdOf(value: string): string {
  if (!isValidName(value)) {
    fail('InvalidRequestId', `Invalid request id ${JSON.stringify(value)}: use ${NAME_RULE} (e.g. --request-id inspect-01).`);
  }
  return value;
}

function seconds(flag: string, value: string): number {
  const parsed = Number(value);
  if (!NON_NEGATIVE_NUMBER.test(value) || !Number.isFinite(parsed)) {
    fail('InvalidNumber', `--${flag} ${JSON.stringify(value)} is not a number of seconds: give a non-negative number such as 30 or 0.5.`);
  }
  return parsed;
}

function integer(flag: string, value: string, minimum: number): number {
  const parsed = Number(value);
  if (!NON_NEGATIVE_INTEGER.test(value) || !Number.isSafeInteger(parsed) || parsed < minimum) {
    const kind = minimum > 0 ? `an integer of at least ${minimum}` : 'a non-negative integer';
    fail('InvalidNumber', `--${flag} ${JSON.stringify(value)} is not valid: give ${kind}.`);
  }
  return parsed;
}

function nonEmptyPath(flag: string, value: string): string {
  if (value === '') fail('MissingValue', `--${flag} needs a path, got an empty string.`);
  return value;
}

/** One-line usage of a command, for error messages. */
export function usageOf(commandName: string): string {
  const usage = USAGES[commandName];
  return usage === undefined ? HELP_HINT : `Usage: ${usage}`;
}

export const USAGES: Readonly<Record<string, string>> = {
  run: 'tabwright run --task T --request-id R [--wait S] [--timeout S] [--page N] [--file PATH] [--isolated] [--max-inline BYTES] [--trace] [--har] [--close] [--verbose] <<\'EOF\' ... EOF',
  receipt: 'tabwright receipt --task T --request-id R [--wait S] [--verbose]',
  receipts: 'tabwright receipts --task T [--limit N]',
  tasks: 'tabwright tasks',
  pages: 'tabwright pages [--task T | --all]',
  adopt: 'tabwright adopt --task T --page N',
  release: 'tabwright release --task T',
  close: 'tabwright close --task T',
  endpoint: 'tabwright endpoint --task T',
  view: 'tabwright view [--task T] [--open] [--print-token]',
  'runtime start': 'tabwright runtime start [--browser PATH | --connect URL | --auto-connect] [--allow-adopt] [--allow-file-urls] [--browser-arg=SWITCH]... [--block-origin HOST]... [--allow-origin HOST]...',
  'runtime stop': 'tabwright runtime stop',
  'runtime status': 'tabwright runtime status',
  skill: 'tabwright skill [show NAME | install [--dir DIR]]',
  'skill install': 'tabwright skill install [--dir DIR]',
  'skill show': 'tabwright skill show NAME',
  ...PLAYBOOK_USAGES,
  mcp: 'tabwright mcp',
  'install-browser': 'tabwright install-browser',
  doctor: 'tabwright doctor',
};
