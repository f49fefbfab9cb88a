// Whether a bench file was started directly (`node dist/bench/x.js`) rather than imported by
// bench/all.ts, so each file can print its own table only when it is the entry point.
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export function isMainModule(importMetaUrl: string): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return pathToFileURL(realpathSync(entry)).href === importMetaUrl;
  } catch {
    return false;
  }
}
