// What the person starting the runtime decided with `tabwright runtime start` flags, kept in
// $TABWRIGHT_HOME/start.json: which browser (launched, or one to connect to), whether tasks
// may adopt that browser's own tabs, whether pages may load file: URLs (and inputs take local
// paths), extra Chromium switches, and the origin policy. The CLI writes the file; the runtime
// reads these settings from it and from nowhere else.
//
// Why not from the environment: the runtime is started again by whichever command finds it
// down (after `runtime stop`, a crash, an upgrade), and that command inherits an agent's shell,
// where a page's text can get any variable set. A switch that widens what tasks reach
// (--allow-adopt, --allow-file-urls, --browser-arg, --connect) must be the person's decision,
// kept where a restart cannot change it by accident. The variables earlier versions read are
// listed below so the CLI can say they are ignored.
import fs from 'node:fs';
import path from 'node:path';

export interface StartSettings {
  /** A CDP URL, or `auto` to find a running browser through its DevToolsActivePort file. */
  connect?: string;
  /**
   * A browser service's CDP WebSocket URL (Browserless and services like it: each connection is a
   * browser of its own): the runtime opens one connection per task. Its token is in it, which is
   * why this file is private (mode 0600) and the URL is shown nowhere (contract/browserAddress.ts).
   */
  browserService?: string;
  allowAdopt?: boolean;
  /** file: URLs for task pages, and DOM.setFileInputFiles paths for every client. */
  allowFileUrls?: boolean;
  /** Extra Chromium switches for the browser the runtime launches. */
  browserArgs?: string[];
  blockOrigins?: string[];
  allowOrigins?: string[];
}

export const START_SETTINGS_FILE = 'start.json';

/** Variables that once set these, now ignored, and the flag that says the same. */
export const RETIRED_VARIABLES: Readonly<Record<string, string>> = {
  TABWRIGHT_CDP_URL: '--connect URL, --auto-connect or --browser-service URL',
  TABWRIGHT_ALLOW_ADOPT: '--allow-adopt',
  TABWRIGHT_ALLOW_FILE_URLS: '--allow-file-urls',
  TABWRIGHT_BROWSER_ARGS: '--browser-arg=SWITCH',
  TABWRIGHT_BLOCK_ORIGINS: '--block-origin HOST',
  TABWRIGHT_ALLOW_ORIGINS: '--allow-origin HOST',
};

export type ReadSettings = { ok: true; settings: StartSettings } | { ok: false; reason: string };

/** The settings in `value` (start.json parsed), each field checked; anything else is a reason. */
export function parseStartSettings(value: unknown): ReadSettings {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, reason: 'it is not a JSON object' };
  const given = value as Record<string, unknown>;
  const settings: StartSettings = {};
  for (const [key, field] of Object.entries(given)) {
    switch (key) {
      case 'connect':
        if (typeof field !== 'string' || field === '') return { ok: false, reason: 'connect must be a URL or "auto"' };
        settings.connect = field;
        break;
      case 'browserService':
        if (typeof field !== 'string' || !/^wss?:\/\//i.test(field)) return { ok: false, reason: 'browserService must be a ws:// or wss:// URL' };
        settings.browserService = field;
        break;
      case 'allowAdopt':
      case 'allowFileUrls':
        if (typeof field !== 'boolean') return { ok: false, reason: `${key} must be true or false` };
        if (field) settings[key] = true;
        break;
      case 'browserArgs':
      case 'blockOrigins':
      case 'allowOrigins':
        if (!Array.isArray(field) || !field.every(item => typeof item === 'string' && item !== '')) return { ok: false, reason: `${key} must be a list of strings` };
        if (field.length) settings[key] = [...field] as string[];
        break;
      default:
        return { ok: false, reason: `it has an unknown setting ${JSON.stringify(key)}` };
    }
  }
  if (settings.connect && settings.browserService) return { ok: false, reason: 'connect and browserService exclude each other (one browser, or a browser per task)' };
  return { ok: true, settings };
}

/** The settings kept in `home` (none when there is no file), or why the file cannot be used. */
export function readStartSettings(home: string): ReadSettings {
  const file = path.join(home, START_SETTINGS_FILE);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ok: true, settings: {} };
    return { ok: false, reason: `${file} cannot be read (${(error as Error).message})` };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, reason: `${file} is not JSON` };
  }
  const read = parseStartSettings(parsed);
  return read.ok ? read : { ok: false, reason: `${file}: ${read.reason}. Run \`tabwright runtime start\` with the flags you want to write it again` };
}

export function isEmpty(settings: StartSettings): boolean {
  return Object.keys(settings).length === 0;
}

/** `runtime start` flags that ask for these settings (for messages and for starting the same way). */
export function startFlags(settings: StartSettings): string[] {
  return [
    ...(settings.connect === 'auto' ? ['--auto-connect'] : settings.connect ? ['--connect', settings.connect] : []),
    ...(settings.browserService ? ['--browser-service', settings.browserService] : []),
    ...(settings.allowAdopt ? ['--allow-adopt'] : []),
    ...(settings.allowFileUrls ? ['--allow-file-urls'] : []),
    ...(settings.browserArgs ?? []).map(arg => `--browser-arg=${arg}`),
    ...(settings.blockOrigins ?? []).flatMap(host => ['--block-origin', host]),
    ...(settings.allowOrigins ?? []).flatMap(host => ['--allow-origin', host]),
  ];
}
