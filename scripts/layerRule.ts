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

/**
 * The rooms of runtime/ (a folder per concept, each with a README.md saying the same) and which
 * rooms each may import, highest first: `mayImport` names only rooms further down this table,
 * and `backwards` each import that goes up or sideways, with why it is there (test/layers
 * checks both, and that the list below keeps going down). '.' is the top of runtime/: the
 * process itself (main, entry, boot, server, stop, lock, log, state dir, service). Every room
 * may import the process's one logger, SHARED_TOP. The edges are the imports as they are; a
 * backwards one is a debt named, not a licence.
 */
/** A room's rule: the rooms below it that it may import, and each import up or sideways with why. */
export interface RoomRule { mayImport: readonly string[]; backwards?: Readonly<Record<string, string>>; maxTopFiles?: number }
export type Rooms = Readonly<Record<string, RoomRule>>;

export const RUNTIME_ROOMS: Rooms = {
  '.': { mayImport: ['view', 'recording', 'api', 'programs', 'tasks', 'playbooks', 'handoff', 'receipts', 'announcements', 'browser', 'codeCache'] },
  view: {
    mayImport: ['recording', 'api', 'playbooks', 'handoff', 'browser'],
    backwards: { '.': "service.ts: the view's routes are handed the composition they show" },
  },
  recording: { mayImport: ['playbooks', 'handoff', 'browser'] },
  api: {
    mayImport: ['playbooks', 'handoff', 'receipts'],
    backwards: {
      '.': "service.ts: the routes are handed the composition they serve",
      view: "apiSchemas.ts checks the person-input route's body with view/personInput.ts's schema, kept where the events are dispatched",
    },
  },
  // The worker thread: it runs beside the runtime, not under it; nothing of the runtime imports it.
  // Its own rooms are WORKER_ROOMS.
  worker: { mayImport: ['programs', 'playbooks', 'handoff', 'receipts', 'mutations', 'codeCache'] },
  // A program's life (programLife.ts) steers its task: programs sit above tasks.
  programs: { mayImport: ['tasks', 'playbooks', 'handoff', 'receipts', 'mutations', 'browser', 'codeCache'] },
  tasks: {
    mayImport: ['playbooks', 'handoff', 'receipts', 'announcements', 'mutations', 'browser', 'codeCache'],
    backwards: { programs: "task.ts and workerHost.ts speak the worker's messages (workerProtocol.ts, types)" },
  },
  handoff: {
    mayImport: ['browser'],
    backwards: {
      programs: "runHandoffs.ts pauses its run's PausableTimer and reads the worker's messages (workerProtocol.ts)",
      tasks: "runHandoffs.ts is handed its run's Task and WorkerHost (types): the hand-over's runtime side kept in one room",
    },
  },
  playbooks: {
    mayImport: ['receipts'],
    backwards: {
      api: "playbookRoutes.ts is a route of the API and uses its timer and route constants (apiSchemas.ts)",
      programs: "playbookScript.ts compiles a playbook the way a program is compiled (programSource.ts)",
    },
  },
  receipts: {
    mayImport: ['mutations'],
    backwards: { programs: "receiptAssembly.ts turns the worker's ProgramOutcome (workerProtocol.ts, a type) into a receipt's fields" },
  },
  announcements: { mayImport: ['browser'] },
  mutations: { mayImport: [] },
  browser: { mayImport: [] },
  codeCache: { mayImport: [] },
};

/**
 * The rooms of runtime/worker/, read as RUNTIME_ROOMS is (highest first, each with a README.md;
 * what leaves worker/ is RUNTIME_ROOMS' `worker` rule). '.' is the thread itself: main.ts, which
 * makes each room's objects and gives a program its scope, the port's transport and the default
 * timeouts. Nothing but main.ts imports the top.
 */
export const WORKER_ROOMS: Rooms = {
  '.': { mayImport: ['debugBundle', 'program', 'webmcp', 'read', 'observation', 'diagnosis', 'effects', 'playwrightInternals'] },
  debugBundle: { mayImport: ['program'] },
  program: { mayImport: ['diagnosis', 'effects', 'playwrightInternals'] },
  webmcp: { mayImport: ['read'] },
  read: { mayImport: ['effects'] },
  observation: { mayImport: [] },
  diagnosis: { mayImport: ['effects', 'playwrightInternals'] },
  effects: { mayImport: ['playwrightInternals'] },
  playwrightInternals: {
    mayImport: [],
    backwards: {
      diagnosis: "coveredTarget.ts runs diagnosis/coveringElementRead.ts, the page-side read of what covers a click's target",
      effects: "coveredTarget.ts runs that read inside asRuntime (effects/pageCodeCalls.ts): the runtime's own page code is not the program's",
    },
  },
};

/** Files at the top of runtime/ that any room may import: runtime.log's one logger, made first in main.ts. */
export const SHARED_TOP: readonly string[] = ['runtimeLog.ts'];
/** A room's top holds at most this many source files (more, and it wants rooms of its own). */
export const MAX_TOP_FILES = 15;

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

/** The room of a file ('.' for the top), from its path relative to the rooms' folder. */
function roomOf(fromBase: string): string {
  const parts = fromBase.split(path.sep);
  return parts.length > 1 ? parts[0]! : '.';
}

/**
 * Every import between runtime/'s rooms that RUNTIME_ROOMS does not allow and between
 * runtime/worker/'s rooms that WORKER_ROOMS does not, every folder of either that is not a room
 * or has no README.md, every room whose top is over its size, and every `mayImport` that does
 * not go down its table.
 */
export function roomOffences(root: string): Offence[] {
  return [
    ...roomsOffences(root, 'runtime', RUNTIME_ROOMS, 'RUNTIME_ROOMS', SHARED_TOP),
    ...roomsOffences(root, path.join('runtime', 'worker'), WORKER_ROOMS, 'WORKER_ROOMS', []),
  ];
}

function roomsOffences(root: string, folder: string, rooms: Rooms, tableName: string, sharedTop: readonly string[]): Offence[] {
  const base = path.join(root, folder);
  if (!fs.existsSync(base)) return [];
  const shown = folder.split(path.sep).join('/');
  const offences: Offence[] = [];
  const order = Object.keys(rooms);
  for (const [room, rule] of Object.entries(rooms)) {
    for (const target of rule.mayImport)
      if (order.indexOf(target) <= order.indexOf(room)) offences.push({ file: `${shown}/${room}`, specifier: target, why: `mayImport goes down ${tableName}: ${target} is not below ${room} (an edge up belongs in backwards, with its reason)` });
    const dir = path.join(base, room);
    if (!fs.existsSync(dir)) { offences.push({ file: `${shown}/${room}`, specifier: '', why: `a room of ${tableName} with no folder` }); continue; }
    const top = fs.readdirSync(dir, { withFileTypes: true }).filter(e => e.isFile() && e.name.endsWith('.ts'));
    const max = rule.maxTopFiles ?? MAX_TOP_FILES;
    if (top.length > max) offences.push({ file: `${shown}/${room}`, specifier: '', why: `${top.length} source files at its top, over ${max}: give it rooms` });
  }
  for (const entry of fs.readdirSync(base, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    if (!(entry.name in rooms)) offences.push({ file: `${shown}/${entry.name}`, specifier: '', why: `a folder of ${shown}/ that ${tableName} does not name` });
    else if (!fs.existsSync(path.join(base, entry.name, 'README.md'))) offences.push({ file: `${shown}/${entry.name}`, specifier: '', why: 'a room with no README.md (what it owns, may import, must not)' });
  }
  for (const file of sourceFiles(base)) {
    const from = roomOf(path.relative(base, file));
    const rule = rooms[from];
    if (!rule) continue;
    for (const match of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2]!;
      if (!specifier.startsWith('.')) continue;
      const target = path.relative(base, path.resolve(path.dirname(file), specifier));
      if (target.startsWith('..')) continue;
      const to = roomOf(target);
      if (to === from || rule.mayImport.includes(to) || (rule.backwards && to in rule.backwards)) continue;
      if (to === '.' && sharedTop.includes(target.replace(/\.js$/, '.ts'))) continue;
      const where = to === '.' ? `the top of ${shown}/` : `${to}/`;
      offences.push({ file: path.relative(root, file), specifier, why: `${shown}/${from === '.' ? '' : `${from}/`} may import ${rule.mayImport.join(', ') || 'no other room'}, not ${where} (see its README.md and ${tableName})` });
    }
  }
  return offences;
}
