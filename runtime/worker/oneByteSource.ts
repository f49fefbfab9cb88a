// Playwright's bundles loaded at one byte per character. V8 keeps every script's source text
// for as long as the script lives (functions compile lazily from it), and it stores a text at
// two bytes per character if a single character in it is beyond Latin-1. playwright-core's
// two bundles (lib/coreBundle.js 3.6 MB, lib/utilsBundle.js 3.3 MB) have 200 such characters
// (box drawing, arrows, dashes), so each task worker held 14 MiB of their text instead of 7.
// Here those characters are written as `\u` escapes, which mean the same character in a
// comment, a string, a regular expression or an identifier; only a template literal's raw text
// would differ, and test/unit-one-byte-source.test.ts checks that none is in one.
import fs from 'node:fs';
import type { Module } from 'node:module';

/**
 * The text is built from pieces this small so that they are young objects, gone at the next
 * scavenge; a larger piece would be a large object, kept until a full collection.
 */
const PIECE_BYTES = 64 * 1024;

/** UTF-8 source bytes as the same JavaScript with every character beyond Latin-1 escaped. */
export function oneByteText(bytes: Buffer): string {
  const pieces: string[] = [];
  let from = 0;
  const plain = (to: number) => {
    for (let at = from; at < to; at += PIECE_BYTES) pieces.push(bytes.toString('latin1', at, Math.min(to, at + PIECE_BYTES)));
  };
  for (let i = 0; i < bytes.length; i++) {
    const lead = bytes[i];
    if (lead < 0x80) continue;
    const length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2;
    plain(i);
    const codePoint = bytes.toString('utf8', i, i + length).codePointAt(0) ?? 0xfffd;
    pieces.push(codePoint <= 0xff ? String.fromCharCode(codePoint)
      : codePoint <= 0xffff ? `\\u${codePoint.toString(16).padStart(4, '0')}` : `\\u{${codePoint.toString(16)}}`);
    i += length - 1;
    from = i + 1;
  }
  plain(bytes.length);
  // One flat string: V8 copies the pieces into a single one-byte text when it compiles it.
  return pieces.join('');
}

type CompilingModule = Module & { _compile(content: string, filename: string): unknown };

/**
 * Makes `require` load the given files (absolute paths) through oneByteText; every other file
 * loads as before. `extensions` is the CommonJS loader's table (require.extensions).
 */
export function loadOneByte(extensions: NodeJS.RequireExtensions, files: readonly string[]): void {
  const chosen = new Set(files);
  const load = extensions['.js'];
  extensions['.js'] = (module: Module, filename: string) => {
    if (!chosen.has(filename)) return load(module, filename);
    return (module as CompilingModule)._compile(oneByteText(fs.readFileSync(filename)), filename);
  };
}
