// Starts the runtime's own Chromium on its profile. Kept free of the runtime's heavy modules
// (fastify, SQLite, the router): main.ts calls it before loading them, so Chromium's own
// start-up (~1.5 s of CPU here) overlaps theirs (~0.7 s).
import fs from 'node:fs';
import path from 'node:path';
import { BrowserProcess } from '../../transport/browserProcess.js';
import type { Log } from '../runtimeLog.js';
import { switchKnob } from '../../contract/environmentKnobs.js';

export interface BrowserLaunchSettings {
  executablePath: string;
  profileDir: string;
  headless: boolean;
  extraArgs?: string[];
  /** What the browser's connection reports (runtime.log's child for it). */
  log: Log;
  /** transport/browserAnswer.ts: how long the browser may take to answer. */
  answerLimitMs?: number;
}

export interface BrowserDisplay {
  headless: boolean;
  /** TABWRIGHT_HEADED=1 where no window can be shown: the runtime says so and runs headless. */
  headedWithoutDisplay: boolean;
}

/** Headed only when asked (TABWRIGHT_HEADED=1) and a window can be shown; elsewhere Chromium would fail to start. */
export function browserDisplay(env: NodeJS.ProcessEnv = process.env): BrowserDisplay {
  const display = process.platform !== 'linux' || Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
  const headed = switchKnob(env, 'TABWRIGHT_HEADED') === true;
  return { headless: !(headed && display), headedWithoutDisplay: headed && !display };
}

export function launchBrowser(settings: BrowserLaunchSettings): Promise<BrowserProcess> {
  // Chromium refuses a profile whose lock names a live-looking process; a killed browser leaves one.
  for (const lock of ['SingletonLock', 'SingletonSocket', 'SingletonCookie'])
    fs.rmSync(path.join(settings.profileDir, lock), { force: true });
  return BrowserProcess.launch({
    executablePath: settings.executablePath,
    profileDir: settings.profileDir,
    headless: settings.headless,
    log: settings.log,
    ...(settings.extraArgs ? { extraArgs: settings.extraArgs } : {}),
    ...(settings.answerLimitMs !== undefined ? { answerLimitMs: settings.answerLimitMs } : {}),
  });
}
