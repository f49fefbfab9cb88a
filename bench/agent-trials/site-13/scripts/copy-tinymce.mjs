// Copies the self-hosted TinyMCE distribution from node_modules into public/assets/tinymce
// so vite ships it as-is under dist/assets/tinymce (served by server.mjs under /assets/*).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'node_modules/tinymce');
const dst = path.join(root, 'public/assets/tinymce');
fs.rmSync(dst, { recursive: true, force: true });
fs.mkdirSync(dst, { recursive: true });
fs.copyFileSync(path.join(src, 'tinymce.min.js'), path.join(dst, 'tinymce.min.js'));
for (const d of ['themes/silver', 'models/dom', 'icons/default', 'skins/ui/oxide', 'skins/content/default', 'plugins/lists', 'plugins/link', 'plugins/autolink']) {
  fs.cpSync(path.join(src, d), path.join(dst, d), { recursive: true });
}
console.log('tinymce copied to', path.relative(root, dst));
