import { defineConfig } from 'vite';
export default defineConfig({
  build: { outDir: 'dist', chunkSizeWarningLimit: 4000, assetsInlineLimit: 0 },
  server: { port: 5173, host: '127.0.0.1', proxy: { '/api': 'http://127.0.0.1:4598' } },
});
