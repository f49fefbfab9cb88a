// Checks a tool call's arguments before anything is contacted, against the tool's input
// schema, which is built from the contract's request schemas (the API checks the same ones),
// and words a failure with the contract's wording and the CLI's error names
// (contract/requestFields.ts), naming the field: bad input is refused here with nothing queued.
// A program's size in bytes and its emptiness are checked apart, as the CLI and the API do. Pure.
import { DEFAULT_RECEIPT_WAIT_S, DEFAULT_RUN_WAIT_S, DEFAULT_TIMEOUT_S } from '../cli/arguments.js';
import { ExitCode } from '../contract/exitCodes.js';
import type { CliFailure } from '../contract/cliFailure.js';
import { invalidName, MAX_PROGRAM_BYTES } from '../contract/submissionLimits.js';
import { argumentNames, CHECKED_INPUTS, type ToolName } from './toolDefinitions.js';
import { Compile } from 'typebox/compile';
import { failedField, fieldProblem, type SchemaFailure } from '../contract/requestFields.js';

export type ToolInput =
  | {
      tool: 'run'; task: string; requestId: string; program: string; timeoutS: number; waitS: number;
      isolated: boolean; verbose: boolean; page?: number; trace: boolean; har: boolean; close: boolean;
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

function refuse(name: string, message: string, field?: string): never {
  throw new InputProblem({ name, message, exitCode: ExitCode.Usage, ...(field ? { details: { field } } : {}) });
}

const checkers = new Map<ToolName, ReturnType<typeof Compile>>();

/** The first thing wrong with the arguments by the tool's schema: a missing field first, then in the schema's order. */
function checkSchema(tool: ToolName, args: Arguments): void {
  const schema = CHECKED_INPUTS[tool];
  if (!schema) return;
  const checker = checkers.get(tool) ?? Compile(schema);
  checkers.set(tool, checker);
  if (checker.Check(args)) return;
  const failures = [...checker.Errors(args)] as SchemaFailure[];
  const failure = failures.find(f => f.keyword === 'required') ?? failures[0]!;
  const field = failedField(failure);
  if (failure.keyword === 'required') refuse('MissingArgument', `${tool} needs ${field}.`, field);
  // An empty program is said as the CLI says it (program()).
  if (field === 'program' && failure.keyword === 'minLength') return;
  const problem = fieldProblem(field, field, args[field]);
  if (problem) refuse(problem.name, problem.message, problem.field);
  refuse('InvalidArgument', `${field || 'the arguments'} ${failure.message ?? 'is not allowed'}.`, field);
}

export function parseToolInput(tool: ToolName, args: Arguments | undefined): ParsedToolInput {
  try {
    return { ok: true, input: build(tool, args ?? {}) };
  } catch (error) {
    if (error instanceof InputProblem) return { ok: false, failure: error.failure };
    throw error;
  }
}

function build(tool: ToolName, given: Arguments): ToolInput {
  // null is taken as not given, as a model may send it for an optional argument.
  const args = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== null));
  const accepted = argumentNames(tool);
  for (const key of Object.keys(args)) {
    if (!accepted.includes(key)) {
      refuse('UnknownArgument', `Unknown argument "${key}" for ${tool}. `
        + (accepted.length ? `It takes: ${accepted.join(', ')}.` : 'It takes no arguments.'), key);
    }
  }
  checkSchema(tool, args);
  const optional = <T>(key: string): T | undefined => args[key] as T | undefined;
  switch (tool) {
    case 'run': {
      const page = optional<number>('page');
      return {
        tool, task: args.task as string, requestId: args.requestId as string, program: program(args),
        timeoutS: optional<number>('timeoutSeconds') ?? DEFAULT_TIMEOUT_S,
        waitS: optional<number>('waitSeconds') ?? DEFAULT_RUN_WAIT_S,
        isolated: optional<boolean>('isolated') ?? false,
        verbose: optional<boolean>('verbose') ?? false,
        trace: optional<boolean>('trace') ?? false,
        har: optional<boolean>('har') ?? false,
        close: optional<boolean>('close') ?? false,
        ...(page === undefined ? {} : { page }),
      };
    }
    case 'webmcp_list':
    case 'webmcp_call':
      return siteToolProgram(tool, args);
    case 'receipt':
      return { tool, task: args.task as string, requestId: args.requestId as string, waitS: optional<number>('waitSeconds') ?? DEFAULT_RECEIPT_WAIT_S };
    case 'tasks':
      return { tool };
    case 'pages': {
      const all = optional<boolean>('all') ?? false;
      const task = optional<string>('task');
      if (all && task !== undefined) refuse('ConflictingArguments', 'Give either task (that task\'s pages) or all: true (every tab), not both.');
      return { tool, all, ...(task === undefined ? {} : { task }) };
    }
    case 'release':
    case 'close':
      return { tool, task: args.task as string };
  }
}

function required(tool: ToolName, args: Arguments, key: string): unknown {
  if (args[key] === undefined) refuse('MissingArgument', `${tool} needs ${key}.`, key);
  return args[key];
}

function taskName(tool: ToolName, args: Arguments): string {
  return checkedName('task name', 'task', required(tool, args, 'task'));
}

function requestId(tool: ToolName, args: Arguments): string {
  return checkedName('request id', 'requestId', required(tool, args, 'requestId'));
}

/** The contract's own message, the one the runtime gives too. */
function checkedName(kind: 'task name' | 'request id', field: 'task' | 'requestId', value: unknown): string {
  const problem = invalidName(kind, value) === undefined ? undefined : fieldProblem(field, field, value);
  if (problem) refuse(problem.name, problem.message, problem.field);
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

/** webmcp_list and webmcp_call are programs (webmcp.list() / webmcp.call(name, args)) with a receipt like any run. */
function siteToolProgram(tool: 'webmcp_list' | 'webmcp_call', args: Arguments): ToolInput {
  let program = 'return await webmcp.list();';
  if (tool === 'webmcp_call') {
    const toolName = required(tool, args, 'name');
    if (typeof toolName !== 'string' || !toolName) refuse('InvalidArgument', 'name must be the name of a tool from webmcp_list.');
    const given = args.args;
    if (given !== undefined && (typeof given !== 'object' || given === null || Array.isArray(given))) refuse('InvalidArgument', 'args must be an object of the tool\'s arguments, such as {"query": "tea"}.', 'args');
    const toolArgs = (given ?? {}) as Record<string, unknown>;
    program = `return await webmcp.call(${JSON.stringify(toolName)}, ${JSON.stringify(toolArgs)});`;
  }
  return {
    tool: 'run', task: taskName(tool, args), requestId: requestId(tool, args), program,
    timeoutS: DEFAULT_TIMEOUT_S, waitS: DEFAULT_RUN_WAIT_S, isolated: false, verbose: false, trace: false, har: false, close: false,
  };
}
