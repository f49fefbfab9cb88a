// Reads the program: from --file PATH, or from standard input (a heredoc) to its end.
// Validates it before anything is contacted: non-empty and at most 1 MiB of UTF-8.
import { readFileSync } from 'node:fs';
import { isatty } from 'node:tty';
import { ExitCode } from '../contract/exitCodes.js';
import type { CliFailure } from '../contract/cliFailure.js';
import { MAX_PROGRAM_BYTES } from '../contract/submissionLimits.js';

export { MAX_PROGRAM_BYTES };

export type ProgramRead = { ok: true; program: string } | { ok: false; failure: CliFailure };

const STDIN_FD = 0;

/** `file` is a path, `-` for standard input, or undefined for standard input. */
export async function readProgram(file: string | undefined): Promise<ProgramRead> {
  if (file !== undefined && file !== '-') return readProgramFile(file);
  if (isatty(STDIN_FD)) {
    return usage('NoProgram', 'No program: standard input is a terminal. Pipe the program as a heredoc '
      + "(tabwright run --task T --request-id R <<'EOF' ... EOF) or give --file PATH.");
  }
  const bytes = await readStandardInput();
  return validateProgram(bytes, 'standard input');
}

function readProgramFile(path: string): ProgramRead {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    const why = code === 'ENOENT' ? 'no such file'
      : code === 'EISDIR' ? 'it is a directory'
      : code === 'EACCES' ? 'permission denied'
      : code;
    return usage('UnreadableFile', `Cannot read --file ${JSON.stringify(path)} (${why}): give the path of a readable file containing the program.`);
  }
  return validateProgram(bytes, `--file ${JSON.stringify(path)}`);
}

export function validateProgram(bytes: Buffer, origin: string): ProgramRead {
  if (bytes.length > MAX_PROGRAM_BYTES) {
    return usage('ProgramTooLarge', `The program from ${origin} is ${bytes.length} bytes; the limit is ${MAX_PROGRAM_BYTES} bytes (1 MiB). `
      + 'Move data out of the program (read it from a file inside the program, or split the work into several runs).');
  }
  const program = bytes.toString('utf8');
  if (program.trim() === '') {
    return usage('EmptyProgram', `The program from ${origin} is empty. Pipe the program body as a heredoc `
      + "(tabwright run --task T --request-id R <<'EOF' ... EOF) or give --file PATH.");
  }
  return { ok: true, program };
}

function usage(name: string, message: string): ProgramRead {
  return { ok: false, failure: { name, message, exitCode: ExitCode.Usage } };
}

/**
 * Reads fd 0 to its end. The synchronous read is the fastest path for pipes and files; a
 * non-blocking stdin (EAGAIN) falls back to the stream. A closed stdin reads as empty.
 */
async function readStandardInput(): Promise<Buffer> {
  try {
    return readFileSync(STDIN_FD);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EBADF' || code === 'EINVAL') return Buffer.alloc(0);
    if (code !== 'EAGAIN') throw error;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk as Buffer);
  return Buffer.concat(chunks);
}
