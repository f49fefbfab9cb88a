// Bundles the compiled runtime for start-up CPU (numbers in the commit that added this):
// - the runtime process: dist/runtime/main.js and everything it imports (fastify, pino, ajv,
//   find-my-way, ws, the router, the service) into dist/runtime/bundle/runtime.cjs, which the
//   process's entry dist/runtime/bundle/main.cjs (runtime/runtimeEntry.ts; what the CLI starts,
//   cli/packageFiles.ts runtimeEntry) compiles from a V8 code cache. Unbundled, a cold start loaded ~300 CommonJS files and
//   ~120 ES modules one by one, and Node's resolving (stat after stat, package.json reads),
//   reading, export scanning and linking of each was most of the CPU its imports took, on two
//   cores that Chromium and the first worker need at the same moment. better-sqlite3 stays
//   outside (native: it finds its .node file from its own folder).
// - a task worker's own modules (dist/runtime/worker/main.js and what it imports from dist/)
//   into dist/runtime/worker/bundle.js, which every Worker loads (runtime/tasks/workerHost.ts).
//   Packages stay outside: Playwright is required from node_modules as before
//   (worker/main.ts, playwrightInternals/oneByteSource.ts).
//
// main.ts's order survives: it imports runtimeBoot.js, and that runtimeServer.js, dynamically
// (after starting the first worker, and after launching Chromium), and in one CommonJS bundle a
// module so imported is initialised only then (esbuild's lazy module wrappers).
//
// Each module keeps its own import.meta.url (its file under dist/), so paths it finds from
// itself (package.json, the worker's file, the view's folder) are the same bundled or not.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { ownImportMetaUrl } from './ownImportMetaUrl.js';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(dist, 'runtime', 'bundle');

fs.rmSync(outdir, { recursive: true, force: true });
// CommonJS, so that the runtime's entry compiles it from a V8 code cache (runtime/codeCache/bundleCodeCache.ts;
// Node 20 has none for ES modules). Each module's import.meta.url is its own (the plugin), from
// the bundle's file name.
const result = await build({
  entryPoints: [path.join(dist, 'runtime', 'main.js')],
  outfile: path.join(outdir, 'runtime.cjs'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['better-sqlite3'],
  define: { 'import.meta.url': 'bundleFileUrl' },
  banner: { js: "const bundleFileUrl = require('node:url').pathToFileURL(__filename).href;" },
  plugins: [ownImportMetaUrl(dist, outdir)],
  metafile: true,
  logLevel: 'warning',
});
// The process's entry, told the bundle's SHA-256: its code cache is named by it (codeCacheName.ts).
const bundleText = fs.readFileSync(path.join(outdir, 'runtime.cjs'), 'utf8');
await build({
  entryPoints: [path.join(dist, 'runtime', 'runtimeEntry.js')],
  outfile: path.join(outdir, 'main.cjs'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  define: { 'import.meta.url': 'bundleFileUrl', RUNTIME_BUNDLE_SHA256: JSON.stringify(crypto.createHash('sha256').update(bundleText).digest('hex')) },
  banner: { js: "const bundleFileUrl = require('node:url').pathToFileURL(__filename).href;" },
  plugins: [ownImportMetaUrl(dist, outdir)],
  logLevel: 'warning',
});
const workerDir = path.join(dist, 'runtime', 'worker');
const worker = await build({
  entryPoints: [path.join(workerDir, 'main.js')],
  outfile: path.join(workerDir, 'bundle.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  plugins: [ownImportMetaUrl(dist, workerDir)],
  metafile: true,
  logLevel: 'warning',
});
const outside = Object.keys(worker.metafile.inputs).filter(input => !/(^|\/)dist\/(runtime|contract)\//.test(input));
if (outside.length) {
  console.error(`bundle-runtime: the task worker's bundle holds modules from outside dist/runtime and dist/contract: ${outside.join(', ')}`);
  process.exit(1);
}
// The worker is its own file; Playwright is loaded only by workers.
const misplaced = Object.keys(result.metafile.inputs)
  .filter(input => /(^|\/)dist\/runtime\/worker\/|node_modules\/(playwright-core|@playwright\/test)\//.test(input));
if (misplaced.length) {
  console.error(`bundle-runtime: the runtime's main thread imports modules that belong to task workers: ${misplaced.join(', ')}`);
  process.exit(1);
}
