// Builds the single-page app into dist/: dist/index.html + dist/assets/main-<hash>.js/.css + fonts.
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

fs.rmSync('dist', { recursive: true, force: true });
const result = await esbuild.build({
  entryPoints: ['src/main.jsx'],
  bundle: true,
  minify: true,
  sourcemap: false,
  format: 'esm',
  target: ['chrome110', 'firefox115', 'safari16'],
  outdir: 'dist/assets',
  entryNames: '[name]-[hash]',
  assetNames: '[name]-[hash]',
  publicPath: '/assets/',
  jsx: 'automatic',
  loader: { '.js': 'jsx', '.woff2': 'file', '.woff': 'file' },
  define: { 'process.env.NODE_ENV': '"production"' },
  metafile: true,
  logLevel: 'info',
});
const outs = Object.keys(result.metafile.outputs).map((f) => '/assets/' + path.basename(f));
const js = outs.find((f) => f.endsWith('.js'));
const css = outs.find((f) => f.endsWith('.css'));
fs.writeFileSync('dist/index.html', `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Quayside Clinic Scheduler</title>
<link rel="icon" href="data:,">
${css ? `<link rel="stylesheet" href="${css}">` : ''}
</head>
<body>
<noscript>Quayside Clinic Scheduler needs JavaScript.</noscript>
<div id="root"></div>
<script type="module" src="${js}"></script>
</body>
</html>
`);
console.log('dist/index.html ->', js, css || '');
