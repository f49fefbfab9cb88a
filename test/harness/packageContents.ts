// What the published package holds (package.json `files`): what a user runs and reads, built;
// no tests, benches or TypeScript sources. One checker for the dry-run list of a checkout and
// for the tarball a clean copy packs (test/package-install.test.ts).
import fs from 'node:fs';
import path from 'node:path';

/** Every packed file must match one of these: the bundles, the launcher, the native client's source, its build (run at install) and the header that build generates from the TypeScript, the view, the skill, the docs a user reads. */
const SHIPPED = [
  /^bin\/(tabwright\.js|package\.json)$/,
  /^client\/(tabwright\.c|runtimeStart\.[ch]|build\.mjs)$/,
  /^dist\/client\/runtimeProcess\.h$/,
  /^dist\/cli\/bundle\.cjs$/,
  /^dist\/runtime\/bundle\/(main|runtime)\.cjs$/,
  /^dist\/runtime\/worker\/bundle\.js$/,
  /^dist\/runtime\/worker\/read\/markdownInPage\.bundle\.js$/,
  /^dist\/runtime\/recording\/stepRecorderInPage\.bundle\.js$/,
  /^dist\/mcp\/bundle\/[\w-]+\.js$/,
  /^view\/[\w.-]+\.(html|js|css|svg)$/,
  /^skill\/(SKILL\.md|references\/[\w-]+\.md)$/,
  /^docs\/receipt\.md$/,
  /^(README\.md|LICENSE|package\.json)$/,
];

/** Files a user's install cannot run or read without. */
function required(root: string): string[] {
  const references = fs.readdirSync(path.join(root, 'skill', 'references')).filter(f => f.endsWith('.md'))
    .map(f => `skill/references/${f}`);
  const view = fs.readdirSync(path.join(root, 'view')).map(f => `view/${f}`);
  return [
    'bin/tabwright.js', 'bin/package.json', 'client/tabwright.c', 'client/runtimeStart.c', 'client/runtimeStart.h', 'client/build.mjs', 'dist/client/runtimeProcess.h', 'dist/cli/bundle.cjs', 'dist/runtime/bundle/main.cjs', 'dist/runtime/bundle/runtime.cjs',
    'dist/runtime/worker/bundle.js', 'dist/runtime/worker/read/markdownInPage.bundle.js', 'dist/runtime/recording/stepRecorderInPage.bundle.js', 'dist/mcp/bundle/main.js', 'skill/SKILL.md', ...references, ...view,
    'README.md', 'LICENSE', 'package.json',
  ];
}

/** What is wrong with a packed file list, as sentences (empty when nothing is). `root`: the checkout it was packed from. */
export function packedFileProblems(files: readonly string[], root: string): string[] {
  const problems = files.filter(file => !SHIPPED.some(pattern => pattern.test(file))).map(file => `${file} is packed but no user needs it`);
  const missing = required(root).filter(file => !files.includes(file)).map(file => `${file} is missing from the package`);
  return [...problems, ...missing];
}

/**
 * The packages an installed tabwright needs at run time, and why; everything else it uses is
 * bundled into dist/ at build time (scripts/bundle-*.ts) and is a devDependency.
 */
export const RUNTIME_DEPENDENCIES: Readonly<Record<string, string>> = {
  'better-sqlite3': 'native: the runtime bundle leaves it external and it loads its .node file from its own folder',
  'playwright-core': 'each task worker requires it from node_modules (runtime/worker/main.ts)',
  '@playwright/test': 'each task worker requires its expect (runtime/worker/main.ts)',
  ajv: 'a task worker requires it on its first webmcp.call, to check arguments (runtime/worker/webmcp/argumentCheck.ts)',
  'ajv-formats': 'with ajv (runtime/worker/webmcp/argumentCheck.ts)',
};
