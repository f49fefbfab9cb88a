import * as esbuild from 'esbuild';
import fs from 'node:fs';
const t0 = Date.now();
fs.rmSync('dist', { recursive: true, force: true });
fs.mkdirSync('dist/assets', { recursive: true });
await esbuild.build({
  entryPoints: ['src/main.jsx'],
  bundle: true, minify: true, sourcemap: false,
  outdir: 'dist/assets', entryNames: 'app',
  format: 'esm', target: 'es2020',
  jsx: 'transform', jsxFactory: 'createElement',
  loader: { '.png': 'dataurl', '.gif': 'dataurl', '.svg': 'dataurl', '.woff': 'dataurl', '.woff2': 'dataurl', '.ttf': 'dataurl', '.eot': 'dataurl' },
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
});
fs.copyFileSync('src/index.html', 'dist/index.html');
fs.copyFileSync('src/favicon.svg', 'dist/favicon.svg');
const css = fs.readFileSync('dist/assets/app.css', 'utf8');
const ext = (css + fs.readFileSync('dist/assets/app.js', 'utf8')).match(/url\(\s*['"]?(https?:)?\/\/[^)]+\)|@import\s+url/g);
if (ext) console.warn('warning: external url() references in bundle:', ext.slice(0, 5));
console.log(`built dist/ in ${Date.now() - t0} ms`);
