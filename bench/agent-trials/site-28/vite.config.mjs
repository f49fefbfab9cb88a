import { defineConfig } from 'vite';
import marko from '@marko/vite';
export default defineConfig({
  plugins: [marko({ linked: false })],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 4000 },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
});
