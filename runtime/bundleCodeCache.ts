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
import vm from 'node:vm';
import { Module } from 'node:module';
import { CodeCacheStore, codeCacheDirectory } from './codeCacheStore.js';
import { cacheName, codeCacheWanted, scriptName, type CodeCacheOutcome } from './codeCacheName.js';
import { readText, runAsModule } from './moduleWrapper.js';

/** How the runtime's bundle compiled, and the writing of its cache. */
export interface BundleCodeCache {
  readonly outcome: CodeCacheOutcome;
  /** Writes the cache when the bundle compiled without an accepted one (once); its outcome then, or undefined when there is nothing to write. */
  save(): CodeCacheOutcome | undefined;
}

/** The bundle whose text has SHA-256 `digest`, compiled (from its cache when there is one) and run as a CommonJS module: its exports and its cache. */
export function loadBundle(filename: string, digest: string, env: NodeJS.ProcessEnv, home: string): { exports: unknown; cache: BundleCodeCache } {
  const directory = codeCacheDirectory(env, home);
  const uid = process.getuid?.();
  const store = codeCacheWanted(env) && directory && uid !== undefined ? new CodeCacheStore(directory, uid) : undefined;
  const name = cacheName(filename, { textDigest: digest });
  const found = store ? store.read(name) : { kind: 'missing' as const };
  const module = new Module(filename);
  module.filename = filename;
  module.paths = (Module as unknown as { _nodeModulePaths(from: string): string[] })._nodeModulePaths(filename);
  const compiled = new vm.Script(Module.wrap(readText(filename)), {
    filename,
    ...(found.kind === 'found' ? { cachedData: found.data } : {}),
    // As Node's own loader: an import() of a package left outside the bundle loads as it would there.
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const script = scriptName(filename);
  const outcome: CodeCacheOutcome = found.kind === 'found'
    ? { script, cache: compiled.cachedDataRejected ? 'rejected' : 'accepted' }
    : { script, cache: store ? found.kind : 'missing', ...(found.kind === 'untrusted' ? { why: found.why } : {}) };
  runAsModule(compiled, module, filename);
  let unsaved = store !== undefined && outcome.cache !== 'accepted';
  const cache: BundleCodeCache = {
    outcome,
    save() {
      if (!unsaved || !store) return undefined;
      unsaved = false;
      let data: Buffer;
      try {
        data = compiled.createCachedData();
      } catch (error) {
        return { ...outcome, written: `not made: ${String(error)}` };
      }
      return { ...outcome, written: store.write(name, script, data) ?? 'written' };
    },
  };
  return { exports: module.exports, cache };
}
