// Checks a tool call's arguments before anything is contacted, with the contract's limits
// (the same module the CLI and the runtime check against) and the CLI's error names, so
// bad input is refused here with nothing queued. Pure.
import { DEFAULT_RECEIPT_WAIT_S, DEFAULT_RUN_WAIT_S, DEFAULT_TIMEOUT_S } from '../cli/arguments.js';
import { ExitCode } from '../contract/exitCodes.js';
import type { CliFailure } from '../contract/cliFailure.js';
import { invalidName, MAX_PROGRAM_BYTES } from '../contract/submissionLimits.js';
import { argumentNames, type ToolName } from './toolDefinitions.js';

export type ToolInput =
  | {
      tool: 'run'; task: string; requestId: string; program: string; timeoutS: number; waitS: number;
      isolated: boolean; verbose: boolean; page?: number; trace: boolean; har: boolean;
    }
  | { tool: 'receipt'; task: string; requestId: string; waitS: number }
  | { tool: 'tasks' }
  | { tool: 'pages'; task?: string; all: boolean }
  | { tool: 'release'; task: string }
  | { tool: 'close'; task: string };

export type ParsedToolInput = { ok: true; input: ToolInput } | { ok: false; failure: CliFailure };

type Arguments = Readonly<Record<string, unknown>>;

class InputProblem extends Error {
  constructor(readonly failure: CliFailure) { super(failure.message); }
}

function refuse(name: string, message: string): never {
  throw new InputProblem({ name, message, exitCode: ExitCode.Usage });
}

export function parseToolInput(tool: ToolName, args: Arguments | undefined): ParsedToolInput {
  try {
    return { ok: true, input: build(tool, args ?? {}) };
  } catch (error) {
    if (error instanceof InputProblem) return { ok: false, failure: error.failure };
    throw error;
  }
}

function build(tool: ToolName, args: Arguments): ToolInput {
  const accepted = argumentNames(tool);
  for (const key of Object.keys(args)) {
    if (!accepted.includes(key)) {
      refuse('UnknownArgument', `Unknown argument "${key}" for ${tool}. `
        + (accepted.length ? `It takes: ${accepted.join(', ')}.` : 'It takes no arguments.'));
    }
  }
  switch (tool) {
    case 'run': {
      const page = optional(args, 'page', pageId);
      return {
        tool, task: taskName(tool, args), requestId: requestId(tool, args), program: program(args),
        timeoutS: optional(args, 'timeoutSeconds', seconds) ?? DEFAULT_TIMEOUT_S,
        waitS: optional(args, 'waitSeconds', seconds) ?? DEFAULT_RUN_WAIT_S,
        isolated: optional(args, 'isolated', flag) ?? false,
        verbose: optional(args, 'verbose', flag) ?? false,
        trace: optional(args, 'trace', flag) ?? false,
        har: optional(args, 'har', flag) ?? false,
        ...(page === undefined ? {} : { page }),
      };
    }
    case 'webmcp_list':
    case 'webmcp_call':
      return siteToolProgram(tool, args);
    case 'receipt':
      return {
        tool, task: taskName(tool, args), requestId: requestId(tool, args),
        waitS: optional(args, 'waitSeconds', seconds) ?? DEFAULT_RECEIPT_WAIT_S,
      };
    case 'tasks':
      return { tool };
    case 'pages': {
      const all = optional(args, 'all', flag) ?? false;
      const task = optional(args, 'task', (_key, value) => checkedName('task name', 'InvalidTaskName', value));
      if (all && task !== undefined) refuse('ConflictingArguments', 'Give either task (that task\'s pages) or all: true (every tab), not both.');
      return { tool, all, ...(task === undefined ? {} : { task }) };
    }
    case 'release':
    case 'close':
      return { tool, task: taskName(tool, args) };
  }
}

function required(tool: ToolName, args: Arguments, key: string): unknown {
  if (args[key] === undefined) refuse('MissingArgument', `${tool} needs ${key}.`);
  return args[key];
}

function optional<T>(args: Arguments, key: string, check: (key: string, value: unknown) => T): T | undefined {
  const value = args[key];
  return value === undefined || value === null ? undefined : check(key, value);
}

function taskName(tool: ToolName, args: Arguments): string {
  return checkedName('task name', 'InvalidTaskName', required(tool, args, 'task'));
}

function requestId(tool: ToolName, args: Arguments): string {
  return checkedName('request id', 'InvalidRequestId', required(tool, args, 'requestId'));
}

/** The contract's own message, the one the runtime gives too. */
function checkedName(kind: 'task name' | 'request id', errorName: string, value: unknown): string {
  const problem = invalidName(kind, value);
  if (problem !== undefined) refuse(errorName, `${problem} (e.g. ${kind === 'task name' ? 'checkout-flow' : 'inspect-01'}).`);
  return value as string;
}

function program(args: Arguments): string {
  const value = required('run', args, 'program');
  if (typeof value !== 'string') refuse('InvalidArgument', 'program must be a string: the body of an async function.');
  const bytes = Buffer.byteLength(value, 'utf8');
  if (bytes > MAX_PROGRAM_BYTES) {
    refuse('ProgramTooLarge', `The program is ${bytes} bytes; the limit is ${MAX_PROGRAM_BYTES} bytes (1 MiB). `
      + 'Move data out of the program (read it from a file inside the program, or split the work into several runs).');
  }
  if (value.trim() === '') refuse('EmptyProgram', 'The program is empty: give the body of an async function, e.g. `await page.goto(url); return await page.title();`.');
  return value;
}

function seconds(key: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    refuse('InvalidNumber', `${key} ${JSON.stringify(value)} is not a number of seconds: give a non-negative number such as 30 or 0.5.`);
  }
  return value;
}

function pageId(key: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    refuse('InvalidNumber', `${key} ${JSON.stringify(value)} is not a page id: give a non-negative integer from the pages tool.`);
  }
  return value;
}

function flag(key: string, value: unknown): boolean {
  if (typeof value !== 'boolean') refuse('InvalidArgument', `${key} must be true or false.`);
  return value;
}

/** webmcp_list and webmcp_call are programs (webmcp.list() / webmcp.call(name, args)) with a receipt like any run. */
function siteToolProgram(tool: 'webmcp_list' | 'webmcp_call', args: Arguments): ToolInput {
  let program = 'return await webmcp.list();';
  if (tool === 'webmcp_call') {
    const toolName = required(tool, args, 'name');
    if (typeof toolName !== 'string' || !toolName) refuse('InvalidArgument', 'name must be the name of a tool from webmcp_list.');
    const toolArgs = optional(args, 'args', (_key, value) => {
      if (typeof value !== 'object' || Array.isArray(value)) refuse('InvalidArgument', 'args must be an object of the tool\'s arguments, such as {"query": "tea"}.');
      return value as Record<string, unknown>;
    }) ?? {};
    program = `return await webmcp.call(${JSON.stringify(toolName)}, ${JSON.stringify(toolArgs)});`;
  }
  return {
    tool: 'run', task: taskName(tool, args), requestId: requestId(tool, args), program,
    timeoutS: DEFAULT_TIMEOUT_S, waitS: DEFAULT_RUN_WAIT_S, isolated: false, verbose: false, trace: false, har: false,
  };
}
