import { build } from 'esbuild';
const t = Date.now();
await build({
  entryPoints: ['widgets/index.jsx'], bundle: true, minify: true, format: 'iife', target: 'es2020',
  outfile: 'www/vendor/widgets.js', define: { 'process.env.NODE_ENV': '"production"', global: 'window' },
  loader: { '.png': 'dataurl', '.svg': 'dataurl', '.gif': 'dataurl', '.woff': 'dataurl', '.woff2': 'dataurl', '.ttf': 'dataurl', '.eot': 'dataurl' },
  logLevel: 'warning',
});
console.log(`widgets bundled in ${Date.now() - t} ms`);
