// Playwright's bundles loaded at one byte per character. V8 keeps every script's source text
// for as long as the script lives (functions compile lazily from it), and it stores a text at
// two bytes per character if a single character in it is beyond Latin-1. playwright-core's
// two bundles (lib/coreBundle.js 3.6 MB, lib/utilsBundle.js 3.3 MB) have 200 such characters
// (box drawing, arrows, dashes), so each task worker held 14 MiB of their text instead of 7.
// Here those characters are written as `\u` escapes, which mean the same character in a
// comment, a string, a regular expression or an identifier; only a template literal's raw text
// would differ, and test/unit-one-byte-source.test.ts checks that none is in one.
// Relied on (README.md here): Playwright's bundles are CommonJS loaded by require.extensions['.js']
// and Module#_compile, Node's own loader hooks (not an ESM loader hook).
import fs from 'node:fs';
import type { Module } from 'node:module';
import type { PreparedText, PreparedTexts } from './preparedText.js';

/** UTF-8 source bytes as the same JavaScript with every character beyond Latin-1 escaped. */
export function oneByteText(bytes: Buffer): string {
  // Byte for byte, so a match's index is its byte offset; ASCII text reads the same in both.
  const latin1 = bytes.toString('latin1');
  const nonAscii = /[\x80-\xff]/g;
  const pieces: string[] = [];
  let from = 0;
  for (let match = nonAscii.exec(latin1); match; match = nonAscii.exec(latin1)) {
    const at = match.index;
    const lead = bytes[at];
    const length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2;
    const codePoint = bytes.toString('utf8', at, at + length).codePointAt(0) ?? 0xfffd;
    pieces.push(latin1.slice(from, at), codePoint <= 0xff ? String.fromCharCode(codePoint)
      : codePoint <= 0xffff ? `\\u${codePoint.toString(16).padStart(4, '0')}` : `\\u{${codePoint.toString(16)}}`);
    from = at + length;
    nonAscii.lastIndex = from;
  }
  pieces.push(latin1.slice(from));
  // join copies the pieces into one flat one-byte string, the text V8 keeps.
  return pieces.join('');
}

/**
 * playwright-core's two large CommonJS bundles, which `require('playwright-core')` loads
 * through the `.js` entry of require.extensions (relied on: README.md here).
 */
export function playwrightBundles(require: NodeJS.Require): { core: string; utils: string } {
  return { core: require.resolve('playwright-core/lib/coreBundle'), utils: require.resolve('playwright-core/lib/utilsBundle') };
}

type CompilingModule = Module & { _compile(content: string, filename: string): unknown };

/**
 * Compiles and runs a module's text as Module#_compile does (codeCache.ts's compile is one);
 * `prepared` says where the text came from and its hash, when preparedText.ts gave it.
 */
export type ModuleCompile = (module: Module, text: string, filename: string, prepared?: PreparedText) => unknown;

const nodeCompile: ModuleCompile = (module, text, filename) => (module as CompilingModule)._compile(text, filename);

/**
 * Makes `require` load the given files (absolute paths) through oneByteText, then `rewrite`,
 * then `compile`; every other file loads as before. `extensions` is the CommonJS loader's
 * table (require.extensions). With `texts`, a text made so before is read instead of made again.
 */
export function loadOneByte(extensions: NodeJS.RequireExtensions, files: readonly string[], rewrite: (filename: string, text: string) => string = (_filename, text) => text, compile: ModuleCompile = nodeCompile, texts?: PreparedTexts): void {
  const chosen = new Set(files);
  const load = extensions['.js'];
  extensions['.js'] = (module: Module, filename: string) => {
    if (!chosen.has(filename)) return load(module, filename);
    const bytes = fs.readFileSync(filename);
    const prepare = (from: Buffer) => rewrite(filename, oneByteText(from));
    if (!texts) return compile(module, prepare(bytes), filename);
    const prepared = texts.text(filename, bytes, prepare);
    return compile(module, prepared.text, filename, prepared);
  };
}
