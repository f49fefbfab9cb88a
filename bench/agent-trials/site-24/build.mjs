// Builds the front end into dist/ with esbuild (no network needed).
import * as esbuild from 'esbuild';
import fs from 'node:fs';

const t0 = Date.now();
fs.rmSync('dist', { recursive: true, force: true });
fs.mkdirSync('dist/assets', { recursive: true });
await esbuild.build({
  entryPoints: { app: 'src/main.js' },
  bundle: true,
  minify: true,
  format: 'esm',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  target: ['chrome110', 'firefox115', 'safari16'],
  outdir: 'dist/assets',
  assetNames: '[name]-[hash]',
  loader: { '.woff': 'file', '.woff2': 'file', '.ttf': 'file', '.eot': 'file', '.png': 'file', '.svg': 'file', '.gif': 'file' },
  external: ['jspdf'], // optional PDF export of vue-data-ui; never used here
  define: {
    'process.env.NODE_ENV': '"production"',
    __VUE_OPTIONS_API__: 'true',
    __VUE_PROD_DEVTOOLS__: 'false',
    __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
  },
  conditions: ['style'],
  logOverride: { 'empty-glob': 'silent' },
  legalComments: 'none',
  logLevel: 'warning',
});
fs.copyFileSync('src/index.html', 'dist/index.html');
console.log(`Built dist/ in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
