// Prints every import that breaks the layer rule (ARCHITECTURE.md); exits 1 when there is one.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { layerOffences } from './layerRule.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const offences = layerOffences(root);
for (const o of offences) console.error(`${o.file}: imports ${o.specifier}: ${o.why}`);
process.exit(offences.length ? 1 : 0);
