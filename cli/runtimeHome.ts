// Where the runtime lives: $TABWRIGHT_HOME (default ~/.tabwright), its socket and its log.
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export interface RuntimeHome {
  /** Absolute path of the home directory. */
  home: string;
  socket: string;
  log: string;
}

export function runtimeHome(env: NodeJS.ProcessEnv = process.env): RuntimeHome {
  const configured = env['TABWRIGHT_HOME'];
  const home = resolve(configured !== undefined && configured !== '' ? configured : join(homedir(), '.tabwright'));
  return { home, socket: join(home, 'runtime.sock'), log: join(home, 'runtime.log') };
}
