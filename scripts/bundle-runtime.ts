// Bundles the compiled runtime for start-up CPU (numbers in the commit that added this):
// - the runtime process: dist/runtime/main.js and everything it imports (fastify, pino, ajv,
//   find-my-way, ws, the router, the service) into dist/runtime/bundle/, which the CLI starts
//   (cli/packageFiles.ts runtimeEntry). Unbundled, a cold start loaded ~300 CommonJS files and
//   ~120 ES modules one by one, and Node's resolving (stat after stat, package.json reads),
//   reading, export scanning and linking of each was most of the CPU its imports took, on two
//   cores that Chromium and the first worker need at the same moment. better-sqlite3 stays
//   outside (native: it finds its .node file from its own folder).
// - a task worker's own modules (dist/runtime/worker/main.js and what it imports from dist/)
//   into dist/runtime/worker/bundle.js, which every Worker loads (runtime/workerHost.ts).
//   Packages stay outside: Playwright is required from node_modules as before
//   (worker/main.ts, playwrightInternals/oneByteSource.ts).
//
// main.ts's order survives: it imports runtimeServer.js dynamically after launching Chromium
// and the spare worker, and with `splitting` that import is a chunk of its own, loaded then.
//
// Each module keeps its own import.meta.url (its file under dist/), so paths it finds from
// itself (package.json, the worker's file, the view's folder) are the same bundled or not.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { ownImportMetaUrl } from './ownImportMetaUrl.js';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(dist, 'runtime', 'bundle');

fs.rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: { main: path.join(dist, 'runtime', 'main.js') },
  outdir,
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  chunkNames: 'chunk-[hash]',
  external: ['better-sqlite3'],
  // The bundled CommonJS packages call require() for Node's built-ins.
  banner: { js: "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);" },
  plugins: [ownImportMetaUrl(dist, outdir)],
  metafile: true,
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
