// Bundles the scripts the worker installs in pages (isolatedWorld.ts) with their libraries,
// each into one self-contained, minified file it reads as text when first needed:
// - read(): dist/runtime/worker/read/markdownInPage.js with @mozilla/readability, turndown
//   (its browser build: the page's own DOMParser, no domino) and @joplin/turndown-plugin-gfm
//   into dist/runtime/worker/read/markdownInPage.bundle.js.
// - the recorder of a person's flow: dist/runtime/recording/stepRecorderInPage.js into
//   dist/runtime/recording/stepRecorderInPage.bundle.js, which sets a variable
//   `__tabwrightStepRecorderPage` in the scope it is evaluated in (pageRecorder.ts wraps it).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readDir = path.join(dist, 'runtime', 'worker', 'read');

const result = await build({
  entryPoints: [path.join(readDir, 'markdownInPage.js')],
  outfile: path.join(readDir, 'markdownInPage.bundle.js'),
  bundle: true,
  platform: 'browser',
  format: 'iife',
  target: 'chrome120',
  minify: true,
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
const recordingDir = path.join(dist, 'runtime', 'recording');
const recorder = await build({
  entryPoints: [path.join(recordingDir, 'stepRecorderInPage.js')],
  outfile: path.join(recordingDir, 'stepRecorderInPage.bundle.js'),
  bundle: true,
  platform: 'browser',
  format: 'iife',
  globalName: '__tabwrightStepRecorderPage',
  target: 'chrome120',
  minify: true,
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});
const recorderBytes = Object.values(recorder.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(`bundle-page-scripts: read() script ${Math.round(bytes / 1024)} KiB, recorder script ${Math.round(recorderBytes / 1024)} KiB`);
