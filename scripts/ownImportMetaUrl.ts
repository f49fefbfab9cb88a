// An esbuild plugin for bundles built from the compiled modules under dist/: each module keeps
// its own import.meta.url (its file under dist/), so paths it finds from itself (package.json,
// the worker's file, the view's folder, the skill) are the same bundled or not.
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';

/** Rewrites `import.meta.url` in each compiled module under `dist` to that module's own URL, for output files in `outputDir`. */
export function ownImportMetaUrl(dist: string, outputDir: string): Plugin {
  return {
    name: 'own-import-meta-url',
    setup(builder) {
      builder.onLoad({ filter: /\.js$/ }, args => {
        if (!args.path.startsWith(dist + path.sep) || args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = fs.readFileSync(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const fromOutdir = path.relative(outputDir, args.path).split(path.sep).join('/');
        return { contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromOutdir)}, import.meta.url).href`), loader: 'js' };
      });
    },
  };
}
