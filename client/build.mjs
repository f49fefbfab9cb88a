// Builds the native client (client/tabwright.c) into dist/client/tabwright with the system's C
// compiler ($CC, else cc), for this package's version. bin/tabwright.js execs it for a warm
// `tabwright run`, which then pays no Node start-up (see the C file). Without a compiler the
// CLI stays all Node, as correct and slower, and this says so.
// Plain JavaScript with node built-ins only, not TypeScript: it runs at install
// (`postinstall`, with --optional: only a warning, so no install ever fails for it), where
// nothing is compiled yet, and at `npm run build`, where a compiler that fails on our source
// fails the build.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(root, 'client', 'tabwright.c');
const target = path.join(root, 'dist', 'client', 'tabwright');
const optional = process.argv.includes('--optional');
const compiler = process.env.CC || 'cc';
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

// The version is baked in: the client names it to the runtime, which refuses another (VersionMismatch).
if (typeof version !== 'string' || !/^[0-9A-Za-z.+-]+$/.test(version)) {
  console.error(`client/build.mjs: package.json version ${JSON.stringify(version)} is not a plain version`);
  process.exit(optional ? 0 : 1);
}
mkdirSync(path.dirname(target), { recursive: true });
// How the client starts the runtime (node flags, environment, ...) comes from the TypeScript that
// says it, as a header generated from the compiled scripts/nativeClientHeader.ts. At an install
// of the package nothing is compiled: the header it ships (written by the build before packing) is used.
const generator = path.join(root, 'dist', 'scripts', 'nativeClientHeader.js');
const header = path.join(path.dirname(target), 'runtimeProcess.h');
if (existsSync(generator)) {
  const { nativeClientHeader } = await import(pathToFileURL(generator).href);
  const text = nativeClientHeader();
  if (!existsSync(header) || readFileSync(header, 'utf8') !== text) {
    writeFileSync(`${header}.${process.pid}`, text);
    renameSync(`${header}.${process.pid}`, header);
  }
}
if (!existsSync(header)) {
  rmSync(target, { force: true });
  console.error(`tabwright: ${header} is missing (\`npm run build\` writes it). The CLI runs on Node alone: correct, and about one Node start-up slower per call.`);
  process.exit(optional ? 0 : 1);
}
// Built beside the target and renamed over it: a CLI starting meanwhile runs the old or the new, never half of one.
const partial = `${target}.${process.pid}`;
const build = spawnSync(compiler, ['-O2', '-std=c99', '-Wall', '-Wextra', `-DTABWRIGHT_VERSION="${version}"`, '-I', path.dirname(header), '-o', partial, source, path.join(root, 'client', 'runtimeStart.c')], { encoding: 'utf8' });
if (build.error || build.status !== 0) {
  rmSync(partial, { force: true });
  // A stale client of another build must not stay behind: without one, bin/tabwright.js runs Node.
  rmSync(target, { force: true });
  const missing = build.error?.code === 'ENOENT';
  const why = missing ? `no C compiler (${compiler}) on PATH` : `${compiler} failed:\n${build.stderr || build.error?.message}`;
  console.error(`tabwright: ${why}. The CLI runs on Node alone: correct, and about one Node start-up slower per call.`);
  process.exit(missing || optional ? 0 : 1);
}
if (build.stderr) process.stderr.write(build.stderr);
renameSync(partial, target);
