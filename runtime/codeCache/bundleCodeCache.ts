// The runtime process's own code, compiled from a V8 code cache. Every runtime start loads the
// whole runtime bundle on its main thread (fastify, Ajv, pino, the router, the service: ~2.8 MB),
// while Chromium starts and the first task worker loads Playwright on the same two cores. As an
// ES module (Node 20 keeps no code cache for those) that was ~150-180 ms of the main thread's
// CPU; as one CommonJS script compiled with a cache, ~90-100 (numbers: the commit that added
// this). So the bundle is CommonJS (scripts/bundle-runtime.ts), the process's entry
// (runtimeEntry.ts) compiles it here, and the runtime writes the cache once its first program
// was answered (runtimeServer.ts): the functions that starting, listening and serving a program
// ran are then in it. Where caches live and which are trusted is codeCacheStore.ts's, as for a
// task worker's Playwright; the name, codeCacheName.ts's (V8 checks only a text's length, so
// the name holds the text's SHA-256, which the build computed: no hashing of megabytes here).
import { Module } from 'node:module';
import { compileCached, userCodeCacheStore, writeCache } from './cachedScript.js';
import { cacheName, type CodeCacheOutcome } from './codeCacheName.js';
import { readText, runAsModule } from './moduleWrapper.js';

/** How the runtime's bundle compiled, and the writing of its cache. */
export interface BundleCodeCache {
  readonly outcome: CodeCacheOutcome;
  /** Writes the cache when the bundle compiled without an accepted one (once); its outcome then, or undefined when there is nothing to write. */
  save(): CodeCacheOutcome | undefined;
}

/** The bundle whose text has SHA-256 `digest`, compiled (from its cache when there is one) and run as a CommonJS module: its exports and its cache. */
export function loadBundle(filename: string, digest: string, env: NodeJS.ProcessEnv, home: string): { exports: unknown; cache: BundleCodeCache } {
  const store = userCodeCacheStore(env, home);
  const name = cacheName(filename, { textDigest: digest });
  const module = new Module(filename);
  module.filename = filename;
  module.paths = (Module as unknown as { _nodeModulePaths(from: string): string[] })._nodeModulePaths(filename);
  const { compiled, outcome } = compileCached(store, name, filename, Module.wrap(readText(filename)));
  runAsModule(compiled, module, filename);
  let unsaved = store !== undefined && outcome.cache !== 'accepted';
  const cache: BundleCodeCache = {
    outcome,
    save() {
      if (!unsaved || !store) return undefined;
      unsaved = false;
      return { ...outcome, written: writeCache(store, name, outcome.script, compiled) };
    },
  };
  return { exports: module.exports, cache };
}
