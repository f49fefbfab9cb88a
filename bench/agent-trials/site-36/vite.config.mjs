import { defineConfig } from 'vite';
import fs from 'node:fs';
import path from 'node:path';

// dgrid is an AMD (Dojo) package and is loaded with the Dojo loader exactly as its
// documentation shows. This plugin copies the AMD packages into dist/vendor/ so that
// everything is served locally by server.mjs (no CDN).
const AMD_PACKAGES = ['dojo', 'dijit', 'dgrid', 'dojo-dstore'];
const SKIP = new Set(['tests', 'test', 'demos', 'doc', 'docs', 'node_modules', '.github']);
function copyAmdPackages() {
  return {
    name: 'copy-amd-packages',
    apply: 'build',
    closeBundle() {
      for (const pkg of AMD_PACKAGES) {
        const from = path.resolve('node_modules', pkg);
        const to = path.resolve('dist/vendor', pkg);
        fs.rmSync(to, { recursive: true, force: true });
        fs.cpSync(from, to, {
          recursive: true,
          filter: (src) => !SKIP.has(path.basename(src)) || path.dirname(src) !== from,
        });
      }
    },
  };
}

export default defineConfig({
  plugins: [copyAmdPackages()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 4000,
    assetsInlineLimit: 0,
  },
});
