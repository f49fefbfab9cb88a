import { defineConfig } from 'vite';

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'atomico' } },
  build: { outDir: 'dist', chunkSizeWarningLimit: 4000, sourcemap: false },
  server: { host: '127.0.0.1' },
});
