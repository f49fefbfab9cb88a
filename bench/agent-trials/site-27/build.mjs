import * as esbuild from 'esbuild';
import fs from 'node:fs';
fs.rmSync('dist', { recursive: true, force: true });
fs.mkdirSync('dist/assets', { recursive: true });
await esbuild.build({
  entryPoints: ['src/main.js'], bundle: true, format: 'esm', outdir: 'dist/assets', minify: true, sourcemap: false,
  target: 'es2022', loader: { '.svg': 'file', '.png': 'file', '.woff': 'file', '.woff2': 'file', '.ttf': 'file', '.eot': 'file' },
  assetNames: '[name]-[hash]', define: { 'process.env.NODE_ENV': '"production"' }, logLevel: 'warning',
});
fs.copyFileSync('src/index.html', 'dist/index.html');
console.log('built dist/');
