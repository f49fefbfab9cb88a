import { defineConfig } from 'vite';
export default defineConfig({
  // vex-js themes still contain old IE "*zoom" hacks; let lightningcss drop them.
  css: { lightningcss: { errorRecovery: true } },
  build: { outDir: 'dist', assetsDir: 'assets', chunkSizeWarningLimit: 4000 },
  server: { proxy: { '/api': 'http://127.0.0.1:4612', '/__verify': 'http://127.0.0.1:4612' } },
});
