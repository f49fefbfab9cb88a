// The folder of an installed package, found the way Node looks for it (node_modules up the
// tree), without asking its `exports` (which often name no package.json): the tests serve
// widget libraries' own built files from there.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export function packageFolder(name: string): string {
  for (const dir of require.resolve.paths(name) ?? []) {
    const folder = path.join(dir, name);
    if (fs.existsSync(path.join(folder, 'package.json'))) return folder;
  }
  throw new Error(`${name} is not installed: npm install (it is a devDependency)`);
}
