import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';
export default defineConfig({
  plugins: [preact()],
  resolve: { alias: { sortablejs: new URL('./src/no-sortable.js', import.meta.url).pathname } },
  build: { outDir: 'dist', assetsDir: 'assets', chunkSizeWarningLimit: 4000 },
  server: { proxy: { '/api': 'http://127.0.0.1:4599' } },
});
