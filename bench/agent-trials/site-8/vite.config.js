import { defineConfig } from 'vite';
import solid from 'vite-plugin-solid';

// Builds src/ into dist/ (dist/index.html + dist/assets/*). Everything is bundled: no CDN at run time.
export default defineConfig({
  plugins: [solid()],
  base: '/',
  build: { outDir: 'dist', assetsDir: 'assets', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 8000, target: 'es2020' },
});
