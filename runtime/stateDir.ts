// Where the runtime keeps what must outlive a process: the profile, the receipts, the socket.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { claimHome } from '../contract/homeFolder.js';
import { LOCK_FILE } from '../contract/runtimeLockFile.js';
import { pathKnob } from '../contract/environmentKnobs.js';

export interface StatePaths {
  home: string;
  socket: string;
  lock: string;
  db: string;
  profile: string;
  artifacts: string;
  downloads: string;
  /** Each worker's Playwright folder (downloads it hands a program): gone when the worker ends. */
  playwright: string;
  log: string;
}

export function statePaths(env: NodeJS.ProcessEnv = process.env): StatePaths {
  const home = path.resolve(pathKnob(env, 'TABWRIGHT_HOME') ?? path.join(os.homedir(), '.tabwright'));
  return {
    home,
    socket: path.join(home, 'runtime.sock'),
    lock: path.join(home, LOCK_FILE),
    db: path.join(home, 'receipts.db'),
    profile: path.join(home, 'profile'),
    artifacts: path.join(home, 'artifacts'),
    downloads: path.join(home, 'downloads'),
    playwright: path.join(home, 'playwright'),
    log: path.join(home, 'runtime.log'),
  };
}

/**
 * Creates the state directory private to the user (0700): the socket inside it is the API.
 * A TABWRIGHT_HOME that is someone else's folder is refused first (NotATabwrightHomeError),
 * before its mode or anything in it changes.
 */
export function ensureStateDir(paths: StatePaths): void {
  claimHome(paths.home);
  fs.chmodSync(paths.home, 0o700);
  for (const dir of [paths.profile, paths.artifacts, paths.downloads, paths.playwright])
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
}
