import { defineConfig } from 'vite';
export default defineConfig({
  build: { outDir: 'dist', chunkSizeWarningLimit: 4000 },
  server: { proxy: { '/api': 'http://127.0.0.1:4900' } },
});
