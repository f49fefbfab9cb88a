import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import { extensions, classicEmberSupport, ember } from '@embroider/vite';
import { babel } from '@rollup/plugin-babel';

const optOut = fileURLToPath(
  new URL('./node_modules/@vaadin/vaadin-usage-statistics/vaadin-usage-statistics-optout.js', import.meta.url),
);

export default defineConfig({
  resolve: {
    alias: [
      // never ship Vaadin's usage-statistics collector (it would phone home from 127.0.0.1)
      { find: /^@vaadin\/vaadin-usage-statistics\/vaadin-usage-statistics\.js$/, replacement: optOut },
    ],
  },
  build: {
    chunkSizeWarningLimit: 8000,
    sourcemap: false,
  },
  plugins: [
    classicEmberSupport(),
    ember(),
    babel({
      babelHelpers: 'runtime',
      extensions,
    }),
  ],
});
