// Finds the user's running Chrome, Chromium, Edge or Brave for `--auto-connect`
// (`runtime start --auto-connect`). A Chromium-family browser with remote debugging on writes
// DevToolsActivePort into its user-data folder: the port on the first line and the browser's
// WebSocket path on the second. That file is the only discovery there is; nothing is scanned.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathKnob } from '../contract/environmentKnobs.js';

export interface UserDataDir { browser: string; dir: string }

/** A DevToolsActivePort that was read: where, and the WebSocket URL it names. */
export interface ActivePort extends UserDataDir { webSocketUrl: string; modifiedMs: number }

/** The usual user-data folders of each browser on this platform (stable channels first). */
export function usualUserDataDirs(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): UserDataDir[] {
  const home = env.HOME || os.homedir();
  if (platform === 'darwin') {
    const support = path.join(home, 'Library', 'Application Support');
    return [
      ['Chrome', 'Google/Chrome'], ['Chrome Beta', 'Google/Chrome Beta'], ['Chrome Canary', 'Google/Chrome Canary'],
      ['Chromium', 'Chromium'], ['Edge', 'Microsoft Edge'], ['Brave', 'BraveSoftware/Brave-Browser'],
    ].map(([browser, dir]) => ({ browser: browser!, dir: path.join(support, dir!) }));
  }
  if (platform === 'win32') {
    const local = env.LOCALAPPDATA || path.join(home, 'AppData', 'Local');
    return [
      ['Chrome', 'Google\\Chrome'], ['Chrome Beta', 'Google\\Chrome Beta'], ['Chrome Canary', 'Google\\Chrome SxS'],
      ['Chromium', 'Chromium'], ['Edge', 'Microsoft\\Edge'], ['Brave', 'BraveSoftware\\Brave-Browser'],
    ].map(([browser, dir]) => ({ browser: browser!, dir: path.win32.join(local, dir!, 'User Data') }));
  }
  const config = env.XDG_CONFIG_HOME || path.join(home, '.config');
  return [
    { browser: 'Chrome', dir: path.join(config, 'google-chrome') },
    { browser: 'Chrome Beta', dir: path.join(config, 'google-chrome-beta') },
    { browser: 'Chrome Dev', dir: path.join(config, 'google-chrome-unstable') },
    { browser: 'Chromium', dir: path.join(config, 'chromium') },
    { browser: 'Chromium (snap)', dir: path.join(home, 'snap', 'chromium', 'common', 'chromium') },
    { browser: 'Edge', dir: path.join(config, 'microsoft-edge') },
    { browser: 'Brave', dir: path.join(config, 'BraveSoftware', 'Brave-Browser') },
  ];
}

/** The folders to look in: TABWRIGHT_USER_DATA_DIR alone when set, else the usual ones. */
export function userDataDirsToSearch(env: NodeJS.ProcessEnv = process.env): UserDataDir[] {
  const named = pathKnob(env, 'TABWRIGHT_USER_DATA_DIR');
  return named ? [{ browser: 'TABWRIGHT_USER_DATA_DIR', dir: named }] : usualUserDataDirs(env);
}

/** Parses a DevToolsActivePort file's text; undefined when it does not name a port and path. */
export function parseActivePort(text: string): { port: number; browserPath: string } | undefined {
  const [portLine, pathLine] = text.split(/\r?\n/);
  const port = Number(portLine);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) return undefined;
  if (!pathLine?.startsWith('/devtools/browser/')) return undefined;
  return { port, browserPath: pathLine.trim() };
}

/** Every readable DevToolsActivePort, newest first (the browser started last is the likeliest). */
export function findActivePorts(dirs: UserDataDir[]): ActivePort[] {
  const found: ActivePort[] = [];
  for (const entry of dirs) {
    const file = path.join(entry.dir, 'DevToolsActivePort');
    try {
      const parsed = parseActivePort(fs.readFileSync(file, 'utf8'));
      if (!parsed) continue;
      found.push({ ...entry, webSocketUrl: `ws://127.0.0.1:${parsed.port}${parsed.browserPath}`, modifiedMs: fs.statSync(file).mtimeMs });
    } catch {
      // No such file: that browser is not running with remote debugging.
    }
  }
  return found.sort((a, b) => b.modifiedMs - a.modifiedMs);
}

/**
 * What to do when nothing was found. Chrome 136 and later ignore --remote-debugging-port on
 * the default profile, so the two ways are the browser's own setting (where it has one; not
 * tried here) and a dedicated profile (tried here with Chromium).
 */
export function howToEnableRemoteDebugging(looked: UserDataDir[], stale: ActivePort[]): string {
  const where = looked.map(d => `${d.browser}: ${d.dir}`).join('; ');
  const staleNote = stale.length
    ? ` Found DevToolsActivePort files that no browser answers (a browser that crashed leaves one): ${stale.map(s => `${s.dir} (${s.webSocketUrl})`).join('; ')}.`
    : '';
  return `no running browser with remote debugging was found (looked for DevToolsActivePort in ${where}).${staleNote} `
    + 'To let tabwright attach to your browser, either '
    + '(1) turn on the browser\'s own remote debugging setting where it has one (recent Chrome: open chrome://inspect/#remote-debugging and allow it; '
    + 'the browser may ask you to confirm the connection; not tried here), then run --auto-connect again; or '
    + '(2) quit the browser and start it with a profile of its own, e.g. '
    + '`google-chrome --remote-debugging-port=0 --user-data-dir=$HOME/.chrome-tabwright` '
    + '(since Chrome 136 --remote-debugging-port is ignored on the default profile), sign in there once, and start the runtime with '
    + 'TABWRIGHT_USER_DATA_DIR=$HOME/.chrome-tabwright and --auto-connect (or --connect http://127.0.0.1:PORT with a fixed port).';
}
