// `playbooks` in a program's scope: `await playbooks.run(name, params)` runs a saved playbook
// as a step of the program, on the task's selected page, with the program's scope plus
// `params`. The main thread owns the playbooks: it checks the parameters before anything runs
// and records how each run ended, which is what earns a playbook `verified` or `failing`.
import type { Page } from 'playwright-core';
import type { FetchedPlaybook, PlaybookCall } from '../../playbooks/playbookProtocol.js';
import { compilePlaybook, playbookFilename, PLAYBOOK_POSITION } from '../../playbooks/playbookScript.js';
import { reportError } from '../diagnosis/errorReport.js';
import { PROGRAM_PARAMETERS, type ProgramParameter } from '../../programs/programSource.js';

/** What a playbook sees besides `params`: the running program's own scope (its own `playbooks` aside). */
export type PlaybookScope = { page: Page } & Record<Exclude<ProgramParameter, 'page' | 'playbooks'>, unknown>;

export interface PlaybookRunOptions {
  /** Run this saved version instead of the latest (a `playbook run` pins the version it checked). */
  version?: number;
  /** The page to run on; by default the task's selected page. */
  page?: Page;
}

export interface PlaybookRuntime {
  task: string;
  requestId: string;
  call: (call: PlaybookCall) => Promise<unknown>;
  /** The scope for a playbook run, on `page` when given, else on the task's selected page. */
  scope: (page?: Page) => Promise<PlaybookScope>;
  /** Receives a hint for the receipt when a playbook fails. */
  hints: string[];
}

/** How deep playbooks may call playbooks: a cycle fails with a message instead of a stack overflow. */
const MAX_DEPTH = 8;

export class PlaybookCallError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

/** How a secret parameter's value reads in an error instead of itself. */
const hidden = (name: string) => `[secret ${name}]`;

/** Replaces each secret parameter's value in an error's message and stack (and the fields Playwright and expect add). */
export function hideSecrets(thrown: unknown, fetched: Pick<FetchedPlaybook, 'params' | 'secrets'>): void {
  if (!(thrown instanceof Error)) return;
  const values = (fetched.secrets ?? []).map(name => [name, fetched.params[name]] as const)
    .filter((entry): entry is readonly [string, string] => typeof entry[1] === 'string' && entry[1] !== '');
  if (!values.length) return;
  const scrub = (text: string) => values.reduce((out, [name, value]) => out.split(value).join(hidden(name)), text);
  const fields = thrown as unknown as Record<string, unknown>;
  for (const key of ['message', 'stack', 'log', 'received', 'expected']) {
    const value = fields[key];
    if (typeof value === 'string') {
      try {
        fields[key] = scrub(value);
      } catch {
        // A read-only field keeps its text.
      }
    }
  }
  const matcher = fields.matcherResult as Record<string, unknown> | undefined;
  if (matcher && typeof matcher === 'object') for (const key of ['message', 'log']) if (typeof matcher[key] === 'string') matcher[key] = scrub(matcher[key] as string);
}

export function programPlaybooks(runtime: PlaybookRuntime) {
  let depth = 0;
  const playbooks = {
    async run(name: string, params: Record<string, unknown> = {}, options: PlaybookRunOptions = {}): Promise<unknown> {
      if (typeof name !== 'string') throw new TypeError('playbooks.run(name, params): name must be a playbook name such as "shop.example.add-to-cart" (see `tabwright playbook list`).');
      if (depth >= MAX_DEPTH) throw new PlaybookCallError('PlaybookDepthError', `playbooks.run("${name}") is ${MAX_DEPTH} playbooks deep: do playbooks call each other in a cycle?`);
      let fetched: FetchedPlaybook;
      try {
        fetched = await runtime.call({ method: 'playbook.fetch', name, params, requestId: runtime.requestId, ...(options.version !== undefined ? { version: options.version } : {}) }) as FetchedPlaybook;
      } catch (error) {
        // Unknown playbook, bad parameters: the caller's mistake, and nothing of the playbook ran.
        throw new PlaybookCallError((error as Error).name || 'PlaybookError', (error as Error).message);
      }
      if (!fetched) throw new PlaybookCallError('PlaybookError', 'This runtime cannot run playbooks.');
      const fn = compilePlaybook(fetched.source, playbookFilename(fetched.name, fetched.version)).runInThisContext() as (...args: unknown[]) => Promise<unknown>;
      const scope = await runtime.scope(options.page);
      const ran = (ok: boolean, error?: { name: string; message: string }) => runtime.call({
        method: 'playbook.ran', name: fetched.name, version: fetched.version, task: runtime.task, requestId: runtime.requestId, ok, ...(error ? { error } : {}),
      }).catch(() => undefined);
      depth += 1;
      try {
        const result = await fn(...PROGRAM_PARAMETERS.map(name => name === 'playbooks' ? playbooks : scope[name]), fetched.params);
        await ran(true);
        return result;
      } catch (thrown) {
        // Playwright's call log quotes a fill's value: a secret parameter's never reaches a receipt.
        hideSecrets(thrown, fetched);
        const report = reportError(thrown);
        await ran(false, { name: report.name, message: report.message });
        const at = PLAYBOOK_POSITION.exec(thrown instanceof Error ? thrown.stack ?? '' : '');
        const line = at && at[1] === fetched.name ? Number(at[3]) : undefined;
        if (thrown instanceof Error && Object.isExtensible(thrown) && !('playbook' in thrown)) {
          // Travels into the receipt's error (own fields are kept): which playbook, which line of its file.
          Object.assign(thrown, { playbook: `${fetched.name}@${fetched.version}`, ...(line !== undefined ? { playbookLine: line } : {}) });
        }
        runtime.hints.push(`The playbook ${fetched.name} (version ${fetched.version}) failed${line !== undefined ? ` at line ${line} of its file` : ''} and is now \`failing\`. If the site changed, look at the page, fix the playbook file and save it again (\`tabwright playbook save FILE\`).`);
        throw thrown;
      } finally {
        depth -= 1;
      }
    },
  };
  return playbooks;
}
