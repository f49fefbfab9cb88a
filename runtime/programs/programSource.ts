// A program is the body of an async function. It is compiled once in the main thread to
// refuse syntax errors before anything is queued, and again in the worker to run.
import vm from 'node:vm';

export const PROGRAM_PARAMETERS = ['page', 'context', 'expect', 'state', 'tabs', 'console', 'observe', 'playbooks', 'webmcp', 'read', 'handoff'] as const;
export type ProgramParameter = typeof PROGRAM_PARAMETERS[number];
export const PROGRAM_FILENAME = 'program.js';

export class ProgramSyntaxError extends Error {
  override name = 'SyntaxError';
  constructor(message: string, readonly line?: number, readonly column?: number) {
    super(message);
  }
}

/**
 * A body compiled as an async function of `parameters`, line 1 of the body being line 1 of the
 * script: programs and playbooks alike.
 */
export function compileAsyncBody(body: string, parameters: readonly string[], filename: string): vm.Script {
  return new vm.Script(`(async function (${parameters.join(', ')}) {\n${body}\n})`, { filename, lineOffset: -1 });
}

export function compileProgram(program: string): vm.Script {
  try {
    return compileAsyncBody(program, PROGRAM_PARAMETERS, PROGRAM_FILENAME);
  } catch (error) {
    throw toProgramSyntaxError(error);
  }
}

function toProgramSyntaxError(error: unknown): Error {
  if (!(error instanceof SyntaxError)) return error as Error;
  // V8 puts "program.js:LINE" on the first stack line, then the source line and a caret.
  const stack = error.stack ?? '';
  const lines = stack.split('\n');
  const position = new RegExp(`${PROGRAM_FILENAME}:(\\d+)`).exec(lines[0] ?? '');
  const line = position ? Number(position[1]) : undefined;
  const caret = lines.findIndex(l => /^\s*\^+\s*$/.test(l));
  const column = caret > 0 ? lines[caret].indexOf('^') + 1 : undefined;
  const where = line !== undefined ? ` (line ${line}${column !== undefined ? `, column ${column}` : ''})` : '';
  // `const read = ...` in a program: V8 names the clash, not that the name is tabwright's own.
  const clash = /^Identifier '(\w+)' has already been declared/.exec(error.message)?.[1];
  const ours = clash && (PROGRAM_PARAMETERS as readonly string[]).includes(clash)
    ? `. \`${clash}\` is given to every program by tabwright (as are ${PROGRAM_PARAMETERS.filter(p => p !== clash).join(', ')}): name your variable otherwise`
    : '';
  return new ProgramSyntaxError(`${error.message}${where}${ours}`, line, column);
}
