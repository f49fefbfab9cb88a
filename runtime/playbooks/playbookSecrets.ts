// A `{secret}` parameter's value (a password, a one-time code) given to `tabwright playbook
// run`: the program the run registers (stored in receipts.db, shown by the view, compared for
// idempotency) names it only as `{ "$secret": "password" }`, and the value is held here, in the
// runtime's memory, for that one run: the worker's fetch of the playbook gets it filled in, and
// it is forgotten when the run's receipt ends. A runtime that stopped in between has lost it:
// the run then fails saying so, and nothing of the playbook ran.
import { Refusal } from '../../contract/errors.js';
import type { Parameter } from './parameterTypes.js';

const PLACEHOLDER = '$secret';

/** The stored program's stand-in for the secret parameter `name`. */
export function secretPlaceholder(name: string): { [PLACEHOLDER]: string } {
  return { [PLACEHOLDER]: name };
}

function isPlaceholder(value: unknown, name: string): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 1 && (value as Record<string, unknown>)[PLACEHOLDER] === name;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The parameters as the stored program says them (each secret as its placeholder) and the
 * secrets' values. Parameters already checked (checkParams): a secret is a string.
 */
export function splitSecrets(declared: readonly Parameter[], params: unknown): { stored: unknown; secrets: Record<string, string> } {
  if (!isPlainObject(params)) return { stored: params, secrets: {} };
  const secrets: Record<string, string> = {};
  const stored: Record<string, unknown> = { ...params };
  for (const p of declared) {
    if (p.type.kind !== 'secret' || typeof params[p.name] !== 'string') continue;
    secrets[p.name] = params[p.name] as string;
    stored[p.name] = secretPlaceholder(p.name);
  }
  return { stored, secrets };
}

export class PlaybookSecrets {
  private readonly held = new Map<string, Record<string, string>>();

  private static key(task: string, requestId: string): string {
    return `${task}\u0000${requestId}`;
  }

  hold(task: string, requestId: string, secrets: Record<string, string>): void {
    if (Object.keys(secrets).length) this.held.set(PlaybookSecrets.key(task, requestId), secrets);
  }

  forget(task: string, requestId: string): void {
    this.held.delete(PlaybookSecrets.key(task, requestId));
  }

  /** The parameters a worker fetched with, each placeholder replaced by the value held for its run. */
  fill(task: string | undefined, requestId: string | undefined, playbook: string, params: unknown): unknown {
    if (!isPlainObject(params)) return params;
    const held = task !== undefined && requestId !== undefined ? this.held.get(PlaybookSecrets.key(task, requestId)) : undefined;
    const filled: Record<string, unknown> = { ...params };
    for (const [name, value] of Object.entries(params)) {
      if (!isPlaceholder(value, name)) continue;
      const secret = held?.[name];
      if (secret === undefined) {
        throw new Refusal('PlaybookParamsError', 'missing',
          `The secret parameter ${name} of ${playbook} was given to \`playbook run\`, which keeps it only in the runtime's memory until its run ends, and it is not held any more (the runtime restarted since). Run the playbook again with a new request id. Nothing was run.`,
          { problems: [{ parameter: name, expected: 'secret', message: `parameter ${name} is not held any more` }] });
      }
      filled[name] = secret;
    }
    return filled;
  }
}
