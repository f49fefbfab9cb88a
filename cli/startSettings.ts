// What the person starting the runtime decided (`tabwright runtime start --connect URL
// --allow-adopt --block-origin H ...`): handed to the runtime as its environment, and kept in
// $TABWRIGHT_HOME/start.json so that a runtime started again by a later command (after a crash,
// an upgrade, or `runtime stop`) starts the same way instead of quietly launching its own
// browser with no origin policy. `runtime start` without these flags forgets them.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { splitOriginList } from '../contract/originPatterns.js';
import type { RuntimeHome } from './runtimeHome.js';
import { claimHome } from '../contract/homeFolder.js';

export interface StartSettings {
  /** A CDP URL, or `auto` to find a running browser through its DevToolsActivePort file. */
  connect?: string;
  allowAdopt?: boolean;
  blockOrigins?: string[];
  allowOrigins?: string[];
}

const FILE = 'start.json';

/** The runtime's environment variables for these settings (runtime/main.ts reads them). */
export function startEnvironment(settings: StartSettings): Record<string, string> {
  return {
    ...(settings.connect ? { TABWRIGHT_CDP_URL: settings.connect } : {}),
    ...(settings.allowAdopt ? { TABWRIGHT_ALLOW_ADOPT: '1' } : {}),
    ...(settings.blockOrigins?.length ? { TABWRIGHT_BLOCK_ORIGINS: settings.blockOrigins.join(',') } : {}),
    ...(settings.allowOrigins?.length ? { TABWRIGHT_ALLOW_ORIGINS: settings.allowOrigins.join(',') } : {}),
  };
}

/** The same settings as the runtime would read them from this environment alone. */
export function settingsFromEnvironment(env: NodeJS.ProcessEnv): StartSettings {
  const block = splitOriginList(env['TABWRIGHT_BLOCK_ORIGINS']);
  const allow = splitOriginList(env['TABWRIGHT_ALLOW_ORIGINS']);
  return {
    ...(env['TABWRIGHT_CDP_URL'] ? { connect: env['TABWRIGHT_CDP_URL'] } : {}),
    ...(env['TABWRIGHT_ALLOW_ADOPT'] === '1' ? { allowAdopt: true } : {}),
    ...(block.length ? { blockOrigins: block } : {}),
    ...(allow.length ? { allowOrigins: allow } : {}),
  };
}

export function isEmpty(settings: StartSettings): boolean {
  return Object.keys(startEnvironment(settings)).length === 0;
}

/**
 * Kept for later starts; no settings removes the file. Throws NotATabwrightHomeError, before
 * anything is written or removed, when the home is someone else's folder.
 */
export function saveStartSettings(home: RuntimeHome, settings: StartSettings): void {
  claimHome(home.home);
  const file = join(home.home, FILE);
  if (isEmpty(settings)) rmSync(file, { force: true });
  else writeFileSync(file, `${JSON.stringify(settings, null, 2)}\n`, { mode: 0o600 });
}

/** The settings of the last `runtime start`, or none (no file, or one that cannot be read). */
export function savedStartSettings(home: RuntimeHome): StartSettings {
  try {
    const parsed = JSON.parse(readFileSync(join(home.home, FILE), 'utf8')) as unknown;
    return typeof parsed === 'object' && parsed !== null ? parsed as StartSettings : {};
  } catch {
    return {};
  }
}
