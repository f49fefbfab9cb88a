import { defineConfig } from 'vite';

// mc-datepicker's stylesheet pulls a web font from a CDN; the app must make no external requests.
const noRemoteFonts = {
  name: 'strip-remote-font-imports',
  enforce: 'pre',
  transform(code, id) {
    if (id.endsWith('.css') && code.includes('fonts.googleapis.com')) {
      return { code: code.replace(/@import\s*url\([^)]*fonts\.googleapis\.com[^)]*\);?/g, ''), map: null };
    }
    return null;
  },
};

export default defineConfig({
  publicDir: false,
  plugins: [noRemoteFonts],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: 'es2020',
    assetsInlineLimit: 8192,
    chunkSizeWarningLimit: 1200,
    rollupOptions: {
      input: 'src/main.js',
      output: { entryFileNames: 'assets/app-[hash].js', assetFileNames: 'assets/[name]-[hash][extname]', inlineDynamicImports: true },
    },
  },
});
