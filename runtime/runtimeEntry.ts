// The runtime process's entry: dist/runtime/bundle/main.cjs, what the CLI and the native
// client start (cli/packageFiles.ts runtimeEntry). It compiles the runtime's bundle
// (dist/runtime/bundle/runtime.cjs, main.ts and all it imports) from its V8 code cache
// (bundleCodeCache.ts) and starts it. Both files are CommonJS, built together by
// scripts/bundle-runtime.ts, which gives this one the bundle's SHA-256: Node then starts no ES
// module loader in the runtime's main thread.
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { loadBundle } from './codeCache/bundleCodeCache.js';

/** The SHA-256 of runtime.cjs's text, set by scripts/bundle-runtime.ts. */
declare const RUNTIME_BUNDLE_SHA256: string;

const bundle = fileURLToPath(new URL('./bundle/runtime.cjs', import.meta.url));
const { exports, cache } = loadBundle(bundle, RUNTIME_BUNDLE_SHA256, process.env, os.homedir());
(exports as typeof import('./main.js')).startRuntime(cache);
