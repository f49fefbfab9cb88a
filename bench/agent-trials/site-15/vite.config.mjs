import { defineConfig } from 'vite';
export default defineConfig({
  base: '/assets/',
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: '',
    chunkSizeWarningLimit: 4000,
    rollupOptions: {
      input: 'client/main.js',
      output: { entryFileNames: 'app.js', chunkFileNames: 'chunks/[name]-[hash].js', assetFileNames: (a) => (a.names?.[0] || a.name || '').endsWith('.css') ? 'app.css' : 'files/[name]-[hash][extname]' },
    },
  },
});
