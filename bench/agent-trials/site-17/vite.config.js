import { defineConfig } from 'vite';

// Strip any @import of remote stylesheets/fonts: the site must make no external requests.
function stripRemoteImports() {
  const re = /@import\s+(url\()?\s*['"]?(https?:)?\/\/[^;]*;/g;
  return {
    name: 'strip-remote-imports',
    enforce: 'pre',
    transform(code, id) {
      if (id.endsWith('.css') && re.test(code)) return { code: code.replace(re, ''), map: null };
      return null;
    },
    generateBundle(_, bundle) {
      for (const f of Object.values(bundle)) {
        if (f.type === 'asset' && f.fileName.endsWith('.css') && typeof f.source === 'string') f.source = f.source.replace(re, '');
      }
    },
  };
}

export default defineConfig({
  plugins: [stripRemoteImports()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 3000, sourcemap: false },
});
