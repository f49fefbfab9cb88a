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
// Where the caches live and which are trusted: ../../codeCacheStore.ts; their names: ../../codeCacheName.ts.
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { createRequire, Module } from 'node:module';
import type { CodeCacheStore } from '../../codeCache/codeCacheStore.js';
import { compileCached, userCodeCacheStore, writeCache } from '../../codeCache/cachedScript.js';
import { cacheName, type CodeCacheOutcome, type TextOrigin } from '../../codeCache/codeCacheName.js';
import { readText, runAsModule } from '../../codeCache/moduleWrapper.js';

export { cacheName, codeCacheWanted, scriptName, type CodeCacheOutcome, type TextDigest, type TextOrigin } from '../../codeCache/codeCacheName.js';

/** One worker's compiling of chosen CommonJS files through code caches. */
export class CodeCache {
  /** How each script compiled, since the last save(). */
  readonly outcomes: CodeCacheOutcome[] = [];
  private readonly unsaved: { outcome: CodeCacheOutcome; name: string; compiled: vm.Script }[] = [];

  constructor(readonly store: CodeCacheStore) {}

  /** The worker's cache, or undefined when switched off or there is no per-user folder. */
  static forWorker(env: NodeJS.ProcessEnv, home: string): CodeCache | undefined {
    const store = userCodeCacheStore(env, home);
    return store && new CodeCache(store);
  }

  /**
   * Compiles `text` as the CommonJS module `module` (as Module#_compile would) and runs it;
   * `prepared` (preparedText.ts) gives the text's hash, and its outcome says where it came from.
   */
  readonly compile = (module: Module, text: string, filename: string, prepared?: TextOrigin): unknown => {
    const wrapped = Module.wrap(text);
    const name = cacheName(filename, prepared ? { textDigest: prepared.digest } : wrapped);
    const { compiled, outcome } = compileCached(this.store, name, filename, wrapped);
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
      outcome.written = writeCache(this.store, name, outcome.script, compiled);
    }
    return this.outcomes.splice(0);
  }
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
