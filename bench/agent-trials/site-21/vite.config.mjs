import { defineConfig } from 'vite';

// flot's prebuilt file is a classic script with duplicate top-level helpers;
// wrapping it in a function lets it load as part of the ES module bundle.
const wrapFlot = {
  name: 'wrap-flot',
  enforce: 'pre',
  transform(code, id) {
    if (id.replace(/\\/g, '/').includes('/flot/dist/es5/jquery.flot.js')) {
      return { code: `import jQuery from 'jquery';\nwindow.jQuery = window.$ = jQuery;\n(function () {\n${code}\n}).call(window);\nexport default jQuery;\n`, map: null };
    }
  },
};

export default defineConfig({
  plugins: [wrapFlot],
  optimizeDeps: { exclude: ['flot'] },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2000, assetsInlineLimit: 0 },
  server: { host: '127.0.0.1', port: 4790, proxy: { '/api': 'http://127.0.0.1:4799' } },
});
