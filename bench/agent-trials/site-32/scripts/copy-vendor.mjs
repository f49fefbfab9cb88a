// Copies the runtime assets Vditor loads by URL (Lute markdown engine, i18n, icon sprite,
// content themes) into public/, so the editor never reaches for a CDN.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'node_modules/vditor/dist');
const dest = path.join(root, 'public/vendor/vditor/dist');
const wanted = ['js/lute', 'js/i18n', 'js/icons', 'css/content-theme', 'images/emoji'];
fs.rmSync(path.join(root, 'public/vendor/vditor'), { recursive: true, force: true });
for (const w of wanted) {
  const from = path.join(src, w);
  if (!fs.existsSync(from)) continue;
  fs.cpSync(from, path.join(dest, w), { recursive: true });
}
console.log('vditor assets copied to public/vendor/vditor');
