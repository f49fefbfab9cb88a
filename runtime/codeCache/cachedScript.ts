// A CommonJS module's wrapped text compiled through a V8 code cache, and that cache written
// back: what the runtime's own bundle (bundleCodeCache.ts) and a task worker's Playwright
// (worker/playwrightInternals/codeCache.ts) both do, in one place. Where caches live and which
// are trusted is codeCacheStore.ts's; their names, codeCacheName.ts's.
import vm from 'node:vm';
import { CodeCacheStore, codeCacheDirectory } from './codeCacheStore.js';
import { codeCacheWanted, scriptName, type CodeCacheOutcome } from './codeCacheName.js';

/** This user's code cache store, or undefined when caches are switched off or there is no per-user folder. */
export function userCodeCacheStore(env: NodeJS.ProcessEnv, home: string): CodeCacheStore | undefined {
  const directory = codeCacheDirectory(env, home);
  const uid = process.getuid?.();
  return codeCacheWanted(env) && directory && uid !== undefined ? new CodeCacheStore(directory, uid) : undefined;
}

/** `wrapped` compiled as `filename`, from the cache named `name` when `store` has a trusted one: the script and how it compiled. */
export function compileCached(store: CodeCacheStore | undefined, name: string, filename: string, wrapped: string): { compiled: vm.Script; outcome: CodeCacheOutcome } {
  const found = store ? store.read(name) : { kind: 'missing' as const };
  const compiled = new vm.Script(wrapped, {
    filename,
    ...(found.kind === 'found' ? { cachedData: found.data } : {}),
    // As Node's own loader: an import() in the module loads as it would there.
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const script = scriptName(filename);
  const outcome: CodeCacheOutcome = found.kind === 'found'
    ? { script, cache: compiled.cachedDataRejected ? 'rejected' : 'accepted' }
    : { script, cache: found.kind, ...(found.kind === 'untrusted' ? { why: found.why } : {}) };
  return { compiled, outcome };
}

/** Writes `compiled`'s cache under `name` (made after the module ran, so the functions it ran are in it): 'written', or why not. */
export function writeCache(store: CodeCacheStore, name: string, script: string, compiled: vm.Script): string {
  let data: Buffer;
  try {
    data = compiled.createCachedData();
  } catch (error) {
    return `not made: ${String(error)}`;
  }
  return store.write(name, script, data) ?? 'written';
}
