import { defineConfig } from 'vite';

// Strip any @import of remote stylesheets/fonts so the built site makes no external requests.
function stripRemoteImports() {
  const re = /@import\s+(?:url\()?\s*['"]?(?:https?:)?\/\/[^;]+;/g;
  return {
    name: 'strip-remote-css-imports',
    enforce: 'pre',
    transform(code, id) {
      if (id.endsWith('.css') && re.test(code)) return { code: code.replace(re, ''), map: null };
      return null;
    },
  };
}

export default defineConfig({
  plugins: [stripRemoteImports()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 2000 },
});
