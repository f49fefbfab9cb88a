// Materialises Playwright's repository at the commit matching our playwright-core, in a
// temporary folder, from a local git mirror (a bare clone: `git clone --bare
// https://github.com/microsoft/playwright`): `git archive | tar -x`, `npm ci` from the npm
// registry without browser downloads, `npm run build` as their CONTRIBUTING.md says.
// Nothing of Playwright's is ever copied into tabwright's tree.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface Checkout { dir: string; commit: string; ref: string; describe: string }

function git(mirror: string, args: string[]): string {
  return execFileSync('git', ['--git-dir', mirror, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

function exists(mirror: string, ref: string): boolean {
  try {
    git(mirror, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
    return true;
  } catch {
    return false;
  }
}

/** The first of release-X.Y, vX.Y.Z, the newest release-* branch, main that the mirror has. */
export function resolveRef(mirror: string, version: string, explicit?: string): { ref: string; exact: boolean } {
  if (explicit) {
    if (!exists(mirror, explicit)) throw new Error(`--ref ${explicit} is not in the mirror ${mirror}`);
    return { ref: explicit, exact: true };
  }
  const [major, minor] = version.split('.');
  for (const ref of [`v${version}`, `release-${major}.${minor}`]) if (exists(mirror, ref)) return { ref, exact: true };
  // The mirror predates our version: the newest code it has is the nearest.
  return { ref: exists(mirror, 'main') ? 'main' : 'HEAD', exact: false };
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): void {
  process.stderr.write(`pwsuite: ${command} ${args.join(' ')} (in ${cwd})\n`);
  const result = spawnSync(command, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status}) in ${cwd}`);
}

/** Reuses `dir` when it already holds a finished build of the same commit. */
export function prepareCheckout(mirror: string, ref: string, dir: string): Checkout {
  if (!fs.existsSync(path.join(mirror, 'HEAD')))
    throw new Error(`no git mirror at ${mirror}: make one with \`git clone --bare https://github.com/microsoft/playwright ${mirror}\` and pass --mirror ${mirror}`);
  const commit = git(mirror, ['rev-parse', `${ref}^{commit}`]);
  const describe = `${ref} ${commit.slice(0, 10)} (${git(mirror, ['log', '-1', '--format=%cs %s', commit])})`;
  const marker = path.join(dir, '.tabwright-built');
  if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8').trim() === commit) return { dir, commit, ref, describe };

  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  process.stderr.write(`pwsuite: extracting ${describe} into ${dir}\n`);
  execFileSync('sh', ['-c', `git --git-dir "$1" archive "$2" | tar -x -C "$3"`, 'sh', mirror, commit, dir], { stdio: 'inherit' });
  const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', ELECTRON_SKIP_BINARY_DOWNLOAD: '1' };
  run('npm', ['ci', '--no-audit', '--no-fund'], dir, env);
  run('npm', ['run', 'build'], dir, env);
  fs.writeFileSync(marker, commit + '\n');
  return { dir, commit, ref, describe };
}
