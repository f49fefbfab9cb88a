// Bundles the compiled MCP server (dist/mcp/main.js, the CLI modules it reuses and the MCP SDK
// with the packages the SDK needs) into dist/mcp/bundle/, which `tabwright mcp` runs
// (bin/tabwright.js). Why: an installed tabwright then needs the SDK and its ~90 dependency
// packages only at build time, not in every user's install (package.json lists it as a
// devDependency). `splitting` keeps main.ts's lazy import of the server a chunk of its own, so
// `tabwright mcp --help` still loads no SDK.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { ownImportMetaUrl } from './ownImportMetaUrl.js';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(dist, 'mcp', 'bundle');

fs.rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: { main: path.join(dist, 'mcp', 'main.js') },
  outdir,
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  chunkNames: 'chunk-[hash]',
  // The bundled CommonJS packages call require() for Node's built-ins.
  banner: { js: "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);" },
  plugins: [ownImportMetaUrl(dist, outdir)],
  metafile: true,
  logLevel: 'warning',
});
// Only the MCP server, the CLI modules and contract/ it imports, and packages: never the runtime.
const foreign = Object.keys(result.metafile.inputs)
  .filter(input => !input.includes('node_modules/') && !/(^|\/)dist\/(mcp|cli|contract)\//.test(input));
if (foreign.length) {
  console.error(`bundle-mcp: the MCP server's bundle holds modules from outside dist/mcp, dist/cli and dist/contract: ${foreign.join(', ')}`);
  process.exit(1);
}
