// The import rule of ARCHITECTURE.md as data, and a check of every source file against it:
// no import against the layers, and no import circle among the layered folders' files (type
// imports count: a circle of types is a circle of ideas, and the next reader has to hold all
// of it at once). `npm test` runs it (test/layers.test.ts); `node dist/scripts/check-layers.js`
// prints offences.
import fs from 'node:fs';
import path from 'node:path';

/**
 * Which top-level folders each folder may import (itself always). Lower layers never import
 * higher ones: contract < transport < router < runtime; the CLI sees only the contract.
 * `packages: false` means node built-ins only (the CLI's start-up stays cheap); a list names
 * the only packages allowed. The contract may use TypeBox for its request schemas
 * (requestSchemas.ts), which the CLI never imports (scripts/bundle-cli.ts fails the build if
 * it did); everything else in contract/ is dependency-free.
 */
export const LAYERS: Readonly<Record<string, { mayImport: readonly string[]; packages: boolean | readonly string[] }>> = {
  contract: { mayImport: [], packages: ['typebox'] },
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
          const allowed = rule.packages === true || (Array.isArray(rule.packages) && rule.packages.some(name => specifier === name || specifier.startsWith(`${name}/`)));
          if (!allowed) offences.push({ file: relative, specifier, why: Array.isArray(rule.packages) ? `${folder}/ may use only ${rule.packages.join(', ')} besides node built-ins` : `${folder}/ uses node built-ins only` });
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

/** The relative imports of each source file in the layered folders, as paths from `root`. */
function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const folder of Object.keys(LAYERS)) {
    const base = path.join(root, folder);
    if (!fs.existsSync(base)) continue;
    for (const file of sourceFiles(base)) {
      const targets: string[] = [];
      for (const match of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const specifier = match[1] ?? match[2]!;
        if (!specifier.startsWith('.')) continue;
        targets.push(path.relative(root, path.resolve(path.dirname(file), specifier)).replace(/\.js$/, '.ts'));
      }
      graph.set(path.relative(root, file), targets);
    }
  }
  return graph;
}

/**
 * Every import circle: each a list of files that import one another round (a strongly connected
 * component of the import graph, Tarjan's algorithm), sorted; a file that imports itself is one.
 */
export function importCycles(root: string): string[][] {
  const graph = importGraph(root);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}
