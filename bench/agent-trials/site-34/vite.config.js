import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

const optout = fileURLToPath(new URL('./node_modules/@vaadin/vaadin-usage-statistics/vaadin-usage-statistics-optout.js', import.meta.url));

// Everything must work offline: drop remote web-font @imports that some themes carry
// (Syncfusion's tailwind3 theme imports Inter from a font CDN); the system font stack is used instead.
const noRemoteFonts = {
  name: 'no-remote-fonts',
  enforce: 'pre',
  transform(code, id) {
    if (!/\.css($|\?)/.test(id) || !code.includes('@import')) return null;
    return { code: code.replace(/@import\s+url\(["']?https?:\/\/[^)]*\)\s*;?/g, ''), map: null };
  },
};

export default defineConfig({
  plugins: [noRemoteFonts],
  esbuild: { jsx: 'automatic', jsxImportSource: '@b9g/crank' },
  resolve: {
    // Vaadin's development-time usage statistics would phone home on 127.0.0.1: use the opt-out stub.
    alias: [{ find: /^@vaadin\/vaadin-usage-statistics\/vaadin-usage-statistics\.js$/, replacement: optout }],
  },
  build: { target: 'es2022', chunkSizeWarningLimit: 6000, sourcemap: false },
});
