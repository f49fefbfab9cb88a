// How a V8 code cache file is named (codeCacheStore.ts keeps the files): shared by a task
// worker's Playwright (worker/playwrightInternals/codeCache.ts) and the runtime's own bundle
// (bundleCodeCache.ts).
import crypto from 'node:crypto';
import path from 'node:path';
import { switchKnob } from '../../contract/environmentKnobs.js';

/** What happened to one script's cache in a worker or the runtime (the runtime logs it). */
export interface CodeCacheOutcome {
  script: string;
  /** accepted: compiled from the cache; rejected: V8 refused it (replaced); missing/untrusted: compiled from the text. */
  cache: 'accepted' | 'rejected' | 'missing' | 'untrusted';
  why?: string;
  /** After save(): 'written', or why not. */
  written?: string;
  /** Where its text came from, for a text preparedText.ts gave: read, or made (and written, or why not). */
  text?: string;
}

/**
 * The name a text's cache has: the script's file name and a hash of all V8 bakes into a cache:
 * Node's and V8's versions, the architecture, the V8 flags (V8 rejects a cache made under
 * others; including them keeps two runtimes with different flags from replacing each other's),
 * the file's absolute path, and the exact text compiled (V8 itself checks only its length).
 * The path because V8 (Node 20's) keeps the producing script's name in a cache: a function
 * compiled from another checkout's cache reports that checkout's path in stack traces, and
 * Playwright names an API call from the frames in its own folder, so a locator.click that
 * failed said `Timeout 1000ms exceeded.` without `locator.click: ` (the whole suite, after a
 * test's installed copy had made the caches).
 */
export function cacheName(filename: string, compiled: string | TextDigest, runtime: { node: string; v8: string; arch: string; flags: readonly string[] } = thisRuntime()): string {
  const hash = crypto.createHash('sha256');
  hash.update(`${runtime.node}\0${runtime.v8}\0${runtime.arch}\0${runtime.flags.join(' ')}\0${path.resolve(filename)}\0`);
  // A text whose hash is known (preparedText.ts) is named by that hash inside Module.wrap (the
  // Node version above fixes the wrapper), sparing a second hash of megabytes of text.
  hash.update(typeof compiled === 'string' ? compiled : `Module.wrap of the text of SHA-256 ${compiled.textDigest}`);
  return `${scriptName(filename)}-${hash.digest('hex').slice(0, 40)}.v8`;
}

/** A module's text by its SHA-256 (before Module.wrap), as preparedText.ts knows it. */
export interface TextDigest {
  textDigest: string;
}

/** Where preparedText.ts got a text: its SHA-256, read or made (and written, or why not). */
export interface TextOrigin {
  digest: string;
  from: 'read' | 'made';
  written?: string;
}

/**
 * A file's name in a cache name and in the log: its path in its package
 * (`playwright+lib+common+index.js`), so two files of one name keep caches apart.
 */
export function scriptName(filename: string): string {
  const inPackage = filename.split(/[\\/]node_modules[\\/]/).at(-1)!;
  return inPackage.split(/[\\/]/).filter(Boolean).join('+');
}

function thisRuntime() {
  // NODE_OPTIONS can hold V8 flags too (a test's --import, --expose-gc), and execArgv lacks them.
  return { node: process.version, v8: process.versions.v8, arch: process.arch, flags: [...process.execArgv, `NODE_OPTIONS=${process.env.NODE_OPTIONS ?? ''}`] };
}

/** TABWRIGHT_CODE_CACHE=0 turns it off (diagnosis: is a problem the cache's?). */
export function codeCacheWanted(env: NodeJS.ProcessEnv): boolean {
  return switchKnob(env, 'TABWRIGHT_CODE_CACHE') !== false;
}

