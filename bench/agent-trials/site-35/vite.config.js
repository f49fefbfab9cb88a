import { defineConfig } from 'vite';
export default defineConfig({ build: { chunkSizeWarningLimit: 6000, outDir: 'dist' }, server: { port: 4900 } });
