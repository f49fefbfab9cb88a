// Rollup build: compiles the LWC components in src/modules and bundles the
// widget libraries from node_modules into dist/assets (code-split per page).
import lwc from '@lwc/rollup-plugin';
import replace from '@rollup/plugin-replace';
import resolve from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';
import fs from 'node:fs';

// start from an empty dist/ so stale chunks never linger
fs.rmSync('dist', { recursive: true, force: true });

export default {
  input: 'src/main.js',
  output: {
    dir: 'dist/assets',
    format: 'esm',
    entryFileNames: 'app.js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    sourcemap: false,
  },
  onwarn(warning, warn) {
    if (warning.code === 'CIRCULAR_DEPENDENCY' || warning.code === 'THIS_IS_UNDEFINED' || warning.code === 'EVAL') return;
    warn(warning);
  },
  plugins: [
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    // active-table injects a Google Fonts <link> (Inter) from its constructor.
    // Point it at a local stylesheet instead so nothing leaves 127.0.0.1.
    replace({
      include: ['**/node_modules/active-table/**'],
      preventAssignment: false,
      delimiters: ['', ''],
      values: { 'https://fonts.googleapis.com/css2?family=Inter:wght@400;500;600&display=swap': '/assets/vendor/active-table-font.css' },
    }),
    lwc({
      exclude: ['**/node_modules/**'],
      rootDir: 'src',
      modules: [{ dir: 'modules' }],
    }),
    resolve({ browser: true }),
    commonjs(),
  ],
};
