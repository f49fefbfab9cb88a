// Builds the Riot.js front end into dist/ with esbuild, and copies the
// widget libraries that are loaded as plain scripts (HugeRTE, amCharts 3)
// plus their assets, so that nothing is fetched from outside 127.0.0.1.
import { build } from 'esbuild';
import { compile } from '@riotjs/compiler';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.join(ROOT, 'dist');
const NM = path.join(ROOT, 'node_modules');
const started = Date.now();

const riotPlugin = {
  name: 'riot',
  setup(b) {
    b.onLoad({ filter: /\.riot$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      const { code } = compile(source, { file: args.path });
      return { contents: code, loader: 'js', resolveDir: path.dirname(args.path) };
    });
  },
};

function copy(src, dest) {
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  fs.cpSync(src, dest, { recursive: true });
}

fs.rmSync(DIST, { recursive: true, force: true });
fs.mkdirSync(DIST, { recursive: true });

await build({
  entryPoints: { app: path.join(ROOT, 'src/main.js') },
  bundle: true,
  splitting: true,
  format: 'esm',
  target: 'es2020',
  minify: true,
  outdir: path.join(DIST, 'assets'),
  chunkNames: 'chunks/[name]-[hash]',
  assetNames: 'media/[name]-[hash]',
  loader: { '.woff': 'file', '.woff2': 'file', '.svg': 'file' },
  plugins: [riotPlugin],
  legalComments: 'none',
  logLevel: 'warning',
  logOverride: { 'unsupported-dynamic-import': 'silent' },
});

// --- HugeRTE (rich-text editor): loaded as a script, with its own skins.
const hr = path.join(NM, 'hugerte');
const hrOut = path.join(DIST, 'vendor/hugerte');
copy(path.join(hr, 'hugerte.min.js'), path.join(hrOut, 'hugerte.min.js'));
for (const dir of ['themes/silver', 'models/dom', 'icons/default', 'skins/ui/oxide', 'skins/content/default', 'plugins/link', 'plugins/lists', 'plugins/autolink']) {
  copy(path.join(hr, dir), path.join(hrOut, dir));
}
copy(path.join(hr, 'license.txt'), path.join(hrOut, 'license.txt'));

// --- amCharts 3 (chart): core + serial charts + images.
const am = path.join(NM, 'amcharts3/amcharts');
const amOut = path.join(DIST, 'vendor/amcharts');
for (const f of ['amcharts.js', 'serial.js', 'images']) copy(path.join(am, f), path.join(amOut, f));

// --- Hello Week (date picker) loads its language file at run time.
copy(path.join(NM, 'hello-week/dist/langs/en.js'), path.join(DIST, 'vendor/hello-week/langs/en.js'));

// --- DHTMLX Suite (data grid) stylesheet: drop the remote icon-font import,
// keep the bundled Roboto files.
const dhxCss = fs.readFileSync(path.join(NM, 'dhx-suite/codebase/suite.min.css'), 'utf8')
  .replace(/@import\s+url\([^)]*\);?/g, '');
fs.mkdirSync(path.join(DIST, 'vendor/dhx'), { recursive: true });
fs.writeFileSync(path.join(DIST, 'vendor/dhx/suite.min.css'), dhxCss);
copy(path.join(NM, 'dhx-suite/codebase/fonts'), path.join(DIST, 'vendor/dhx/fonts'));

// --- App shell.
copy(path.join(ROOT, 'src/index.html'), path.join(DIST, 'index.html'));
copy(path.join(ROOT, 'src/favicon.svg'), path.join(DIST, 'favicon.svg'));

// Guard: no absolute http(s) URL may be requested by the shell or the stylesheets.
for (const f of ['index.html', 'assets/app.css', 'vendor/dhx/suite.min.css']) {
  const text = fs.readFileSync(path.join(DIST, f), 'utf8');
  const bad = text.match(/(?:@import|url\(|src=|href=)\s*["']?https?:\/\//);
  if (bad) throw new Error(`${f} references a remote resource: ${bad[0]}`);
}

console.log(`Built dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
