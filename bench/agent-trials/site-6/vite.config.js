import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// Builds src/ into dist/ (dist/index.html + dist/assets/*). Everything is bundled: no CDN at run time.
export default defineConfig({
  plugins: [svelte()],
  base: '/',
  build: { outDir: 'dist', assetsDir: 'assets', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 4000, target: 'es2020' },
});
