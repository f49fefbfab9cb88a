// Prints every import that breaks the layer rule or runtime/'s rooms (ARCHITECTURE.md) and every import circle;
// exits 1 when there is one.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importCycles, layerOffences, roomOffences } from './layerRule.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const offences = [...layerOffences(root), ...roomOffences(root)];
for (const o of offences) console.error(`${o.file}: ${o.specifier ? `imports ${o.specifier}: ` : ""}${o.why}`);
const cycles = importCycles(root);
for (const cycle of cycles) console.error(`import circle: ${cycle.join(', ')}`);
process.exit(offences.length || cycles.length ? 1 : 0);
