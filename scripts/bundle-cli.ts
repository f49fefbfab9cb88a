// Bundles the compiled CLI (dist/cli/main.js and what it imports) into one CommonJS file,
// dist/cli/bundle.cjs, which bin/tabwright.js loads. Why: a `tabwright run` is a new Node
// process each time, and Node 20 pays for its ESM loader (~20 ms of CPU) and for resolving,
// reading and linking each of the CLI's ~17 module files (~18 ms). One CommonJS file skips
// both (measured in the commit that added this). Node 20 has no compile cache to do it instead.
// The bundle may hold only the CLI and contract/: anything else means a heavy import crept
// into the CLI's start-up path, and the build fails saying which.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const result = buildSync({
  entryPoints: [path.join(dist, 'cli', 'main.js')],
  outfile: path.join(dist, 'cli', 'bundle.cjs'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // The bundle sits beside the modules it replaces, so paths found from it are the same.
  define: { 'import.meta.url': 'bundleUrl' },
  banner: { js: "const bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  metafile: true,
  logLevel: 'warning',
});
const foreign = Object.keys(result.metafile.inputs)
  .filter(input => !/^dist\/(cli|contract)\//.test(path.relative(path.dirname(dist), path.resolve(input))));
if (foreign.length) {
  console.error(`bundle-cli: the CLI imports modules outside dist/cli and dist/contract: ${foreign.join(', ')}. Keep its start-up path to node built-ins.`);
  process.exit(1);
}
