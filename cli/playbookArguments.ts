// `tabwright playbook SUBCOMMAND ...`: parsed into a typed command. Pure, like arguments.ts;
// a bad argument comes back as a value naming what was wrong.
import type { ArgumentError } from './argumentError.js';
import { NAME_PATTERN, NAME_RULE } from '../contract/submissionLimits.js';

export type PlaybookCommand =
  | { kind: 'playbookSave'; file: string }
  | { kind: 'playbookList'; site?: string }
  | { kind: 'playbookShow'; name: string }
  | {
      kind: 'playbookRun'; name: string; task: string; requestId: string; params: Record<string, unknown>;
      waitS: number; timeoutS: number; page?: number; isolated: boolean; maxInline?: number; verbose: boolean;
    }
  | { kind: 'playbookExport'; dir: string }
  | { kind: 'playbookImport'; dir: string };

export type PlaybookParse = { ok: true; command: PlaybookCommand } | { ok: false; error: ArgumentError };

export const PLAYBOOK_USAGES: Readonly<Record<string, string>> = {
  'playbook save': "tabwright playbook save FILE   (FILE - reads stdin: <<'JS' ... JS)",
  'playbook list': 'tabwright playbook list [--site URL|HOST]',
  'playbook show': 'tabwright playbook show NAME',
  'playbook run': "tabwright playbook run NAME --task T --request-id R [--params JSON] [--wait S] [--timeout S] [--page N] [--isolated] [--max-inline BYTES] [--verbose]",
  'playbook export': 'tabwright playbook export DIR',
  'playbook import': 'tabwright playbook import DIR',
};

const SUBCOMMANDS: Readonly<Record<string, { positional?: string; flags: Readonly<Record<string, 'value' | 'switch'>> }>> = {
  save: { positional: 'FILE', flags: {} },
  list: { flags: { site: 'value' } },
  show: { positional: 'NAME', flags: {} },
  run: { positional: 'NAME', flags: { task: 'value', 'request-id': 'value', params: 'value', wait: 'value', timeout: 'value', page: 'value', isolated: 'switch', 'max-inline': 'value', verbose: 'switch' } },
  export: { positional: 'DIR', flags: {} },
  import: { positional: 'DIR', flags: {} },
};

class Problem extends Error {
  constructor(readonly error: ArgumentError) { super(error.message); }
}

function fail(name: ArgumentError['name'], message: string): never {
  throw new Problem({ name, message });
}

export function parsePlaybookCommand(tokens: readonly string[]): PlaybookParse {
  try {
    return { ok: true, command: parse(tokens) };
  } catch (error) {
    if (error instanceof Problem) return { ok: false, error: error.error };
    throw error;
  }
}

function parse(tokens: readonly string[]): PlaybookCommand {
  const [sub, ...rest] = tokens;
  const spec = sub === undefined ? undefined : SUBCOMMANDS[sub];
  if (!spec || sub === undefined) {
    fail(sub === undefined ? 'MissingCommand' : 'UnknownCommand',
      `\`tabwright playbook\` needs one of: ${Object.keys(SUBCOMMANDS).join(', ')}${sub === undefined ? '' : ` (got "${sub}")`}. Usage:\n${Object.values(PLAYBOOK_USAGES).join('\n')}`);
  }
  const usage = `Usage: ${PLAYBOOK_USAGES[`playbook ${sub}`]}`;
  const flags = new Map<string, string | true>();
  let positional: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const token = rest[i];
    if (!token.startsWith('--') || token === '-') {
      if (positional !== undefined || !spec.positional) fail('UnexpectedArgument', `Unexpected argument "${token}" for \`tabwright playbook ${sub}\`. ${usage}`);
      positional = token;
      continue;
    }
    const equals = token.indexOf('=');
    const flag = token.slice(2, equals === -1 ? undefined : equals);
    const kind = spec.flags[flag];
    if (!kind) fail('UnknownFlag', `Unknown flag --${flag} for \`tabwright playbook ${sub}\`. ${usage}`);
    if (flags.has(flag)) fail('DuplicateFlag', `--${flag} is given more than once; give it once.`);
    if (kind === 'switch') {
      if (equals !== -1) fail('UnexpectedArgument', `--${flag} takes no value; write just --${flag}.`);
      flags.set(flag, true);
    } else if (equals !== -1) flags.set(flag, token.slice(equals + 1));
    else {
      const next = rest[i + 1];
      if (next === undefined || (next.startsWith('--') && next.length > 2)) fail('MissingValue', `--${flag} needs a value. ${usage}`);
      flags.set(flag, next);
      i += 1;
    }
  }
  if (spec.positional && (positional === undefined || positional === '')) fail('MissingValue', `\`tabwright playbook ${sub}\` needs ${spec.positional}. ${usage}`);
  const text = (flag: string) => (typeof flags.get(flag) === 'string' ? flags.get(flag) as string : undefined);
  const required = (flag: string) => text(flag) ?? fail('MissingFlag', `\`tabwright playbook ${sub}\` needs --${flag}. ${usage}`);
  switch (sub) {
    case 'save': return { kind: 'playbookSave', file: positional! };
    case 'list': {
      const site = text('site');
      return { kind: 'playbookList', ...(site === undefined ? {} : { site }) };
    }
    case 'show': return { kind: 'playbookShow', name: positional! };
    case 'export': return { kind: 'playbookExport', dir: positional! };
    case 'import': return { kind: 'playbookImport', dir: positional! };
    default: {
      const task = required('task');
      if (!NAME_PATTERN.test(task)) fail('InvalidTaskName', `Invalid task name ${JSON.stringify(task)}: use ${NAME_RULE} (e.g. --task checkout-flow).`);
      const requestId = required('request-id');
      if (!NAME_PATTERN.test(requestId)) fail('InvalidRequestId', `Invalid request id ${JSON.stringify(requestId)}: use ${NAME_RULE} (e.g. --request-id book-01).`);
      const page = text('page');
      const maxInline = text('max-inline');
      return {
        kind: 'playbookRun', name: positional!, task, requestId, params: paramsOf(text('params')),
        waitS: seconds('wait', text('wait')) ?? 30, timeoutS: seconds('timeout', text('timeout')) ?? 300,
        isolated: flags.get('isolated') === true,
        verbose: flags.get('verbose') === true,
        ...(page === undefined ? {} : { page: integer('page', page) }),
        ...(maxInline === undefined ? {} : { maxInline: integer('max-inline', maxInline) }),
      };
    }
  }
}

function paramsOf(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    fail('InvalidParams', `--params is not JSON (${(error as Error).message}): give an object, e.g. --params '{"date":"2026-12-24","guests":4}'. Nothing was submitted.`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    fail('InvalidParams', `--params must be a JSON object, e.g. --params '{"date":"2026-12-24"}'; got ${text.slice(0, 60)}. Nothing was submitted.`);
  return value as Record<string, unknown>;
}

function seconds(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(value)) fail('InvalidNumber', `--${flag} ${JSON.stringify(value)} is not a number of seconds: give a non-negative number such as 30 or 0.5.`);
  return Number(value);
}

function integer(flag: string, value: string): number {
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) fail('InvalidNumber', `--${flag} ${JSON.stringify(value)} is not valid: give a non-negative integer.`);
  return Number(value);
}
