import { defineConfig } from 'vite';
export default defineConfig({
  build: { outDir: 'dist', assetsDir: 'assets', chunkSizeWarningLimit: 2000 },
  server: { host: '127.0.0.1' },
});
