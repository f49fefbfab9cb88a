// Where the runtime lives: $TABWRIGHT_HOME (default ~/.tabwright), its socket and its log.
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import type { NotATabwrightHomeError } from '../contract/homeFolder.js';
import { ExitCode } from '../contract/exitCodes.js';
import type { CliFailure } from '../contract/cliFailure.js';
import { pathKnob } from '../contract/environmentKnobs.js';

export interface RuntimeHome {
  /** Absolute path of the home directory. */
  home: string;
  socket: string;
  log: string;
  /** Where the runtime writes receipts' files (runtime/stateDir.ts): the MCP server reads images only from here. */
  artifacts: string;
}

export function runtimeHome(env: NodeJS.ProcessEnv = process.env): RuntimeHome {
  const home = resolve(pathKnob(env, 'TABWRIGHT_HOME') ?? join(homedir(), '.tabwright'));
  return { home, socket: join(home, 'runtime.sock'), log: join(home, 'runtime.log'), artifacts: join(home, 'artifacts') };
}

/** A TABWRIGHT_HOME that is someone else's folder: the user's input to fix; nothing was submitted. */
export function notAHome(error: NotATabwrightHomeError): CliFailure {
  return { name: error.name, message: error.message, exitCode: ExitCode.Usage };
}
