// The runtime's playbooks: save (checked, versioned), find, prepare a run (parameters checked
// before anything is queued), and answer a worker's playbook calls. The API and the task
// workers both go through here.
import type Database from 'better-sqlite3';
import { definePlaybook, type PlaybookDefinition } from './playbookDefinition.js';
import { invalidPlaybookName, parameterLine } from './frontMatter.js';
import { checkParams } from './parameterTypes.js';
import { PlaybookStore, type StoredPlaybook } from './playbookStore.js';
import { PlaybookSecrets } from './playbookSecrets.js';
import { hostOf, siteMatches } from './sitePattern.js';
import type { FetchedPlaybook, PlaybookCall } from './playbookProtocol.js';
import { Refusal } from '../../contract/errors.js';
import type { ParameterProblem, PlaybookSaveReply, PlaybookSummary } from '../../contract/playbookApi.js';

export interface SaveRequest { source: unknown; origin?: string }

export class PlaybookLibrary {
  readonly store: PlaybookStore;
  /** Secret parameters given to `playbook run`, held for their run only. */
  readonly secrets = new PlaybookSecrets();

  constructor(db: Database.Database) {
    this.store = new PlaybookStore(db);
  }

  /** Checks every file first; stores them all, or none when one is refused. */
  save(requests: readonly SaveRequest[]): PlaybookSaveReply['saved'] {
    const refused: { origin?: string; problems: string[] }[] = [];
    const accepted: { definition: PlaybookDefinition; origin?: string }[] = [];
    const names = new Map<string, string | undefined>();
    for (const request of requests) {
      const origin = typeof request.origin === 'string' ? request.origin : undefined;
      const checked = definePlaybook(request.source);
      if (!checked.ok) {
        refused.push({ ...(origin ? { origin } : {}), problems: checked.problems });
        continue;
      }
      const name = checked.definition.name;
      if (names.has(name)) {
        refused.push({ ...(origin ? { origin } : {}), problems: [`@playbook ${name} is also the name of ${names.get(name) ?? 'another file'} in this import`] });
        continue;
      }
      names.set(name, origin);
      accepted.push({ definition: checked.definition, ...(origin ? { origin } : {}) });
    }
    if (refused.length) {
      const text = refused.map(r => `${r.origin ?? 'the playbook'}:\n- ${r.problems.join('\n- ')}`).join('\n');
      throw new Refusal('PlaybookRefused', 'invalid', `Nothing was saved. ${text}`, { refused });
    }
    return this.store.save(accepted);
  }

  require(name: string, version?: number): StoredPlaybook {
    const bad = invalidPlaybookName(name);
    if (bad) throw new Refusal('UsageError', 'invalid', bad);
    const found = version === undefined ? this.store.latest(name) : this.store.version(name, version);
    if (found) return found;
    const known = this.store.all().map(p => p.name);
    throw new Refusal('UnknownPlaybook', 'missing',
      `No playbook ${name}${version === undefined ? '' : ` version ${version}`}. ${known.length ? `Saved playbooks: ${known.join(', ')}.` : 'None is saved yet.'} Save one with \`tabwright playbook save FILE\`; list them with \`tabwright playbook list\`.`,
      { playbook: name });
  }

  /** The playbook and its parameters with defaults applied; a bad parameter is refused here, before anything runs. */
  prepare(name: string, given: unknown, version?: number): { playbook: StoredPlaybook; params: Record<string, unknown> } {
    const playbook = this.require(name, version);
    const checked = checkParams(name, playbook.frontMatter.params, given);
    if (!checked.ok) throw new Refusal('PlaybookParamsError', 'invalid', checked.message, { problems: checked.problems satisfies ParameterProblem[] });
    return { playbook, params: checked.params };
  }

  list(site?: string): PlaybookSummary[] {
    let all = this.store.all();
    if (site !== undefined) {
      const host = hostOf(site);
      if (!host) throw new Refusal('UsageError', 'invalid', `--site ${JSON.stringify(site)} is neither a URL nor a host name: give e.g. https://shop.example/cart or shop.example.`);
      all = all.filter(p => p.frontMatter.sites.some(pattern => siteMatches(pattern, host)));
    }
    return all.map(p => summaryOf(p, true));
  }

  /** A worker's call (from a worker of `task`): fetch a playbook to run, or record how its run ended. */
  answer(call: PlaybookCall, task?: string): FetchedPlaybook | null {
    if (call.method === 'playbook.fetch') {
      const given = this.secrets.fill(task, call.requestId, call.name, call.params);
      const { playbook, params } = this.prepare(call.name, given, call.version);
      const secrets = playbook.frontMatter.params.filter(p => p.type.kind === 'secret').map(p => p.name);
      return { name: playbook.name, version: playbook.version, source: playbook.source, params, secrets };
    }
    this.store.recordRun({ name: call.name, version: call.version, ok: call.ok, task: call.task, requestId: call.requestId, ...(call.error ? { error: call.error } : {}) });
    return null;
  }
}

/** `compact` (for list): a failing run's error is its first line, cut; `show` gives it whole. */
export function summaryOf(p: StoredPlaybook, compact = false): PlaybookSummary {
  const state = p.state;
  const lastRun = state.status === 'failing' && compact
    ? { ...state.lastRun, error: { name: state.lastRun.error.name, message: firstLine(state.lastRun.error.message) } }
    : 'lastRun' in state ? state.lastRun : undefined;
  return {
    name: p.name,
    description: p.frontMatter.description,
    params: parameterLine(p.frontMatter.params),
    status: state.status,
    ...(lastRun ? { lastRun } : {}),
    version: p.version,
    sites: p.frontMatter.sites,
  };
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0];
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}
