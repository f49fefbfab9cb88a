// Files of the installed package, found relative to this compiled file (dist/cli/*.js).
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const distCliDir = dirname(fileURLToPath(import.meta.url));

export const packageRoot = resolve(distCliDir, '..', '..');
/** The runtime process: runtime/main.ts and its imports as one bundle (scripts/bundle-runtime.ts). */
export const runtimeEntry = resolve(distCliDir, '..', 'runtime', 'bundle', 'main.cjs');
export const skillDir = join(packageRoot, 'skill');

let cachedVersion: string | undefined;

/** The CLI's version: package.json's `version`, read once. */
export function cliVersion(): string {
  if (cachedVersion === undefined) {
    const manifest: unknown = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8'));
    const version = typeof manifest === 'object' && manifest !== null && 'version' in manifest ? manifest.version : undefined;
    cachedVersion = typeof version === 'string' ? version : 'unknown';
  }
  return cachedVersion;
}
