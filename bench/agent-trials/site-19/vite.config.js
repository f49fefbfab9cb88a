import { defineConfig } from 'vite';

// Strip any @import of remote stylesheets (web fonts) so the built site makes no external requests.
const stripRemoteImports = {
  name: 'strip-remote-css-imports',
  enforce: 'pre',
  transform(code, id) {
    if (!/\.css($|\?)/.test(id)) return null;
    const out = code.replace(/@import\s+(url\()?\s*['"]?(https?:)?\/\/[^;]+;/g, '/* remote import removed */');
    return out === code ? null : { code: out, map: null };
  },
};

export default defineConfig({
  plugins: [stripRemoteImports],
  build: { outDir: 'dist', chunkSizeWarningLimit: 3000, sourcemap: false, reportCompressedSize: false },
});
