// `runtime start`'s settings as the CLI keeps them (the type and the reading are the
// contract's, contract/startSettings.ts, since the runtime reads the same file): written by
// `runtime start` before it launches the runtime, so that a runtime started again by a later
// command (after a crash, an upgrade, or `runtime stop`) starts the same way instead of
// quietly launching its own browser with no origin policy. `runtime start` without flags
// forgets them.
import { chmodSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RuntimeHome } from './runtimeHome.js';
import { claimHome } from '../contract/homeFolder.js';
import { isEmpty, readStartSettings, RETIRED_VARIABLES, START_SETTINGS_FILE, type StartSettings } from '../contract/startSettings.js';

export type { StartSettings } from '../contract/startSettings.js';

/**
 * Kept for later starts; no settings removes the file. Throws NotATabwrightHomeError, before
 * anything is written or removed, when the home is someone else's folder.
 */
export function saveStartSettings(home: RuntimeHome, settings: StartSettings): void {
  claimHome(home.home);
  const file = join(home.home, START_SETTINGS_FILE);
  if (isEmpty(settings)) {
    rmSync(file, { force: true });
    return;
  }
  // It may hold a browser service's token: private, also when an older file was not.
  // Written whole under another name first, so no reader sees half of it, nor any other mode.
  const next = `${file}.${process.pid}`;
  writeFileSync(next, `${JSON.stringify(settings, null, 2)}\n`, { mode: 0o600 });
  chmodSync(next, 0o600);
  renameSync(next, file);
}

/** The settings of the last `runtime start`, or none (no file, or one that cannot be read: the runtime says why). */
export function savedStartSettings(home: RuntimeHome): StartSettings {
  const read = readStartSettings(home.home);
  return read.ok ? read.settings : {};
}

/** What to tell someone who set a variable the runtime no longer reads, one line each. */
export function retiredVariablesIn(env: NodeJS.ProcessEnv): string[] {
  return Object.entries(RETIRED_VARIABLES)
    .filter(([name]) => (env[name] ?? '') !== '')
    .map(([name, flag]) => `${name} is ignored: switches that widen what tasks reach come only from \`tabwright runtime start ${flag}\` (kept for later starts)`);
}
