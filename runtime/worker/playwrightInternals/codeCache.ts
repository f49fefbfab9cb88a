// Playwright compiled from a V8 code cache in a task worker. Loading Playwright is most of a
// cold start's critical path: the spare worker's require of playwright-core (~300-380 ms of
// CPU, its 3.6 MB coreBundle.js) and @playwright/test, which everything else waits for. With a
// code cache V8 takes the bytecode of the functions that ran while loading from the cache
// instead of parsing and compiling them again (numbers: the commit that added this).
// Relied on (README.md here): Node's CommonJS wrapper (Module.wrap) is what a module's text is
// compiled inside, and require.extensions['.js'] is how the files below are loaded
// (oneByteSource.ts already compiles playwright-core's bundles here).
// The cache is made by a task worker itself, once its Playwright has loaded and connected
// (worker/main.ts saveCodeCache): V8 rejects a cache made under other V8 flags (the runtime's
// nodeFlags, contract/runtimeProcess.ts), and a function's bytecode is in it only once the
// function ran. V8 reads all of a cache's bytecode as the script compiles, used or not: a
// loaded worker holds ~1.8 MiB more heap than without (28.6 against 26.8 MiB live after a full
// collection; bench:tasks with eight workers stayed under 400 MiB).
// Where the caches live and which are trusted: codeCacheStore.ts.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { createRequire, Module } from 'node:module';
import { CodeCacheStore, codeCacheDirectory } from './codeCacheStore.js';

/** What happened to one script's cache in this worker (the runtime logs it). */
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

type ModuleFunction = (exports: unknown, require: NodeJS.Require, module: Module, filename: string, dirname: string) => unknown;

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
  return env.TABWRIGHT_CODE_CACHE !== '0';
}

/** One worker's compiling of chosen CommonJS files through code caches. */
export class CodeCache {
  /** How each script compiled, since the last save(). */
  readonly outcomes: CodeCacheOutcome[] = [];
  private readonly unsaved: { outcome: CodeCacheOutcome; name: string; compiled: vm.Script }[] = [];

  constructor(readonly store: CodeCacheStore) {}

  /** The worker's cache, or undefined when switched off or there is no per-user folder. */
  static forWorker(env: NodeJS.ProcessEnv, home: string): CodeCache | undefined {
    const directory = codeCacheDirectory(env, home);
    const uid = process.getuid?.();
    return codeCacheWanted(env) && directory && uid !== undefined ? new CodeCache(new CodeCacheStore(directory, uid)) : undefined;
  }

  /**
   * Compiles `text` as the CommonJS module `module` (as Module#_compile would) and runs it;
   * `prepared` (preparedText.ts) gives the text's hash, and its outcome says where it came from.
   */
  readonly compile = (module: Module, text: string, filename: string, prepared?: TextOrigin): unknown => {
    const wrapped = Module.wrap(text);
    const name = cacheName(filename, prepared ? { textDigest: prepared.digest } : wrapped);
    const found = this.store.read(name);
    const compiled = new vm.Script(wrapped, {
      filename,
      ...(found.kind === 'found' ? { cachedData: found.data } : {}),
      // As Node's own loader: an import() in the module loads as it would there.
      importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    });
    const outcome: CodeCacheOutcome = found.kind === 'found'
      ? { script: scriptName(filename), cache: compiled.cachedDataRejected ? 'rejected' : 'accepted' }
      : { script: scriptName(filename), cache: found.kind, ...(found.kind === 'untrusted' ? { why: found.why } : {}) };
    if (prepared) outcome.text = prepared.written ? `${prepared.from} (not written: ${prepared.written})` : prepared.from;
    this.outcomes.push(outcome);
    if (outcome.cache !== 'accepted') this.unsaved.push({ outcome, name, compiled });
    return runAsModule(compiled, module, filename);
  };

  /**
   * Hooks `require.extensions['.js']` so that `files` (absolute paths) compile here; other
   * files load as before. For files no other hook rewrites (oneByteSource.ts takes its own).
   */
  loadThrough(extensions: NodeJS.RequireExtensions, files: readonly string[]): void {
    const chosen = new Set(files);
    const load = extensions['.js'];
    extensions['.js'] = (module: Module, filename: string) => {
      if (!chosen.has(filename)) return load(module, filename);
      return this.compile(module, readText(filename), filename);
    };
  }

  /**
   * Writes a cache for each script compiled since the last save without an accepted one, and
   * returns how those scripts compiled. Called after the modules ran: only the functions
   * compiled by then are in a cache.
   */
  save(): CodeCacheOutcome[] {
    for (const { outcome, name, compiled } of this.unsaved.splice(0)) {
      let data: Buffer;
      try {
        data = compiled.createCachedData();
      } catch (error) {
        outcome.written = `not made: ${String(error)}`;
        continue;
      }
      outcome.written = this.store.write(name, outcome.script, data) ?? 'written';
    }
    return this.outcomes.splice(0);
  }
}

function readText(filename: string): string {
  // As Node's loader reads a .js file (utf8, a byte-order mark dropped).
  const text = fs.readFileSync(filename, 'utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Runs a compiled module wrapper with what Module#_compile gives a module. */
function runAsModule(compiled: vm.Script, module: Module, filename: string): unknown {
  const wrapper = compiled.runInThisContext({ displayErrors: true }) as ModuleFunction;
  // module.require keeps the module tree (children, parent) as Node's own require would;
  // resolve and the rest are those of a require made for this file.
  const base = createRequire(filename);
  const require = Object.assign((id: string) => module.require(id), { resolve: base.resolve, cache: base.cache, extensions: base.extensions, main: base.main }) as NodeJS.Require;
  return wrapper.call(module.exports, module.exports, require, module, filename, path.dirname(filename));
}

/**
 * @playwright/test's largest files, which `require('@playwright/test')` loads (its expect:
 * lib/matchers/expect.js 0.5 MB, lib/common/index.js 0.1 MB); files an upgrade moved are left out
 * (they load as before).
 */
export function playwrightTestScripts(require: NodeJS.Require): string[] {
  const playwright = path.dirname(createRequire(require.resolve('@playwright/test'))
    .resolve('playwright/package.json'));
  return ['lib/matchers/expect.js', 'lib/common/index.js', 'lib/index.js'].map(file => path.join(playwright, file)).filter(file => fs.existsSync(file));
}
