// The import rule of ARCHITECTURE.md as data, and a check of every source file against it.
// `npm test` runs it (test/layers.test.ts); `node dist/scripts/check-layers.js` prints offences.
import fs from 'node:fs';
import path from 'node:path';

/**
 * Which top-level folders each folder may import (itself always). Lower layers never import
 * higher ones: contract < transport < router < runtime; the CLI sees only the contract.
 * `packages: false` means node built-ins only (the CLI's start-up stays cheap; the contract
 * stays dependency-free).
 */
export const LAYERS: Readonly<Record<string, { mayImport: readonly string[]; packages: boolean }>> = {
  contract: { mayImport: [], packages: false },
  transport: { mayImport: ['contract'], packages: true },
  router: { mayImport: ['contract', 'transport'], packages: true },
  runtime: { mayImport: ['contract', 'transport', 'router'], packages: true },
  cli: { mayImport: ['contract'], packages: false },
  // A second front-end over the CLI's runtime client; nothing imports it (bin/ dispatches to it).
  mcp: { mayImport: ['contract', 'cli'], packages: true },
};

export interface Offence { file: string; specifier: string; why: string }

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Every import in the layered folders that the rule does not allow. */
export function layerOffences(root: string): Offence[] {
  const offences: Offence[] = [];
  for (const [folder, rule] of Object.entries(LAYERS)) {
    const base = path.join(root, folder);
    if (!fs.existsSync(base)) continue;
    for (const file of sourceFiles(base)) {
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(IMPORT)) {
        const specifier = match[1] ?? match[2]!;
        const relative = path.relative(root, file);
        if (specifier.startsWith('node:')) continue;
        if (!specifier.startsWith('.')) {
          if (!rule.packages) offences.push({ file: relative, specifier, why: `${folder}/ uses node built-ins only` });
          continue;
        }
        const target = path.relative(root, path.resolve(path.dirname(file), specifier)).split(path.sep)[0]!;
        if (target !== folder && !rule.mayImport.includes(target))
          offences.push({ file: relative, specifier, why: `${folder}/ may import ${rule.mayImport.length ? rule.mayImport.join(', ') : 'nothing else'}, not ${target}/` });
      }
    }
  }
  return offences;
}
