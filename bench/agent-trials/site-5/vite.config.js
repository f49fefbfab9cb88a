import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';

// Builds src/ into dist/ (dist/index.html + dist/assets/*). Everything is bundled: no CDN at run time.
export default defineConfig({
  plugins: [vue()],
  base: '/',
  build: { outDir: 'dist', assetsDir: 'assets', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 4000, target: 'es2020' },
  define: { __VUE_PROD_DEVTOOLS__: false, __VUE_OPTIONS_API__: true, __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: false },
});
