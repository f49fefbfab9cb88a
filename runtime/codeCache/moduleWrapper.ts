// A CommonJS module's text compiled by us (vm.Script, for its V8 code cache) and run as Node's
// own loader would run it (Module#_compile): relied on is Node's wrapper (Module.wrap), whose
// function takes exports, require, module, __filename and __dirname.
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { createRequire, type Module } from 'node:module';

type ModuleFunction = (exports: unknown, require: NodeJS.Require, module: Module, filename: string, dirname: string) => unknown;

/** Runs a compiled module wrapper with what Module#_compile gives a module. */
export function runAsModule(compiled: vm.Script, module: Module, filename: string): unknown {
  const wrapper = compiled.runInThisContext({ displayErrors: true }) as ModuleFunction;
  // module.require keeps the module tree (children, parent) as Node's own require would;
  // resolve and the rest are those of a require made for this file.
  const base = createRequire(filename);
  const require = Object.assign((id: string) => module.require(id), { resolve: base.resolve, cache: base.cache, extensions: base.extensions, main: base.main }) as NodeJS.Require;
  return wrapper.call(module.exports, module.exports, require, module, filename, path.dirname(filename));
}

/** A module file's text as Node's loader reads a .js file (utf8, a byte-order mark dropped). */
export function readText(filename: string): string {
  const text = fs.readFileSync(filename, 'utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
