// Parses argv into a typed Command: the command's words, then its flags read by
// util.parseArgs against the table in commandLine.ts, then each value checked and converted
// here. Pure: reads no files and contacts nothing. A bad argument comes back as a value (an
// ArgumentError with a name that says what to write instead), never as an exception.
import { NAME_PATTERN } from '../contract/submissionLimits.js';
import { fieldProblem } from '../contract/requestFields.js';
import { parseOriginPattern } from '../contract/originPatterns.js';
import type { StartSettings } from './startSettings.js';
import type { ArgumentError, ArgumentErrorName } from './argumentError.js';
import {
  ArgumentProblem, COMMAND_NAMES, COMMANDS, fail, HELP_HINT, PLAYBOOK_SUBCOMMANDS, readCommandLine, usageOf, USAGES, type FlagValues,
} from './commandLine.js';

export type { ArgumentError, ArgumentErrorName } from './argumentError.js';
export { COMMAND_NAMES, usageOf, USAGES } from './commandLine.js';

export type PlaybookCommand =
  | { kind: 'playbookSave'; file: string }
  | { kind: 'playbookList'; site?: string }
  | { kind: 'playbookShow'; name: string }
  | {
      kind: 'playbookRun'; name: string; task: string; requestId: string; params: Record<string, unknown>;
      waitS: number; timeoutS: number; page?: number; isolated: boolean; maxInline?: number; verbose: boolean;
    }
  | { kind: 'playbookExport'; dir: string }
  | { kind: 'playbookImport'; dir: string };

export type Command =
  | {
      kind: 'run'; task: string; requestId: string; waitS: number; timeoutS: number;
      page?: number; file?: string; isolated: boolean; maxInline?: number; verbose: boolean;
      trace?: true; har?: true; keepSecrets?: true; close?: true;
    }
  | { kind: 'receipt'; task: string; requestId: string; waitS: number; verbose: boolean }
  | { kind: 'receipts'; task: string; limit?: number }
  | { kind: 'tasks' }
  | { kind: 'pages'; task?: string; all: boolean }
  | { kind: 'adopt'; task: string; page: number }
  | { kind: 'release'; task: string }
  /** One task or several (`--task a --task b`): a finished batch of jobs closes in one call. */
  | { kind: 'close'; tasks: string[] }
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
  const line = readCommandLine(commandName, [...words.slice(consumedWords), ...tokens.slice(index)]);
  return buildCommand(commandName, line.flags, line.positional);
}

/** The key into COMMANDS for the leading words, or undefined when there are none. */
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
  if (first === 'playbook') {
    if (wantsHelp) return 'playbook';
    if (second !== undefined && (PLAYBOOK_SUBCOMMANDS as readonly string[]).includes(second)) return `playbook ${second}`;
    const usages = PLAYBOOK_SUBCOMMANDS.map(sub => USAGES[`playbook ${sub}`]).join('\n');
    fail(second === undefined ? 'MissingCommand' : 'UnknownCommand',
      `\`tabwright playbook\` needs one of: ${PLAYBOOK_SUBCOMMANDS.join(', ')}${second === undefined ? '' : ` (got "${second}")`}. Usage:\n${usages}`);
  }
  if (first === 'skill') return second === 'install' || second === 'show' ? `skill ${second}` : 'skill';
  if (Object.hasOwn(COMMANDS, first)) return first;
  if (wantsHelp) return undefined;
  fail('UnknownCommand', `Unknown command "${first}". Commands: ${COMMAND_NAMES.join(', ')}. ${HELP_HINT}`);
}

function buildCommand(commandName: string, flags: FlagValues, positional: string | undefined): Command {
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
  const keepSecrets = (): boolean => {
    if (flags.get('keep-secrets') !== true) return false;
    if (flags.get('har') !== true && flags.get('trace') !== true)
      fail('MissingFlag', `--keep-secrets keeps credentials in the files --har and --trace record: give one of them with it. ${usageOf(commandName)}`);
    return true;
  };
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
        ...(keepSecrets() ? { keepSecrets: true as const } : {}),
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
    case 'close': {
      const given = flags.get('task');
      const names = Array.isArray(given) ? given : [];
      if (names.length === 0) fail('MissingFlag', `\`tabwright close\` needs --task. ${usageOf(commandName)}`);
      return { kind: 'close', tasks: [...new Set(names.map(taskName))] };
    }
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
      const service = text('browser-service');
      if (service !== undefined) {
        if (connect !== undefined || autoConnect) fail('ConflictingFlags', '--browser-service takes a browser per task from a service; --connect/--auto-connect attach every task to one browser. Give one of them.');
        if (browser !== undefined || flags.has('browser-arg')) fail('ConflictingFlags', '--browser and --browser-arg are for a browser the runtime launches; a browser service launches its own. Give one of them.');
        if (flags.get('allow-adopt') === true) fail('ConflictingFlags', '--allow-adopt lets tasks take a connected browser\'s own tabs; with --browser-service each task has a browser of its own and there are none.');
        // The URL is never quoted: it holds the service's token.
        if (!/^wss?:\/\/[^/?#]+/i.test(service)) fail('InvalidArgument', '--browser-service needs the service\'s CDP WebSocket URL, ws://HOST:PORT?token=TOKEN or wss://...');
      }
      const settings: StartSettings = {
        ...(connect !== undefined ? { connect } : autoConnect ? { connect: 'auto' } : {}),
        ...(service !== undefined ? { browserService: service } : {}),
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
    case 'skill show':
      return { kind: 'skillShow', name: positional! };
    case 'playbook save':
      return { kind: 'playbookSave', file: positional! };
    case 'playbook list': {
      const site = text('site');
      return { kind: 'playbookList', ...(site === undefined ? {} : { site }) };
    }
    case 'playbook show':
      return { kind: 'playbookShow', name: positional! };
    case 'playbook export':
      return { kind: 'playbookExport', dir: positional! };
    case 'playbook import':
      return { kind: 'playbookImport', dir: positional! };
    case 'playbook run': {
      const page = optional(text('page'), (v) => integer('page', v, 0));
      const maxInline = optional(text('max-inline'), (v) => integer('max-inline', v, 0));
      return {
        kind: 'playbookRun', name: positional!, task: task(), requestId: requestId(), params: paramsOf(text('params')),
        waitS: optional(text('wait'), (v) => seconds('wait', v)) ?? DEFAULT_RUN_WAIT_S,
        timeoutS: optional(text('timeout'), (v) => seconds('timeout', v)) ?? DEFAULT_TIMEOUT_S,
        isolated: flags.get('isolated') === true,
        verbose: flags.get('verbose') === true,
        ...(page === undefined ? {} : { page }),
        ...(maxInline === undefined ? {} : { maxInline }),
      };
    }
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

/** A bad value, worded as the API and the MCP server word it for the same field (contract/requestFields.ts). */
function badValue(field: string, flag: string, value: string): never {
  const problem = fieldProblem(field, `--${flag}`, value)!;
  return fail(problem.name as ArgumentErrorName, problem.message, problem.field);
}

export function taskName(value: string): string {
  return isValidName(value) ? value : badValue('task', 'task', value);
}

export function requestIdOf(value: string): string {
  return isValidName(value) ? value : badValue('requestId', 'request-id', value);
}

function seconds(flag: string, value: string): number {
  const parsed = Number(value);
  if (!NON_NEGATIVE_NUMBER.test(value) || !Number.isFinite(parsed)) badValue(flag, flag, value);
  return parsed;
}

function integer(flag: string, value: string, minimum: number): number {
  const parsed = Number(value);
  if (!NON_NEGATIVE_INTEGER.test(value) || !Number.isSafeInteger(parsed) || parsed < minimum) badValue(flag, flag, value);
  return parsed;
}

function nonEmptyPath(flag: string, value: string): string {
  if (value === '') fail('MissingValue', `--${flag} needs a path, got an empty string.`);
  return value;
}

function paramsOf(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    fail('InvalidParams', `--params is not JSON (${(error as Error).message}): give an object, e.g. --params '{"date":"2026-12-24","guests":4}'. Nothing was submitted.`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    fail('InvalidParams', `--params must be a JSON object, e.g. --params '{"date":"2026-12-24"}'; got ${text.slice(0, 60)}. Nothing was submitted.`);
  return value as Record<string, unknown>;
}
